// Package graph draws the workflow of a rendered plugin variant: the phase
// commands in order, the skills each follows, the agents each command or
// skill dispatches (fresh, or fresh and then continued), and the hook
// scripts by event. It writes the picture as Mermaid or Graphviz DOT, and
// keeps a Mermaid copy in step inside a README between two marker lines.
//
// The graph is read from what was actually rendered, with plugin-src's typed
// data naming the parts:
//
//   - The phase chain follows roles.yaml `phases` (each has `next`). A command
//     outside `phases` hands on to the command its "- Completion" line (the
//     YOLO hand-off every command of the chain states) invokes; that is how
//     brainstorm → create-feature → specify is found.
//   - A skill is followed when the rendered body names it as <plugin>:<skill>
//     (what {{.Skill "x"}} renders). Scanning the output rather than the
//     templates also catches references made by shared templates through
//     typed data (a phase's executor skill), which a static walk of the
//     template tree cannot resolve.
//   - An agent is dispatched where the render recorded a dispatch site for it
//     in the command's or skill's file: fresh, continued (or resumed, in the
//     task-resume dialect), or both. Nothing is inferred from roles.yaml or
//     re-read from the text, so the picture shows exactly what was rendered.
//   - Hooks come from the typed hooks.yaml: event → matcher → script.
//
// Output is deterministic: node ids derive from names alone, and every list
// is in chain, file or sorted order. The package does not write dist/ and
// does not print; generator/pipeline and cmd/plugforge do.
package graph
