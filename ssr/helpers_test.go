package ssr

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"

	"portal/ssr/bundle"
)

// The tests bundle fixture pages (ssr/testdata) with the real runtime
// (ssr/runtime, node_modules) from the repository root, so nothing depends
// on a prior `go run ./cmd/build`.
const repoRoot = ".."

// buildDir holds every bundle built by this test binary; bundles are cached
// per source folder because several tests share the same fixtures.
var (
	buildDir   string
	buildMu    sync.Mutex
	buildCache = map[string]string{}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ssr-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	buildDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// serverBundle builds the server bundle of the fixture pages (and islands)
// under ssr/testdata and returns its source.
func serverBundle(t testing.TB, pagesDir, islandsDir string) string {
	t.Helper()
	key := "server|" + pagesDir + "|" + islandsDir
	return cached(t, key, func(out string) (string, error) {
		_, err := bundle.Build(bundle.Options{
			Root:       repoRoot,
			OutDir:     out,
			SkipCSS:    true,
			PagesDir:   filepath.Join("ssr", pagesDir),
			IslandsDir: filepath.Join("ssr", islandsDir),
		})
		if err != nil {
			return "", err
		}
		b, err := os.ReadFile(filepath.Join(out, "server.js"))
		return string(b), err
	})
}

func cached(t testing.TB, key string, build func(out string) (string, error)) string {
	buildMu.Lock()
	defer buildMu.Unlock()
	if src, ok := buildCache[key]; ok {
		return src
	}
	out := filepath.Join(buildDir, fmt.Sprint(len(buildCache)))
	src, err := build(out)
	if err != nil {
		t.Fatalf("build %s: %v", key, err)
	}
	buildCache[key] = src
	return src
}

// newRenderer builds the fixture bundle and a pool over it.
func newRenderer(t testing.TB, pagesDir, islandsDir string, cfg Config) *Renderer {
	t.Helper()
	r, err := New(serverBundle(t, pagesDir, islandsDir), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// referenceBundle compiles the same fixture pages and islands the way a
// preact app would (automatic JSX runtime from preact) and exposes
// preact-render-to-string over them as globalThis.__ref: the oracle that our
// Go-native serialisation must match byte for byte.
func referenceBundle(t testing.TB, pagesDir, islandsDir string) string {
	t.Helper()
	key := "reference|" + pagesDir + "|" + islandsDir
	return cached(t, key, func(string) (string, error) {
		root, err := filepath.Abs(repoRoot)
		if err != nil {
			return "", err
		}
		var entry strings.Builder
		entry.WriteString("import { h } from 'preact';\nimport { renderToString } from 'preact-render-to-string';\n")
		// An empty dir registers nothing: pages that place islands import
		// the Go-backed island runtime and cannot be rendered by preact.
		registry := func(kind, dir string) error {
			var names []string
			if dir != "" {
				names, err = tsxNames(filepath.Join(root, "ssr", dir))
			}
			if err != nil {
				return err
			}
			for i, n := range names {
				fmt.Fprintf(&entry, "import * as %s%d from %q;\n", kind, i, filepath.Join(root, "ssr", dir, n+".tsx"))
			}
			fmt.Fprintf(&entry, "const %s = {", kind)
			for i, n := range names {
				fmt.Fprintf(&entry, "%q: %s%d,", n, kind, i)
			}
			entry.WriteString("};\n")
			return nil
		}
		if err := registry("pages", pagesDir); err != nil {
			return "", err
		}
		if err := registry("islands", islandsDir); err != nil {
			return "", err
		}
		entry.WriteString(`globalThis.__ref = {
  cases() {
    const o = {};
    for (const k of Object.keys(pages)) o[k] = Object.keys(pages[k].cases || {});
    return JSON.stringify(o);
  },
  page(name, props) { return renderToString(h(pages[name].default, JSON.parse(props))); },
  island(name, props) { return renderToString(h(islands[name].default, JSON.parse(props))); },
};
`)
		res := api.Build(api.BuildOptions{
			Stdin:           &api.StdinOptions{Contents: entry.String(), ResolveDir: root, Sourcefile: "reference.js", Loader: api.LoaderJS},
			Bundle:          true,
			Write:           false,
			Format:          api.FormatIIFE,
			Target:          api.ES2020,
			JSX:             api.JSXAutomatic,
			JSXImportSource: "preact",
			Charset:         api.CharsetUTF8,
			NodePaths:       []string{filepath.Join(root, "node_modules")},
			AbsWorkingDir:   root,
			LogLevel:        api.LogLevelWarning,
			Define:          map[string]string{"process.env.NODE_ENV": `"production"`},
		})
		if len(res.Errors) > 0 {
			return "", fmt.Errorf("%s", strings.Join(api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage}), "\n"))
		}
		return string(res.OutputFiles[0].Contents), nil
	})
}

func tsxNames(dir string) ([]string, error) {
	m, err := filepath.Glob(filepath.Join(dir, "*.tsx"))
	if err != nil {
		return nil, err
	}
	names := make([]string, len(m))
	for i, p := range m {
		names[i] = strings.TrimSuffix(filepath.Base(p), ".tsx")
	}
	return names, nil
}

// reference is one goja runtime running the reference bundle. It is used by
// one goroutine, like any runtime.
type reference struct {
	rt          *goja.Runtime
	page, isl   goja.Callable
	casesByPage map[string][]string
}

func newReference(t testing.TB, pagesDir, islandsDir string) *reference {
	t.Helper()
	rt := goja.New()
	if _, err := rt.RunScript("reference.js", referenceBundle(t, pagesDir, islandsDir)); err != nil {
		t.Fatal(err)
	}
	ref := rt.Get("__ref").ToObject(rt)
	fn := func(name string) goja.Callable {
		f, ok := goja.AssertFunction(ref.Get(name))
		if !ok {
			t.Fatalf("__ref.%s is not a function", name)
		}
		return f
	}
	r := &reference{rt: rt, page: fn("page"), isl: fn("island")}
	out, err := fn("cases")(ref)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out.String()), &r.casesByPage); err != nil {
		t.Fatal(err)
	}
	return r
}

// renderPage is preact-render-to-string's HTML for a fixture page.
func (r *reference) renderPage(name, props string) (string, error) {
	v, err := r.page(goja.Undefined(), r.rt.ToValue(name), r.rt.ToValue(props))
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// renderIsland is preact-render-to-string's HTML for a fixture island alone.
func (r *reference) renderIsland(name, props string) (string, error) {
	v, err := r.isl(goja.Undefined(), r.rt.ToValue(name), r.rt.ToValue(props))
	if err != nil {
		return "", err
	}
	return v.String(), nil
}
