package facts

import (
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestQuotingStep labels command substitutions whose output is (or is not)
// only quoted assignments. The "no" cases are the ways a quoting step
// still lets outside text run: a value printed unquoted next to quoted
// ones, a name taken from the data, a quoted value put in command position
// or inside double quotes, @sh over an array, a program the shell expands.
func TestQuotingStep(t *testing.T) {
	cases := []struct {
		name, src string
		want      bool
	}{
		{"printf q", `x=$(printf 'host=%q\nport=%q\n' "$h" "$p")`, true},
		{"printf q in subshell after source", `x=$( ( set -a; . "$f"; set +a; printf 'A=%q\n' "${A:-}" ) )`, true},
		{"printf export", `x=$(printf 'export NAME=%q; READY=1' "$n")`, true},
		{"printf s among q", `x=$(printf 'A=%q\nB=%s\n' "$a" "$b")`, false},
		{"printf q in command position", `x=$(printf 'eval %q' "$a")`, false},
		{"printf q as bare word", `x=$(printf '%q ' "$@")`, false},
		{"printf q name", `x=$(printf '%q=%q' "$k" "$v")`, false},
		{"printf q then echo", `x=$(printf 'A=%q\n' "$a"; echo "$b")`, false},
		{"echo to /dev/stdout", `x=$(echo "$b" >/dev/stdout; printf 'A=%q\n' "$a")`, false},
		{"program errors on stdout", "x=$(python3 - \"$in\" 2>&1 <<'PY'\nimport shlex, sys\nprint('A=' + shlex.quote(sys.argv[1]))\nPY\n)", false},
		{"cd to a literal directory", `x=$(cd /tmp && printf 'A=%q\n' "$a")`, true},
		{"cd to an outside directory (CDPATH prints it)", `x=$(cd "$d" && printf 'A=%q\n' "$a")`, false},
		{"echo to stderr is silent", `x=$(echo "$b" >&2; printf 'A=%q\n' "$a")`, true},
		{"printf expanded format", `x=$(printf "A=%q$b" "$a")`, false},
		{"declare -p", `x=$(declare -p FILES RULES)`, true},
		{"typeset -p", `x=$(typeset -p opts)`, true},
		{"declare without -p", `x=$(declare -a y)`, false},
		{"jq @sh scalar", `x=$(jq -r '@sh "cwd=\(.cwd // "" | tostring)", @sh "n=\(.n|tostring)"' <<<"$in")`, true},
		{"jq string with scalar @sh", `x=$(printf '%s' "$in" | jq -r '"A=\(.a | tostring | @sh)"')`, true},
		{"jq @sh of a possible array", `x=$(jq -r '@sh "A=\(.a // "")"' <<<"$in")`, false},
		{"jq value not quoted", `x=$(jq -r '"A=\(.a|tostring|@sh)", "B=\(.b)"' <<<"$in")`, false},
		{"jq key as name", `x=$(jq -r 'to_entries[] | "\(.key)=\(.value|tostring|@sh)"' <<<"$in")`, false},
		{"jq without -r", `x=$(jq '@sh "A=\(.a|tostring)"' <<<"$in")`, false},
		{"python c", `x=$(python3 -c 'import json,shlex,sys; d=json.load(sys.stdin); print("A=" + shlex.quote(d["a"]))' <<<"$in")`, true},
		{"python c expanded", `x=$(python3 -c "import shlex; print('A=' + shlex.quote('$v'))")`, false},
		{"python heredoc", "x=$(python3 - \"$in\" <<'PY'\nimport shlex, sys\nprint('A=' + shlex.quote(sys.argv[1]))\nPY\n)", true},
		{"python program replaced by here-string", "x=$(python3 - <<'PY' <<<\"$in\"\nimport shlex, sys\nprint('A=' + shlex.quote(sys.argv[1]))\nPY\n)", false},
		{"python heredoc the shell expands", "x=$(python3 - <<PY\nimport shlex\nprint('A=' + shlex.quote('$in'))\nPY\n)", false},
		{"python file", `x=$(python3 "$dir/emit.py")`, false},
	}
	for _, c := range cases {
		f, err := ParseShell(c.src, "t.sh")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var cs *syntax.CmdSubst
		syntax.Walk(f, func(n syntax.Node) bool {
			if s, ok := n.(*syntax.CmdSubst); ok && cs == nil {
				cs = s
			}
			return true
		})
		if got := QuotingStep(cs); got != c.want {
			t.Errorf("%s: QuotingStep = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestPythonPrintsQuoted covers heredoc programs: loop names over literal
// lists are the program's own; a name or a value from the data is not.
func TestPythonPrintsQuoted(t *testing.T) {
	cases := []struct {
		name, prog string
		want       bool
	}{
		{"literal pairs", `import sys, json, shlex
d = json.load(open(sys.argv[1]))
for key, var in [
    ("kind", "REC_KIND"),   # the record's kind
    ("note", "REC_NOTE"),
]:
    print(f'{var}={shlex.quote(str(d.get(key, "")))}')
`, true},
		{"literal dict items, export", `import json, shlex, sys
fields = {"owner": "REC_OWNER", "due": "REC_DUE"}
d = json.load(sys.stdin)
for field, env in fields.items():
    v = d.get(field)
    if v:
        print(f"export {env}={shlex.quote(str(v))}")
print("oops", file=sys.stderr)
`, true},
		{"keys from data", `import json, shlex, sys
d = json.load(sys.stdin)
for k, v in d.items():
    print(f"{k}={shlex.quote(str(v))}")
`, false},
		{"loop name reassigned", `import shlex
for key, var in [("a", "A")]:
    var = key
    print(f"{var}={shlex.quote(key)}")
`, false},
		{"one raw value", `import json, shlex, sys
d = json.load(sys.stdin)
print(f"A={shlex.quote(d['a'])}")
print(f"B={d['b']}")
`, false},
		{"repr of quoted", `import shlex
print(f"A={shlex.quote(x)!r}")
`, false},
		{"two print args", `import shlex
print(f"A={shlex.quote(x)}", y)
`, false},
		{"stdout write", `import shlex, sys
print(f"A={shlex.quote(x)}")
sys.stdout.write(y)
`, false},
		{"os system imported by name", `import shlex
from os import system
system("echo " + x)
print(f"A={shlex.quote(x)}")
`, false},
		{"print under another name", `import shlex
say = print
say(x)
print(f"A={shlex.quote(x)}")
`, false},
		{"subprocess", `import shlex, subprocess
subprocess.run(["cat", p])
print(f"A={shlex.quote(x)}")
`, false},
	}
	for _, c := range cases {
		if got := PythonPrintsQuoted(c.prog); got != c.want {
			t.Errorf("%s: PythonPrintsQuoted = %v, want %v", c.name, got, c.want)
		}
	}
}
