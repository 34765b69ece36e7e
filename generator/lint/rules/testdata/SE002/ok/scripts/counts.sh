#!/usr/bin/env bash
# Per-tool counters set through eval: the tool names are this script's
# own list and each count is a number jq or wc computed from a report,
# which cannot hold shell syntax whatever the report says.
report="${1:?report file}"
for tool in lint audit; do
  eval "${tool}_count=0"
done
set_count() { eval "${1}_count=\"$2\""; }
n=$(jq '[.issues[]?] | length' "$report" 2>/dev/null || echo 0)
set_count lint "$n"
n=$(grep -o 'WARN' "$report" | wc -l)
set_count audit "$n"
echo "$lint_count $audit_count"
