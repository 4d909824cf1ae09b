package servertest

import (
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"

	"portal/server"
	"portal/server/internal/testkit"
)

// CheckIslandWeight fails t when island's first load is over the budget of 10 KB gzip with
// its share of the runtime (see IslandWeight), and logs the three readings.
func CheckIslandWeight(t testing.TB, island string) {
	t.Helper()
	own, share, whole := IslandWeight(t, island)
	t.Logf("%s: %d B gzip itself, %d B with the chunks the shell does not load, %d B with every chunk", island, own, share, whole)
	limit, over := overBudget[island]
	switch {
	case !over && share > 10<<10:
		t.Errorf("%s weighs %d B gzip with its share of the runtime; the budget is 10 KB", island, share)
	case over && share > limit:
		t.Errorf("%s weighs %d B gzip with its share of the runtime: more than the %d B it weighed when it was found over the 10 KB budget", island, share, limit)
	case over && share <= 10<<10:
		t.Errorf("%s is within the 10 KB budget now (%d B): take it off overBudget", island, share)
	}
}

// overBudget are the islands over the 10 KB budget once side-effect imports (the session
// and dialog chunks, `import"../chunks/…"`) were counted too, with what each weighed then:
// a ceiling that may only come down until they are within the budget.
var overBudget = map[string]int{"PayoutExport": 10878, "StatementExport": 10327}

// IslandWeight is an island's first-load weight in the built assets, gzip (the budget: one
// island, gzip, with its share of the runtime, ≤ 10 KB). share is its module and the chunks
// it imports that an organisation page does not load anyway (the shell's ShellMenu island
// and its chunks); whole counts every chunk it imports, the strictest reading, as make bench
// prints it. Chunks loaded later by import() are not first-load weight and count in neither.
func IslandWeight(t testing.TB, island string) (own, share, whole int) {
	t.Helper()
	dist := testkit.Dist(t)
	as, err := server.LoadAssets(dist)
	if err != nil {
		t.Fatal(err)
	}
	// Every chunk the island's module needs before it runs: its static imports, theirs, and so
	// on (a chunk may import another chunk; counting only the module's own imports missed those).
	chunks := func(island string) (own int, deps map[string]int) {
		f, ok := as.Manifest.Islands[island]
		if !ok {
			t.Fatalf("no island %s in the manifest", island)
		}
		_, own, _ = as.Size(f)
		deps = map[string]int{}
		queue := StaticImports(t, dist, f)
		for len(queue) > 0 {
			dep := queue[0]
			queue = queue[1:]
			if _, seen := deps[dep]; seen || dep == f {
				continue
			}
			_, gz, _ := as.Size(dep)
			deps[dep] = gz
			queue = append(queue, StaticImports(t, dist, dep)...)
		}
		return own, deps
	}
	own, deps := chunks(island)
	_, shell := chunks("ShellMenu")
	share, whole = own, own
	for name, gz := range deps {
		whole += gz
		if _, loaded := shell[name]; !loaded {
			share += gz
		}
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
	dist := testkit.Dist(t)
	as, err := server.LoadAssets(dist)
	if err != nil {
		t.Fatal(err)
	}
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
		seen := map[string]bool{}
		var walk func(f string)
		walk = func(f string) {
			if seen[f] {
				return
			}
			seen[f] = true
			_, gz, br := as.Size(f)
			if gz == 0 {
				t.Fatalf("%s is not among the built assets", f)
			}
			s.Files, s.GZ, s.BR = append(s.Files, f), s.GZ+gz, s.BR+br
			for _, dep := range StaticImports(t, dist, f) {
				walk(dep)
			}
		}
		if boot != "" {
			walk(boot)
		}
		for _, f := range roots {
			walk(f)
		}
		sort.Strings(s.Files)
		return s
	}
	return weigh(eager), weigh(every)
}

// staticImport matches the static imports and re-exports of esbuild's minified modules,
// not import(): `import"x"`, `import{a}from"x"`, `export{a}from"x"`.
var staticImport = regexp.MustCompile(`(?:\bfrom|\bimport)\s*"([^"]+)"`)

// StaticImports lists the files module f (a path in dist) imports statically.
func StaticImports(t testing.TB, dist fs.FS, f string) []string {
	t.Helper()
	b, err := fs.ReadFile(dist, f)
	if err != nil {
		t.Fatal(err)
	}
	var deps []string
	for _, m := range staticImport.FindAllSubmatch(b, -1) {
		spec := string(m[1])
		if !strings.HasPrefix(spec, ".") {
			continue
		}
		deps = append(deps, path.Join(path.Dir(f), spec))
	}
	return deps
}
