package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Version names this binary's version: override when a packager stamped
// one (anything but "dev"), else the module version and commit the Go
// toolchain recorded in the binary. The release configuration stamps
// nothing: since Go 1.24 a build of a tagged, clean checkout records the
// tag as the module version, the same value `go install …@vX.Y.Z` records;
// the override is for a build outside any module or VCS checkout.
func Version(override string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return Format(override, bi)
}

// Format is Version with its inputs passed in, so tests can feed it the
// build info of every kind of build:
//
//	go install …@v1.2.3             v1.2.3
//	release build of tag v1.2.3     v1.2.3 (commit 0123456789ab)
//	go build in an edited checkout  v0.0.0-…+dirty (commit 0123456789ab, modified)
//	go run, go test, -buildvcs=false dev
//
// Go writes "(devel)" when it knows no version; that is reported as the
// override's default ("dev"), which says the same without the parentheses.
func Format(override string, bi *debug.BuildInfo) string {
	v := override
	if v == "dev" && bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	if bi == nil {
		return v
	}
	var rev string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	// Twelve hex digits, as in a pseudo-version: enough to name a commit.
	if len(rev) > 12 {
		rev = rev[:12]
	}
	details := []string{"commit " + rev}
	if modified {
		details = append(details, "modified")
	}
	return v + " (" + strings.Join(details, ", ") + ")"
}
