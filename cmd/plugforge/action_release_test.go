package main

// The action's released-binary path: scripts/install-release.sh against a
// fake GitHub release served on the loopback address, and its wiring in
// action.yml.

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeBinary stands in for plugforge: a script that answers --version.
const fakeBinary = "#!/bin/sh\necho \"plugforge v1.2.3\"\n"

func tarGz(t *testing.T, name, body string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range []struct {
		name, body string
		mode       int64
	}{{"README.md", "# plugforge\n", 0o644}, {name, body, 0o755}} {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body)), Typeflag: tar.TypeReg}))
		_, err := tw.Write([]byte(f.body))
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	require.NoError(t, gz.Close())
	return buf.Bytes()
}

func zipped(t *testing.T, name, body string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	h := &zip.FileHeader{Name: name, Method: zip.Deflate}
	h.SetMode(0o755)
	w, err := zw.CreateHeader(h)
	require.NoError(t, err)
	_, err = w.Write([]byte(body))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// fakeRelease serves v1.2.3 the way GitHub does: /latest redirects to the
// tag's page, and assets live under /download/<tag>/. requests counts the
// asset downloads.
func fakeRelease(t *testing.T, assets map[string][]byte, requests *int) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/releases/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/releases/tag/v1.2.3", http.StatusFound)
	})
	mux.HandleFunc("/releases/tag/v1.2.3", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "release page")
	})
	mux.HandleFunc("/releases/download/v1.2.3/", func(w http.ResponseWriter, r *http.Request) {
		*requests++
		body, ok := assets[strings.TrimPrefix(r.URL.Path, "/releases/download/v1.2.3/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(body)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func checksums(assets map[string][]byte) []byte {
	var b strings.Builder
	for _, name := range []string{assetName("linux", "amd64"), assetName("windows", "arm64")} {
		if body, ok := assets[name]; ok {
			fmt.Fprintf(&b, "%x  %s\n", sha256.Sum256(body), name)
		}
	}
	return []byte(b.String())
}

// installRelease runs the script as the action does and returns its exit
// error, stdout and stderr.
func installRelease(t *testing.T, url, goos, goarch, version, dir string) (error, string, string) {
	t.Helper()
	cmd := exec.Command("bash", "../../scripts/install-release.sh", version, dir)
	cmd.Env = append(os.Environ(), "PLUGFORGE_RELEASES="+url+"/releases", "RUNNER_OS="+goos, "RUNNER_ARCH="+goarch)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return err, out.String(), errb.String()
}

func TestActionDownloadsRelease(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	linux := assetName("linux", "amd64")
	good := map[string][]byte{linux: tarGz(t, "plugforge", fakeBinary)}
	good["checksums.txt"] = checksums(good)

	for _, version := range []string{"v1.2.3", "latest"} {
		t.Run(version, func(t *testing.T) {
			var n int
			srv := fakeRelease(t, good, &n)
			dir := filepath.Join(t.TempDir(), "bin")
			err, out, errOut := installRelease(t, srv.URL, "Linux", "X64", version, dir)
			require.NoError(t, err, errOut)
			assert.Equal(t, filepath.Join(dir, "plugforge")+"\n", out)
			assert.Contains(t, errOut, "downloading plugforge v1.2.3 ("+linux+")")
			assert.Contains(t, errOut, "plugforge v1.2.3\n", "the installed binary ran")
		})
	}

	t.Run("windows zip", func(t *testing.T) {
		if _, err := exec.LookPath("unzip"); err != nil {
			t.Skip("unzip is not installed")
		}
		win := assetName("windows", "arm64")
		assets := map[string][]byte{win: zipped(t, "plugforge.exe", fakeBinary)}
		assets["checksums.txt"] = checksums(assets)
		var n int
		srv := fakeRelease(t, assets, &n)
		dir := t.TempDir()
		err, out, errOut := installRelease(t, srv.URL, "Windows", "ARM64", "v1.2.3", dir)
		require.NoError(t, err, errOut)
		assert.Equal(t, filepath.Join(dir, "plugforge.exe")+"\n", out)
	})

	t.Run("tampered archive is refused", func(t *testing.T) {
		bad := map[string][]byte{linux: tarGz(t, "plugforge", "#!/bin/sh\necho pwned\n"), "checksums.txt": good["checksums.txt"]}
		var n int
		srv := fakeRelease(t, bad, &n)
		dir := filepath.Join(t.TempDir(), "bin")
		err, out, errOut := installRelease(t, srv.URL, "Linux", "X64", "v1.2.3", dir)
		require.Error(t, err)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "but checksums.txt of v1.2.3 says")
		assert.NotContains(t, errOut, "pwned", "nothing from the archive ran")
		assert.NoDirExists(t, dir, "nothing was unpacked")
	})

	t.Run("archive missing from checksums.txt is refused", func(t *testing.T) {
		assets := map[string][]byte{linux: good[linux], "checksums.txt": []byte("0000  other.tar.gz\n")}
		var n int
		srv := fakeRelease(t, assets, &n)
		err, _, errOut := installRelease(t, srv.URL, "Linux", "X64", "v1.2.3", t.TempDir())
		require.Error(t, err)
		assert.Contains(t, errOut, "checksums.txt of v1.2.3 does not list "+linux)
	})

	t.Run("platform without a release", func(t *testing.T) {
		var n int
		srv := fakeRelease(t, good, &n)
		err, _, errOut := installRelease(t, srv.URL, "Linux", "X86", "v1.2.3", t.TempDir())
		require.Error(t, err)
		assert.Contains(t, errOut, `no plugforge release for the architecture "X86"`)
		assert.Zero(t, n, "nothing was downloaded")
	})

	t.Run("release without the platform's archive", func(t *testing.T) {
		var n int
		srv := fakeRelease(t, good, &n)
		err, _, errOut := installRelease(t, srv.URL, "macOS", "ARM64", "v1.2.3", t.TempDir())
		require.Error(t, err)
		assert.Contains(t, errOut, "cannot download "+srv.URL+"/releases/download/v1.2.3/"+assetName("darwin", "arm64"))
	})

	for _, version := range []string{"1.2.3", "v1.2", "v1.2.3/../../x", "v1.2.3; rm -rf /", ""} {
		t.Run("bad version "+version, func(t *testing.T) {
			var n int
			srv := fakeRelease(t, good, &n)
			err, _, errOut := installRelease(t, srv.URL, "Linux", "X64", version, t.TempDir())
			require.Error(t, err)
			assert.Contains(t, errOut, "is neither \"latest\" nor a release tag")
			assert.Zero(t, n, "nothing was downloaded")
		})
	}
}

// TestActionVersionInput: action.yml builds from source unless `version` is
// set, then installs that release with the script, and lints with whichever
// binary it got.
func TestActionVersionInput(t *testing.T) {
	var a struct {
		Inputs map[string]struct {
			Default string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Steps []struct {
				ID   string            `yaml:"id"`
				If   string            `yaml:"if"`
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	readYAML(t, "../../action.yml", &a)
	require.Contains(t, a.Inputs, "version")
	assert.Empty(t, a.Inputs["version"].Default, "the default builds the action's own ref")

	var setupGo, build, download, lint bool
	for _, s := range a.Runs.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			setupGo = true
			assert.Equal(t, "inputs.version == ''", s.If, "Go is set up only to build")
		case strings.Contains(s.Run, "go build"):
			build = true
			assert.Equal(t, "inputs.version == ''", s.If)
			assert.Equal(t, "build", s.ID)
		case strings.Contains(s.Run, "scripts/install-release.sh"):
			download = true
			assert.Equal(t, "inputs.version != ''", s.If)
			assert.Equal(t, "download", s.ID)
			assert.Equal(t, "${{ inputs.version }}", s.Env["PLUGFORGE_VERSION"])
			assert.Contains(t, s.Run, `"$PLUGFORGE_VERSION"`)
		case s.ID == "lint":
			lint = true
			assert.Equal(t, "${{ steps.download.outputs.bin || steps.build.outputs.bin }}", s.Env["PLUGFORGE_BIN"])
			assert.Contains(t, s.Run, `"$PLUGFORGE_BIN" "${args[@]}"`)
		}
	}
	assert.True(t, setupGo && build && download && lint, "setup-go %v, build %v, download %v, lint %v", setupGo, build, download, lint)
}
