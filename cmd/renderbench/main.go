// Command renderbench measures the server render of each bench page three
// ways, taking turns in one run (so load on a shared machine falls on all
// three alike): goja through ssr.Renderer (what the portal runs), the same
// server bundle in node with a JS twin of the Go-native JSX runtime
// (ssr/node-render.mjs), and the page's html/template twin (bench.Twins). It
// checks that all three produce the same page, and prints the load average
// beside the figures.
//
// It is a measurement, not a test: it exits non-zero only when something
// fails (build, props, render, or outputs that differ), never on a slow
// number. The budget it informs: goja ≤ 1.5× html/template on every bench
// page. Its test renders every bench page once, so a bench that no longer
// runs fails `make test`.
//
//	go run ./cmd/renderbench                      # every bench page (bench.Pages)
//	go run ./cmd/renderbench -page Dashboard      # one of them
//	go run ./cmd/renderbench -page Docs -props docs.json   # any page, props from a file
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"portal/cmd/internal/loadavg"
	"portal/cmd/renderbench/bench"
	"portal/ssr"
	"portal/ssr/bundle"
)

type options struct {
	page, propsFile, bundleFile, root, node string
	n, warmup, rounds, gogc                 int
	json                                    bool
}

func main() {
	var o options
	flag.StringVar(&o.page, "page", "", "bench page to render (default: every one), or with -props any page of templates/pages")
	flag.StringVar(&o.propsFile, "props", "", "props JSON file for -page (default: the bench page's own props)")
	flag.StringVar(&o.bundleFile, "bundle", "", "server bundle to run (default: build one from -root into a temporary folder)")
	flag.StringVar(&o.root, "root", ".", "project root (templates/, islands/, ssr/, node_modules/)")
	flag.IntVar(&o.n, "n", 300, "timed renders per renderer, after the warm-up")
	flag.IntVar(&o.warmup, "warmup", 50, "untimed renders first (JIT in node, caches and heap in Go)")
	flag.IntVar(&o.rounds, "rounds", 20, "turns the renderers take, each timing about n/rounds renders")
	flag.IntVar(&o.gogc, "gogc", 400, "GC percent for this process (debug.SetGCPercent), as the server sets it")
	flag.StringVar(&o.node, "node", "node", `node executable ("" to skip node)`)
	flag.BoolVar(&o.json, "json", false, "print the report as JSON")
	flag.Parse()
	if err := run(o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "renderbench:", err)
		os.Exit(1)
	}
}

// series is one renderer's timings.
type series struct {
	Name     string  `json:"name"`
	MedianMS float64 `json:"median_ms"`
	P90MS    float64 `json:"p90_ms"`
	// AllocMiB is bytes allocated per render (Go renderers only).
	AllocMiB float64 `json:"alloc_mib,omitempty"`
	Note     string  `json:"note,omitempty"`
}

type report struct {
	Page       string   `json:"page"`
	Component  string   `json:"component"`
	HTMLBytes  int      `json:"html_bytes"`
	GzipBytes  int      `json:"gzip_bytes"`
	PropsBytes int      `json:"props_bytes"`
	GOGC       int      `json:"gogc"`
	GOMAXPROCS int      `json:"gomaxprocs"`
	N          int      `json:"n"`
	Series     []series `json:"series"`
	// Ratios of medians; 0 when a side was not measured.
	GojaOverTemplate float64 `json:"goja_over_template,omitempty"`
	GojaOverNode     float64 `json:"goja_over_node,omitempty"`
	// PoolPerSecond is goja throughput with one runtime per core, all busy.
	PoolPerSecond float64 `json:"pool_renders_per_s"`
	// Load is the load average when the page's measurement ended.
	Load string `json:"load_average"`
}

func run(o options, stdout io.Writer) error {
	if o.n <= 0 {
		return errors.New("-n must be positive")
	}
	debug.SetGCPercent(o.gogc)
	pages, err := pagesToRun(o)
	if err != nil {
		return err
	}
	bundlePath, cleanup, err := serverBundle(o)
	if err != nil {
		return err
	}
	defer cleanup()
	src, err := os.ReadFile(bundlePath)
	if err != nil {
		return err
	}
	node, nodeNote, err := startNode(o, bundlePath)
	if err != nil {
		return err
	}
	if node != nil {
		defer node.close()
	}
	var reps []report
	for _, p := range pages {
		props, err := p.Props(o.root)
		if err != nil {
			return fmt.Errorf("%s: props: %w", p.Name, err)
		}
		rep, err := measurePage(o, p, string(src), node, nodeNote, props)
		if err != nil {
			return fmt.Errorf("%s: %w", p.Name, err)
		}
		reps = append(reps, rep)
		if !o.json {
			printReport(stdout, rep)
		}
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(reps)
	}
	printSummary(stdout, reps)
	return nil
}

// pagesToRun is every bench page, the one -page names, or -page with the
// props of -props.
func pagesToRun(o options) ([]bench.Page, error) {
	switch {
	case o.page == "" && o.propsFile != "":
		return nil, errors.New("-props needs -page")
	case o.page == "":
		return bench.Pages, nil
	case o.propsFile != "":
		return []bench.Page{{Name: o.page, Component: o.page, Props: func(string) ([]byte, error) {
			b, err := os.ReadFile(o.propsFile)
			if err != nil {
				return nil, err
			}
			var buf bytes.Buffer
			if err := json.Compact(&buf, b); err != nil {
				return nil, fmt.Errorf("%s is not valid JSON: %w", o.propsFile, err)
			}
			return buf.Bytes(), nil
		}}}, nil
	}
	p, ok := bench.PageNamed(o.page)
	if !ok {
		var names []string
		for _, p := range bench.Pages {
			names = append(names, p.Name)
		}
		return nil, fmt.Errorf("%s is no bench page (%s); give -props to render another page", o.page, strings.Join(names, ", "))
	}
	return []bench.Page{p}, nil
}

// measurePage times one page in goja, node and its twin, taking turns, then
// the pool; and checks that the three render the same page.
func measurePage(o options, p bench.Page, src string, node *nodeServer, nodeNote string, props []byte) (report, error) {
	rep := report{Page: p.Name, Component: p.Component, PropsBytes: len(props), GOGC: o.gogc, GOMAXPROCS: runtime.GOMAXPROCS(0), N: o.n}
	r, err := ssr.New(src, ssr.Config{Size: 1})
	if err != nil {
		return rep, err
	}
	ctx := context.Background()
	var gojaHTML []byte
	goja := &contender{name: "goja (ssr.Renderer)", goMem: true, run: timedLoop(func() error {
		res, err := r.Render(ctx, p.Component, props)
		gojaHTML = res.HTML
		return err
	})}

	var nodeHTML string
	nodeC := &contender{name: "node, same bundle", note: nodeNote}
	if node != nil {
		nodeC.run = func(k int) ([]float64, error) {
			ms, html, err := node.render(p.Component, props, k)
			nodeHTML = html
			return ms, err
		}
	}

	var twinHTML bytes.Buffer
	twinC := &contender{name: "html/template twin", note: "no twin for this page in cmd/renderbench/bench", goMem: true}
	if twin, ok := bench.Twins[p.Component]; ok {
		data, err := twin.Data(props)
		if err != nil {
			return rep, err
		}
		twinC.note, twinC.run = "", timedLoop(func() error {
			twinHTML.Reset()
			return twin.Template.Execute(&twinHTML, data)
		})
	}

	if rep.Series, err = interleave([]*contender{goja, nodeC, twinC}, o.n, o.warmup, o.rounds); err != nil {
		return rep, err
	}
	rep.HTMLBytes = len(gojaHTML)
	rep.GzipBytes = gzipSize(gojaHTML)
	if nodeC.run != nil && nodeHTML != string(gojaHTML) {
		return rep, fmt.Errorf("node's render differs from goja's (%d and %d bytes): the JS twin in node-render.mjs no longer matches ssr/element.go", len(nodeHTML), len(gojaHTML))
	}
	if twinC.run != nil {
		if err := bench.SameDOM(gojaHTML, twinHTML.Bytes()); err != nil {
			return rep, fmt.Errorf("the html/template twin renders a different page than goja: %w", err)
		}
	}
	if g, nd := rep.Series[0], rep.Series[1]; nd.MedianMS > 0 {
		rep.GojaOverNode = g.MedianMS / nd.MedianMS
	}
	if g, t := rep.Series[0], rep.Series[2]; t.MedianMS > 0 {
		rep.GojaOverTemplate = g.MedianMS / t.MedianMS
	}

	rep.PoolPerSecond, err = measurePool(src, o, p.Component, props)
	rep.Load = loadavg.Read()
	return rep, err
}

// serverBundle returns the bundle to measure: the given file, or a fresh
// build of the current sources, so a stale assets/dist is never measured.
func serverBundle(o options) (path string, cleanup func(), err error) {
	if o.bundleFile != "" {
		return o.bundleFile, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "renderbench-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	if _, err := bundle.Build(bench.BundleOptions(o.root, dir)); err != nil {
		cleanup()
		return "", nil, err
	}
	return filepath.Join(dir, "server.js"), cleanup, nil
}

func summarize(name string, ms []float64) series {
	return series{Name: name, MedianMS: percentile(ms, 0.5), P90MS: percentile(ms, 0.9)}
}

// percentile is the nearest-rank percentile (p in (0, 1]).
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(p*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// measurePool is throughput with every runtime of a default-sized pool busy,
// as under load.
func measurePool(src string, o options, page string, props []byte) (float64, error) {
	r, err := ssr.New(src, ssr.Config{})
	if err != nil {
		return 0, err
	}
	ctx := context.Background()
	for i := 0; i < r.Size()*4; i++ {
		if _, err := r.Render(ctx, page, props); err != nil {
			return 0, err
		}
	}
	var left atomic.Int64
	left.Store(int64(o.n))
	var wg sync.WaitGroup
	errs := make(chan error, r.Size())
	start := time.Now()
	for i := 0; i < r.Size(); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for left.Add(-1) >= 0 {
				if _, err := r.Render(ctx, page, props); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return 0, err
	}
	return float64(o.n) / elapsed.Seconds(), nil
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Len()
}

func printReport(w io.Writer, r report) {
	fmt.Fprintf(w, "page %s: HTML %.1f KB (gzip %.1f KB), props %.1f KB\n",
		r.Page, kb(r.HTMLBytes), kb(r.GzipBytes), kb(r.PropsBytes))
	fmt.Fprintf(w, "GOGC=%d GOMAXPROCS=%d, %d timed renders each after warm-up, the renderers taking turns; load average %s\n\n",
		r.GOGC, r.GOMAXPROCS, r.N, r.Load)
	fmt.Fprintf(w, "%-22s %10s %10s %14s\n", "renderer", "median ms", "p90 ms", "alloc/render")
	for _, s := range r.Series {
		if s.Note != "" {
			fmt.Fprintf(w, "%-22s %s\n", s.Name, s.Note)
			continue
		}
		alloc := ""
		if s.AllocMiB > 0 {
			alloc = fmt.Sprintf("%.2f MiB", s.AllocMiB)
		}
		fmt.Fprintf(w, "%-22s %10.3f %10.3f %14s\n", s.Name, s.MedianMS, s.P90MS, alloc)
	}
	fmt.Fprintln(w)
	if r.GojaOverTemplate > 0 {
		fmt.Fprintf(w, "goja / html/template  %.2f×  (budget ≤ %.1f×)\n", r.GojaOverTemplate, budget)
	}
	if r.GojaOverNode > 0 {
		fmt.Fprintf(w, "goja / node           %.2f×\n", r.GojaOverNode)
	}
	fmt.Fprintf(w, "goja pool, %d runtimes all busy: %.0f renders/s\n\n", r.GOMAXPROCS, r.PoolPerSecond)
}

// budget is the most goja may take per render, as a multiple of the page's
// html/template twin.
const budget = 1.5

// printSummary is one line per page: the medians, the ratio against the
// budget, and the pool's throughput.
func printSummary(w io.Writer, reps []report) {
	fmt.Fprintf(w, "%-28s %9s %9s %9s %14s %10s  %s\n", "page (median ms)", "goja", "node", "template", "goja/template", "pool/s", "load average")
	for _, r := range reps {
		verdict := "no twin"
		if r.GojaOverTemplate > 0 {
			verdict = fmt.Sprintf("%.2f× ok", r.GojaOverTemplate)
			if r.GojaOverTemplate > budget {
				verdict = fmt.Sprintf("%.2f× OVER", r.GojaOverTemplate)
			}
		}
		fmt.Fprintf(w, "%-28s %9s %9s %9s %14s %10.0f  %s\n", r.Page, medianOf(r, 0), medianOf(r, 1), medianOf(r, 2), verdict, r.PoolPerSecond, r.Load)
	}
	fmt.Fprintf(w, "budget: goja ≤ %.1f× html/template\n", budget)
}

func medianOf(r report, i int) string {
	if i >= len(r.Series) || r.Series[i].Note != "" {
		return "-"
	}
	return fmt.Sprintf("%.3f", r.Series[i].MedianMS)
}

func kb(n int) float64 { return float64(n) / 1024 }
