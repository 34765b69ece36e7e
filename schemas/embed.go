package schemas

import "embed"

// FS holds every *.schema.json file of this directory.
//
//go:embed *.schema.json
var FS embed.FS

// Base is the URI the schemas' $id values share.
const Base = "https://plugforge.dev/schemas/"
