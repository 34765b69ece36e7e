package model

// Command is the frontmatter of plugin-src/commands/<name>.md. Its body is a
// template rendered into dist/<variant>/commands/<name>.md.
type Command struct {
	Description            string `yaml:"description" pf:"required"`
	ArgumentHint           string `yaml:"argument-hint,omitempty"`
	AllowedTools           []Tool `yaml:"allowed-tools,omitempty"`
	Model                  Model  `yaml:"model,omitempty"`
	DisableModelInvocation bool   `yaml:"disable-model-invocation,omitempty"`
}

// Agent is the frontmatter of plugin-src/agents/<name>.md; the body is the
// subagent's system prompt.
type Agent struct {
	Name        string `yaml:"name" pf:"required"`
	Description string `yaml:"description" pf:"required"`
	Tools       []Tool `yaml:"tools" pf:"required"`
	Model       Model  `yaml:"model" pf:"required"`
	Color       Color  `yaml:"color,omitempty"`
}

// Skill is the frontmatter of plugin-src/skills/<name>/SKILL.md.
type Skill struct {
	Name                   string `yaml:"name" pf:"required"`
	Description            string `yaml:"description" pf:"required"`
	AllowedTools           []Tool `yaml:"allowed-tools,omitempty"`
	DisableModelInvocation bool   `yaml:"disable-model-invocation,omitempty"`
	UserInvocable          *bool  `yaml:"user-invocable,omitempty"`
}

// Kind names a component family; it is also the dist/ directory it renders to.
type Kind string

const (
	KindCommand Kind = "commands"
	KindAgent   Kind = "agents"
	KindSkill   Kind = "skills"
)
