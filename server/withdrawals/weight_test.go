package withdrawals

import (
	"io/fs"
	"regexp"
	"testing"

	"portal/server"
	"portal/server/internal/testkit"
)

// The island's weight (DESIGN.md: one island, gzip, with its share of the runtime, ≤ 10 KB).
// Its share is what the withdrawals page loads for it beyond what every organisation page
// loads anyway (the shell's ShellMenu island and the runtime chunks it imports); the whole
// shared runtime counted again is logged too, the strictest reading, as make bench prints it.
func TestWithdrawalDialogWeight(t *testing.T) {
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
	own, deps := chunks("WithdrawalDialog")
	_, shell := chunks("ShellMenu")
	share, whole := own, own
	for name, gz := range deps {
		whole += gz
		if _, loaded := shell[name]; !loaded {
			share += gz
		}
	}
	t.Logf("WithdrawalDialog: %d B gzip itself, %d B with the chunks the shell does not load, %d B with every chunk", own, share, whole)
	if share > 10<<10 {
		t.Errorf("WithdrawalDialog weighs %d B gzip with its share of the runtime; the budget is 10 KB", share)
	}
}
