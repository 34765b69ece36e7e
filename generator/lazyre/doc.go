// Package lazyre holds regular expressions that compile on first use.
//
// A package-level regexp.MustCompile runs in the package's init, so every
// plugforge process pays for every pattern of every linked package, even
// `plugforge --version`: 55 patterns were about a third of the start-up
// allocations. A *RE has the methods of *regexp.Regexp that plugforge
// uses, so a declaration changes from regexp.MustCompile(`…`) to
// lazyre.New(`…`) and its uses stay as they are.
//
// A pattern that does not compile panics at first use rather than at
// start-up; CheckAll compiles every pattern declared so far, and a test in
// each package that declares patterns calls it.
package lazyre
