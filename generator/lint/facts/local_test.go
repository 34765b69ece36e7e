package facts

import "testing"

func TestLocalFile(t *testing.T) {
	p := plugin(map[string]string{
		".gitignore":           "# local state\n/config.toml\nworkspace/**\n!workspace/keep.md\n*.log\ndist/\n",
		"config.example.toml":  "token = \"\"\n",
		"keys/.env.example":    "API_KEY=\n",
		"workspace/.keep":      "",
		"commands/run.md":      "---\ndescription: d\n---\nRead the notes.\n",
		"profiles/base.sample": "x",
	})
	for rel, want := range map[string]bool{
		"config.toml":        true,  // template shipped, and ignored
		"keys/.env":          true,  // .env.example beside it
		"profiles/base":      true,  // base.sample beside it
		"workspace/notes.md": true,  // an ignored folder's state file
		"logs/run.log":       true,  // *.log, unanchored
		"dist/server.js":     false, // ignored, but code: a build output missing from every install
		"references/api.md":  false, // neither ignored nor templated: the plugin should ship it
		"workspace/keep.md":  false, // taken back by !
		"settings.toml":      false, // no template, not ignored
	} {
		if got := LocalFile(p, rel); got != want {
			t.Errorf("LocalFile(%s) = %v, want %v", rel, got, want)
		}
	}
}
