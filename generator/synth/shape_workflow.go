package synth

// workflowShape is the size profile of a second real public plugin, a
// workflow plugin of 223 files (clthuang/my-ai-setup at 923f4813,
// plugins/iflow: 28 commands with dispatch-heavy bodies, 28 agents, 29
// skills with reference files, hook scripts with a Python library and
// shell tests, MCP servers, a 640 kB lock file), recorded as numbers only
// and nothing of its text. Markdown entries are {bytes, fenced blocks};
// other files are {extension, bytes} under their directory.
var workflowShape = struct {
	commands, agents, docs [][2]int
	hooks                  []int // bytes of the hook scripts hooks.json runs
	skills                 []skillShape
	other                  []otherShape
}{
	commands: [][2]int{{637, 0}, {693, 1}, {1070, 0}, {1835, 2}, {1848, 4}, {2138, 3}, {2473, 4}, {2773, 3}, {2900, 3},
		{3039, 2}, {3197, 5}, {3795, 9}, {3959, 2}, {4147, 6}, {4423, 5}, {4616, 5}, {4697, 7}, {5003, 4}, {8068, 10},
		{9216, 7}, {12973, 17}, {14893, 18}, {18490, 8}, {19547, 9}, {19807, 9}, {25194, 23}, {25987, 17}, {46327, 43}},
	agents: [][2]int{{1923, 0}, {2136, 1}, {2489, 1}, {2572, 1}, {2600, 0}, {2716, 2}, {2819, 2}, {3007, 2}, {3353, 2},
		{3773, 1}, {4815, 2}, {5360, 2}, {5403, 1}, {5577, 2}, {5828, 1}, {6251, 2}, {6736, 2}, {6739, 2}, {7760, 3},
		{8750, 1}, {8855, 1}, {8877, 1}, {9193, 1}, {9273, 3}, {9899, 1}, {14606, 4}, {14698, 5}, {16260, 2}},
	docs:  [][2]int{{647, 0}, {2579, 3}, {10673, 7}},
	hooks: []int{382, 1169, 1388, 1725, 2821, 3024, 3328, 3412, 3874, 5832, 13419},
	skills: []skillShape{
		{[2]int{23067, 12}, [][2]int{{1808, 0}, {1882, 0}, {1891, 0}, {1931, 0}, {2022, 0}, {2052, 0}, {2067, 0}, {2093, 0},
			{2099, 0}, {2286, 0}, {2525, 0}, {2778, 0}, {3148, 0}, {3498, 2}, {8878, 4}}, nil},
		{[2]int{5299, 2}, nil, nil},
		{[2]int{4804, 3}, nil, nil},
		{[2]int{7256, 2}, [][2]int{{4487, 0}, {5270, 4}, {5906, 0}}, nil},
		{[2]int{2496, 0}, [][2]int{{1818, 1}, {1842, 1}, {1968, 1}, {2017, 1}, {2088, 1}}, nil},
		{[2]int{5686, 2}, [][2]int{{2512, 0}, {2544, 0}, {3462, 0}, {3737, 0}, {3853, 0}, {3899, 0}, {4475, 0}}, nil},
		{[2]int{4768, 2}, [][2]int{{4334, 0}}, nil},
		{[2]int{12439, 11}, nil, nil},
		{[2]int{4367, 3}, nil, nil},
		{[2]int{833, 1}, nil, nil},
		{[2]int{3065, 7}, nil, nil},
		{[2]int{5269, 2}, [][2]int{{2519, 0}, {4106, 0}, {4152, 0}, {4799, 0}, {4979, 0}, {5035, 0}, {5423, 0}}, nil},
		{[2]int{9221, 4}, nil, nil},
		{[2]int{2704, 3}, [][2]int{{5196, 10}, {5736, 12}}, nil},
		{[2]int{3411, 2}, nil, nil},
		{[2]int{10559, 5}, [][2]int{{2479, 0}, {5201, 0}}, nil},
		{[2]int{14918, 12}, [][2]int{{4029, 1}}, nil},
		{[2]int{7526, 0}, nil, nil},
		{[2]int{3993, 2}, [][2]int{{643, 0}, {1440, 0}, {2391, 5}}, nil},
		{[2]int{6046, 2}, nil, nil},
		{[2]int{8308, 1}, [][2]int{{4304, 0}, {4679, 3}, {5349, 1}, {6024, 0}}, nil},
		{[2]int{3635, 4}, [][2]int{{2441, 0}, {3599, 5}, {4073, 0}, {5545, 0}}, nil},
		{[2]int{5538, 9}, [][2]int{{3186, 7}, {4475, 2}}, nil},
		{[2]int{3415, 1}, [][2]int{{3947, 5}, {3979, 8}, {4119, 4}}, []otherShape{{"scripts", ".sh", 1515}}},
		{[2]int{7844, 5}, [][2]int{{1910, 3}}, nil},
		{[2]int{12827, 9}, [][2]int{{2474, 1}}, nil},
		{[2]int{6117, 8}, nil, nil},
		{[2]int{8829, 10}, [][2]int{{2386, 5}, {4050, 10}, {4835, 7}}, nil},
		{[2]int{5204, 3}, [][2]int{{5435, 11}, {5488, 10}, {6333, 10}, {6414, 11}, {7017, 16}}, []otherShape{{"scripts", ".js", 4895}}},
	},
	other: []otherShape{
		{"hooks/lib", ".py", 9179}, {"hooks/lib", ".sh", 4126},
		{"hooks/lib/registry", ".py", 0}, {"hooks/lib/registry", ".py", 9565}, {"hooks/lib/registry", ".py", 13269},
		{"hooks/lib/registry", ".py", 19017}, {"hooks/lib/registry", ".py", 29264}, {"hooks/lib/registry", ".py", 32210},
		{"hooks/lib/registry", ".py", 47986},
		{"hooks/lib/memory", ".py", 552}, {"hooks/lib/memory", ".py", 755}, {"hooks/lib/memory", ".py", 3632},
		{"hooks/lib/memory", ".py", 4791}, {"hooks/lib/memory", ".py", 6794}, {"hooks/lib/memory", ".py", 7455},
		{"hooks/lib/memory", ".py", 8360}, {"hooks/lib/memory", ".py", 9677}, {"hooks/lib/memory", ".py", 9895},
		{"hooks/lib/memory", ".py", 11443}, {"hooks/lib/memory", ".py", 14342}, {"hooks/lib/memory", ".py", 17350},
		{"hooks/lib/memory", ".py", 19100}, {"hooks/lib/memory", ".py", 20317}, {"hooks/lib/memory", ".py", 20556},
		{"hooks/lib/memory", ".py", 20565}, {"hooks/lib/memory", ".py", 22230}, {"hooks/lib/memory", ".py", 31212},
		{"hooks/lib/memory", ".py", 33022}, {"hooks/lib/memory", ".py", 39740},
		{"hooks/tests", ".py", 11153}, {"hooks/tests", ".py", 17797}, {"hooks/tests", ".py", 18198},
		{"hooks/tests", ".py", 18914}, {"hooks/tests", ".py", 21062}, {"hooks/tests", ".py", 35032},
		{"hooks/tests", ".sh", 29081}, {"hooks/tests", ".sh", 41232}, {"hooks/tests", ".sh", 47755},
		{"hooks/tests", ".sh", 50613}, {"hooks/tests", ".sh", 62730},
		{"mcp", ".py", 8006}, {"mcp", ".py", 11321}, {"mcp", ".py", 25521},
		{"mcp", ".sh", 1124}, {"mcp", ".sh", 1472}, {"mcp", ".sh", 4383}, {"mcp", ".sh", 4544},
		{"", ".toml", 370}, {"scripts", ".sh", 14788}, {"scripts", ".sh", 16090}, {"", ".lock", 643074},
	},
}

// skillShape is one skill: its SKILL.md, its reference files and its
// other files (scripts).
type skillShape struct {
	skill [2]int
	refs  [][2]int
	files []otherShape
}

// otherShape is a file that is not markdown: where it sits, its
// extension and its size.
type otherShape struct {
	dir, ext string
	bytes    int
}
