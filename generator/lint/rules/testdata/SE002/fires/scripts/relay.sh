#!/usr/bin/env bash
input=$(cat)
tool_cmd=$(jq -r '.tool_input.command' <<<"$input")
wrapped="time $tool_cmd"
eval "$wrapped" # want SE002:1 `eval executes expanded text as shell code`
read -r line
eval "echo $line" # want SE002:1 `eval executes expanded text as shell code`
eval "run $1" # want SE002:1 `eval executes expanded text as shell code`
run_named() {
  local name=$1
  eval "$name" # want SE002:3 `eval executes expanded text as shell code`
}
run_named "$(jq -r '.tool_input.command' <<<"$input")"
run_named ls
name=$(jq -r '.tool_input.user' <<<"$input")
eval echo ~${name:-$(whoami)} # want SE002:1 `eval executes expanded text as shell code`
eval echo ~${USER:-$(jq -r .user <<<"$input")} # want SE002:1 `eval executes expanded text as shell code`
eval echo ~$(id -un "$name") # want SE002:1 `eval executes expanded text as shell code`
