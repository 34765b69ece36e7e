#!/usr/bin/env bash
# SessionStart hook of the {{.Plugin.Name}} plugin (matchers: startup, resume, clear).
#
# Prints one JSON object on stdout whose additionalContext tells the model:
#   - iflow_artifacts_root: <value>       (from .claude/iflow.local.md, default docs)
#   - [YOLO_MODE]                         (when yolo_mode is true)
#   - every feature whose .meta.json has "status": "active", with its mode,
#     phase position, next command, and a WARNING when the working directory
#     is not the feature's worktree.
# Never fails: every problem becomes a line of context, and the exit code is 0.
# Needs bash (3.2 or later); git and python3 are optional.

set -u

PLUGIN="{{.Plugin.Name}}"

hook_input=""
if [ ! -t 0 ]; then
  hook_input=$(cat 2>/dev/null) || hook_input=""
fi

# hook_string_field KEY: the string value of top-level KEY in the hook input
# (best effort; empty when absent or not a plain string).
hook_string_field() {
  printf '%s' "$hook_input" | tr -d '\n' |
    sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*"([^"\\]*)".*/\1/p' | head -n 1
}

# json_escape TEXT: TEXT as the inside of a JSON string.
json_escape() {
  printf '%s' "$1" | tr -d '\000-\010\013-\037' | tr '\t' ' ' |
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' |
    awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
}

# read_setting FILE KEY: first "KEY: value" line of FILE, value unquoted.
read_setting() {
  if [ -z "$1" ] || [ ! -f "$1" ]; then
    return 0
  fi
  tr -d '\r' <"$1" 2>/dev/null |
    sed -n -E 's/^[[:space:]]*'"$2"'[[:space:]]*:[[:space:]]*(.*)$/\1/p' | head -n 1 |
    sed -E -e 's/[[:space:]]+#.*$//' -e 's/[[:space:]]+$//' -e 's/^"(.*)"$/\1/' -e "s/^'(.*)'\$/\1/"
}

# --- where are we -----------------------------------------------------------
start_dir=$(hook_string_field cwd)
if [ -z "$start_dir" ] || [ ! -d "$start_dir" ]; then
  start_dir=$(pwd 2>/dev/null) || start_dir="."
fi
start_dir=$(cd "$start_dir" 2>/dev/null && pwd -P) || start_dir=$(pwd)

# project_root: git top level, else $CLAUDE_PROJECT_DIR, else the working directory.
# main_root: the main checkout when the working directory is a linked git worktree.
project_root=""
main_root=""
if command -v git >/dev/null 2>&1; then
  project_root=$(cd "$start_dir" && git rev-parse --show-toplevel 2>/dev/null) || project_root=""
  if [ -n "$project_root" ]; then
    common_dir=$(cd "$start_dir" && git rev-parse --git-common-dir 2>/dev/null) || common_dir=""
    if [ -n "$common_dir" ]; then
      common_dir=$(cd "$start_dir" && cd "$common_dir" 2>/dev/null && pwd -P) || common_dir=""
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
project_root=$(cd "$project_root" 2>/dev/null && pwd -P) || project_root=$start_dir
if [ -z "$main_root" ] || [ ! -d "$main_root" ]; then
  main_root=$project_root
fi

# --- configuration ----------------------------------------------------------
config_file=""
for dir in "$project_root" "$main_root"; do
  if [ -f "$dir/.claude/iflow.local.md" ]; then
    config_file="$dir/.claude/iflow.local.md"
    break
  fi
done

artifacts_root=$(read_setting "$config_file" artifacts_root)
while [ "${#artifacts_root}" -gt 1 ] && [ "${artifacts_root%/}" != "$artifacts_root" ]; do
  artifacts_root=${artifacts_root%/}
done
[ -n "$artifacts_root" ] || artifacts_root="docs"

yolo_value=$(read_setting "$config_file" yolo_mode)
case $yolo_value in
  [Tt][Rr][Uu][Ee] | [Yy][Ee][Ss] | [Oo][Nn] | 1) yolo=1 ;;
  *) yolo=0 ;;
esac

start_hint="Start with /$PLUGIN:brainstorm or /$PLUGIN:create-feature."

# --- features ---------------------------------------------------------------
features_text=""
py_scan=""
IFS= read -r -d '' py_scan <<'PY' || true
import json
import os
import sys

plugin, cwd, art, project_root, main_root = sys.argv[1:6]
try:
    sys.stdout.reconfigure(encoding="utf-8", errors="replace")  # JSON output is UTF-8 whatever the locale
except Exception:
    pass
SEQ = ["brainstorm", "specify", "design", "create-plan", "create-tasks", "implement", "finish"]


def command(phase):
    return "/%s:%s" % (plugin, "finish-feature" if phase == "finish" else phase)


def norm(value):
    if not isinstance(value, str):
        return ""
    value = value.strip()
    return "finish" if value == "finish-feature" else value


def position(meta):
    """Returns (phase to run next, in progress?, last completed); phase is
    "" when every phase is done and None when .meta.json names an unknown phase."""
    last = norm(meta.get("lastCompletedPhase"))
    cur = norm(meta.get("currentPhase"))
    phases = meta.get("phases")
    if not isinstance(phases, dict):
        phases = {}
    entry = phases.get(cur)
    cur_done = isinstance(entry, dict) and bool(entry.get("completed"))
    if cur in SEQ and cur != last and not cur_done:
        return cur, True, last
    base = last
    if cur_done and cur in SEQ and (base not in SEQ or SEQ.index(cur) > SEQ.index(base)):
        base = cur
    if not base:
        return "specify", False, last
    if base not in SEQ:
        return None, False, last
    i = SEQ.index(base) + 1
    return (SEQ[i] if i < len(SEQ) else ""), False, last


def real(path):
    return os.path.realpath(path)


def inside(path, parent):
    path, parent = real(path), real(parent)
    return path == parent or path.startswith(parent.rstrip(os.sep) + os.sep)


roots = [project_root]
if main_root and real(main_root) != real(project_root):
    roots.append(main_root)

seen = set()
found = []
notes = []
for root in roots:
    features_dir = os.path.join(root, art, "features")
    try:
        names = sorted(os.listdir(features_dir))
    except OSError:
        continue
    for name in names:
        meta_path = os.path.join(features_dir, name, ".meta.json")
        if name in seen or not os.path.isfile(meta_path):
            continue
        seen.add(name)
        shown = os.path.relpath(meta_path, root)
        try:
            with open(meta_path, encoding="utf-8") as fh:
                meta = json.load(fh)
            if not isinstance(meta, dict):
                raise ValueError("not an object")
        except Exception:
            notes.append("skipped %s: malformed .meta.json" % shown)
            continue
        if meta.get("status") != "active":
            continue
        found.append((root, name, meta))

lines = []
several = len(found) > 1
if several:
    lines.append("%d features are active; confirm which one the user means before running a phase command." % len(found))
for root, name, meta in found:
    mode = meta.get("mode") if isinstance(meta.get("mode"), str) and meta.get("mode") else "unknown"
    lines.append("Active feature: %s (mode: %s)" % (name, mode))
    lines.append("  Directory: %s" % os.path.join(root, art, "features", name))
    branch = meta.get("branch")
    if isinstance(branch, str) and branch:
        lines.append("  Branch: %s" % branch)
    at, in_progress, last = position(meta)
    if at is None:
        lines.append("  Unrecognized phase in .meta.json (lastCompletedPhase %r, currentPhase %r); check with /%s:show-status."
                     % (meta.get("lastCompletedPhase"), meta.get("currentPhase"), plugin))
    elif at == "":
        lines.append("  All phases are completed but the status is still active; check with /%s:show-status." % plugin)
    elif in_progress:
        lines.append("  Current phase: %s (in progress; last completed: %s)" % (at, last or "none"))
    else:
        lines.append("  Last completed phase: %s; next phase: %s" % (last or "none", at))
    if at:
        lines.append("  Next command: %s%s" % (command(at), " --feature=" + name if several else ""))
    worktree = meta.get("worktree")
    if isinstance(worktree, str) and worktree.strip():
        wt = real(os.path.join(main_root, worktree.strip()))
        if not os.path.isdir(wt):
            lines.append("  WARNING: the worktree of feature %s does not exist: %s" % (name, wt))
        elif not inside(cwd, wt):
            lines.append("  WARNING: working directory %s is not the worktree of feature %s (%s). "
                         "Work on this feature from its worktree (cd \"%s\"), or confirm that working here is intended."
                         % (real(cwd), name, wt, wt))
        else:
            lines.append("  Worktree: %s (the current working directory)" % wt)
if not found:
    lines.append("No active iflow feature. Start with /%s:brainstorm or /%s:create-feature." % (plugin, plugin))
print("\n".join(notes + lines))
PY

if command -v python3 >/dev/null 2>&1; then
  features_text=$(python3 -I -c "$py_scan" "$PLUGIN" "$start_dir" "$artifacts_root" "$project_root" "$main_root" 2>/dev/null) || features_text=""
  if [ -z "$features_text" ]; then
    features_text="Could not read feature state (python3 failed). Check with /$PLUGIN:show-status."
  fi
else
  active=""
  for dir in "$project_root" "$main_root"; do
    case $artifacts_root in
      /*) features_dir="$artifacts_root/features" ;;
      *) features_dir="$dir/$artifacts_root/features" ;;
    esac
    for meta in "$features_dir"/*/.meta.json; do
      [ -f "$meta" ] || continue
      if grep -Eq '"status"[[:space:]]*:[[:space:]]*"active"' "$meta" 2>/dev/null; then
        name=${meta%/.meta.json}
        name=${name##*/}
        case " $active " in
          *" $name "*) ;;
          *) active="${active:+$active }$name" ;;
        esac
      fi
    done
  done
  if [ -n "$active" ]; then
    features_text="python3 is not available, so feature phases could not be read. Features marked active: $active. Run /$PLUGIN:show-status for their phases and next commands."
  else
    features_text="python3 is not available, so feature state was only scanned. No active iflow feature. $start_hint"
  fi
fi

# --- output -----------------------------------------------------------------
context="iflow_artifacts_root: $artifacts_root"
if [ "$yolo" = 1 ]; then
  context="$context
[YOLO_MODE] is active: do not ask the user questions. Choose the recommended option yourself, state the choice in one line, and continue with the next phase command until the feature is finished or a circuit breaker prints YOLO MODE STOPPED."
fi
context="$context
$features_text"

printf '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "%s"} }\n' "$(json_escape "$context")"
exit 0
