package rules

import (
	"bytes"
	"encoding/base64"
	"math"
	"path"
	"strings"

	"github.com/plugforge/plugforge/generator/lazyre"
)

// sampleSecret reports whether a match of a credential pattern is a
// placeholder or a documented sample rather than a live credential. A live
// key is random: SE003 only matters for those, and docs and tests are full
// of shaped-but-fake ones ("sk-ant-api03-YOUR_KEY…", "ghp_xxxx…", the jwt.io
// token, a private key in a TLS test fixture). The classifier looks at:
//   - the token: placeholder words (your, example, sample, dummy, fake,
//     placeholder, redacted, replace, insert, xxxx…), a run of four equal
//     or four consecutive characters (0000, 1234, abcd), or little entropy
//     in the random part;
//   - a JWT's payload: sample claims (John Doe, 1234567890, example);
//   - the file: test fixtures and examples (test/, tests/, __tests__/,
//     fixtures/, testdata/, examples/, *.example, *.sample, *_test.*,
//     *.test.*, *.spec.*);
//   - the line: one that calls itself an example or a sample ("Example:
//     AIza…", "e.g. sk-…") or names an example domain (example.com), where
//     the credential is part of a sample request;
//   - an angle-bracket slot it runs into or sits in
//     ("xoxb-1234567890-<bot-token>", "<sk-ant-…>"): a template the reader
//     fills in, as 2.1.330's own classifier of MCP header values reads [<>].
func sampleSecret(file string, data []byte, start, end int, prefix int) bool {
	tok := string(data[start:end])
	if fixturePath(file) || placeholderWord(tok) || slotted(data, start, end) {
		return true
	}
	ls := bytes.LastIndexByte(data[:start], '\n') + 1
	le := bytes.IndexByte(data[end:], '\n')
	if le < 0 {
		le = len(data) - end
	}
	line := strings.ToLower(string(data[ls : end+le]))
	if strings.Contains(line, "example") || strings.Contains(line, "sample") || strings.Contains(line, "e.g.") {
		return true
	}
	if strings.HasPrefix(tok, "eyJ") {
		return sampleJWT(tok)
	}
	if strings.Contains(tok, "PRIVATE KEY") {
		// only the header matched: a key follows as base64 lines; a header
		// alone (a scanner's pattern, prose about key files) holds nothing
		rest := data[end:]
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			rest = rest[i+1:]
		}
		first, _, _ := bytes.Cut(rest, []byte("\n"))
		b := strings.TrimSpace(string(first))
		return len(b) < 40 || elidedKey(rest) || strings.Trim(b, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") != "" ||
			placeholderWord(b) || patterned(b) || entropy(b) < 4.0
	}
	body := tok[min(prefix, len(tok)):]
	return patterned(body) || len(body) >= 20 && entropy(body) < 3.0
}

// elidedKey reports whether the body of a PEM block (body: the lines
// after its BEGIN line) is cut short on purpose: a line such as "...",
// "…" or "<...>" stands for the rest of the key before the END line, or
// the END line comes after fewer base64 characters than the smallest
// private key has (an Ed25519 key in PKCS#8 is 64). A guide that shows
// the shape of a key writes it so; a leaked key is whole.
func elidedKey(body []byte) bool {
	n := 0
	for _, line := range strings.Split(string(body), "\n") {
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "-----END"):
			return n < 64
		case elisionRE.MatchString(l):
			return true
		case l != "" && strings.Trim(l, base64Chars) == "":
			n += len(l)
		default:
			return false // not a key body as written: judged as before
		}
	}
	return false
}

const base64Chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// elisionRE: a line that stands for lines left out.
var elisionRE = lazyre.New(`^(?:\.{3,}|…+|<\s*(?:\.{3}|…)\s*>|\[\s*(?:\.{3}|…)\s*\]|\(\s*(?:\.{3}|…)\s*\)|(?:\.\s){2,}\.)$`)

// slotted reports whether the token at data[start:end] runs into an
// angle-bracket slot ("xoxb-1234567890-<bot-token>") or sits in one
// ("<sk-ant-api03-…>"). An HTML tag around a key ("<code>…</code>") is
// not a slot: "</" closes a tag, and "<code>" ends before the key.
func slotted(data []byte, start, end int) bool {
	if slotRE.Match(data[end:min(end+64, len(data))]) {
		return true
	}
	return start > 0 && data[start-1] == '<' && end < len(data) && data[end] == '>'
}

var slotRE = lazyre.New(`^<[A-Za-z][A-Za-z0-9_ .-]*>`)

var placeholderWords = []string{"your", "example", "sample", "dummy", "fake", "placeholder", "redacted",
	"replace", "insert", "xxxx", "changeme", "notreal", "secret_here", "key_here", "token_here"}

func placeholderWord(tok string) bool {
	l := strings.ToLower(tok)
	for _, w := range placeholderWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// patterned reports a run of four equal characters or four consecutive
// ones (ascending or descending, letters compared case-insensitively).
func patterned(s string) bool {
	l := strings.ToLower(s)
	eq, up, down := 1, 1, 1
	for i := 1; i < len(l); i++ {
		a, b := l[i-1], l[i]
		eq, up, down = next(eq, b == a), next(up, b == a+1 && alnum(a) && alnum(b)), next(down, b+1 == a && alnum(a) && alnum(b))
		if eq >= 4 || up >= 4 || down >= 4 {
			return true
		}
	}
	return false
}

func next(n int, cont bool) int {
	if cont {
		return n + 1
	}
	return 1
}

func alnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// entropy is the Shannon entropy of s in bits per character; random
// base62 text of 20+ characters scores above 4.
func entropy(s string) float64 {
	var n [256]int
	for i := 0; i < len(s); i++ {
		n[s[i]]++
	}
	h := 0.0
	for _, c := range n {
		if c > 0 {
			p := float64(c) / float64(len(s))
			h -= p * math.Log2(p)
		}
	}
	return h
}

// sampleJWT decodes the payload and looks for the claims of the samples
// every JWT tutorial copies.
func sampleJWT(tok string) bool {
	parts := strings.Split(tok, ".")
	if len(parts) < 2 {
		return false
	}
	p, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return false
	}
	s := strings.ToLower(string(p))
	return strings.Contains(s, "john doe") || strings.Contains(s, "1234567890") || placeholderWord(s) ||
		strings.Contains(s, "\"test") || strings.Contains(s, "jane doe")
}

// fixturePath reports test fixtures and example files.
func fixturePath(p string) bool {
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch strings.ToLower(d) {
		case "test", "tests", "__tests__", "fixtures", "fixture", "testdata", "examples", "example", "samples", "__fixtures__", "spec":
			return true
		}
	}
	b := strings.ToLower(path.Base(p))
	for _, s := range []string{".example", ".sample", ".template"} {
		if strings.HasSuffix(b, s) || strings.Contains(b, s+".") {
			return true
		}
	}
	stem := strings.TrimSuffix(b, path.Ext(b))
	return strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec")
}
