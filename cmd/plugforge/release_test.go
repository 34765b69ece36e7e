package main

// The release configuration (.goreleaser.yaml) and `make cross`, which
// .ci/run runs in its place, checked against each other and against what a
// reproducible release needs. The full GoReleaser run is `make
// release-check`.

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

type fileInfo struct {
	Owner string `yaml:"owner"`
	Group string `yaml:"group"`
	Mode  int    `yaml:"mode"`
	Mtime string `yaml:"mtime"`
}

type releaseConfig struct {
	Version int    `yaml:"version"`
	Dist    string `yaml:"dist"`
	Builds  []struct {
		Main         string   `yaml:"main"`
		Binary       string   `yaml:"binary"`
		Env          []string `yaml:"env"`
		Goos         []string `yaml:"goos"`
		Goarch       []string `yaml:"goarch"`
		Ignore       []any    `yaml:"ignore"`
		Flags        []string `yaml:"flags"`
		Ldflags      []string `yaml:"ldflags"`
		ModTimestamp string   `yaml:"mod_timestamp"`
	} `yaml:"builds"`
	Archives []struct {
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string   `yaml:"goos"`
			Formats []string `yaml:"formats"`
		} `yaml:"format_overrides"`
		NameTemplate string   `yaml:"name_template"`
		BuildsInfo   fileInfo `yaml:"builds_info"`
		Files        []struct {
			Src  string   `yaml:"src"`
			Info fileInfo `yaml:"info"`
		} `yaml:"files"`
	} `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
		Algorithm    string `yaml:"algorithm"`
	} `yaml:"checksum"`
}

// releaseTargets are the platforms issue 13 asks archives for.
var releaseTargets = []string{
	"darwin/amd64", "darwin/arm64", "linux/amd64", "linux/arm64", "windows/amd64", "windows/arm64",
}

// assetName is the archive name the GitHub Action downloads for a target;
// TestActionDownloadsRelease serves archives under these names.
func assetName(goos, goarch string) string {
	ext := ".tar.gz"
	if goos == "windows" {
		ext = ".zip"
	}
	return "plugforge_" + goos + "_" + goarch + ext
}

func loadReleaseConfig(t *testing.T) releaseConfig {
	t.Helper()
	b, err := os.ReadFile("../../.goreleaser.yaml")
	require.NoError(t, err)
	var c releaseConfig
	require.NoError(t, yaml.Unmarshal(b, &c))
	return c
}

// TestReleaseConfig: six targets, one archive each under the name the
// action expects, checksums, and nothing that differs between two builds
// of one commit (local paths, build times, file times).
func TestReleaseConfig(t *testing.T) {
	c := loadReleaseConfig(t)
	assert.Equal(t, 2, c.Version, "GoReleaser v2 configuration")
	require.NotEmpty(t, c.Dist)
	assert.False(t, c.Dist == "dist" || strings.HasPrefix(c.Dist, "dist/"), "dist/ is the generated plugin; GoReleaser's --clean would delete it")

	require.Len(t, c.Builds, 1)
	b := c.Builds[0]
	assert.Equal(t, "./cmd/plugforge", b.Main)
	assert.Equal(t, "plugforge", b.Binary)
	var targets []string
	for _, goos := range b.Goos {
		for _, goarch := range b.Goarch {
			targets = append(targets, goos+"/"+goarch)
		}
	}
	sort.Strings(targets)
	assert.Equal(t, releaseTargets, targets)
	assert.Empty(t, b.Ignore, "every os/arch pair is released")
	assert.Contains(t, b.Env, "CGO_ENABLED=0", "static binaries that cross-compile")
	assert.Contains(t, b.Flags, "-trimpath", "no local paths in the binaries")
	assert.Contains(t, b.Flags, "-buildvcs=true", "the binaries name their version and commit")
	assert.Equal(t, "{{ .CommitTimestamp }}", b.ModTimestamp, "binary times are the commit's")
	for _, l := range b.Ldflags {
		assert.NotRegexp(t, `\.(Date|Now|Timestamp)\b`, l, "no build time in the binaries")
		assert.NotContains(t, l, "main.version", "the version comes from the build info, as for go install")
	}

	require.Len(t, c.Archives, 1)
	a := c.Archives[0]
	assert.Equal(t, []string{"tar.gz"}, a.Formats)
	require.Len(t, a.FormatOverrides, 1)
	assert.Equal(t, "windows", a.FormatOverrides[0].Goos)
	assert.Equal(t, []string{"zip"}, a.FormatOverrides[0].Formats)
	for _, target := range releaseTargets {
		goos, goarch, _ := strings.Cut(target, "/")
		name := strings.NewReplacer("{{ .ProjectName }}", "plugforge", "{{ .Os }}", goos, "{{ .Arch }}", goarch).Replace(a.NameTemplate)
		ext := ".tar.gz"
		if goos == "windows" {
			ext = ".zip"
		}
		assert.Equal(t, assetName(goos, goarch), name+ext, "archive name for %s", target)
	}
	infos := []fileInfo{a.BuildsInfo}
	for _, f := range a.Files {
		infos = append(infos, f.Info)
	}
	for _, info := range infos {
		assert.Equal(t, "{{ .CommitDate }}", info.Mtime, "file times in the archives are the commit's")
		assert.NotEmpty(t, info.Owner, "fixed owner, not the builder's uid")
		assert.NotEmpty(t, info.Group, "fixed group, not the builder's gid")
	}
	assert.Equal(t, "checksums.txt", c.Checksum.NameTemplate, "the name the action downloads")
	assert.Equal(t, "sha256", c.Checksum.Algorithm)
}

// TestCrossMatchesRelease: `make cross` (what .ci/run checks) builds the
// release's targets with the release's flags.
func TestCrossMatchesRelease(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	variable := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `\s*:=\s*(.*)$`).FindSubmatch(mk)
		require.NotNil(t, m, "Makefile defines %s", name)
		return strings.TrimSpace(string(m[1]))
	}
	targets := strings.Fields(variable("RELEASE_TARGETS"))
	sort.Strings(targets)
	assert.Equal(t, releaseTargets, targets)

	b := loadReleaseConfig(t).Builds[0]
	flags := variable("RELEASE_FLAGS")
	for _, f := range b.Flags {
		assert.Contains(t, strings.Fields(flags), f)
	}
	for _, l := range b.Ldflags {
		assert.Contains(t, flags, "-ldflags '"+l+"'")
	}
	assert.Regexp(t, `(?m)^cross:`, string(mk))
	assert.Contains(t, string(mk), "CGO_ENABLED=0 GOOS=")
}

// TestGoReleaserPinned: CI, the release workflow and `make release-check`
// run the same GoReleaser release.
func TestGoReleaserPinned(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^GORELEASER_VERSION\s*\?=\s*(\S+)$`).FindSubmatch(mk)
	require.NotNil(t, m, "Makefile pins GORELEASER_VERSION")
	pinned := string(m[1])
	for _, file := range []string{"ci.yml", "release.yml"} {
		var wf workflow
		readYAML(t, "../../.github/workflows/"+file, &wf)
		found := false
		for _, job := range wf.Jobs {
			for _, s := range job.Steps {
				if strings.HasPrefix(s.Uses, "goreleaser/goreleaser-action@") {
					found = true
					assert.Equal(t, pinned, s.With["version"], "%s runs the Makefile's GoReleaser", file)
				}
			}
		}
		assert.True(t, found, "%s runs GoReleaser", file)
	}
}
