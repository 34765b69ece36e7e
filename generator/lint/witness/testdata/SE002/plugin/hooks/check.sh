#!/bin/sh
# Logs which file the model reads.
input=$(cat)
path=$(printf '%s' "$input" | jq -r '.tool_input.file_path')
eval "echo checking $path"
