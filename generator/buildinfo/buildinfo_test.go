package buildinfo

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func buildInfo(version string, settings ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/plugforge/plugforge", Version: version}}
	for i := 0; i+1 < len(settings); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return bi
}

// TestFormat feeds Format the build info each kind of build
// records.
func TestFormat(t *testing.T) {
	const rev = "83bb177abcdef0123456789abcdef0123456789a"
	for _, tc := range []struct {
		name, override string
		bi             *debug.BuildInfo
		want           string
	}{
		{"go install at a tag", "dev", buildInfo("v1.2.3"), "v1.2.3"},
		{"release build of a clean tag", "dev",
			buildInfo("v1.2.3", "vcs", "git", "vcs.revision", rev, "vcs.time", "2026-01-02T03:04:05Z", "vcs.modified", "false"),
			"v1.2.3 (commit 83bb177abcde)"},
		{"edited checkout", "dev",
			buildInfo("v0.0.0-20260102030405-83bb177abcde+dirty", "vcs.revision", rev, "vcs.modified", "true"),
			"v0.0.0-20260102030405-83bb177abcde+dirty (commit 83bb177abcde, modified)"},
		{"go run: no version, no VCS", "dev", buildInfo("(devel)"), "dev"},
		{"VCS but no version", "dev", buildInfo("(devel)", "vcs.revision", rev, "vcs.modified", "false"), "dev (commit 83bb177abcde)"},
		{"empty version", "dev", buildInfo(""), "dev"},
		{"no build info", "dev", nil, "dev"},
		{"packager's -X main.version wins", "1.2.3-debian1", buildInfo("(devel)"), "1.2.3-debian1"},
		{"packager's version keeps the commit", "v1.2.3", buildInfo("v0.0.0-x", "vcs.revision", rev), "v1.2.3 (commit 83bb177abcde)"},
		{"short revision is kept whole", "dev", buildInfo("v1.0.0", "vcs.revision", "abc123"), "v1.0.0 (commit abc123)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Format(tc.override, tc.bi))
		})
	}
}
