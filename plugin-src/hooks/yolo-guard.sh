#!/usr/bin/env bash
# PreToolUse hook of the {{.Plugin.Name}} plugin (matcher: AskUserQuestion).
#
# When yolo_mode is true in .claude/iflow.local.md, denies AskUserQuestion and
# tells the model to pick the recommended option itself. Otherwise prints
# nothing, so the question reaches the user; so does a missing
# hooks/common.sh. Always exits 0.

set -u

case ${BASH_SOURCE[0]} in */*) hooks_dir=${BASH_SOURCE[0]%/*} ;; *) hooks_dir=. ;; esac
. "$hooks_dir/common.sh" 2>/dev/null || exit 0

# The working directory decides the project; the hook input is not read.
start_dir=$(pwd -P 2>/dev/null) || exit 0
find_project "$start_dir"

# No config file means yolo mode is off.
[ -n "$config_file" ] || exit 0
setting_is_true "$config_file" yolo_mode || exit 0

printf '%s\n' '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "[YOLO_MODE] is active: do not ask the user. Choose the option marked (Recommended), or the first option, state your choice in one line, and continue."} }'
exit 0
