#!/usr/bin/env bash
# Each eval below runs text made of NAME=value lines whose values went
# through a quoting step, so a value holding $(…), backticks or quotes
# arrives as data. The input is the hook's JSON and a user profile file.
set -euo pipefail
input=$(cat)
profile="$HOME/.config/notes/profile.env"

# printf %q, after sourcing the profile in a subshell.
eval "$(
  (
    set -a
    . "$profile"
    set +a
    printf 'NOTE_DIR=%q\nNOTE_TAG=%q\n' "${NOTE_DIR:-}" "${NOTE_TAG:-}"
  )
)"

# python: fixed names from a literal list, values through shlex.quote.
eval "$(python3 - "$input" <<'PY'
import json, shlex, sys
data = json.loads(sys.argv[1]).get("tool_input", {})
for field, name in [
    ("file_path", "EDITED_FILE"),
    ("content", "EDITED_TEXT"),
]:
    print(f"{name}={shlex.quote(str(data.get(field, '')))}")
PY
)"

# jq @sh, each value made one string first.
fields=$(jq -r '@sh "SESSION=\(.session_id | tostring)", "TOOL=\(.tool_name | tostring | @sh)"' <<<"$input")
eval "$fields"

# declare -p prints a definition bash has quoted itself.
tags=("$NOTE_TAG" "$EDITED_FILE")
eval "$(declare -p tags)"
echo "$NOTE_DIR $EDITED_TEXT $SESSION $TOOL ${tags[*]}"
