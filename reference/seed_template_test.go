package reference

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"portal/reference/demo"
	"sync"
	"testing"
)

// Seeding takes seconds under -race and some fifty tests want a seeded store, so each kind
// of seeded store is seeded once per test binary into a template file, and every test gets
// its own copy. Seed is deterministic for a given clock, so a copy is the store a fresh Seed
// would have made.
type seedTemplate struct {
	once sync.Once
	path string
	err  error
}

var (
	templateNow  seedTemplate // seeded with the real clock (seededStore)
	templateAuth seedTemplate // seeded at authStart (authStore)
	templateMu   sync.Mutex
)

func (tp *seedTemplate) build(opts Options) {
	dir, err := os.MkdirTemp("", "seed-template-")
	if err != nil {
		tp.err = err
		return
	}
	templateMu.Lock() // two templates may be built at once
	afterAll = append(afterAll, func() { os.RemoveAll(dir) })
	templateMu.Unlock()
	ctx := context.Background()
	tp.path = filepath.Join(dir, "portal.db")
	s, err := Open(ctx, tp.path, opts)
	if err != nil {
		tp.err = err
		return
	}
	if _, err := demo.Seed(ctx, s, demo.Options{}); err != nil {
		s.Close()
		tp.err = err
		return
	}
	// Everything into the main file, so the file alone is the database.
	if _, err := s.write.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		s.Close()
		tp.err = err
		return
	}
	tp.err = s.Close()
}

// copyTemplate builds the template once (with opts) and copies it to a new file of the test.
func copyTemplate(t testing.TB, tp *seedTemplate, opts Options) string {
	t.Helper()
	if testOnPostgres() {
		return copyPostgresTemplate(t, tp, opts)
	}
	tp.once.Do(func() { tp.build(opts) })
	if tp.err != nil {
		t.Fatalf("seed template: %v", tp.err)
	}
	dst := filepath.Join(t.TempDir(), "portal.db")
	in, err := os.Open(tp.path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return dst
}
