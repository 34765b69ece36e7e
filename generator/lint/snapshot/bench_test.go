package snapshot

import (
	"strings"
	"testing"
)

// BenchmarkMarkdown parses a 10 KB command body (goldmark plus the fence
// scanner), the largest per-file cost of a lint run.
func BenchmarkMarkdown(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("---\ndescription: x\n---\n")
	for sb.Len() < 10000 {
		sb.WriteString("## Step\n\nRead [the spec](spec.md#scope) and run `make test`; **do not** skip it.\n\n```bash\nmake test\n```\n\n- item one\n- item two\n\n")
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		f := &File{Path: "c.md", Data: data}
		_ = f.Markdown()
	}
}
