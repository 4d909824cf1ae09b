package bundle

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAddPages: the extra folder's pages join the registry with paths from
// the pages folder, and a name both folders hold is refused (the registry
// would serve one of them silently).
func TestAddPages(t *testing.T) {
	root := t.TempDir()
	write := func(rel string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("export default () => null;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("templates/pages/area/Home.tsx")
	write("bench/pages/Synthetic.tsx")
	pagesDir, extra := filepath.Join(root, "templates/pages"), filepath.Join(root, "bench/pages")
	pages, err := ListPages(pagesDir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := addPages(pages, pagesDir, extra)
	if err != nil {
		t.Fatal(err)
	}
	want := []Page{{Name: "Home", Path: "area/Home.tsx"}, {Name: "Synthetic", Path: "../../bench/pages/Synthetic.tsx"}}
	if !slices.Equal(got, want) {
		t.Errorf("pages %v, want %v", got, want)
	}

	write("bench/pages/Home.tsx")
	if _, err := addPages(pages, pagesDir, extra); err == nil || !strings.Contains(err.Error(), "page Home is in both") {
		t.Errorf("a page in both folders: %v", err)
	}
	if _, err := addPages(pages, pagesDir, filepath.Join(root, "missing")); err == nil {
		t.Error("an extra folder without pages: no error")
	}
}
