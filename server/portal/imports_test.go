package portal

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The import arrows docs/architecture.md says must never exist. Each rule
// names the importers it covers, the imports they may not have, and the
// importers allowed anyway (with the reason in the docs).
var importRules = []struct {
	name     string
	importer func(pkg string) bool
	banned   func(imp string) bool
	except   []string
}{
	{"the core knows areas only as server.Area",
		func(p string) bool { return p == "portal/server" },
		// server/api is no area: the JSON-API framework below the core.
		func(i string) bool { return strings.HasPrefix(i, "portal/server/") && i != "portal/server/api" }, nil},
	{"the API framework stands below the core and the areas",
		func(p string) bool { return p == "portal/server/api" },
		func(i string) bool { return strings.HasPrefix(i, "portal/server") }, nil},
	{"the portal reaches the store only through the provider interface",
		func(p string) bool {
			return p == "portal/server" || strings.HasPrefix(p, "portal/server/") || p == "portal/provider"
		},
		func(i string) bool { return i == "portal/reference" || strings.HasPrefix(i, "portal/reference/") },
		// The test harness seeds a real demo store for the tests.
		[]string{"portal/server/internal/testkit"}},
	{"the provider boundary holds domain types only",
		func(p string) bool { return p == "portal/provider" || strings.HasPrefix(p, "portal/provider/") },
		func(i string) bool {
			return strings.HasPrefix(i, "portal/server") || strings.HasPrefix(i, "portal/ssr") || strings.HasPrefix(i, "portal/reference")
		}, nil},
	{"the areas are composed once, at the top",
		func(p string) bool { return !strings.HasPrefix(p, "portal/cmd/") },
		func(i string) bool { return i == "portal/server/portal" }, nil},
}

func TestImportRules(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "node_modules" || strings.HasPrefix(name, ".") || name == "testdata" {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			return nil // no Go package here
		}
		rel, _ := filepath.Rel(root, dir)
		path := filepath.ToSlash(filepath.Join("portal", rel))
		for _, r := range importRules {
			if !r.importer(path) || slices.Contains(r.except, path) {
				continue
			}
			for _, imp := range pkg.Imports {
				if r.banned(imp) {
					t.Errorf("%s imports %s: %s", path, imp, r.name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
}

// tsImport finds the module a TS file imports (import … from 'x', export … from 'x',
// import('x')).
var tsImport = regexp.MustCompile(`(?:\bfrom\s+|\bimport\s*\(\s*)'([^']+)'`)

// TestPagesAndIslandsStayApart checks the TS arrows: pages never import an island's code and
// islands never import a page; what both need lives in ui/ (or the generated props types).
// templates/generated is exempt: its island table names each island's props type.
func TestPagesAndIslandsStayApart(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	rules := []struct{ from, banned string }{{"templates", "islands"}, {"islands", "templates/pages"}}
	for _, r := range rules {
		checked := 0
		err := filepath.WalkDir(filepath.Join(root, r.from), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "generated" {
				return filepath.SkipDir
			}
			if d.IsDir() || !(strings.HasSuffix(path, ".ts") || strings.HasSuffix(path, ".tsx")) {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			for _, m := range tsImport.FindAllStringSubmatch(string(src), -1) {
				if !strings.HasPrefix(m[1], ".") {
					continue
				}
				target, _ := filepath.Rel(root, filepath.Join(filepath.Dir(path), m[1]))
				if target = filepath.ToSlash(target); target == r.banned || strings.HasPrefix(target, r.banned+"/") {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s imports %s: %s may not import %s (share it through ui/)", rel, m[1], r.from, r.banned)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if checked < 10 {
			t.Fatalf("only %d files checked under %s: the walk is broken", checked, r.from)
		}
	}
}
