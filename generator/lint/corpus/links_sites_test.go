package corpus

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/lint/session"
)

// TestLinkSites measures link-broken (XR006) on the dead links of public
// plugins we judged (testdata/link-sites.tsv, one row per XR006 verdict of
// docs/real-plugins*-verdicts.tsv): a TRUE row, where the model is sent to
// the missing file, must stay an error; a COSMETIC or FALSE one should not
// be. It needs the checkouts of each set, a directory of owner+name
// checkouts per set: PLUGFORGE_LINKS_CORPUS="studied=DIR,fresh=DIR,setb=DIR,…"
// (default .corpus/links/<set> at the module root); a set that is absent
// is skipped, and so is the test when all are. It fails when a TRUE row is
// not reported, and logs the confusion matrix, per set and in all, with
// every row on the wrong side.
func TestLinkSites(t *testing.T) {
	labels := readLinkSites(t, filepath.Join("testdata", "link-sites.tsv"))
	roots := linkCorpusRoots()
	eng, err := session.Engine(session.Options{NoConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	type cell struct{ tp, fn, fp, tn, missing int }
	cells := map[string]*cell{}
	var sets []string
	for _, set := range sortedKeys(labels) {
		root := roots[set]
		if st, err := os.Stat(root); err != nil || !st.IsDir() {
			t.Logf("%s: no checkouts at %s, skipped", set, root)
			continue
		}
		c, err := Discover(root)
		if err != nil {
			t.Fatal(err)
		}
		// Lint each plugin that holds a labelled file (the deepest one
		// whose directory contains it) once.
		errorsAt := map[string]bool{}
		linted := map[string]bool{}
		m := &cell{}
		cells[set], sets = m, append(sets, set)
		for _, l := range labels[set] {
			p, ok := owner(c, l.repo, l.path)
			if !ok {
				m.missing++
				continue
			}
			if k := Key(p.Repo, p.Rel); !linted[k] {
				linted[k] = true
				for _, f := range lintPlugin(eng, p, c.Plugins).Findings {
					if f.Rule == "XR006" {
						errorsAt[f.Repo+"\t"+f.Path+"\t"+strconv.Itoa(f.Line)] = true
					}
				}
			}
			if _, err := os.Stat(filepath.Join(p.Dir, filepath.FromSlash(relTo(p.Rel, l.path)))); err != nil {
				m.missing++
				continue
			}
			fires := errorsAt[l.repo+"\t"+l.path+"\t"+strconv.Itoa(l.line)]
			switch {
			case l.label == "TRUE" && fires:
				m.tp++
			case l.label == "TRUE":
				m.fn++
				t.Errorf("%s %s %s:%d (%s) is TRUE and XR006 no longer reports it", set, l.repo, l.path, l.line, l.tag)
			case fires:
				m.fp++
				t.Logf("still an error: %s %s %s:%d (%s %s)", set, l.repo, l.path, l.line, l.label, l.tag)
			default:
				m.tn++
			}
		}
	}
	if len(sets) == 0 {
		t.Skip("link sites: skipped: no checkouts (set PLUGFORGE_LINKS_CORPUS)")
	}
	var all cell
	for _, s := range sets {
		m := cells[s]
		t.Logf("%-8s TRUE: error %3d, not %3d | COSMETIC/FALSE: error %3d, not %3d | file absent %d", s, m.tp, m.fn, m.fp, m.tn, m.missing)
		all.tp, all.fn, all.fp, all.tn, all.missing = all.tp+m.tp, all.fn+m.fn, all.fp+m.fp, all.tn+m.tn, all.missing+m.missing
	}
	t.Logf("%-8s TRUE: error %3d, not %3d | COSMETIC/FALSE: error %3d, not %3d | file absent %d", "all", all.tp, all.fn, all.fp, all.tn, all.missing)
}

type linkSite struct {
	repo, path, label, tag string
	line                   int
}

func readLinkSites(t *testing.T, name string) map[string][]linkSite {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]linkSite{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.HasPrefix(sc.Text(), "#") || strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		r := strings.Split(sc.Text(), "\t")
		if len(r) != 6 {
			t.Fatalf("%s:%d: want 6 fields, got %d", name, n, len(r))
		}
		line, err := strconv.Atoi(r[3])
		if err != nil {
			t.Fatalf("%s:%d: line %q: %v", name, n, r[3], err)
		}
		out[r[0]] = append(out[r[0]], linkSite{repo: r[1], path: r[2], line: line, label: r[4], tag: r[5]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// linkCorpusRoots maps each set to its checkouts: PLUGFORGE_LINKS_CORPUS,
// else .corpus/links/<set> at the module root.
func linkCorpusRoots() map[string]string {
	roots := map[string]string{}
	for _, set := range []string{"studied", "fresh", "setb", "setc", "setd", "sete"} {
		roots[set] = filepath.Join("..", "..", "..", ".corpus", "links", set)
	}
	for _, kv := range strings.Split(os.Getenv("PLUGFORGE_LINKS_CORPUS"), ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			roots[k] = v
		}
	}
	return roots
}

// owner is the plugin of c that holds path p of repo: the one with the
// longest directory containing it.
func owner(c *Corpus, repo, p string) (Plugin, bool) {
	var best Plugin
	found := false
	for _, pl := range c.Plugins {
		if pl.Repo != repo || !(pl.Rel == "." || strings.HasPrefix(p, pl.Rel+"/")) {
			continue
		}
		if !found || best.Rel == "." || len(pl.Rel) > len(best.Rel) {
			best, found = pl, true
		}
	}
	return best, found
}

func relTo(rel, p string) string {
	if rel == "." {
		return p
	}
	return strings.TrimPrefix(p, rel+"/")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
