#!/usr/bin/env bash
# Shared functions of the {{.Plugin.Name}} plugin's hook scripts.
#
# This file is sourced, not run: each hook script loads it from its own
# directory with
#   . "$hooks_dir/common.sh" 2>/dev/null || exit 0
# and degrades quietly when it is missing. Sourcing it only defines
# functions: it reads nothing, prints nothing and changes no setting.
# Needs bash 3.2 or later; git and python3 are optional.

# read_hook_input: sets hook_input to the hook input JSON on stdin ("" when
# stdin is a terminal or cannot be read).
read_hook_input() {
  hook_input=""
  if [ ! -t 0 ]; then
    hook_input=$(cat 2>/dev/null) || hook_input=""
  fi
}

# hook_string_field KEY: the string value of top-level KEY in the hook input
# (best effort; empty when absent or not a plain string).
hook_string_field() {
  printf '%s' "${hook_input-}" | tr -d '\n' |
    sed -n -E 's/.*"'"$1"'"[[:space:]]*:[[:space:]]*"([^"\\]*)".*/\1/p' | head -n 1
}

# find_start_dir: sets start_dir to the physical path of the hook input's
# cwd, else of the working directory; returns 1 when it cannot be resolved.
find_start_dir() {
  start_dir=$(hook_string_field cwd)
  if [ -z "$start_dir" ] || [ ! -d "$start_dir" ]; then
    start_dir=$(pwd 2>/dev/null) || return 1
  fi
  start_dir=$(cd "$start_dir" 2>/dev/null && pwd -P) || return 1
}

# find_project START_DIR: sets, for the physical directory START_DIR,
#   project_root: git top level, else $CLAUDE_PROJECT_DIR, else START_DIR;
#   main_root:    the main checkout when START_DIR is in a linked git
#                 worktree, else project_root;
#   config_file:  .claude/iflow.local.md of project_root, else of main_root
#                 (a linked worktree keeps no local config of its own), else "".
find_project() {
  local common_dir dir
  project_root=""
  main_root=""
  if command -v git >/dev/null 2>&1; then
    project_root=$(cd "$1" && git rev-parse --show-toplevel 2>/dev/null) || project_root=""
    if [ -n "$project_root" ]; then
      common_dir=$(cd "$1" && git rev-parse --git-common-dir 2>/dev/null) || common_dir=""
      if [ -n "$common_dir" ]; then
        common_dir=$(cd "$1" && cd "$common_dir" 2>/dev/null && pwd -P) || common_dir=""
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
      project_root=$1
    fi
  fi
  project_root=$(cd "$project_root" 2>/dev/null && pwd -P) || project_root=$1
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

# setting_is_true FILE KEY: whether KEY is true, yes, on or 1 (any case) in FILE.
setting_is_true() {
  case $(read_setting "$1" "$2") in
    [Tt][Rr][Uu][Ee] | [Yy][Ee][Ss] | [Oo][Nn] | 1) return 0 ;;
  esac
  return 1
}

# read_artifacts_root: sets artifacts_root to the artifacts_root setting of
# config_file without trailing slashes, "docs" when it is not set.
read_artifacts_root() {
  artifacts_root=$(read_setting "$config_file" artifacts_root)
  while [ "${#artifacts_root}" -gt 1 ] && [ "${artifacts_root%/}" != "$artifacts_root" ]; do
    artifacts_root=${artifacts_root%/}
  done
  [ -n "$artifacts_root" ] || artifacts_root="docs"
}

# each_features_dir FUNCTION: runs FUNCTION DIR for each existing features
# directory, {artifacts_root}/features of project_root then of main_root,
# once each (an absolute artifacts_root names one directory for both).
each_features_dir() {
  local root features_dir previous=""
  for root in "$project_root" "$main_root"; do
    case $artifacts_root in
      /*) features_dir="$artifacts_root/features" ;;
      *) features_dir="$root/$artifacts_root/features" ;;
    esac
    [ "$features_dir" != "$previous" ] || continue
    previous=$features_dir
    [ -d "$features_dir" ] || continue
    "$1" "$features_dir"
  done
}

# load_py_features: sets py_features to the Python code that a feature scan
# starts with; run it as
#   python3 -I -c "$py_features$code" PLUGIN START_DIR ARTIFACTS_ROOT PROJECT_ROOT MAIN_ROOT [ARG...]
# It defines command(phase), position(meta), real(path), inside(path, parent)
# and active_features().
load_py_features() {
  py_features=""
  IFS= read -r -d '' py_features <<'PY' || true
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
    """Returns (phase to run next, in progress?, last completed): the phase in
    progress, else the one after the last completed; the phase is "" when
    every phase is done and None when .meta.json names an unknown phase."""
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


def active_features():
    """Returns (found, notes): found lists (root, name, meta) for each feature
    whose .meta.json has "status": "active", by name within the project root
    then the main root (a name seen once is not read again); notes names each
    malformed .meta.json."""
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
            try:
                with open(meta_path, encoding="utf-8") as fh:
                    meta = json.load(fh)
                if not isinstance(meta, dict):
                    raise ValueError("not an object")
            except Exception:
                notes.append("skipped %s: malformed .meta.json" % os.path.relpath(meta_path, root))
                continue
            if meta.get("status") != "active":
                continue
            found.append((root, name, meta))
    return found, notes
PY
}
