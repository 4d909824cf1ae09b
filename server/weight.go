package server

import (
	"path"
	"regexp"
	"strings"
)

// staticImport matches the static imports and re-exports of esbuild's minified modules,
// not import(): `import"x"`, `import{a}from"x"`, `export{a}from"x"`.
var staticImport = regexp.MustCompile(`(?:\bfrom|\bimport)\s*"([^"]+)"`)

// StaticImports lists the files module f (a path in the built assets, src its text)
// imports statically: relative specifiers only, resolved against f's folder.
func StaticImports(f string, src []byte) []string {
	var deps []string
	for _, m := range staticImport.FindAllSubmatch(src, -1) {
		spec := string(m[1])
		if !strings.HasPrefix(spec, ".") {
			continue
		}
		deps = append(deps, path.Join(path.Dir(f), spec))
	}
	return deps
}

// StaticClosure is every file module f needs before it runs: its static imports, theirs,
// and so on (a chunk may import another chunk), f excluded; chunks loaded by import() come
// later and are not in it.
func (a *Assets) StaticClosure(f string) map[string]bool {
	deps := map[string]bool{}
	queue := a.staticImports(f)
	for len(queue) > 0 {
		dep := queue[0]
		queue = queue[1:]
		if deps[dep] || dep == f {
			continue
		}
		deps[dep] = true
		queue = append(queue, a.staticImports(dep)...)
	}
	return deps
}

func (a *Assets) staticImports(f string) []string {
	if b := a.files[f]; b != nil {
		return StaticImports(f, b.raw)
	}
	return nil
}

// IslandWeight is an island's first-load weight, gzip, by the budget's rule (one island,
// gzip, with its share of the runtime, ≤ 10 KB): own is its module alone; first is its
// module and every chunk it imports statically, transitively, less only what the loader
// (boot.js, on every page with an island) loads statically itself; whole counts every such
// chunk, the loader's too. The shell's islands load on first use, so what they import is no
// page's before an island needs it and is not taken off. Chunks loaded by import() are not
// first-load weight and count in none. ok is false when the island is not in the manifest
// or a file it names is not among the assets.
func (a *Assets) IslandWeight(island string) (own, first, whole int, ok bool) {
	f, ok := a.Manifest.Islands[island]
	if !ok {
		return 0, 0, 0, false
	}
	if _, own, _ = a.Size(f); own == 0 {
		return 0, 0, 0, false
	}
	boot := map[string]bool{}
	if a.Manifest.Boot != "" {
		boot = a.StaticClosure(a.Manifest.Boot)
		boot[a.Manifest.Boot] = true
	}
	first, whole = own, own
	for dep := range a.StaticClosure(f) {
		_, gz, _ := a.Size(dep)
		if gz == 0 {
			return 0, 0, 0, false
		}
		whole += gz
		if !boot[dep] {
			first += gz
		}
	}
	return own, first, whole, true
}
