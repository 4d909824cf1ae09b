package servertest

import (
	"io/fs"
	"regexp"
	"testing"

	"portal/server"
	"portal/server/internal/testkit"
)

// IslandWeight is an island's first-load weight in the built assets, gzip (DESIGN.md: one
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
	chunkRe := regexp.MustCompile(`from ?"\.\./chunks/([^"]+)"`)
	chunks := func(island string) (own int, deps map[string]int) {
		f, ok := as.Manifest.Islands[island]
		if !ok {
			t.Fatalf("no island %s in the manifest", island)
		}
		_, own, _ = as.Size(f)
		b, err := fs.ReadFile(dist, f)
		if err != nil {
			t.Fatal(err)
		}
		deps = map[string]int{}
		for _, m := range chunkRe.FindAllSubmatch(b, -1) {
			_, gz, _ := as.Size("js/chunks/" + string(m[1]))
			deps[string(m[1])] = gz
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
