package witness

import "testing"

// TestOffered reads the plugin's skills from a request's skill list as
// 2.1.330 writes it: other plugins' skills and the CLI's own left out, an
// alias in parentheses dropped, the list ending at its first blank line.
func TestOffered(t *testing.T) {
	text := "- w:agent: an agent, listed before the skills\n" + skillsIntro + "\n\n" +
		"- w:tools:pdf (w:pdf): Reads PDFs\n- other:x: Not ours\n- w:count: Counts: words\n- dataviz: The CLI's own\n\n- w:after: Not in the list\n"
	if got, ok := offered(text, "w"); !ok || got != "w:count, w:tools:pdf" {
		t.Errorf("got %q, %v", got, ok)
	}
	if got, ok := offered(skillsIntro+"\n\n- dataviz: x\n", "w"); !ok || got != "none" {
		t.Errorf("a list without the plugin's skills: got %q, %v", got, ok)
	}
	if _, ok := offered("no list here", "w"); ok {
		t.Error("a request without a skill list has no offered line")
	}
}
