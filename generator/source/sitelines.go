package source

import "gopkg.in/yaml.v3"

// SiteLine is the roles.yaml line of the dispatch site commands.<command>.<role>,
// for messages about the site; 0 when unknown.
func (p *Plugin) SiteLine(command, role string) int { return p.siteLines[command+"\x00"+role] }

// readSiteLines records the line of every key under roles.yaml "commands",
// which the typed model (a map of maps) cannot carry. data has already
// decoded strictly, so a shape it does not expect is simply skipped.
func readSiteLines(data []byte) map[string]int {
	out := map[string]int{}
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return out
	}
	commands := mappingValue(doc.Content[0], "commands")
	if commands == nil {
		return out
	}
	for i := 0; i+1 < len(commands.Content); i += 2 {
		sites := commands.Content[i+1]
		if sites.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(sites.Content); j += 2 {
			key := sites.Content[j]
			out[commands.Content[i].Value+"\x00"+key.Value] = fileLine(data, key.Line)
		}
	}
	return out
}

// mappingValue is the value under key in mapping n, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
