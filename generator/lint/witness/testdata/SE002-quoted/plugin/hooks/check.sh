#!/bin/bash
# Logs which file the model reads, twice: once through a quoting step
# (printf %q), once through a format that quotes the name but also prints
# it with %s. The same file name reaches both evals.
input=$(cat)
path=$(printf '%s' "$input" | jq -r '.tool_input.file_path')
eval "$(printf 'QUOTED=%q' "$path")"
echo "quoted holds: $QUOTED"
eval "$(printf 'LOGGED=%q; echo partly quoted: %s' "$path" "$path")"
