package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"portal/htmlq"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Fixture pages and islands shared by the island, escaping and pool tests.
const (
	sitePages   = "testdata/site/pages"
	siteIslands = "testdata/site/islands"
)

// TestIslands renders a page with three islands and checks the whole
// output byte for byte: markers name the island and point at their props,
// ids count up from 0 in every render, and each island's markup is exactly
// what preact-render-to-string gives for the component alone, which is what
// the browser's hydration expects to find.
func TestIslands(t *testing.T) {
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1})
	ref := newReference(t, "", siteIslands)

	island := func(name, props string) string {
		t.Helper()
		h, err := ref.renderIsland(name, props)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	marker := func(id int, name, props string) string {
		return fmt.Sprintf(`<div data-island="%s" data-props="island-%d">%s</div><script type="application/json" id="island-%d">%s</script>`,
			name, id, island(name, props), id, props)
	}
	tests := []struct {
		name, a, b string
		// JSON of each island's props, as safeJSON writes it
		counterA, echo, counterB string
	}{
		{
			name: "plain", a: "alpha", b: "beta",
			counterA: `{"label":"alpha","start":1}`, echo: `{"text":"beta"}`, counterB: `{"label":"beta","start":2}`,
		},
		{
			name: "escaping", a: `a"b&c`, b: "<b>é\u2028",
			counterA: `{"label":"a\"b&c","start":1}`, echo: `{"text":"\u003cb>é\u2028"}`, counterB: `{"label":"\u003cb>é\u2028","start":2}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			props, _ := json.Marshal(map[string]string{"a": tt.a, "b": tt.b})
			want := "<main><h1>Islands</h1>" +
				marker(0, "Counter", tt.counterA) +
				"<p>between</p>" +
				marker(1, "Echo", tt.echo) +
				marker(2, "Counter", tt.counterB) +
				"</main>"
			// Twice: ids restart at island-0 in every render of a runtime.
			for i := 0; i < 2; i++ {
				res, err := r.Render(context.Background(), "Islands", props)
				if err != nil {
					t.Fatal(err)
				}
				if string(res.HTML) != want {
					t.Fatalf("render %d:\n got: %s\nwant: %s\n%s", i, res.HTML, want, firstDiff(string(res.HTML), want))
				}
				if w := []string{"Counter", "Echo", "Counter"}; !slices.Equal(res.Islands, w) {
					t.Errorf("Islands = %v, want %v", res.Islands, w)
				}
			}
		})
	}

	// Island markup is cached per runtime by name and props: renders that
	// alternate between props must never serve one's markup for the other.
	t.Run("cache alternates", func(t *testing.T) {
		want := map[string]string{}
		for _, tt := range tests {
			want[tt.a] = "<main><h1>Islands</h1>" + marker(0, "Counter", tt.counterA) + "<p>between</p>" +
				marker(1, "Echo", tt.echo) + marker(2, "Counter", tt.counterB) + "</main>"
		}
		for i := 0; i < 6; i++ {
			tt := tests[i%len(tests)]
			props, _ := json.Marshal(map[string]string{"a": tt.a, "b": tt.b})
			res, err := r.Render(context.Background(), "Islands", props)
			if err != nil {
				t.Fatal(err)
			}
			if string(res.HTML) != want[tt.a] {
				t.Fatalf("render %d (%s): %s", i, tt.name, firstDiff(string(res.HTML), want[tt.a]))
			}
		}
	})

	t.Run("no islands", func(t *testing.T) {
		res, err := r.Render(context.Background(), "Hello", []byte(`{"name":"x","items":[]}`))
		if err != nil {
			t.Fatal(err)
		}
		if res.Islands != nil {
			t.Errorf("Islands = %v, want nil: a page without islands ships no JS", res.Islands)
		}
	})
}

// TestPropsEscaping passes hostile strings through props into text,
// attributes and an island's JSON, and checks with a real HTML parser that
// they stay data: no script element appears beyond the island's JSON, and
// every place gives the string back unchanged.
func TestPropsEscaping(t *testing.T) {
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1})
	const hostile = "</script><!--<script>alert(1)</script>"
	tests := []struct {
		name  string
		s     string
		props func(s string) []byte
	}{
		{"script, encoding/json", hostile, marshalProps},
		{"script, raw JSON", hostile, rawProps},
		{"line separators, encoding/json", "a\u2028b\u2029c" + hostile, marshalProps},
		{"line separators, raw JSON", "a\u2028b\u2029c" + hostile, rawProps},
		{"entities and quotes", `&amp; &lt; " ' > ` + "`${x}`" + ` \u003c \\`, marshalProps},
		{"comment closers", "--><!-- <!--<script> </SCRIPT >", marshalProps},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := r.Render(context.Background(), "Escape", tt.props(tt.s))
			if err != nil {
				t.Fatal(err)
			}
			out := string(res.HTML)
			for _, bad := range []string{"</script><!--", "<script>alert", "<!--<"} {
				if strings.Contains(out, bad) {
					t.Errorf("output holds %q from the data:\n%s", bad, out)
				}
			}
			// The JSON inside the script must not hold a raw U+2028/9 either.
			if i := strings.Index(out, `type="application/json"`); i >= 0 && strings.ContainsAny(out[i:], "\u2028\u2029") {
				t.Errorf("raw U+2028/U+2029 in the island JSON:\n%s", out[i:])
			}

			doc, err := html.Parse(strings.NewReader("<!doctype html><body>" + out))
			if err != nil {
				t.Fatal(err)
			}
			scripts := findAll(doc, func(n *html.Node) bool { return n.Data == "script" })
			if len(scripts) != 1 {
				t.Fatalf("%d <script> elements, want 1 (the island's props):\n%s", len(scripts), out)
			}
			if typ := attr(scripts[0], "type"); typ != "application/json" {
				t.Errorf("script type %q", typ)
			}
			var props struct{ Text string }
			if err := json.Unmarshal([]byte(text(scripts[0])), &props); err != nil {
				t.Fatalf("island JSON: %v\n%s", err, text(scripts[0]))
			}
			if props.Text != tt.s {
				t.Errorf("island JSON gives back %q, want %q", props.Text, tt.s)
			}

			p := findAll(doc, func(n *html.Node) bool { return n.Data == "p" })
			out1 := findAll(doc, func(n *html.Node) bool { return n.Data == "output" })
			if len(p) != 1 || len(out1) != 1 {
				t.Fatalf("want one <p> and one <output>, got %d and %d:\n%s", len(p), len(out1), out)
			}
			for where, got := range map[string]string{
				"p text":       text(p[0]),
				"p title":      attr(p[0], "title"),
				"p data-s":     attr(p[0], "data-s"),
				"island text":  text(out1[0]),
				"island title": attr(out1[0], "title"),
			} {
				if got != tt.s {
					t.Errorf("%s = %q, want %q", where, got, tt.s)
				}
			}
			// The island's marker points at the script that holds its props.
			marker := findAll(doc, func(n *html.Node) bool { return attr(n, "data-island") == "Echo" })
			if len(marker) != 1 || attr(marker[0], "data-props") != attr(scripts[0], "id") {
				t.Errorf("island marker does not point at its props script")
			}
		})
	}
}

func marshalProps(s string) []byte {
	b, _ := json.Marshal(map[string]string{"s": s})
	return b
}

// rawProps writes the JSON without encoding/json's \u003c and \u2028
// escapes, as another encoder might: the runtime must not rely on them.
func rawProps(s string) []byte {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]string{"s": s})
	out := strings.NewReplacer(`\u2028`, "\u2028", `\u2029`, "\u2029").Replace(b.String())
	return []byte(out)
}

var (
	findAll = htmlq.FindAll
	attr    = htmlq.Attr
	text    = htmlq.Text
)
