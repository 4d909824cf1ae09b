package servertest

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
)

// CheckIslandWeight fails t when island's first load is over the budget of 10 KB gzip with
// its share of the runtime (see server.Assets.IslandWeight: the island and every chunk it
// imports statically, less only what the loader loads itself), and logs the readings.
func CheckIslandWeight(t testing.TB, island string) {
	t.Helper()
	own, share, whole := IslandWeight(t, island)
	t.Logf("%s: %d B gzip itself, %d B with its share of the runtime (every chunk it imports, less the loader's), %d B with the loader's too", island, own, share, whole)
	if share > 10<<10 {
		t.Errorf("%s weighs %d B gzip with its share of the runtime; the budget is 10 KB", island, share)
	}
}

// IslandWeight is island's first-load weight in the built assets, gzip: its module alone
// (own), with its share of the runtime (share: every chunk it imports statically,
// transitively, less what the loader boot.js loads statically itself, nothing today) and
// with the loader's chunks too (whole). Chunks loaded later by import() count in none.
func IslandWeight(t testing.TB, island string) (own, share, whole int) {
	t.Helper()
	as, _ := builtAssets(t)
	own, share, whole, ok := as.IslandWeight(island)
	if !ok {
		t.Fatalf("no island %s in the manifest, or a file it imports is not among the built assets", island)
	}
	return own, share, whole
}

// Scripts is what a page's JavaScript weighs: the files and their gzip and brotli sizes
// summed.
type Scripts struct {
	Files  []string
	GZ, BR int
}

// PageScripts weighs the JavaScript a page loads before any interaction (first) and what
// it would load if every island on it were needed (all: the loader and each island's
// module with the chunks it imports statically; what every page loaded before islands
// came on demand). The page's own markup says which islands count as needed at once: the
// loader (ssr/runtime/boot.js) imports those without data-load at once (and counts here
// the visible ones too, whether in view or not, the strict reading) and waits for a focus, a click or the
// session timer for the others. Chunks loaded by import() come later and count in
// neither.
func PageScripts(t testing.TB, doc *html.Node) (first, all Scripts) {
	t.Helper()
	as, _ := builtAssets(t)
	var boot string
	modules := map[string]string{}
	for _, s := range htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "script" }) {
		// html/template writes "/" as "\/" inside a script: both mean "/".
		text := strings.ReplaceAll(htmlq.Text(s), `\/`, "/")
		switch {
		case htmlq.Attr(s, "type") == "module":
			m := regexp.MustCompile(`^import "/assets/([^"]+)";$`).FindStringSubmatch(strings.TrimSpace(text))
			if m == nil {
				t.Fatalf("module script %q is not the loader's import", text)
			}
			boot = m[1]
		case htmlq.Attr(s, "id") == "island-modules":
			if err := json.Unmarshal([]byte(text), &modules); err != nil {
				t.Fatalf("island-modules: %v", err)
			}
		}
	}
	var eager, every []string
	for _, el := range htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") != "" }) {
		name := htmlq.Attr(el, "data-island")
		url, ok := modules[name]
		if !ok {
			t.Fatalf("island %s is on the page but not in #island-modules", name)
		}
		f := strings.TrimPrefix(url, "/assets/")
		every = append(every, f)
		if l := htmlq.Attr(el, "data-load"); l == "" || l == "visible" {
			eager = append(eager, f)
		}
	}
	if boot == "" && len(every) > 0 {
		t.Fatal("islands on the page but no loader")
	}
	weigh := func(roots []string) Scripts {
		var s Scripts
		files := map[string]bool{}
		for _, f := range append([]string{boot}, roots...) {
			if f == "" {
				continue
			}
			files[f] = true
			for dep := range as.StaticClosure(f) {
				files[dep] = true
			}
		}
		for f := range files {
			_, gz, br := as.Size(f)
			if gz == 0 {
				t.Fatalf("%s is not among the built assets", f)
			}
			s.Files, s.GZ, s.BR = append(s.Files, f), s.GZ+gz, s.BR+br
		}
		sort.Strings(s.Files)
		return s
	}
	return weigh(eager), weigh(every)
}
