// Package plugintest exercises the rendered iflow plugin in dist/: it runs the
// hook scripts against fixture project trees. It never writes dist/.
package plugintest
