// Package generated hands Go the data files generated for the TSX, so Go markup that stands
// in for a TSX component (the render benchmark's twins) draws from the same data.
package generated

import _ "embed"

// FlagsJSON is flags.json (cmd/genflags): country code → {name, svg}.
//
//go:embed flags.json
var FlagsJSON []byte
