package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portal/ssr"
	"portal/ssr/bundle"
)

func TestSameDOM(t *testing.T) {
	tests := []struct {
		name, a, b string
		same       bool
		diff       string // part of the error when not same
	}{
		{name: "identical", a: `<p class="x">t</p>`, b: `<p class="x">t</p>`, same: true},
		{name: "attribute order", a: `<a href="/" class="x">t</a>`, b: `<a class="x" href="/">t</a>`, same: true},
		{name: "quoting and entities", a: `<p title="a'b">x &gt; y's</p>`, b: `<p title='a&#39;b'>x > y&#39;s</p>`, same: true},
		{name: "bare and empty attribute", a: `<div class></div>`, b: `<div class=""></div>`, same: true},
		{name: "void tag style", a: `<br/><input disabled/>`, b: `<br><input disabled>`, same: true},
		{name: "svg self-closing", a: `<svg><path d="M0"/></svg>`, b: `<svg><path d="M0"></path></svg>`, same: true},
		{name: "text differs", a: `<p>a</p>`, b: `<p>b</p>`, diff: `text "a" != text "b"`},
		{name: "attribute value differs", a: `<p class="a">x</p>`, b: `<p class="b">x</p>`, diff: "attributes"},
		{name: "missing attribute", a: `<p class="a" id="i">x</p>`, b: `<p class="a">x</p>`, diff: "attributes"},
		{name: "extra element", a: `<p>x</p>`, b: `<p>x</p><p>y</p>`, diff: "extra node <p> in the second"},
		{name: "different tag", a: `<b>x</b>`, b: `<i>x</i>`, diff: "<b> != <i>"},
		{name: "whitespace is text", a: `<ul><li>x</li></ul>`, b: "<ul>\n<li>x</li></ul>", diff: "text"},
		{name: "nesting differs", a: `<div><p>x</p></div>`, b: `<div></div><p>x</p>`, diff: "extra node"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := SameDOM([]byte(tt.a), []byte(tt.b))
			switch {
			case tt.same && err != nil:
				t.Errorf("want same, got %v", err)
			case !tt.same && err == nil:
				t.Error("want a difference, got none")
			case !tt.same && !strings.Contains(err.Error(), tt.diff):
				t.Errorf("error %q does not mention %q", err, tt.diff)
			}
		})
	}
}

// renderer builds the real server bundle (templates/pages) once per test.
func renderer(tb testing.TB) (*ssr.Renderer, string) {
	tb.Helper()
	out := tb.TempDir()
	if _, err := bundle.Build(bundle.Options{Root: "../..", OutDir: out, SkipCSS: true}); err != nil {
		tb.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(out, "server.js"))
	if err != nil {
		tb.Fatal(err)
	}
	r, err := ssr.New(string(src), ssr.Config{Size: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return r, filepath.Join(out, "server.js")
}

// TestTwinsMatchPages: every html/template twin renders the same DOM as its
// TSX page, so the benchmark compares like with like.
func TestTwinsMatchPages(t *testing.T) {
	r, _ := renderer(t)
	props := map[string][]byte{"SyntheticTransactions": SyntheticJSON(100)}
	for page, twin := range Twins {
		t.Run(page, func(t *testing.T) {
			p, ok := props[page]
			if !ok {
				t.Fatalf("no test props for %s: add them here", page)
			}
			res, err := r.Render(context.Background(), page, p)
			if err != nil {
				t.Fatal(err)
			}
			data, err := twin.Data(p)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := twin.Template.Execute(&buf, data); err != nil {
				t.Fatal(err)
			}
			if err := SameDOM(res.HTML, buf.Bytes()); err != nil {
				t.Error(err)
			}
			// The comparison must see the rows, not two empty tables.
			if n := bytes.Count(res.HTML, []byte("<tr")); n != 101 {
				t.Errorf("%d rows rendered, want 101", n)
			}
		})
	}
}

// The Go benchmarks of the same comparison (cmd/renderbench adds node,
// percentiles and sizes): go test -bench . -benchmem ./ssr/bench
func BenchmarkGoja(b *testing.B) {
	r, _ := renderer(b)
	props := SyntheticJSON(100)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Render(ctx, "SyntheticTransactions", props); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTemplate(b *testing.B) {
	twin := Twins["SyntheticTransactions"]
	data, err := twin.Data(SyntheticJSON(100))
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := twin.Template.Execute(&buf, data); err != nil {
			b.Fatal(err)
		}
	}
}
