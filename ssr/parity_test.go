package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The parity suite renders every case of every fixture page under
// testdata/parity twice: through our runtime (Go-native __portal_h) and
// through preact + preact-render-to-string, the renderer islands use and
// whose output is the reference (docs/architecture.md). The HTML must be identical
// byte for byte; a difference is a bug in ssr/element.go.
//
// A fixture page exports `cases` (name → thunk) and renders cases[name].

const (
	parityPages = "testdata/parity"
	// noIslands is a folder that does not exist: parity pages place none.
	noIslands = "testdata/none"
)

// knownDifferences are the cases where our output differs on purpose or by
// a limit of the design; each pins what we produce instead.
var knownDifferences = map[string]struct {
	err  error  // the render fails with this error, or
	html string // the render gives this HTML
}{
	// Selecting an option from the <select value> would need the select's
	// value while its options are serialised, and they are serialised first.
	"Forms/selectValue": {err: errSelectValue},
	// Elements are serialised before their parent, so SVG attribute naming
	// follows the element's own tag, not its ancestry: an <svg> is taken to
	// sit in HTML (as every page's icons do), and a nested one keeps
	// camelCase where preact would write stroke-width.
	"SVG/nestedSVG": {html: `<svg><svg strokeWidth="2" x="1"><path stroke-width="3"></path></svg></svg>`},
}

func TestParity(t *testing.T) {
	r := newRenderer(t, parityPages, noIslands, Config{Size: 1})
	ref := newReference(t, parityPages, noIslands)

	pages := make([]string, 0, len(ref.casesByPage))
	for p := range ref.casesByPage {
		pages = append(pages, p)
	}
	sort.Strings(pages)
	total := 0
	for _, page := range pages {
		cases := ref.casesByPage[page]
		if len(cases) == 0 {
			t.Errorf("%s: fixture exports no cases", page)
		}
		for _, name := range cases {
			total++
			id := page + "/" + name
			t.Run(id, func(t *testing.T) {
				props := fmt.Sprintf(`{"name":%q}`, name)
				got, err := r.Render(context.Background(), page, []byte(props))
				if known, ok := knownDifferences[id]; ok {
					switch {
					case known.err != nil && !errors.Is(err, known.err):
						t.Fatalf("error = %v, want %v", err, known.err)
					case known.err == nil && err != nil:
						t.Fatal(err)
					case known.err == nil && string(got.HTML) != known.html:
						t.Fatalf("got  %s\nwant %s (pinned known difference)", got.HTML, known.html)
					}
					if want, err := ref.renderPage(page, props); err == nil && want == string(got.HTML) {
						t.Errorf("known difference is gone (both give %s): drop it from knownDifferences", want)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				want, err := ref.renderPage(page, props)
				if err != nil {
					t.Fatalf("reference: %v", err)
				}
				if string(got.HTML) != want {
					t.Errorf("HTML differs from preact-render-to-string\n got: %s\nwant: %s\n%s", got.HTML, want, firstDiff(string(got.HTML), want))
				}
			})
		}
	}
	for id := range knownDifferences {
		page, name, _ := strings.Cut(id, "/")
		found := false
		for _, c := range ref.casesByPage[page] {
			found = found || c == name
		}
		if !found {
			t.Errorf("knownDifferences names %s, which is not a fixture case", id)
		}
	}
	// Guards against a fixture folder that silently stopped loading.
	if total < 100 {
		t.Errorf("only %d parity cases ran; the fixtures hold more", total)
	}
}

// firstDiff points at where two outputs part, for long pages.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-40)
	return fmt.Sprintf("first difference at byte %d:\n got: …%s\nwant: …%s", i, a[lo:min(len(a), i+40)], b[lo:min(len(b), i+40)])
}

// TestNodeTwinParity checks the JS twin of our runtime that
// cmd/renderbench runs in node (ssr/node-render.mjs) against the Go
// runtime on every parity case, so the node column of the benchmark
// measures the same work that goja does.
func TestNodeTwinParity(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	src := serverBundle(t, parityPages, noIslands)
	r := newRenderer(t, parityPages, noIslands, Config{Size: 1})
	ref := newReference(t, parityPages, noIslands)

	tmp := t.TempDir()
	bundlePath := filepath.Join(tmp, "server.js")
	if err := os.WriteFile(bundlePath, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	for page, names := range ref.casesByPage {
		for _, name := range names {
			cases = append(cases, [2]string{page, fmt.Sprintf(`{"name":%q}`, name)})
		}
	}
	casesJSON, _ := json.Marshal(cases)
	casesPath := filepath.Join(tmp, "cases.json")
	if err := os.WriteFile(casesPath, casesJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, "node-render.mjs", "each", bundlePath, casesPath).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var results []struct {
		HTML  *string `json:"html"`
		Error string  `json:"error"`
	}
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatal(err)
	}
	if len(results) != len(cases) {
		t.Fatalf("node rendered %d cases, want %d", len(results), len(cases))
	}
	for i, c := range cases {
		got, goErr := r.Render(context.Background(), c[0], []byte(c[1]))
		res := results[i]
		switch {
		case goErr != nil && res.HTML != nil:
			t.Errorf("%s %s: Go fails (%v), node renders %s", c[0], c[1], goErr, *res.HTML)
		case goErr == nil && res.HTML == nil:
			t.Errorf("%s %s: node fails (%s), Go renders %s", c[0], c[1], res.Error, got.HTML)
		case goErr == nil && *res.HTML != string(got.HTML):
			t.Errorf("%s %s: node twin differs\n  go: %s\nnode: %s", c[0], c[1], got.HTML, *res.HTML)
		}
	}
}
