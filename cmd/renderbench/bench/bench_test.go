package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// bundleSource builds the benchmark's server bundle (templates/pages and
// PagesDir) once per test binary and returns its source and path.
func bundleSource(tb testing.TB) (src, path string) {
	tb.Helper()
	bundleOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ssr-bench-")
		if err != nil {
			bundleErr = err
			return
		}
		bundleDir = dir
		if _, bundleErr = bundle.Build(BundleOptions("../../..", dir)); bundleErr != nil {
			return
		}
		bundlePath = filepath.Join(dir, "server.js")
		var b []byte
		b, bundleErr = os.ReadFile(bundlePath)
		bundleSrc = string(b)
	})
	if bundleErr != nil {
		tb.Fatal(bundleErr)
	}
	return bundleSrc, bundlePath
}

var (
	bundleOnce                       sync.Once
	bundleSrc, bundlePath, bundleDir string
	bundleErr                        error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if bundleDir != "" {
		os.RemoveAll(bundleDir)
	}
	os.Exit(code)
}

// renderer is a one-runtime ssr.Renderer of the real server bundle.
func renderer(tb testing.TB) (*ssr.Renderer, string) {
	tb.Helper()
	src, path := bundleSource(tb)
	r, err := ssr.New(src, ssr.Config{Size: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return r, path
}

// twinCases are the props each twin is checked with, and what the render
// must hold so the comparison is not between two empty pages.
func twinCases(tb testing.TB) map[string]struct {
	props []byte
	check func(html []byte) error
} {
	type c = struct {
		props []byte
		check func(html []byte) error
	}
	count := func(s string, want int) func([]byte) error {
		return func(html []byte) error {
			if n := bytes.Count(html, []byte(s)); n != want {
				return fmt.Errorf("%d %q rendered, want %d", n, s, want)
			}
			return nil
		}
	}
	return map[string]c{
		"SyntheticTransactions": {SyntheticJSON(100), count("<tr", 101)},
		// 19 sidebar links (Audit log among them), the skip link, Portal and API
		// Reference; in the dashboard 5 owned accounts, Add crypto funds, 8 payout
		// states (Cancelled its own), 9 reason codes, 5 collection statuses and
		// View all orders.
		"Dashboard": {dashboardFixture(tb), count("<a ", 53)},
		// 100 rows, each with its details link.
		"Payouts": {payoutsFixture(tb), count(`aria-label="Details of payout `, 100)},
	}
}

// TestTwinsMatchPages: every html/template twin renders the same DOM as its
// TSX page, so the benchmark compares like with like.
func TestTwinsMatchPages(t *testing.T) {
	r, _ := renderer(t)
	cases := twinCases(t)
	for page, twin := range Twins {
		t.Run(page, func(t *testing.T) {
			tc, ok := cases[page]
			if !ok {
				t.Fatalf("no test props for %s: add them to twinCases", page)
			}
			res, err := r.Render(context.Background(), page, tc.props)
			if err != nil {
				t.Fatal(err)
			}
			out, err := executeTwin(twin, tc.props)
			if err != nil {
				t.Fatal(err)
			}
			if err := SameDOM(res.HTML, out); err != nil {
				t.Error(err)
			}
			if err := tc.check(res.HTML); err != nil {
				t.Error(err)
			}
		})
	}
}

func executeTwin(twin Twin, props []byte) ([]byte, error) {
	data, err := twin.Data(props)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = twin.Template.Execute(&buf, data)
	return buf.Bytes(), err
}

// The Go benchmarks of the same comparison, per page with a twin
// (cmd/renderbench adds node, percentiles and sizes):
//
//	go test -run '^$' -bench . -benchmem ./cmd/renderbench/bench
func BenchmarkGoja(b *testing.B) {
	r, _ := renderer(b)
	ctx := context.Background()
	for page, tc := range twinCases(b) {
		b.Run(page, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.Render(ctx, page, tc.props); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTemplate(b *testing.B) {
	for page, tc := range twinCases(b) {
		b.Run(page, func(b *testing.B) {
			twin := Twins[page]
			data, err := twin.Data(tc.props)
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
		})
	}
}
