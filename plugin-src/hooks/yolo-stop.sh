#!/usr/bin/env bash
# Stop hook of the {{.Plugin.Name}} plugin.
#
# In yolo mode, keeps the model working while an active feature has phases
# left: prints {"decision": "block", "reason": "..."} naming the next command.
# Prints nothing (the stop goes ahead) when yolo_mode is off, when the hook
# input has "stop_hook_active": true (the model is already continuing because
# of this hook), when the last assistant message reports YOLO MODE STOPPED
# (a circuit breaker), when no active feature has phases left, or when
# python3 is missing. Always exits 0.

set -u

PLUGIN="{{.Plugin.Name}}"

hook_input=""
if [ ! -t 0 ]; then
  hook_input=$(cat 2>/dev/null) || hook_input=""
fi

# Continuing because of an earlier block: let this stop happen (no loop).
if printf '%s' "$hook_input" | tr -d '\n' | grep -Eq '"stop_hook_active"[[:space:]]*:[[:space:]]*true'; then
  exit 0
fi
# A circuit breaker stopped the run on purpose (last_assistant_message).
case $hook_input in
  *"YOLO MODE STOPPED"*) exit 0 ;;
esac

# hook_string_field KEY: the string value of top-level KEY in the hook input
# (best effort; empty when absent or not a plain string).
hook_string_field() {
  printf '%s' "$hook_input" | tr -d '\n' |
    sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*"([^"\\]*)".*/\1/p' | head -n 1
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

start_dir=$(hook_string_field cwd)
if [ -z "$start_dir" ] || [ ! -d "$start_dir" ]; then
  start_dir=$(pwd 2>/dev/null) || exit 0
fi
start_dir=$(cd "$start_dir" 2>/dev/null && pwd -P) || exit 0

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

config_file=""
for dir in "$project_root" "$main_root"; do
  if [ -f "$dir/.claude/iflow.local.md" ]; then
    config_file="$dir/.claude/iflow.local.md"
    break
  fi
done
[ -n "$config_file" ] || exit 0

yolo_value=$(read_setting "$config_file" yolo_mode)
case $yolo_value in
  [Tt][Rr][Uu][Ee] | [Yy][Ee][Ss] | [Oo][Nn] | 1) ;;
  *) exit 0 ;;
esac

command -v python3 >/dev/null 2>&1 || exit 0

artifacts_root=$(read_setting "$config_file" artifacts_root)
[ -n "$artifacts_root" ] || artifacts_root="docs"
transcript_path=$(hook_string_field transcript_path)
branch=""
if command -v git >/dev/null 2>&1; then
  branch=$(cd "$start_dir" && git symbolic-ref --short -q HEAD 2>/dev/null) || branch=""
fi

py_stop=""
IFS= read -r -d '' py_stop <<'PY' || true
import json
import os
import sys

plugin, cwd, art, project_root, main_root, transcript, branch = sys.argv[1:8]
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


def next_phase(meta):
    """The phase to run next: the one in progress, else the one after the
    last completed; "" or None when nothing is left or the state is unknown."""
    last = norm(meta.get("lastCompletedPhase"))
    cur = norm(meta.get("currentPhase"))
    phases = meta.get("phases")
    if not isinstance(phases, dict):
        phases = {}
    entry = phases.get(cur)
    cur_done = isinstance(entry, dict) and bool(entry.get("completed"))
    if cur in SEQ and cur != last and not cur_done:
        return cur
    base = last
    if cur_done and cur in SEQ and (base not in SEQ or SEQ.index(cur) > SEQ.index(base)):
        base = cur
    if not base:
        return "specify"
    if base not in SEQ:
        return None
    i = SEQ.index(base) + 1
    return SEQ[i] if i < len(SEQ) else ""


def last_assistant_text(path):
    """Text of the assistant entries at the end of the transcript (JSONL)."""
    if not path or not os.path.isfile(path):
        return ""
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - 1048576))
            tail = fh.read().decode("utf-8", "replace")
    except OSError:
        return ""
    texts = []
    for line in reversed(tail.splitlines()):
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict):
            continue
        kind = entry.get("type")
        if kind == "user":
            break
        if kind != "assistant":
            continue
        message = entry.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            texts.append(content)
        elif isinstance(content, list):
            for block in content:
                if isinstance(block, dict) and isinstance(block.get("text"), str):
                    texts.append(block["text"])
    return "\n".join(texts)


def inside(path, parent):
    path, parent = os.path.realpath(path), os.path.realpath(parent)
    return path == parent or path.startswith(parent.rstrip(os.sep) + os.sep)


if "YOLO MODE STOPPED" in last_assistant_text(transcript):
    sys.exit(0)

roots = [project_root]
if main_root and os.path.realpath(main_root) != os.path.realpath(project_root):
    roots.append(main_root)
seen = set()
candidates = []
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
        try:
            with open(meta_path, encoding="utf-8") as fh:
                meta = json.load(fh)
        except Exception:
            continue
        if not isinstance(meta, dict) or meta.get("status") != "active":
            continue
        phase = next_phase(meta)
        if not phase:
            continue
        # Prefer the feature this checkout works on: its worktree holds the
        # working directory, or its branch is checked out here.
        here = bool(branch) and meta.get("branch") == branch
        worktree = meta.get("worktree")
        if isinstance(worktree, str) and worktree.strip():
            here = here or inside(cwd, os.path.join(main_root, worktree.strip()))
        candidates.append((not here, name, phase))

if candidates:
    candidates.sort()
    _, name, phase = candidates[0]
    reason = "[YOLO_MODE] feature %s is at %s; continue with %s" % (name, phase, command(phase))
    print(json.dumps({"decision": "block", "reason": reason}))
PY

python3 -I -c "$py_stop" "$PLUGIN" "$start_dir" "$artifacts_root" "$project_root" "$main_root" "$transcript_path" "$branch" 2>/dev/null || true
exit 0
