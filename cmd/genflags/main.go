// Command genflags writes the flags Icon.tsx's Flag shows (and the render benchmark's
// html/template twin, through package generated): templates/generated/flags.json, code →
// {name, file}, and each flag as its own SVG file in templates/generated/flags, which the
// front-end build copies to assets/dist/flags. The SVGs are flag-icons' 4x3 set read from
// node_modules, subset to the countries the portal can show a flag for.
//
// A flag is an image of its own, not markup inlined into the page: the sidebar shows one
// per account on every logged-in page, and HTML is sent again on every visit while an
// image with a content-hashed name is fetched once (0.7 KB of every page's compressed
// HTML, docs/architecture.md, Budgets). As its own document a flag's ids (clip paths,
// reused stars) cannot clash with a second copy on the page either.
//
// Run it with `go generate ./cmd/genflags` after `npm install`; a test of this package fails
// while the files on disk differ from what it would write.
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

	"portal/assetname"
	"portal/country"
	"portal/currency"
	"portal/reference"
)

const (
	dataFile   = "templates/generated/flags.json"
	filesDir   = "templates/generated/flags"
	flagsDir   = "node_modules/flag-icons/flags/4x3"
	regenerate = "go generate ./cmd/genflags"
)

// maxSVGBytes caps one flag. A flag is a request of its own on a first visit; the simple
// flags are 0.2–1.7 KB, New Zealand's 2.3 KB, while those with a coat of arms or seal
// (Brazil 7 KB, Mexico 84 KB) would outweigh the page that shows them on a slow
// connection, so they get the code badge instead.
const maxSVGBytes = 2560

// Several is the code of "no single country" (currency.Unknown, spec 000 §3): a globe.
const (
	several      = currency.Unknown
	severalName  = "Several countries"
	severalGlobe = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 15">` +
		`<circle cx="10" cy="7.5" r="6.5" fill="#dbeafe" stroke="#1e3a8a"/>` +
		`<path d="M3.5 7.5h13M10 1c-3 3.5-3 9.5 0 13m0-13c3 3.5 3 9.5 0 13" fill="none" stroke="#1e3a8a"/></svg>`
)

// Flag is one entry of the data file. File is the flag's path under /assets/ (its name
// carries a hash of its content, so it is cached for good), empty when the flag is over
// maxSVGBytes.
type Flag struct {
	Name string `json:"name"`
	File string `json:"file"`
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
	data, files, err := generate(root)
	if err != nil {
		log.Fatal(err)
	}
	dir := filepath.Join(root, filepath.FromSlash(filesDir))
	if err := os.RemoveAll(dir); err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	for name, svg := range files {
		if err := os.WriteFile(filepath.Join(dir, name), svg, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(dataFile)), data, 0o644); err != nil {
		log.Fatal(err)
	}
}

// generate returns the data file and the flags' files by name.
func generate(root string) ([]byte, map[string][]byte, error) {
	files := map[string][]byte{}
	flags := map[string]Flag{}
	add := func(cc, name, svg string) {
		if len(svg) > maxSVGBytes {
			flags[cc] = Flag{Name: name}
			return
		}
		file := assetname.Hashed(strings.ToLower(cc), []byte(svg), ".svg")
		files[file] = []byte(svg)
		flags[cc] = Flag{Name: name, File: "flags/" + file}
	}
	add(several, severalName, severalGlobe)
	for _, cc := range countries() {
		name := country.Name(cc)
		if name == "" {
			return nil, nil, fmt.Errorf("genflags: %q names no country", cc)
		}
		raw, err := os.ReadFile(filepath.Join(root, flagsDir, strings.ToLower(cc)+".svg"))
		if err != nil {
			return nil, nil, fmt.Errorf("genflags: %w (run npm install first)", err)
		}
		svg, err := minify(string(raw))
		if err != nil {
			return nil, nil, fmt.Errorf("genflags: %s: %w", cc, err)
		}
		add(cc, name, svg)
	}
	codes := make([]string, 0, len(flags))
	for cc := range flags {
		codes = append(codes, cc)
	}
	slices.Sort(codes)
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, cc := range codes {
		e, err := json.Marshal(flags[cc])
		if err != nil {
			return nil, nil, err
		}
		fmt.Fprintf(&b, "  %q: %s", cc, e)
		if i < len(codes)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes(), files, nil
}

var (
	rootID     = regexp.MustCompile(` id="flag-icons-[a-z]+"`)
	between    = regexp.MustCompile(`>\s+<`)
	whitespace = regexp.MustCompile(`\s+`)
	viewBox    = regexp.MustCompile(` viewBox="0 0 [0-9.]+ [0-9.]+"`)
)

// minify drops what the file does not need: the root id and the indentation. The page
// sizes the image (the flag class of assets/app.css), so it needs a viewBox to scale by.
func minify(svg string) (string, error) {
	svg = strings.TrimSpace(svg)
	if !strings.HasPrefix(svg, "<svg ") || strings.Contains(svg, "<script") {
		return "", errors.New("not a plain SVG")
	}
	svg = rootID.ReplaceAllString(svg, "")
	svg = between.ReplaceAllString(svg, "><")
	svg = whitespace.ReplaceAllString(svg, " ")
	if !viewBox.MatchString(svg[:strings.IndexByte(svg, '>')]) {
		return "", errors.New("no 0 0 w h viewBox to scale by")
	}
	return svg, nil
}
