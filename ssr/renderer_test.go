package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// helloProps and helloHTML are a known-good render of the Hello fixture,
// used to show that a pool still works after something went wrong.
func helloProps(name string, n int) []byte {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf("item %d of %s", i, name)
	}
	b, _ := json.Marshal(map[string]any{"name": name, "items": items})
	return b
}

func helloHTML(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<main><p>Hello, %s!</p><ul>", name)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<li data-i="%d">item %d of %s</li>`, i, i, name)
	}
	b.WriteString("</ul></main>")
	return b.String()
}

// expectHealthy renders Hello several times: each must succeed and be right.
func expectHealthy(t *testing.T, r *Renderer) {
	t.Helper()
	for i := 0; i < 3; i++ {
		name := fmt.Sprintf("n%d", i)
		res, err := r.Render(context.Background(), "Hello", helloProps(name, 3))
		if err != nil {
			t.Fatalf("render after the failure: %v", err)
		}
		if want := helloHTML(name, 3); string(res.HTML) != want {
			t.Fatalf("render after the failure:\n got %s\nwant %s", res.HTML, want)
		}
	}
}

func TestRenderTimeout(t *testing.T) {
	const timeout = 150 * time.Millisecond
	// One runtime: the next render can only succeed on its replacement.
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1, Timeout: timeout})
	for round := 0; round < 2; round++ {
		start := time.Now()
		_, err := r.Render(context.Background(), "Loop", []byte(`{"n":1}`))
		took := time.Since(start)
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("round %d: error = %v, want ErrTimeout", round, err)
		}
		// Generous upper bound: -race and a loaded CI machine slow the
		// interrupt down, but it must not wait for the loop.
		if took < timeout || took > timeout+2*time.Second {
			t.Errorf("round %d: timed out after %v, want about %v", round, took, timeout)
		}
		expectHealthy(t, r)
	}
	if r.Size() != 1 {
		t.Errorf("Size() = %d after replacing runtimes, want 1", r.Size())
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name     string
		page     string
		props    string
		maxProps int
		is       error    // errors.Is target, or
		contains []string // substrings of the error
	}{
		{name: "page throws", page: "Throws", props: `{"why":"no data"}`, contains: []string{"render Throws", "fixture failure: no data"}},
		{name: "unknown page", page: "Nope", props: `{}`, contains: []string{"render Nope", "unknown page Nope"}},
		{name: "props too large", page: "Hello", props: string(helloProps("x", 10)), maxProps: 100, is: ErrPropsTooLarge},
		{name: "props not JSON", page: "Hello", props: `{"name":`, contains: []string{"props JSON"}},
		{name: "props trailing data", page: "Hello", props: `{} {}`, contains: []string{"trailing data"}},
		{name: "props of the wrong shape", page: "Hello", props: `{"name":"x","items":3}`, contains: []string{"render Hello", "TypeError"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRenderer(t, sitePages, siteIslands, Config{Size: 1, MaxProps: tt.maxProps})
			_, err := r.Render(context.Background(), tt.page, []byte(tt.props))
			if err == nil {
				t.Fatal("no error")
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error = %v, want %v", err, tt.is)
			}
			for _, s := range tt.contains {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not contain %q", err, s)
				}
			}
			// The runtime that failed is reused (size 1): it must be clean.
			expectHealthy(t, r)
		})
	}
}

// TestRenderMaxPropsBoundary: the limit is inclusive.
func TestRenderMaxPropsBoundary(t *testing.T) {
	props := helloProps("x", 2)
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1, MaxProps: len(props)})
	if _, err := r.Render(context.Background(), "Hello", props); err != nil {
		t.Errorf("props of exactly MaxProps bytes: %v", err)
	}
	if _, err := r.Render(context.Background(), "Hello", append(props, ' ')); !errors.Is(err, ErrPropsTooLarge) {
		t.Errorf("one byte over: error = %v, want ErrPropsTooLarge", err)
	}
}

// TestRenderWaitHonoursContext: a caller waiting for a busy pool gives up
// when its context ends.
func TestRenderWaitHonoursContext(t *testing.T) {
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1, Timeout: 400 * time.Millisecond})
	busy := make(chan error)
	go func() {
		_, err := r.Render(context.Background(), "Loop", []byte(`{"n":1}`))
		busy <- err
	}()
	time.Sleep(50 * time.Millisecond) // let the loop take the only runtime
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := r.Render(ctx, "Hello", helloProps("x", 1))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want context.DeadlineExceeded", err)
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Errorf("gave up after %v", took)
	}
	if err := <-busy; !errors.Is(err, ErrTimeout) {
		t.Errorf("loop: %v", err)
	}
	expectHealthy(t, r)
}

// TestRenderConcurrent: 8 goroutines share a pool of 2 (run with -race).
// Every render must equal the serial render of the same props: runtimes and
// their arenas are never shared.
func TestRenderConcurrent(t *testing.T) {
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 2})
	const workers, renders = 8, 15
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("worker-%d", w)
			want := helloHTML(name, 20+w)
			for i := 0; i < renders; i++ {
				res, err := r.Render(context.Background(), "Hello", helloProps(name, 20+w))
				if err == nil && string(res.HTML) != want {
					err = fmt.Errorf("%s render %d differs:\n got %s\nwant %s", name, i, res.HTML, want)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name, bundle, want string
	}{
		{"syntax error", "function (", "compile bundle"},
		{"throws while loading", "throw new Error('boom')", "run bundle"},
		{"no render function", "var x = 1;", "does not define __portal_render"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.bundle, Config{Size: 1})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestNewDefaults: an empty Config gets one runtime per core and limits.
func TestNewDefaults(t *testing.T) {
	r, err := New(`globalThis.__portal_render = () => __portal_frag("ok")`, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Size() < 1 || r.cfg.Timeout <= 0 || r.cfg.MaxProps <= 0 {
		t.Errorf("defaults not applied: %+v", r.cfg)
	}
	res, err := r.Render(context.Background(), "any", []byte(`{}`))
	if err != nil || string(res.HTML) != "ok" {
		t.Errorf("render = %q, %v", res.HTML, err)
	}
}

// TestRenderSlowBadProps: props that take longer than the timeout to parse
// and then fail must not leave an interrupt pending on the runtime, which
// would fail the next, healthy render on it with ErrTimeout.
func TestRenderSlowBadProps(t *testing.T) {
	// About 2 MB that parse for well over 50 ms (a million array items)
	// before the error at the end.
	props := "[" + strings.Repeat("1,", 1<<20) + "x]"
	r := newRenderer(t, sitePages, siteIslands, Config{Size: 1, Timeout: 50 * time.Millisecond})
	start := time.Now()
	_, err := r.Render(context.Background(), "Hello", []byte(props))
	if err == nil || !strings.Contains(err.Error(), "props JSON") {
		t.Fatalf("error = %v, want a props JSON error", err)
	}
	if took := time.Since(start); took < 50*time.Millisecond {
		t.Logf("props parsed in %v, under the timeout: this run does not exercise the case", took)
	}
	expectHealthy(t, r)
}
