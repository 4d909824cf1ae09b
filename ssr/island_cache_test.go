package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

type islandCacheStats struct {
	Entries  int `json:"entries"`
	Bytes    int `json:"bytes"`
	Counted  int `json:"counted"`
	MaxBytes int `json:"maxBytes"`
	Hits     int `json:"hits"`
	Misses   int `json:"misses"`
}

// islandCache reads the island cache of the pool's only runtime. Bytes is
// summed over the entries here, apart from the cache's own running count.
func islandCache(t *testing.T, r *Renderer) islandCacheStats {
	t.Helper()
	v := <-r.slots
	defer func() { r.slots <- v }()
	fn, ok := goja.AssertFunction(v.rt.Get("__portal_island_cache_stats"))
	if !ok {
		t.Fatal("the runtime exposes no island cache stats")
	}
	out, err := fn(goja.Undefined())
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(out.Export())
	if err != nil {
		t.Fatal(err)
	}
	var s islandCacheStats
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Bytes != s.Counted {
		t.Fatalf("the cache counts %d bytes but holds %d", s.Counted, s.Bytes)
	}
	return s
}

func manyProps(texts []string, csrf string) []byte {
	b, _ := json.Marshal(map[string]any{"texts": texts, "csrf": csrf})
	return b
}

// manyHTML is what the Many fixture page must give, from the reference
// renders of its islands.
func manyHTML(t *testing.T, ref *reference, texts []string, csrf string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("<main>")
	marker := func(id int, name string, props any) {
		j, _ := json.Marshal(props)
		// safeJSON's escapes; encoding/json already writes U+2028/U+2029 escaped.
		js := strings.ReplaceAll(strings.ReplaceAll(string(j), `\u003c`, `<`), `\u003e`, `>`)
		js = strings.ReplaceAll(strings.ReplaceAll(js, `\u0026`, `&`), "<", `\u003c`)
		h, err := ref.renderIsland(name, string(j))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, `<div data-island="%s" data-props="island-%d">%s</div><script type="application/json" id="island-%d">%s</script>`, name, id, h, id, js)
	}
	for i, s := range texts {
		marker(i, "Echo", map[string]string{"text": s})
	}
	marker(len(texts), "Form", map[string]string{"csrf": csrf, "label": "Send"})
	b.WriteString("</main>")
	return b.String()
}

// TestIslandCacheBytes: whatever the props, a runtime's island cache never
// holds more than its byte bound, nor more than 256 entries, and what it
// serves is still each island's own markup.
func TestIslandCacheBytes(t *testing.T) {
	const bound = 16 << 10
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1, IslandCacheBytes: bound, Timeout: 20 * time.Second})
	ref := newReference(t, "", siteIslands)
	rng := rand.New(rand.NewPCG(1, 2))
	length := func() int {
		switch n := rng.IntN(10); {
		case n < 6:
			return rng.IntN(50)
		case n < 9:
			return 50 + rng.IntN(350)
		default:
			return 1000 + rng.IntN(1000) // past the per-entry share: never cached
		}
	}
	var seen [][]string
	for i := 0; i < 80; i++ {
		var texts []string
		if i%5 == 4 && len(seen) > 0 {
			texts = seen[rng.IntN(len(seen))] // a repeat: may come from the cache
		} else {
			for j := 0; j < 1+rng.IntN(3); j++ {
				texts = append(texts, fmt.Sprintf("%d-%d ", i, j)+strings.Repeat("ab<", length()/3)+"é")
			}
			seen = append(seen, texts)
		}
		res, err := r.Render(context.Background(), "Many", manyProps(texts, "tok"))
		if err != nil {
			t.Fatal(err)
		}
		if want := manyHTML(t, ref, texts, "tok"); string(res.HTML) != want {
			t.Fatalf("render %d: %s", i, firstDiff(string(res.HTML), want))
		}
		s := islandCache(t, r)
		if s.MaxBytes != bound || s.Bytes > bound || s.Entries > 256 {
			t.Fatalf("render %d: cache %+v, bound %d bytes, 256 entries", i, s, bound)
		}
	}
	if s := islandCache(t, r); s.Hits == 0 || s.Bytes < bound/4 || s.Misses < 2*s.Entries {
		t.Errorf("the cache did not work or never had to evict: %+v", s)
	}

	// Many small islands: the entry bound holds too.
	small := newRenderer(t, sitePages, siteIslands, Config{Size: 1})
	for i := 0; i < 30; i++ {
		texts := make([]string, 20)
		for j := range texts {
			texts[j] = fmt.Sprintf("t%d-%d", i, j)
		}
		if _, err := small.Render(context.Background(), "Many", manyProps(texts, "tok")); err != nil {
			t.Fatal(err)
		}
		if s := islandCache(t, small); s.Entries > 256 || s.MaxBytes != 4<<20 {
			t.Fatalf("render %d: %+v", i, s)
		}
	}
}

// TestIslandCacheCSRF: the CSRF token differs in every response (it is
// masked afresh), yet an island carrying it is rendered by preact once and
// then served from the cache with each response's own token in place.
// Tokens that HTML would escape, and props holding the cache's stand-in,
// still render exactly.
func TestIslandCacheCSRF(t *testing.T) {
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1})
	ref := newReference(t, "", siteIslands)
	render := func(texts []string, csrf string) {
		t.Helper()
		res, err := r.Render(context.Background(), "Many", manyProps(texts, csrf))
		if err != nil {
			t.Fatal(err)
		}
		if want := manyHTML(t, ref, texts, csrf); string(res.HTML) != want {
			t.Fatalf("csrf %q: %s", csrf, firstDiff(string(res.HTML), want))
		}
	}
	texts := []string{"same"}
	render(texts, "Qk1hc2tlZC10b2tlbi1vbmU")
	before := islandCache(t, r)
	for _, tok := range []string{"b3RoZXItbWFza2VkLXRva2Vu", "dGhpcmQ_dG9rZW4-", "x"} {
		render(texts, tok)
	}
	after := islandCache(t, r)
	if after.Misses != before.Misses || after.Hits != before.Hits+6 {
		t.Errorf("new tokens missed the cache: before %+v, after %+v", before, after)
	}
	for _, tc := range []struct {
		texts []string
		csrf  string
	}{
		{texts, `a"b<c&d`},
		{[]string{"PortalCsrfSlot7f3a9c"}, "tok"},
		{[]string{"PortalCsrfSlot7f3a9c"}, "other"},
		{texts, "PortalCsrfSlot7f3a9c"},
		{texts, ""},
		// The token a second time in the props (a nested copy, part of a text): each
		// response shows its own wherever it is.
		{[]string{"tokA"}, "tokA"},
		{[]string{"tokB"}, "tokB"},
		{[]string{"at-tokA-end"}, "tokA"},
		{[]string{"at-tokB-end"}, "tokB"},
	} {
		render(tc.texts, tc.csrf)
	}
}
