package portal

import (
	"sort"
	"testing"

	"portal/server"
	"portal/server/internal/testkit"
	"portal/server/servertest"
)

// Every island in the built manifest stays within the 10 KB gzip budget with its share of
// the runtime: one test over the manifest, so an island added tomorrow is held to it too.
func TestIslandWeights(t *testing.T) {
	as, err := server.LoadAssets(testkit.Dist(t))
	if err != nil {
		t.Fatal(err)
	}
	var islands []string
	for name := range as.Manifest.Islands {
		islands = append(islands, name)
	}
	sort.Strings(islands)
	if len(islands) < 20 {
		t.Fatalf("only %d islands in the manifest: %v", len(islands), islands)
	}
	for _, island := range islands {
		t.Run(island, func(t *testing.T) { servertest.CheckIslandWeight(t, island) })
	}
}
