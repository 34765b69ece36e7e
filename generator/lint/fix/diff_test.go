package fix

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/plugforge/plugforge/generator/lint"
)

func TestDiffGolden(t *testing.T) {
	base := "set -e\r\necho a\r\n1\n2\n3\n4\n5\n6\n7\n8\n9\nlast"
	pf := &File{Display: "p/hooks/x.sh", Base: []byte(base), OldMode: 0o644, Mode: 0o755, Edits: []lint.Edit{
		{Start: 0, End: 0, New: "#!/usr/bin/env bash\n"},
		{Start: 6, End: 7}, {Start: 14, End: 15},
		{Start: len(base) - 4, End: len(base), New: "final\n"},
	}}
	want := `diff --git a/p/hooks/x.sh b/p/hooks/x.sh
old mode 100644
new mode 100755
--- a/p/hooks/x.sh
+++ b/p/hooks/x.sh
@@ -1,5 +1,6 @@
-set -e` + "\r" + `
-echo a` + "\r" + `
+#!/usr/bin/env bash
+set -e
+echo a
 1
 2
 3
@@ -9,4 +10,4 @@
 7
 8
 9
-last
\ No newline at end of file
+final
`
	assert.Equal(t, want, pf.Diff())
	assert.Equal(t, "old mode 100644\nnew mode 100755\n", strings.SplitAfterN((&File{Display: "x", OldMode: 0o644, Mode: 0o755}).Diff(), "\n", 2)[1])
}

// TestDiffApplies: for random files and random non-overlapping edits, the
// diff, applied to the old text by a minimal patch program, gives exactly
// Result.
func TestDiffApplies(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "b", "\n", "\r\n", "x y", ""}
	for i := 0; i < 2000; i++ {
		var sb strings.Builder
		for n := r.Intn(40); n > 0; n-- {
			sb.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		base := sb.String()
		pf := &File{Display: "f", Base: []byte(base), OldMode: 0o644}
		at := 0
		for at <= len(base) && r.Intn(4) > 0 {
			s := at + r.Intn(len(base)-at+1)
			e := s + r.Intn(len(base)-s+1)
			if r.Intn(2) == 0 {
				e = s
			}
			pf.add(&lint.Fix{Edits: []lint.Edit{{Start: s, End: e, New: alphabet[r.Intn(len(alphabet))]}}})
			at = e + 1
		}
		got, err := patch(base, pf.Diff())
		require.NoError(t, err, "base %q edits %v\n%s", base, pf.Edits, pf.Diff())
		require.Equal(t, string(pf.Result()), got, "base %q edits %v\n%s", base, pf.Edits, pf.Diff())
	}
}

// patch applies a unified diff made by Diff, checking every context and
// removed line against old.
func patch(old, diff string) (string, error) {
	const noEOL = "\\ No newline at end of file\n"
	oldL, lines := splitLines(old), splitLines(diff)
	var out []string
	at := 0
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "@@ ") {
			continue
		}
		r := strings.SplitN(strings.TrimPrefix(strings.Fields(lines[i])[1], "-"), ",", 2)
		start, _ := strconv.Atoi(r[0])
		if len(r) == 2 && r[1] == "0" {
			start++ // an empty range names the line before it
		}
		for ; at < start-1; at++ {
			out = append(out, oldL[at])
		}
		nr := strings.SplitN(strings.TrimPrefix(strings.Fields(lines[i])[2], "+"), ",", 2)
		newStart, _ := strconv.Atoi(nr[0])
		if len(nr) == 2 && nr[1] == "0" {
			newStart++
		}
		if newStart != len(out)+1 {
			return "", fmt.Errorf("hunk %q: the new file is at line %d", strings.TrimSpace(lines[i]), len(out)+1)
		}
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "@@ ") {
			i++
			mark, body := lines[i][0], lines[i][1:]
			if i+1 < len(lines) && lines[i+1] == noEOL {
				body = strings.TrimSuffix(body, "\n")
				i++
			}
			switch mark {
			case ' ', '-':
				if at >= len(oldL) || oldL[at] != body {
					return "", fmt.Errorf("line %d: want %q, old has %q", at+1, body, get(oldL, at))
				}
				if mark == ' ' {
					out = append(out, body)
				}
				at++
			case '+':
				out = append(out, body)
			default:
				return "", fmt.Errorf("bad diff line %q", lines[i])
			}
		}
	}
	return strings.Join(append(out, oldL[at:]...), ""), nil
}

func get(l []string, i int) string {
	if i < len(l) {
		return l[i]
	}
	return "<EOF>"
}
