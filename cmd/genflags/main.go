// Command genflags writes templates/generated/flags.json, the flags Icon.tsx's Flag draws
// (and the render benchmark's html/template twin, through package generated): code →
// {name, svg}. The SVGs are flag-icons' 4x3 set read from node_modules, subset to the
// countries the portal can show a flag for, so the server bundle does not carry all 270.
//
// Run it with `go generate ./cmd/genflags` after `npm install`; a test of this package fails
// while the file on disk differs from what it would write.
package main

//go:generate go run .

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"portal/country"
	"portal/currency"
	"portal/reference"
)

const (
	dataFile   = "templates/generated/flags.json"
	flagsDir   = "node_modules/flag-icons/flags/4x3"
	regenerate = "go generate ./cmd/genflags"
)

// maxSVGBytes caps one inlined flag. A flag is inlined into every page it shows on, six to
// eight times on a logged-in page (sidebar accounts, dashboard cards), and HTML is not cached
// the way a stylesheet is: at 2.5 KB the worst page grows by ~20 KB before compression. The
// simple flags are 0.2–1.7 KB, New Zealand's (an image, see minify) 2.3 KB; those with a coat
// of arms or seal (Brazil 7 KB, Mexico 84 KB) would outweigh the rest of the page, so they
// get the code badge instead.
const maxSVGBytes = 2560

// The size the emoji took in running text, ~1.25em wide; 4:3 keeps flag-icons' ratio. Set on
// the element so the box is known before the SVG is drawn: no layout shift.
const size = ` width="1.25em" height="0.9375em"`

// Several is the code of "no single country" (currency.Unknown, spec 000 §3): a globe.
const (
	several      = currency.Unknown
	severalName  = "Several countries"
	severalGlobe = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 15"` + size + `>` +
		`<circle cx="10" cy="7.5" r="6.5" fill="#dbeafe" stroke="#1e3a8a"/>` +
		`<path d="M3.5 7.5h13M10 1c-3 3.5-3 9.5 0 13m0-13c3 3.5 3 9.5 0 13" fill="none" stroke="#1e3a8a"/></svg>`
)

// Flag is one entry of the data file; SVG is empty when the flag is over maxSVGBytes.
type Flag struct {
	Name string `json:"name"`
	SVG  string `json:"svg"`
}

// countries are those a flag can stand for: a currency's country, and a batch's country,
// which is its payout product's (the catalogue's). Any other code gets the badge.
func countries() []string {
	out := append(currency.FlagCountries(), reference.CatalogueCountries()...)
	slices.Sort(out)
	return slices.Compact(out)
}

func main() {
	// go generate runs a command in its package's folder, two below the module root.
	root, err := filepath.Abs("../..")
	if err != nil {
		log.Fatal(err)
	}
	b, err := generate(root)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(dataFile)), b, 0o644); err != nil {
		log.Fatal(err)
	}
}

func generate(root string) ([]byte, error) {
	flags := map[string]Flag{several: {Name: severalName, SVG: severalGlobe}}
	for _, cc := range countries() {
		name := country.Name(cc)
		if name == "" {
			return nil, fmt.Errorf("genflags: %q names no country", cc)
		}
		raw, err := os.ReadFile(filepath.Join(root, flagsDir, strings.ToLower(cc)+".svg"))
		if err != nil {
			return nil, fmt.Errorf("genflags: %w (run npm install first)", err)
		}
		svg, err := minify(string(raw))
		if err != nil {
			return nil, fmt.Errorf("genflags: %s: %w", cc, err)
		}
		if len(svg) > maxSVGBytes {
			svg = ""
		}
		flags[cc] = Flag{Name: name, SVG: svg}
	}
	codes := make([]string, 0, len(flags))
	for cc := range flags {
		codes = append(codes, cc)
	}
	slices.Sort(codes)
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, cc := range codes {
		var e bytes.Buffer
		enc := json.NewEncoder(&e)
		enc.SetEscapeHTML(false) // the SVG is markup: keep it readable in diffs
		if err := enc.Encode(flags[cc]); err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "  %q: %s", cc, bytes.TrimSuffix(e.Bytes(), []byte("\n")))
		if i < len(codes)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

var (
	rootID     = regexp.MustCompile(` id="flag-icons-[a-z]+"`)
	between    = regexp.MustCompile(`>\s+<`)
	whitespace = regexp.MustCompile(`\s+`)
	viewBox    = regexp.MustCompile(` viewBox="[^"]*"`)
)

// minify drops what an inline copy does not need: the root id and the indentation.
func minify(svg string) (string, error) {
	svg = strings.TrimSpace(svg)
	if !strings.HasPrefix(svg, "<svg ") || strings.Contains(svg, "<script") {
		return "", errors.New("not a plain SVG")
	}
	svg = rootID.ReplaceAllString(svg, "")
	svg = between.ReplaceAllString(svg, "><")
	svg = whitespace.ReplaceAllString(svg, " ")
	open := svg[:strings.IndexByte(svg, '>')]
	if strings.Contains(open, " width=") {
		return "", errors.New("already sized")
	}
	if !strings.Contains(svg, ` id="`) {
		return strings.Replace(svg, "<svg ", "<svg"+size+" ", 1), nil
	}
	// Ids inside a flag (clip paths, reused stars, markers) are the same in every copy, and a
	// url(#id) resolves to the page's first element of that id: when the first copy of a
	// flag is hidden (the sidebar is a closed <details> on narrow screens) the next one
	// draws without its clip or stars (the United States, Israel, Hong Kong, India in
	// Chromium). As an image of its own the flag is its own document, ids and all; the CSP
	// allows data: images.
	vb := viewBox.FindString(open)
	box := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(vb, ` viewBox="`), `"`))
	if len(box) != 4 || box[0] != "0" || box[1] != "0" || strings.Contains(svg, "'") {
		return "", errors.New("cannot be made an image: no 0 0 w h viewBox, or quotes of both kinds")
	}
	w, h := box[2], box[3]
	return `<svg xmlns="http://www.w3.org/2000/svg"` + size + vb + `><image width="` + w + `" height="` + h +
		`" href="data:image/svg+xml,` + dataURI(svg) + `"/></svg>`, nil
}

// dataURI escapes an SVG for a double-quoted attribute: its own quotes become single ones
// (flag-icons uses none), and what a URL or HTML would read otherwise is percent-encoded.
func dataURI(svg string) string {
	var b strings.Builder
	for _, c := range []byte(strings.ReplaceAll(svg, `"`, "'")) {
		if c < 0x20 || c >= 0x7f || strings.IndexByte("%#<>&", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
