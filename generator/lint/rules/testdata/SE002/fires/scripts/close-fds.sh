#!/usr/bin/env bash
# Checks that leave text through: [[ -gt ]] evaluates its operand as
# arithmetic (an index can run a command), an unanchored match passes
# "3; rm -rf ~", and a test that the value is set says nothing of it.
input=$(cat)
for fd in $(jq -r '.tool_input.fds[]' <<<"$input"); do
  [[ $fd -gt 2 ]] && eval "exec $fd>&-" # want SE002:22 `eval executes expanded text as shell code`
  [[ $fd =~ [0-9]+ ]] && eval "exec $fd<&-" # want SE002:26 `eval executes expanded text as shell code`
  [ -n "$fd" ] && eval "exec $fd>&-" # want SE002:19 `eval executes expanded text as shell code`
done
