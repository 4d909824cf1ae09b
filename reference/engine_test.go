package reference

import (
	"context"
	"os"
	"sync"
	"testing"

	"portal/reference/demo"
	"portal/testenv"
)

// EnvTestEngine picks the engine the package's tests open their stores on: unset or "sqlite"
// for SQLite files, "postgres" for a PostgreSQL database of each test's own (testenv starts
// the server, or uses PORTAL_TEST_POSTGRES_URL's). Tests that are about SQLite itself (its
// pragmas, its file) keep opening files either way.
const EnvTestEngine = "PORTAL_TEST_ENGINE"

func testOnPostgres() bool { return os.Getenv(EnvTestEngine) == "postgres" }

// skipOnPostgres skips a test that is about SQLite's own machinery, with why.
func skipOnPostgres(t testing.TB, why string) {
	t.Helper()
	if testOnPostgres() {
		t.Skip("SQLite only: " + why)
	}
}

// pgMigratedTemplate is the template database with the store's schema, made once per run.
const pgMigratedTemplate = "reference_migrated"

// pgDatabases maps the file paths tests open to the PostgreSQL databases standing in for
// them, so a test that closes its store and opens the same path again finds its data.
var pgDatabases sync.Map // path → DSN

// testStorePath is where a test's store at path lives on the test engine: path itself on
// SQLite, and on PostgreSQL the DSN of a database of the test's own, copied from the migrated
// template the first time the test names path.
func testStorePath(t testing.TB, path string) string {
	t.Helper()
	if !testOnPostgres() || IsPostgresURL(path) {
		return path
	}
	if dsn, ok := pgDatabases.Load(path); ok {
		return dsn.(string)
	}
	pg := testenv.StartPostgres(t)
	pg.Template(t, pgMigratedTemplate, func(dsn string) error {
		s, err := Open(context.Background(), dsn, Options{Argon2Params: cheapParams})
		if err != nil {
			return err
		}
		return s.Close()
	})
	dsn := pg.FreshDatabase(t, pgMigratedTemplate)
	pgDatabases.Store(path, dsn)
	t.Cleanup(func() { pgDatabases.Delete(path) })
	return dsn
}

// pgSeedTemplates names the PostgreSQL template database of each seeded template.
var pgSeedTemplates = map[*seedTemplate]string{&templateNow: "reference_seed_now", &templateAuth: "reference_seed_auth"}

// copyPostgresTemplate is copyTemplate on PostgreSQL: the template is a database, seeded once
// with opts, and the test gets a copy.
func copyPostgresTemplate(t testing.TB, tp *seedTemplate, opts Options) string {
	t.Helper()
	name := pgSeedTemplates[tp]
	if name == "" {
		t.Fatal("copyPostgresTemplate: a seed template without a PostgreSQL name (pgSeedTemplates)")
	}
	pg := testenv.StartPostgres(t)
	pg.Template(t, name, func(dsn string) error {
		ctx := context.Background()
		s, err := Open(ctx, dsn, opts)
		if err != nil {
			return err
		}
		if _, err := demo.Seed(ctx, s, demo.Options{}); err != nil {
			s.Close()
			return err
		}
		return s.Close()
	})
	return pg.FreshDatabase(t, name)
}
