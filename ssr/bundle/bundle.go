// Package bundle builds the portal's front-end assets with the esbuild Go API:
// the server bundle that goja runs (every page and island), one browser entry
// per island sharing a runtime chunk, and the Tailwind CSS. It writes a
// manifest that the server reads to name the content-hashed files.
package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"portal/templates/icons"
)

// Manifest names the built files, relative to the output folder.
type Manifest struct {
	Server  string            `json:"server"`
	CSS     string            `json:"css"`
	Islands map[string]string `json:"islands"`
	// Boot is the loader every page with islands runs (ssr/runtime/boot.js): it imports an
	// island's module when the island is needed.
	Boot string `json:"boot"`
	// Files lists every browser-facing file with its size, for the budgets.
	Files map[string]int `json:"files"`
}

// Options says where the sources are and where the output goes.
type Options struct {
	Root   string // project root (holds templates/, islands/, ssr/runtime/, node_modules/)
	OutDir string // usually assets/dist
	// SkipCSS leaves the CSS out (tests that only need the server bundle).
	SkipCSS bool
	// Minify the browser bundles (on by default in Build; the server bundle
	// stays readable so render errors point at real names).
	Minify bool
	// PagesDir and IslandsDir override Root/templates/pages and Root/islands,
	// so tests can bundle their own fixture pages with the real runtime.
	// Relative paths are taken from Root.
	PagesDir, IslandsDir string
	// ExtraPagesDir adds its pages to the server bundle beside the pages
	// folder's: the render benchmark's own pages, which the portal's
	// bundle (cmd/build) must not carry. Relative to Root.
	ExtraPagesDir string
}

// dir resolves an optional override against root.
func dir(root, override string, def ...string) string {
	if override == "" {
		return filepath.Join(append([]string{root}, def...)...)
	}
	if filepath.IsAbs(override) {
		return filepath.Clean(override)
	}
	return filepath.Join(root, override)
}

// Build runs one full build and writes OutDir/manifest.json.
func Build(o Options) (*Manifest, error) {
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return nil, err
	}
	out, err := filepath.Abs(o.OutDir)
	if err != nil {
		return nil, err
	}
	src := sources{
		root:       root,
		pagesDir:   dir(root, o.PagesDir, "templates", "pages"),
		islandsDir: dir(root, o.IslandsDir, "islands"),
	}
	src.pages, err = ListPages(src.pagesDir)
	if err != nil {
		return nil, err
	}
	if o.ExtraPagesDir != "" {
		if src.pages, err = addPages(src.pages, src.pagesDir, dir(root, o.ExtraPagesDir)); err != nil {
			return nil, err
		}
	}
	src.islands, err = ListTSX(src.islandsDir)
	if err != nil {
		return nil, err
	}
	// Old hashed files would pile up and be embedded; a build owns OutDir.
	if err := cleanDir(out); err != nil {
		return nil, err
	}
	m := &Manifest{Islands: map[string]string{}, Files: map[string]int{}}

	server := api.Build(serverOptions(src, out))
	if err := buildErr("server bundle", server); err != nil {
		return nil, err
	}
	m.Server = "server.js"

	if len(src.islands) > 0 {
		client := api.Build(clientOptions(src, out, o.Minify))
		if err := buildErr("island bundles", client); err != nil {
			return nil, err
		}
		meta := struct {
			Outputs map[string]struct {
				EntryPoint string `json:"entryPoint"`
				Bytes      int    `json:"bytes"`
			} `json:"outputs"`
		}{}
		if err := json.Unmarshal([]byte(client.Metafile), &meta); err != nil {
			return nil, err
		}
		for path, info := range meta.Outputs {
			rel, _ := filepath.Rel(out, filepath.Join(root, path))
			if !strings.HasSuffix(rel, ".js") {
				continue
			}
			rel = filepath.ToSlash(rel)
			m.Files[rel] = info.Bytes
			if filepath.ToSlash(info.EntryPoint) == bootEntry {
				m.Boot = rel
			}
			// esbuild names a virtual entry "namespace:path".
			if name, ok := strings.CutPrefix(strings.TrimPrefix(info.EntryPoint, "portal:"), "portal-island:"); ok {
				m.Islands[name] = rel
			}
		}
	}

	if !o.SkipCSS {
		css, size, err := buildCSS(root, out)
		if err != nil {
			return nil, err
		}
		m.CSS = css
		m.Files[css] = size
	}
	if err := copyFlags(root, out, m); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, icons.File()), icons.Sprite, 0o644); err != nil {
		return nil, err
	}
	m.Files[icons.File()] = len(icons.Sprite)
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(out, "manifest.json"), b, 0o644); err != nil {
		return nil, err
	}
	return m, nil
}

func commonOptions(root string) api.BuildOptions {
	return api.BuildOptions{
		Bundle:        true,
		Write:         true,
		Target:        api.ES2020,
		LogLevel:      api.LogLevelWarning,
		JSX:           api.JSXAutomatic,
		Charset:       api.CharsetUTF8,
		NodePaths:     []string{filepath.Join(root, "node_modules")},
		AbsWorkingDir: root,
		// The root tsconfig.json is for tsc. esbuild would take its JSX
		// settings over this file's (JSXTransform is the zero value, so it
		// cannot tell that the server build asks for it) and render the pages
		// with preact's runtime instead of the Go factory: read none.
		TsconfigRaw: "{}",
		Alias: map[string]string{
			"react":             "preact/compat",
			"react-dom":         "preact/compat",
			"react/jsx-runtime": "preact/jsx-runtime",
		},
		Define: map[string]string{"process.env.NODE_ENV": `"production"`},
	}
}

// sources is what a build reads: the page and island folders and their files.
type sources struct {
	root, pagesDir, islandsDir string
	pages                      []Page
	islands                    []string
}

func serverOptions(src sources, out string) api.BuildOptions {
	o := commonOptions(src.root)
	o.EntryPoints = []string{filepath.Join(src.root, "ssr", "runtime", "server.js")}
	o.Outfile = filepath.Join(out, "server.js")
	o.Format = api.FormatIIFE
	// Pages call the Go-native factory directly (classic transform: children
	// as arguments, null props for bare elements). Islands carry the pragmas
	// "@jsxRuntime automatic @jsxImportSource preact", so they render with
	// preact here exactly as in the browser.
	o.JSX = api.JSXTransform
	o.JSXFactory = "__portal_h"
	o.JSXFragment = "__portal_Fragment"
	o.Define[serverFlag] = "true"
	o.Define[iconsHref] = strconv.Quote("/assets/" + icons.File())
	o.Plugins = []api.Plugin{registries(src)}
	return o
}

// serverFlag is true in the server's bundle and false in the browser's, so an island's
// server-only markup (islands/lib/serverOnly.ts) and what only it imports stay out of the
// browser's bundles.
const serverFlag = "__PORTAL_SERVER__"

// iconsHref is the icon sprite's URL in the server's bundle (templates/icons): the pages
// draw icons, the islands none.
const iconsHref = "__PORTAL_ICONS__"

// bootEntry is the loader's source, relative to the root as esbuild's metafile names it.
const bootEntry = "ssr/runtime/boot.js"

func clientOptions(src sources, out string, minify bool) api.BuildOptions {
	o := commonOptions(src.root)
	for _, name := range src.islands {
		o.EntryPointsAdvanced = append(o.EntryPointsAdvanced, api.EntryPoint{
			InputPath: "portal-island:" + name, OutputPath: "islands/" + name,
		})
	}
	o.EntryPointsAdvanced = append(o.EntryPointsAdvanced, api.EntryPoint{InputPath: bootEntry, OutputPath: "boot"})
	o.Outdir = filepath.Join(out, "js")
	o.Format = api.FormatESModule
	o.Splitting = true
	o.EntryNames = "[dir]/[name]-[hash]"
	o.ChunkNames = "chunks/[name]-[hash]"
	o.JSXImportSource = "preact"
	o.Define[serverFlag] = "false"
	o.Metafile = true
	o.MinifyWhitespace = minify
	o.MinifyIdentifiers = minify
	o.MinifySyntax = minify
	src.pages = nil // the browser bundles hold islands only
	o.Plugins = []api.Plugin{registries(src), serverModules()}
	return o
}

// serverModules keeps an island's server-only modules out of the browser's bundles: an
// import of a path ending in ".server" (islands/lib/X.server.tsx, whose default export is
// markup only the server draws) is an empty module there, so neither it nor what only it
// imports ships. The island renders it under the server flag only (islands/lib/serverOnly.ts).
func serverModules() api.Plugin {
	return api.Plugin{Name: "portal-server-only", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `\.server$`},
			func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				return api.OnResolveResult{Path: a.Path, Namespace: "portal-server-only"}, nil
			})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "portal-server-only"},
			func(api.OnLoadArgs) (api.OnLoadResult, error) {
				js := "export default null;\n"
				return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS}, nil
			})
	}}
}

// registries serves the virtual modules that list pages and islands, so a
// new file under templates/pages or islands needs no registration by hand.
func registries(src sources) api.Plugin {
	return api.Plugin{Name: "portal-registries", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^portal(-island)?:`},
			func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				return api.OnResolveResult{Path: a.Path, Namespace: "portal"}, nil
			})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "portal"},
			func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				var js string
				switch {
				case a.Path == "portal:pages":
					js = registry(src.pagesDir, src.pages...)
				case a.Path == "portal:islands":
					js = registry(src.islandsDir, flat(src.islands)...)
				case strings.HasPrefix(a.Path, "portal-island:"):
					name := strings.TrimPrefix(a.Path, "portal-island:")
					js = fmt.Sprintf("import { mount } from %q;\nimport C from %q;\nmount(%q, C);\n",
						filepath.Join(src.root, "ssr", "runtime", "client.js"),
						filepath.Join(src.islandsDir, name+".tsx"), name)
				default:
					return api.OnLoadResult{}, fmt.Errorf("unknown virtual module %s", a.Path)
				}
				return api.OnLoadResult{Contents: &js, ResolveDir: src.root, Loader: api.LoaderJS}, nil
			})
	}}
}

func registry(dir string, pages ...Page) string {
	var b strings.Builder
	for i, p := range pages {
		fmt.Fprintf(&b, "import c%d from %q;\n", i, filepath.Join(dir, filepath.FromSlash(p.Path)))
	}
	b.WriteString("export default {")
	for i, p := range pages {
		fmt.Fprintf(&b, "%q: c%d,", p.Name, i)
	}
	b.WriteString("};\n")
	return b.String()
}

// addPages adds the pages of extra to pages (those of pagesDir), with paths
// relative to pagesDir, so one registry imports both folders.
func addPages(pages []Page, pagesDir, extra string) ([]Page, error) {
	more, err := ListPages(extra)
	if err != nil {
		return nil, err
	}
	if len(more) == 0 {
		return nil, fmt.Errorf("no pages in %s", extra)
	}
	for _, p := range more {
		if slices.ContainsFunc(pages, func(q Page) bool { return q.Name == p.Name }) {
			return nil, fmt.Errorf("page %s is in both %s and %s", p.Name, pagesDir, extra)
		}
		rel, err := filepath.Rel(pagesDir, filepath.Join(extra, filepath.FromSlash(p.Path)))
		if err != nil {
			return nil, err
		}
		pages = append(pages, Page{Name: p.Name, Path: filepath.ToSlash(rel)})
	}
	return pages, nil
}

// Page is one page component: Name is what a handler renders (View.Page),
// Path its file under the pages folder, slash-separated.
type Page struct {
	Name, Path string
}

// ListPages lists the pages under dir and its subfolders (one per area:
// templates/pages/<area>/<Name>.tsx), sorted by name. A page is named by
// its file alone, so two folders cannot both hold one name.
func ListPages(dir string) ([]Page, error) {
	var pages []Page
	where := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".tsx") || strings.Contains(n, ".test.") {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		p := Page{Name: strings.TrimSuffix(n, ".tsx"), Path: filepath.ToSlash(rel)}
		if prev, ok := where[p.Name]; ok {
			return fmt.Errorf("page %s is both %s and %s: page names are unique across folders", p.Name, prev, p.Path)
		}
		where[p.Name] = p.Path
		pages = append(pages, p)
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	slices.SortFunc(pages, func(a, b Page) int { return strings.Compare(a.Name, b.Name) })
	return pages, err
}

// flat names islands as pages of their folder (islands have no subfolders).
func flat(names []string) []Page {
	out := make([]Page, len(names))
	for i, n := range names {
		out[i] = Page{Name: n, Path: n + ".tsx"}
	}
	return out
}

// ListTSX names the .tsx files of a folder (without extension), sorted; test
// files are not pages.
func ListTSX(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".tsx") || strings.Contains(n, ".test.") {
			continue
		}
		names = append(names, strings.TrimSuffix(n, ".tsx"))
	}
	sort.Strings(names)
	return names, nil
}

func buildErr(what string, r api.BuildResult) error {
	if len(r.Errors) == 0 {
		return nil
	}
	msgs := api.FormatMessages(r.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
	return fmt.Errorf("%s: %s", what, strings.Join(msgs, "\n"))
}

// buildCSS runs the Tailwind CLI (from node_modules) and names the output by
// its content hash.
func buildCSS(root, out string) (string, int, error) {
	tmp := filepath.Join(out, "css", "app.tmp.css")
	if err := os.MkdirAll(filepath.Dir(tmp), 0o755); err != nil {
		return "", 0, err
	}
	cli := filepath.Join(root, "node_modules", "@tailwindcss", "cli", "dist", "index.mjs")
	cmd := exec.Command("node", cli, "-i", filepath.Join(root, "assets", "app.css"), "-o", tmp, "--minify")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", 0, fmt.Errorf("tailwind: %v\n%s", err, b)
	}
	css, err := os.ReadFile(tmp)
	if err != nil {
		return "", 0, err
	}
	sum := sha256.Sum256(css)
	name := "css/app-" + strings.ToUpper(hex.EncodeToString(sum[:4])) + ".css"
	if err := os.Rename(tmp, filepath.Join(out, name)); err != nil {
		return "", 0, err
	}
	return name, len(css), nil
}

// copyFlags puts the flag images cmd/genflags wrote (their names carry a content hash) among
// the built files, under flags/, the path flags.json names them by. A root without them
// (a test's) has no flags to copy.
func copyFlags(root, out string, m *Manifest) error {
	src := filepath.Join(root, "templates", "generated", "flags")
	ents, err := os.ReadDir(src)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(out, "flags"), 0o755); err != nil {
		return err
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".svg") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, "flags", e.Name()), b, 0o644); err != nil {
			return err
		}
		m.Files["flags/"+e.Name()] = len(b)
	}
	return nil
}

func cleanDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	for _, e := range ents {
		if e.Name() == ".keep" {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
