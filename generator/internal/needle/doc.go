// Package needle finds every occurrence of a fixed set of literals in one
// pass over a text (Aho-Corasick, compiled to a full transition table).
// The lint facts use it to find all the literals their patterns and the
// rules' patterns need in a file at once, and the snapshot to find which
// of a plugin's file names a script mentions. It does not do regular
// expressions, case folding or Unicode: literals are bytes.
package needle
