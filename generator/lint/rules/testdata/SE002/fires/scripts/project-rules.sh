#!/usr/bin/env bash
# Expressions read from the user's project, not from the plugin: a rule
# file in the repository runs as shell code. A function reading the
# plugin's own file into a variable of the same name does not make it own.
HERE="$(cd "$(dirname "$0")" && pwd)"

from_project() {
  local rule
  while IFS= read -r rule; do
    eval "$rule" # want SE002:5 `eval executes expanded text as shell code`
  done < "$CLAUDE_PROJECT_DIR/.lint-rules"
}

from_plugin() {
  local rule
  while IFS= read -r rule; do
    eval "$rule"
  done < "$HERE/rules.txt"
}

from_project
from_plugin
extra=$(cat "$HERE/../$1")
eval "$extra" # want SE002:1 `eval executes expanded text as shell code`
# A value from the report, not a count of it.
set_count() { eval "${1}_count=\"$2\""; } # want SE002:15 `eval executes expanded text as shell code`
n=$(jq -r '.summary' "$CLAUDE_PROJECT_DIR/report.json")
set_count lint "$n"
# wc given file names prints them next to the counts.
set_lines() { eval "${1}_lines=\"$2\""; } # want SE002:15 `eval executes expanded text as shell code`
set_lines logs "$(wc -l "$CLAUDE_PROJECT_DIR"/*.log)"
