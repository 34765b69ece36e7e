#!/usr/bin/env bash
# Checks the links of the docs folder; kept from an older version of the plugin.
for page in docs/*.md 2>/dev/null; do # want HK021:24 "script \"skills/links/scripts/check-links.sh\" does not parse: word list can only contain words"
  grep -o 'https://[^)]*' "$page"
done
