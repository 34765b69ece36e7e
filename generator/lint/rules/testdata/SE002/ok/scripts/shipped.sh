#!/usr/bin/env bash
# The checks are shell expressions in the plugin's own reference file,
# read by a path under this script's directory: the plugin's text, not
# the user's. Another function reads the user's file into a variable of
# the same name, declared local there, which never reaches this eval.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CHECKS="$HERE/reference/checks.md"
TARGET="${1:-README.md}"

count_headings() {
  local entry n=0
  while IFS= read -r entry; do
    [[ "$entry" == "#"* ]] && n=$((n+1))
  done < "$TARGET"
  echo "$n"
}

run_check() {
  local entry="$1" cmd
  cmd="${entry#*Run \`}"
  cmd="${cmd%%\`*}"
  eval "$cmd"
}

run_all() {
  local entry
  while IFS= read -r entry; do
    [[ "$entry" == *"Run \`"* ]] && run_check "$entry"
  done < "$CHECKS"
}

run_all
count_headings
defaults=$(grep -v '^#' "${CLAUDE_PLUGIN_ROOT}/scripts/reference/defaults.sh")
eval "$defaults"
