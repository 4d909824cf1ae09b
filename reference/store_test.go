package reference

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"portal/provider"
)

func openTestStoreNoCleanup(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path, Options{Argon2Params: cheapParams})
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	return s
}

func openTestStore(t testing.TB, path string) *Store {
	t.Helper()
	s := openTestStoreNoCleanup(t, path)
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// seededStore is a fresh store with the demo data, on a real file (a copy of one seeded
// template: seed_template_test.go).
func seededStore(t testing.TB) *Store {
	t.Helper()
	return openTestStore(t, copyTemplate(t, &templateNow, Options{Argon2Params: cheapParams}))
}

func TestOpenCreatesFolderAndConfiguresConnections(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "nested", "data", "portal.db")
	s := openTestStore(t, path)

	for _, tc := range []struct {
		pool, pragma, want string
	}{
		{"write", "journal_mode", "wal"},
		{"write", "foreign_keys", "1"},
		{"write", "busy_timeout", "5000"},
		{"read", "journal_mode", "wal"},
		{"read", "foreign_keys", "1"},
		{"read", "busy_timeout", "5000"},
		{"read", "query_only", "1"},
	} {
		db := s.write
		if tc.pool == "read" {
			db = s.read
		}
		var got string
		if err := db.QueryRowContext(ctx, "PRAGMA "+tc.pragma).Scan(&got); err != nil {
			t.Fatalf("%s PRAGMA %s: %v", tc.pool, tc.pragma, err)
		}
		if got != tc.want {
			t.Errorf("%s PRAGMA %s = %q, want %q", tc.pool, tc.pragma, got, tc.want)
		}
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

func TestReadPoolCannotWrite(t *testing.T) {
	t.Parallel()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))
	// A write slipped onto the read pool would bypass the single-writer queue.
	if _, err := s.read.ExecContext(context.Background(), `DELETE FROM organisations`); err == nil {
		t.Fatal("read pool accepted a write")
	}
}

func TestMigrationsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}

	for i := range 3 {
		s, err := Open(ctx, path, Options{Argon2Params: cheapParams})
		if err != nil {
			t.Fatalf("open #%d: %v", i+1, err)
		}
		var n, maxV int
		if err := s.read.QueryRowContext(ctx, `SELECT count(*), max(version) FROM schema_migrations`).Scan(&n, &maxV); err != nil {
			t.Fatal(err)
		}
		if n != len(ms) || maxV != ms[len(ms)-1].version {
			t.Errorf("open #%d: %d migrations recorded up to %d, want %d up to %d", i+1, n, maxV, len(ms), ms[len(ms)-1].version)
		}
		if i == 0 {
			if _, err := s.Seed(ctx, SeedOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		// Reopening must keep data, not recreate tables.
		if got, err := s.Memberships(ctx, DemoUserMultiID); err != nil || len(got) != 2 {
			t.Errorf("open #%d: multi has %d memberships (%v), want 2", i+1, len(got), err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	s, err := Open(ctx, path, Options{Argon2Params: cheapParams})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, '9999_future.sql', '')`); err != nil {
		t.Fatal(err)
	}
	s.Close()

	if s, err := Open(ctx, path, Options{Argon2Params: cheapParams}); err == nil {
		s.Close()
		t.Fatal("Open accepted a database from a newer build")
	} else if !strings.Contains(err.Error(), "newer") {
		t.Errorf("error %q does not say the schema is newer", err)
	}
}

func TestOpenRejectsPaths(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"", ":memory:", "file:x.db?mode=memory", filepath.Join(t.TempDir(), "a?b.db")} {
		s, err := Open(context.Background(), path, Options{Argon2Params: cheapParams})
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", path)
			continue
		}
		if provider.ErrorCode(err) != provider.EINVALID {
			t.Errorf("Open(%q): code %q, want EINVALID", path, provider.ErrorCode(err))
		}
	}
}

func TestOpenDefaultsToProductionArgon2(t *testing.T) {
	t.Parallel()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "portal.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.params != DefaultArgon2Params {
		t.Errorf("params = %+v, want the defaults", s.params)
	}
	// The dummy must cost what a real user's hash costs, or unknown e-mails answer faster.
	if !strings.HasPrefix(s.dummyHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("dummy hash %q is not made with the defaults", s.dummyHash)
	}
}
