// Package icons holds the portal's icon sprite: each icon a <symbol> of icons.svg, drawn by
// Icon.tsx as <svg><use href="/assets/icons-….svg#name"></svg>. The sprite is one image
// fetched once and cached for good, where the icons inlined were path data sent again in
// every page's HTML (the sidebar has eight).
package icons

import (
	_ "embed"
	"regexp"
	"sync"

	"portal/assetname"
)

// Sprite is icons.svg.
//
//go:embed icons.svg
var Sprite []byte

// File is the sprite's name among the built assets: its content's hash in the name, so a
// changed sprite is a new URL and the old one may be cached for good.
var File = sync.OnceValue(func() string { return assetname.Hashed("icons", Sprite, ".svg") })

// Href is the URL that draws the icon of that name.
func Href(name string) string { return "/assets/" + File() + "#" + name }

var symbolID = regexp.MustCompile(`<symbol id="([a-z]+)"`)

// Names are the sprite's icons.
func Names() []string {
	var out []string
	for _, m := range symbolID.FindAllSubmatch(Sprite, -1) {
		out = append(out, string(m[1]))
	}
	return out
}
