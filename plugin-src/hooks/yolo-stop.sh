#!/usr/bin/env bash
# Stop hook of the {{.Plugin.Name}} plugin.
#
# In yolo mode, keeps the model working while an active feature has phases
# left: prints {"decision": "block", "reason": "..."} naming the next command.
# Prints nothing (the stop goes ahead) when yolo_mode is off, when the hook
# input has "stop_hook_active": true (the model is already continuing because
# of this hook), when its "background_tasks" list is not empty (the model
# ends its turn to wait for a subagent's report, which wakes it again; a
# block would push it on without that result), when the last assistant
# message reports YOLO MODE STOPPED (a circuit breaker), when no active
# feature has phases left, or when python3 or hooks/common.sh is missing.
# Always exits 0.

set -u

PLUGIN="{{.Plugin.Name}}"

case ${BASH_SOURCE[0]} in */*) hooks_dir=${BASH_SOURCE[0]%/*} ;; *) hooks_dir=. ;; esac
. "$hooks_dir/common.sh" 2>/dev/null || exit 0

read_hook_input

# Continuing because of an earlier block: let this stop happen (no loop).
if printf '%s' "$hook_input" | tr -d '\n' | grep -Eq '"stop_hook_active"[[:space:]]*:[[:space:]]*true'; then
  exit 0
fi
# Background work is in flight (Claude Code 2.1.330 lists it in the Stop
# input's background_tasks; [] when none): the model is waiting, not done.
if printf '%s' "$hook_input" | tr -d '\n' | grep -Eq '"background_tasks"[[:space:]]*:[[:space:]]*\[[[:space:]]*[^][:space:]]'; then
  exit 0
fi
# A circuit breaker stopped the run on purpose (last_assistant_message).
case $hook_input in
  *"YOLO MODE STOPPED"*) exit 0 ;;
esac

find_start_dir || exit 0
find_project "$start_dir"
[ -n "$config_file" ] || exit 0
setting_is_true "$config_file" yolo_mode || exit 0

command -v python3 >/dev/null 2>&1 || exit 0

read_artifacts_root
transcript_path=$(hook_string_field transcript_path)
branch=""
if command -v git >/dev/null 2>&1; then
  branch=$(cd "$start_dir" && git symbolic-ref --short -q HEAD 2>/dev/null) || branch=""
fi

py_stop=""
IFS= read -r -d '' py_stop <<'PY' || true
transcript, branch = sys.argv[6:8]


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


if "YOLO MODE STOPPED" in last_assistant_text(transcript):
    sys.exit(0)

candidates = []
for root, name, meta in active_features()[0]:
    phase = position(meta)[0]
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

load_py_features
python3 -I -c "$py_features$py_stop" "$PLUGIN" "$start_dir" "$artifacts_root" "$project_root" "$main_root" "$transcript_path" "$branch" 2>/dev/null || true
exit 0
