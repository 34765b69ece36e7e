package harness

import "encoding/json"

// ContentBlocks decodes a message's content, a string or a list of blocks,
// for callers that read a recorded conversation block by block (the result
// forms recorder): which tool a tool result answers, and its is_error flag.
func ContentBlocks(raw json.RawMessage) []Block { return blocks(raw) }

// BlocksText flattens blocks as the matchers read them: text, tool results'
// own content, tool calls as "name input".
func BlocksText(bs []Block) string { return text(bs) }
