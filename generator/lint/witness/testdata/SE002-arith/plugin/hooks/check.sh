#!/bin/bash
# Counts how many characters the name of the file the model reads has past
# the 3rd, through an eval of arithmetic: the name itself never appears in
# the eval's text, only a bare variable inside $((…)). Bash evaluates that
# variable's value as an expression, so a subscript in it runs.
input=$(cat)
path=$(printf '%s' "$input" | jq -r '.tool_input.file_path')
name=${path##*/}
eval "extra=$((name - 3))"
echo "past the third: ${extra:-none}"
