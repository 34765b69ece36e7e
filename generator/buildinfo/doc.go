// Package buildinfo names the version of the running plugforge binary from
// what the Go toolchain recorded in it (the module version of `go install
// …@vX.Y.Z`, the tag and commit of a release build), or from a version a
// packager stamped with -ldflags. It reads only the binary's own build
// information.
package buildinfo
