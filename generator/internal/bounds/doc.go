// Package bounds is test support: it runs a function and fails the test if
// it takes too long or allocates too much. It is used by the hostile-input
// tests of the loader and the template engine; nothing in the build uses it.
package bounds
