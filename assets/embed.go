// Package assets embeds the built front end (assets/dist, made by
// `go run ./cmd/build`), so the portal is one binary.
package assets

import "embed"

// Dist holds manifest.json, server.js, css/ and js/.
//
//go:embed all:dist
var Dist embed.FS
