#!/usr/bin/env bash
# SessionStart hook of the {{.Plugin.Name}} plugin (matchers: startup, resume, clear, fork).
#
# Prints one JSON object on stdout whose additionalContext tells the model:
#   - iflow_artifacts_root: <value>       (from .claude/iflow.local.md, default docs)
#   - [YOLO_MODE]                         (when yolo_mode is true)
#   - every feature whose .meta.json has "status": "active", with its mode,
#     phase position, next command, and a WARNING when the working directory
#     is not the feature's worktree.
# It says nothing about how the session runs: `claude -p` waits for every
# background subagent and delivers its notification, as an interactive
# session does (recorded on 2.1.330 and 2.1.332, scenario
# plugin-src/scenarios/iflow/protocol-headless-continue.yaml), so headless
# review loops need no switch.
# Never fails: every problem becomes a line of context, and the exit code is 0;
# without hooks/common.sh the context is one line saying that feature state
# could not be read.
# Needs bash (3.2 or later); git and python3 are optional.

set -u

PLUGIN="{{.Plugin.Name}}"

# json_escape TEXT: TEXT as the inside of a JSON string.
json_escape() {
  printf '%s' "$1" | tr -d '\000-\010\013-\037' | tr '\t' ' ' |
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' |
    awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
}

# emit_context TEXT: prints the hook output, with TEXT as additionalContext.
emit_context() {
  printf '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "%s"} }\n' "$(json_escape "$1")"
}

case ${BASH_SOURCE[0]} in */*) hooks_dir=${BASH_SOURCE[0]%/*} ;; *) hooks_dir=. ;; esac
if ! . "$hooks_dir/common.sh" 2>/dev/null; then
  emit_context "Could not read feature state (hooks/common.sh of the $PLUGIN plugin is missing). Check with /$PLUGIN:show-status."
  exit 0
fi

read_hook_input

# --- where are we -----------------------------------------------------------
find_start_dir || start_dir=$(pwd)
find_project "$start_dir"

# --- configuration ----------------------------------------------------------
read_artifacts_root
yolo=0
setting_is_true "$config_file" yolo_mode && yolo=1

start_hint="Start with /$PLUGIN:brainstorm or /$PLUGIN:create-feature."

# --- features ---------------------------------------------------------------
features_text=""
py_scan=""
IFS= read -r -d '' py_scan <<'PY' || true
found, notes = active_features()
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
  load_py_features
  features_text=$(python3 -I -c "$py_features$py_scan" "$PLUGIN" "$start_dir" "$artifacts_root" "$project_root" "$main_root" 2>/dev/null) || features_text=""
  if [ -z "$features_text" ]; then
    features_text="Could not read feature state (python3 failed). Check with /$PLUGIN:show-status."
  fi
else
  # collect_active DIR: adds to active the features in DIR marked active.
  collect_active() {
    local meta name
    for meta in "$1"/*/.meta.json; do
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
  }
  active=""
  each_features_dir collect_active
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

emit_context "$context"
exit 0
