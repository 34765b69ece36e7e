#!/usr/bin/env bash
# SessionStart hook of the {{.Plugin.Name}} plugin (matcher: startup).
#
# Removes stale feature locks: {features}/*/.meta.json.lock entries (created
# with mkdir as an atomic lock around .meta.json writes) that are older than
# 10 minutes, left behind by a session that ended mid-write.
# Silent (its stdout would become session context) and always exits 0.

set -u
exec >/dev/null 2>&1

# read_setting FILE KEY: first "KEY: value" line of FILE, value unquoted.
read_setting() {
  if [ -z "$1" ] || [ ! -f "$1" ]; then
    return 0
  fi
  tr -d '\r' <"$1" |
    sed -n -E 's/^[[:space:]]*'"$2"'[[:space:]]*:[[:space:]]*(.*)$/\1/p' | head -n 1 |
    sed -E -e 's/[[:space:]]+#.*$//' -e 's/[[:space:]]+$//' -e 's/^"(.*)"$/\1/' -e "s/^'(.*)'\$/\1/"
}

start_dir=$(pwd -P) || exit 0

# project_root: git top level, else $CLAUDE_PROJECT_DIR, else the working directory.
# main_root: the main checkout when the working directory is a linked git worktree.
project_root=""
main_root=""
if command -v git >/dev/null 2>&1; then
  project_root=$(git rev-parse --show-toplevel) || project_root=""
  if [ -n "$project_root" ]; then
    common_dir=$(git rev-parse --git-common-dir) || common_dir=""
    if [ -n "$common_dir" ]; then
      common_dir=$(cd "$common_dir" && pwd -P) || common_dir=""
      case $common_dir in
        */.git) main_root=${common_dir%/.git} ;;
      esac
    fi
  fi
fi
if [ -z "$project_root" ]; then
  if [ -n "${CLAUDE_PROJECT_DIR:-}" ] && [ -d "${CLAUDE_PROJECT_DIR:-}" ]; then
    project_root=$CLAUDE_PROJECT_DIR
  else
    project_root=$start_dir
  fi
fi
project_root=$(cd "$project_root" && pwd -P) || project_root=$start_dir
if [ -z "$main_root" ] || [ ! -d "$main_root" ]; then
  main_root=$project_root
fi

config_file=""
for dir in "$project_root" "$main_root"; do
  if [ -f "$dir/.claude/iflow.local.md" ]; then
    config_file="$dir/.claude/iflow.local.md"
    break
  fi
done
artifacts_root=$(read_setting "$config_file" artifacts_root)
[ -n "$artifacts_root" ] || artifacts_root="docs"

done_dirs=""
for dir in "$project_root" "$main_root"; do
  case $artifacts_root in
    /*) features_dir="$artifacts_root/features" ;;
    *) features_dir="$dir/$artifacts_root/features" ;;
  esac
  case "|$done_dirs|" in
    *"|$features_dir|"*) continue ;;
  esac
  done_dirs="$done_dirs|$features_dir"
  [ -d "$features_dir" ] || continue
  find "$features_dir" -mindepth 2 -maxdepth 2 -name '.meta.json.lock' -mmin +10 -exec rm -rf -- {} + || true
done
exit 0
