// Package render turns a loaded plugin-src (generator/source) into the bytes
// of every file of one variant. Templates are parsed once; bodies are parsed
// once per plugin and executed per variant with missingkey=error. Output is
// normalised (LF, one final newline, single blank lines outside code fences)
// and carries a generated-file marker where the format allows one.
//
// An imported plugin (plugin.yaml output.exact) is rendered exactly
// instead: each markdown or text source is one whole-file template whose
// output is written as it renders, plus at most one marker line
// (output.markers: manifest drops even that); raw/ files are copied byte
// for byte; plugin.json follows the key order and layout in plugin_json.
//
// It records, for each output file, the sources that produced it (the
// plugin-src file, plugin.yaml, roles.yaml when dispatch data was read, and
// the templates statically reachable from it), and the dispatch sites it
// rendered: the engine wraps every dispatch template in two recording
// actions (sites.go), so each site is known by role, kind and line without
// reading the text back. A roles.yaml site that no body renders fails the
// build. It does not touch the file system; generator/outtree writes and
// compares.
package render
