package reference

import (
	"context"
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"portal/provider"
	"portal/reference/db"
	"portal/reference/demo"
)

func openTestStoreNoCleanup(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), testStorePath(t, path), Options{Argon2Params: cheapParams, ChunkBudget: time.Hour})
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
	return openTestStore(t, copyTemplate(t, &templateNow, Options{Argon2Params: cheapParams, ChunkBudget: time.Hour}))
}

// atOnce runs call(0) … call(n-1) in goroutines released together, so they race as
// concurrent requests would, and waits for them all.
func atOnce(n int, call func(i int)) {
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			call(i)
		})
	}
	close(start)
	wg.Wait()
}

// countRows is the count a SELECT count(*) query reads on s.
func countRows(t *testing.T, s *Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.read.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOpenCreatesFolderAndConfiguresConnections(t *testing.T) {
	skipOnPostgres(t, "checks the folder and the pools' PRAGMAs")
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
			db = s.read.DB
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

// newestMigration is the highest version among the embedded migration files.
func newestMigration(t *testing.T) int64 {
	t.Helper()
	names, err := fs.Glob(migrations(), "*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	var newest int64
	for _, name := range names {
		v, err := goose.NumericComponent(name)
		if err != nil {
			t.Fatal(err)
		}
		newest = max(newest, v)
	}
	return newest
}

// schemaVersion is what goose's table says: how many versions are applied, and the newest.
func schemaVersion(t *testing.T, s *Store) (applied int, newest int64) {
	t.Helper()
	if err := s.read.QueryRow(`SELECT count(*), max(version_id) FROM `+db.VersionTable+` WHERE version_id > 0 AND is_applied`).
		Scan(&applied, &newest); err != nil {
		t.Fatal(err)
	}
	return applied, newest
}

func TestMigrationsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	files, err := fs.Glob(migrations(), "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	newest := newestMigration(t)

	for i := range 3 {
		s, err := Open(ctx, path, Options{Argon2Params: cheapParams})
		if err != nil {
			t.Fatalf("open #%d: %v", i+1, err)
		}
		if n, v := schemaVersion(t, s); n != len(files) || v != newest {
			t.Errorf("open #%d: %d migrations recorded up to %d, want %d up to %d", i+1, n, v, len(files), newest)
		}
		if i == 0 {
			if _, err := demo.Seed(ctx, s, demo.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		// Reopening must keep data, not recreate tables.
		if got, err := s.Memberships(ctx, demo.UserMultiID); err != nil || len(got) != 2 {
			t.Errorf("open #%d: multi has %d memberships (%v), want 2", i+1, len(got), err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// Processes started together on one new file race to migrate it; each must come up with the
// schema applied once (goose decides what is pending before it takes the write lock).
func TestOpenConcurrentlyMigratesOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	stores := make([]*Store, 4)
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, path, Options{Argon2Params: cheapParams}) })
	}
	wg.Wait()
	for i, s := range stores {
		if errs[i] != nil {
			t.Errorf("open #%d: %v", i+1, errs[i])
			continue
		}
		defer s.Close()
	}
	if t.Failed() {
		return
	}
	var rows int
	if err := stores[0].read.QueryRow(`SELECT count(*) FROM ` + db.VersionTable + ` WHERE version_id > 0`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if n, _ := schemaVersion(t, stores[0]); rows != n {
		t.Errorf("%d version rows for %d versions: a migration was recorded twice", rows, n)
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
	if _, err := s.write.ExecContext(ctx, `INSERT INTO `+db.VersionTable+` (version_id, is_applied) VALUES (9999, 1)`); err != nil {
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

// legacyApplied finds the migrations a pre-goose file's schema_migrations names.
var legacyApplied = regexp.MustCompile(`INSERT INTO schema_migrations VALUES\(\d+,'([^']+\.sql)'`)

// testdata/legacy_main_d369a4a.sql holds the rows of a file written by main at d369a4a, before
// goose: its schema_migrations, its demo organisations, users, memberships and accounts. That
// build applied each migration its schema_migrations names as plain SQL, so the file is rebuilt
// the same way: those migrations (kept as they were by TestReleasedMigrationsAreUnchanged), then
// the rows. Opening it must keep every row and end with the schema a new file gets.
func TestOpenUpgradesLegacyDataDirectory(t *testing.T) {
	skipOnPostgres(t, "adopts a SQLite file written before goose")
	t.Parallel()
	ctx := context.Background()
	dump, err := os.ReadFile(filepath.Join("testdata", "legacy_main_d369a4a.sql"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "portal.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range legacyApplied.FindAllSubmatch(dump, -1) {
		up, err := fs.ReadFile(migrations(), string(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(ctx, string(up)); err != nil {
			t.Fatalf("applying %s as the old build did: %v", m[1], err)
		}
	}
	if _, err := raw.ExecContext(ctx, string(dump)); err != nil {
		t.Fatalf("loading the dump: %v", err)
	}
	// The dump's invited person (a user without a password, already a member) with the
	// link the old code e-mailed them, still unspent.
	const oldLink = "an-invitation-link-token-written-before-invitations-existed"
	if _, err := raw.ExecContext(ctx, `INSERT INTO password_tokens (token_hash, kind, user_id, created_at, expires_at)
		VALUES (?, 'invitation', ?, '2026-11-27T12:00:00.000000000Z', '2999-01-01T00:00:00.000000000Z')`,
		tokenHash(oldLink), demo.UserInvitedID); err != nil {
		t.Fatal(err)
	}
	var legacyVersions int
	if err := raw.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&legacyVersions); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	s := openTestStoreNoCleanup(t, path)
	fresh := openTestStore(t, filepath.Join(t.TempDir(), "fresh.db"))

	// The schema: every table, index and trigger as a new file has them, bookkeeping aside.
	schema := func(s *Store) map[string]string {
		rows, err := s.read.QueryContext(ctx, `SELECT type || ' ' || name, coalesce(sql, '') FROM sqlite_schema
			WHERE name NOT IN (?, ?, 'sqlite_sequence')`, db.VersionTable, db.LegacyVersionTable)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		m := map[string]string{}
		for rows.Next() {
			var name, text string
			if err := rows.Scan(&name, &text); err != nil {
				t.Fatal(err)
			}
			m[name] = strings.Join(strings.Fields(text), " ")
		}
		return m
	}
	got, want := schema(s), schema(fresh)
	for name, text := range want {
		if got[name] != text {
			t.Errorf("%s after the upgrade:\n%s\nwant:\n%s", name, got[name], text)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is left over after the upgrade", name)
		}
	}

	// The bookkeeping: goose's table took over every old version and applied what came since;
	// the old table is kept under its new name, so the two never share a name.
	n, v := schemaVersion(t, s)
	if wantN, _ := schemaVersion(t, fresh); n != wantN || v != newestMigration(t) {
		t.Errorf("goose records %d versions up to %d, want %d up to %d", n, v, wantN, newestMigration(t))
	}
	var kept int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM `+db.LegacyVersionTable).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != legacyVersions || legacyVersions == 0 {
		t.Errorf("%s keeps %d rows, the dump had %d", db.LegacyVersionTable, kept, legacyVersions)
	}

	// The data: the multi-organisation user still logs in and sees both organisations with
	// their accounts.
	u, err := s.Authenticate(ctx, "multi@demo.example", demo.Password)
	if err != nil {
		t.Fatalf("Authenticate after the upgrade: %v", err)
	}
	ms, err := s.Memberships(ctx, u.ID)
	if err != nil || len(ms) != 2 {
		t.Fatalf("multi has %d memberships (%v), want 2", len(ms), err)
	}
	for _, m := range ms {
		if accts, err := s.Accounts(ctx, m.Organisation.ID); err != nil || len(accts) == 0 {
			t.Errorf("organisation %s has %d accounts (%v) after the upgrade", m.Organisation.ID, len(accts), err)
		}
	}
	// The invited person became a pending invitation of the organisation (not a member), and
	// the link they were sent still opens it.
	if ms, err := s.Memberships(ctx, demo.UserInvitedID); err != nil || len(ms) != 0 {
		t.Errorf("the invited person is still a member: %v %v", ms, err)
	}
	if inv, err := s.CheckInvitation(ctx, oldLink); err != nil || inv.Email != demo.InvitedEmail || inv.OrganisationID != demo.Org1ID ||
		inv.Role != provider.RoleObserver || inv.LoginRequired {
		t.Errorf("the old invitation link: %+v %v", inv, err)
	}
	if u, err := s.OrganisationUser(ctx, demo.Org1ID, demo.UserInvitedID); err != nil || !u.Invited || u.FirstName != "Clara" {
		t.Errorf("the invitation in the user list: %+v %v", u, err)
	}
	// A second start finds nothing to adopt and nothing to apply.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	again := openTestStore(t, path)
	if n2, v2 := schemaVersion(t, again); n2 != n || v2 != v {
		t.Errorf("reopening changed the schema version from %d/%d to %d/%d", n, v, n2, v2)
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

// A store whose writer is held by a long transaction is busy, not down: Ping answers at once,
// and a closed store still fails it.
func TestPingBusyWriterIsUp(t *testing.T) {
	s := openTestStoreNoCleanup(t, filepath.Join(t.TempDir(), "busy.db"))
	held, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.inTx(context.Background(), "hold the writer", func(*sql.Tx) error {
			close(held)
			<-release
			return nil
		})
	}()
	<-held
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	err := s.Ping(ctx)
	cancel()
	close(release)
	if err != nil {
		t.Errorf("Ping with the writer in a transaction: %v, want nil", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err == nil {
		t.Error("Ping of a closed store: nil, want an error")
	}
}
