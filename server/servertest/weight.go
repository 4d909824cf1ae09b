package servertest

import (
	"io/fs"
	"regexp"
	"testing"

	"portal/server"
	"portal/server/internal/testkit"
)

// CheckIslandWeight fails t when island's first load is over the budget of 10 KB gzip with
// its share of the runtime (see IslandWeight), and logs the three readings.
func CheckIslandWeight(t testing.TB, island string) {
	t.Helper()
	own, share, whole := IslandWeight(t, island)
	t.Logf("%s: %d B gzip itself, %d B with the chunks the shell does not load, %d B with every chunk", island, own, share, whole)
	if share > 10<<10 {
		t.Errorf("%s weighs %d B gzip with its share of the runtime; the budget is 10 KB", island, share)
	}
}

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
