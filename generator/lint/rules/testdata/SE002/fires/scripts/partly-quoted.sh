#!/usr/bin/env bash
# Quoting steps that leave some of the text unquoted: what they print is
# still code to eval, and the hook input decides it.
input=$(cat)
file=$(jq -r '.tool_input.file_path' <<<"$input")
note=$(jq -r '.tool_input.content' <<<"$input")

# %s prints the note as it is, next to a quoted path.
eval "$(printf 'FILE=%q\nNOTE=%s\n' "$file" "$note")" # want SE002:1 `eval executes expanded text as shell code`

# The quoted value lands where it runs: as a command, and inside double quotes.
eval "$(printf 'eval %q' "$note")" # want SE002:1 `eval executes expanded text as shell code`
eval "echo \"$(printf 'NOTE=%q' "$note")\"" # want SE002:1 `eval executes expanded text as shell code`

# The program quotes one value and prints another raw.
eval "$(python3 - "$input" <<'PY' # want SE002:1 `eval executes expanded text as shell code`
import json, shlex, sys
d = json.loads(sys.argv[1])["tool_input"]
print(f"FILE={shlex.quote(d['file_path'])}")
print(f"NOTE={d['content']}")
PY
)"

# Names from the data: a key such as "x;touch /tmp/p;y" runs.
eval "$(python3 - "$input" <<'PY' # want SE002:1 `eval executes expanded text as shell code`
import json, shlex, sys
for k, v in json.loads(sys.argv[1])["tool_input"].items():
    print(f"{k}={shlex.quote(str(v))}")
PY
)"

# @sh of an array is several quoted words: A='x' 'touch /tmp/p' runs the second.
eval "$(jq -r '@sh "TAGS=\(.tool_input.tags)"' <<<"$input")" # want SE002:1 `eval executes expanded text as shell code`
eval "$(jq -r 'to_entries[] | "\(.key)=\(.value | tostring | @sh)"' <<<"$input")" # want SE002:1 `eval executes expanded text as shell code`
