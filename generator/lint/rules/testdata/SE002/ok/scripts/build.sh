#!/usr/bin/env bash
# The script builds its own command from literals before eval: nothing
# from the hook input reaches it.
set -euo pipefail
runner="npm"
cmd="$runner test"
if [ "${VERBOSE:-0}" = 1 ]; then
  cmd="$cmd --verbose"
fi
flags=(--silent --no-color)
for f in lint typecheck; do
  cmd="$cmd && $runner run $f"
done
eval "$cmd"
eval "$(ssh-agent -s)"
eval "$(/opt/homebrew/bin/brew shellenv)"
cd "$CLAUDE_PLUGIN_ROOT" && eval "ls $HOME"
echo "${flags[@]}"
