package snapshot_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plugforge/plugforge/generator/cliview"
	"github.com/plugforge/plugforge/generator/lint/corpus"
	"github.com/plugforge/plugforge/generator/lint/snapshot"
)

// The names tests hold snapshot.Components to what Claude Code registers:
// each plugin under testdata/names (one naming shape each, in our own
// words) has a recording, testdata/names/<shape>.listing.json, of the
// CLI's system/init listing for it.
var (
	updateNames = flag.Bool("update-names", false, "re-record testdata/names/*.listing.json with the installed Claude Code")
	namesCorpus = flag.String("names-corpus", "", "compare the names of every plugin of this corpus directory (owner+name checkouts) with the installed Claude Code")
	// The CLI's answer does not depend on lint's code: keeping it lets a
	// change to Components be measured before and after on the same
	// listings, without running the CLI on every plugin twice.
	namesListings = flag.String("names-listings", "", "with -names-corpus: keep each plugin's live listing in this directory, and reuse one kept there instead of running the CLI")
)

const namesDir = "testdata/names"

func nameFixtures(t *testing.T) []string {
	entries, err := os.ReadDir(namesDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	if len(out) < 8 {
		t.Fatalf("%d name fixtures; the naming shapes need at least 8", len(out))
	}
	return out
}

// predicted is what Components says the CLI lists for the plugin at dir
// when it is loaded in place, as every listing here is (--plugin-dir). A
// plugin nested inside it is not left out: --plugin-dir registers a skill
// folder that holds a .claude-plugin/ of its own like any other
// (RUSHYOP's swiftui-skills/skills/swiftui-pro, set E).
func predicted(t *testing.T, dir string) *cliview.Listing {
	p, err := snapshot.Load(dir, dir, snapshot.Options{Market: snapshot.MarketAbove(dir), InPlace: true})
	if err != nil {
		t.Fatal(err)
	}
	c := p.Components()
	r := c.Registered()
	return &cliview.Listing{Plugin: c.Plugin, SlashCommands: r.SlashCommands, Skills: r.Skills, Agents: r.Agents}
}

// namesOnly is the part of a listing Components predicts.
func namesOnly(l *cliview.Listing) *cliview.Listing {
	return &cliview.Listing{Plugin: l.Plugin, SlashCommands: l.SlashCommands, Skills: l.Skills, Agents: l.Agents}
}

// TestNamesMatchRecordedListing: Components predicts the recorded listing
// of every naming shape. It needs no CLI.
func TestNamesMatchRecordedListing(t *testing.T) {
	for _, name := range nameFixtures(t) {
		t.Run(name, func(t *testing.T) {
			rec, err := cliview.ReadRecording[cliview.Listing](filepath.Join(namesDir, name+".listing.json"))
			if err != nil {
				t.Fatalf("%v (record it: go test ./generator/lint/snapshot -run TestNamesRecordingsMatchCLI -update-names)", err)
			}
			if rec.Plugin == "" {
				t.Fatalf("the recording says Claude Code %s refused the plugin: %v", rec.Version, rec.Problems)
			}
			for _, d := range cliview.Diff(namesOnly(rec), predicted(t, filepath.Join(namesDir, name))) {
				t.Errorf("Components disagrees with Claude Code %s: %s", rec.Version, d)
			}
		})
	}
}

func claude(t *testing.T) cliview.Runner {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	bin, err := cliview.Find(root)
	if err != nil {
		t.Skipf("skipped: %v", err)
	}
	if testing.Short() {
		t.Skip("skipped with -short: it runs Claude Code once per plugin")
	}
	return cliview.Runner{Bin: bin}
}

// TestNamesRecordingsMatchCLI re-runs the installed CLI on every naming
// shape: the recordings still hold (-update-names rewrites them), and so
// Components agrees with the live CLI too.
func TestNamesRecordingsMatchCLI(t *testing.T) {
	cl := claude(t)
	for _, name := range nameFixtures(t) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(namesDir, name)
			live, err := cl.List(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := cliview.Recorded(filepath.Join(namesDir, name+".listing.json"), live, *updateNames)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range cliview.Diff(rec, live) {
				t.Errorf("Claude Code %s differs from the recording of %s: %s", live.Version, rec.Version, d)
			}
			for _, d := range cliview.Diff(namesOnly(live), predicted(t, dir)) {
				t.Errorf("Components disagrees with Claude Code %s: %s", live.Version, d)
			}
		})
	}
}

// TestNamesCorpus compares Components with the live CLI on every plugin of
// a corpus directory (-names-corpus DIR; see docs/real-plugins.md) and
// fails listing each disagreement.
func TestNamesCorpus(t *testing.T) {
	if *namesCorpus == "" {
		t.Skip("skipped: no corpus given (go test ./generator/lint/snapshot -run TestNamesCorpus -names-corpus DIR)")
	}
	cl := claude(t)
	c, err := corpus.Discover(*namesCorpus)
	if err != nil {
		t.Fatal(err)
	}
	var agree, refused, differ int
	for _, p := range c.Plugins {
		key := corpus.Key(p.Repo, p.Rel)
		live, err := listing(cl, key, p.Dir)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		if live.Plugin == "" {
			// The CLI loaded nothing to compare (a refused manifest, or a
			// directory with no component); lint's manifest rules
			// speak for these.
			refused++
			t.Logf("%s: not loaded by Claude Code %s: %s", key, live.Version, strings.Join(live.Problems, "; "))
			continue
		}
		d := cliview.Diff(namesOnly(live), predicted(t, p.Dir))
		if len(d) == 0 {
			agree++
			continue
		}
		differ++
		for _, line := range d {
			t.Errorf("%s: Components disagrees with Claude Code %s: %s", key, live.Version, line)
		}
	}
	t.Logf("%d plugins: %d agree, %d disagree, %d not loaded by the CLI", len(c.Plugins), agree, differ, refused)
}

// listing is the CLI's listing of the plugin at dir: the one kept under
// -names-listings for key, else a live run (kept there when the flag is set).
func listing(cl cliview.Runner, key, dir string) (*cliview.Listing, error) {
	if *namesListings == "" {
		return cl.List(context.Background(), dir)
	}
	kept := filepath.Join(*namesListings, strings.ReplaceAll(key, "/", "%")+".listing.json")
	if l, err := cliview.ReadRecording[cliview.Listing](kept); err == nil {
		return l, nil
	}
	live, err := cl.List(context.Background(), dir)
	if err != nil {
		return nil, err
	}
	return live, cliview.WriteRecording(kept, live)
}
