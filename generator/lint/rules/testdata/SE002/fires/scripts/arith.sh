#!/usr/bin/env bash
# A bare name inside $((…)) is evaluated as an expression in turn: with a
# count of 'a[$(rm -f ~/notes)]' read from the hook input, the arithmetic
# runs rm before eval ever sees the number it prints.
input=$(cat)
count=$(jq -r '.tool_input.count' <<<"$input")
eval "next=$((count + 1))" # want SE002:1 `eval executes expanded text as shell code`
eval "first=${input:count:1}" # want SE002:1 `eval executes expanded text as shell code`
