#!/usr/bin/env bash
# PreToolUse hook of the {{.Plugin.Name}} plugin (matcher: AskUserQuestion).
#
# When yolo_mode is true in .claude/iflow.local.md, denies AskUserQuestion and
# tells the model to pick the recommended option itself. Otherwise prints
# nothing, so the question reaches the user. Always exits 0.

set -u

# Project root: git top level, else $CLAUDE_PROJECT_DIR, else the working directory.
project_root=""
main_root=""
if command -v git >/dev/null 2>&1; then
  project_root=$(git rev-parse --show-toplevel 2>/dev/null) || project_root=""
fi
if [ -z "$project_root" ]; then
  if [ -n "${CLAUDE_PROJECT_DIR:-}" ] && [ -d "${CLAUDE_PROJECT_DIR:-}" ]; then
    project_root=$CLAUDE_PROJECT_DIR
  else
    project_root=$(pwd 2>/dev/null) || exit 0
  fi
fi

config_file="$project_root/.claude/iflow.local.md"
if [ ! -f "$config_file" ] && command -v git >/dev/null 2>&1; then
  # A linked git worktree keeps no local config of its own: use the main checkout's.
  common_dir=$(git rev-parse --git-common-dir 2>/dev/null) || common_dir=""
  if [ -n "$common_dir" ]; then
    common_dir=$(cd "$common_dir" 2>/dev/null && pwd -P) || common_dir=""
    case $common_dir in
      */.git) main_root=${common_dir%/.git} ;;
    esac
  fi
  [ -n "$main_root" ] && config_file="$main_root/.claude/iflow.local.md"
fi

# Fast path: no config file means yolo mode is off.
[ -f "$config_file" ] || exit 0

yolo_value=$(tr -d '\r' <"$config_file" 2>/dev/null |
  sed -n -E 's/^[[:space:]]*yolo_mode[[:space:]]*:[[:space:]]*(.*)$/\1/p' | head -n 1 |
  sed -E -e 's/[[:space:]]+#.*$//' -e 's/[[:space:]]+$//' -e 's/^"(.*)"$/\1/' -e "s/^'(.*)'\$/\1/")
case $yolo_value in
  [Tt][Rr][Uu][Ee] | [Yy][Ee][Ss] | [Oo][Nn] | 1) ;;
  *) exit 0 ;;
esac

printf '%s\n' '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "[YOLO_MODE] is active: do not ask the user. Choose the option marked (Recommended), or the first option, state your choice in one line, and continue."} }'
exit 0
