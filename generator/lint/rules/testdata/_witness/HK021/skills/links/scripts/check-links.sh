#!/usr/bin/env bash
for page in docs/*.md 2>/dev/null; do
  grep -o 'https://[^)]*' "$page"
done
