package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"portal/cmd/renderbench/bench"
)

// TestEveryBenchPageRuns is the benchmark's smoke, in `make test`: every
// bench page is rendered once by each renderer and the outputs compared, as
// `make bench` does with timings. Stale props or a page that no longer
// renders fail here, not on the day someone next runs the benchmark.
func TestEveryBenchPageRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server bundle")
	}
	node := "node"
	if _, err := exec.LookPath(node); err != nil {
		t.Fatalf("node is needed to check the node renderer: %v", err)
	}
	var out bytes.Buffer
	if err := run(options{root: "../..", node: node, n: 1, warmup: 0, gogc: 100}, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, p := range bench.Pages {
		if !strings.Contains(out.String(), "page "+p.Name+":") {
			t.Errorf("no report for %s in:\n%s", p.Name, out.String())
		}
	}
}

func TestPagesToRun(t *testing.T) {
	all, err := pagesToRun(options{})
	if err != nil || len(all) != len(bench.Pages) {
		t.Errorf("no -page: %d pages, %v; want all %d", len(all), err, len(bench.Pages))
	}
	if one, err := pagesToRun(options{page: "CreatePayout/summary"}); err != nil || len(one) != 1 || one[0].Component != "CreatePayout" {
		t.Errorf("-page CreatePayout/summary: %+v, %v", one, err)
	}
	if _, err := pagesToRun(options{page: "Nope"}); err == nil || !strings.Contains(err.Error(), "Dashboard") {
		t.Errorf("an unknown page: %v, want the bench pages listed", err)
	}
	if _, err := pagesToRun(options{propsFile: "x.json"}); err == nil {
		t.Error("-props without -page: no error")
	}
	if p, err := pagesToRun(options{page: "Docs", propsFile: "docs.json"}); err != nil || p[0].Component != "Docs" {
		t.Errorf("-page Docs -props: %+v, %v", p, err)
	}
}

// TestInterleave: every contender gets n timed renders after its warm-up,
// in turns whose first one rotates, and one without run is only noted.
func TestInterleave(t *testing.T) {
	var calls []string
	fake := func(name string, ms float64) *contender {
		return &contender{name: name, run: func(k int) ([]float64, error) {
			calls = append(calls, fmt.Sprintf("%s%d", name, k))
			return slices.Repeat([]float64{ms}, k), nil
		}}
	}
	a, b := fake("a", 2), fake("b", 1)
	got, err := interleave([]*contender{a, {name: "c", note: "skipped"}, b}, 7, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a3", "b3", "a2", "b2", "b2", "a2", "a3", "b3"}; !slices.Equal(calls, want) {
		t.Errorf("calls %v, want %v", calls, want)
	}
	if got[0].MedianMS != 2 || got[2].MedianMS != 1 || got[1].Note != "skipped" || got[1].MedianMS != 0 {
		t.Errorf("series %+v", got)
	}
}
