// Package testkit is the part of the test harness that does not need
// package server: the seeded store, Redis, sessions, token signer and the
// browser-like and API clients. servertest builds the harness on it (of the
// area packages, of the whole portal and of the core's external tests);
// the packages beside the harness that need a part of it without a server
// (the seeded store's options, the built assets) reach it here.
package testkit

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/provider"
	"portal/ratelimit"
	"portal/reference"
	"portal/reference/demo"
	"portal/session"
	"portal/testenv"
	"portal/token"
)

// The demo organisations, by the names the tests use.
const (
	OrgNordic   = demo.Org1ID
	OrgAtlantic = demo.Org2ID
)

// Env is one test's real parts: its own copy of the seeded SQLite store,
// sessions and rate limits in a real redis-server under the test's own key
// prefix, and a token signer.
type Env struct {
	T        testing.TB
	Store    *reference.Store
	Redis    *redis.Client
	Sessions *session.Manager
	Limiter  ratelimit.Limiter
	Tokens   *token.Signer
	// DBPath is the test's own copy of the seeded SQLite file.
	DBPath string
}

// Seeding (with its ledger history) is the slow part of a harness, most of
// all under -race, so the demo store is seeded once per test binary and each
// test gets its own copy of the file.
var (
	// StoreOptions are the test stores' (cheap password hashing).
	StoreOptions = reference.Options{Argon2Params: reference.Argon2Params{Memory: 1024, Time: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32},
		ChunkBudget: time.Hour}
	templateOnce sync.Once
	templateDir  string
	templateErr  error
)

func seededTemplate(t testing.TB) string {
	t.Helper()
	templateOnce.Do(func() {
		if templateDir, templateErr = os.MkdirTemp("", "portal-seed-"); templateErr != nil {
			return
		}
		ctx := context.Background()
		st, err := reference.Open(ctx, filepath.Join(templateDir, "portal.db"), seedOptions())
		if err != nil {
			templateErr = err
			return
		}
		if _, err := demo.Seed(ctx, st, demo.Options{}); err != nil {
			templateErr = err
		}
		// Closing the last connection checkpoints the WAL into the file.
		if err := st.Close(); err != nil && templateErr == nil {
			templateErr = err
		}
	})
	if templateErr != nil {
		t.Fatalf("seeding the template store: %v", templateErr)
	}
	return filepath.Join(templateDir, "portal.db")
}

// Main runs a test binary's tests and removes the seeded template after
// them: call it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	printContractSummary()
	if templateDir != "" {
		os.RemoveAll(templateDir)
	}
	return code
}

// NewEnv gives the test its parts; the export worker runs on its store,
// logging to logger.
func NewEnv(t testing.TB, logger *slog.Logger) *Env {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	b, err := os.ReadFile(seededTemplate(t))
	if err == nil {
		err = os.WriteFile(path, b, 0o600)
	}
	if err != nil {
		t.Fatal(err)
	}
	store, err := reference.Open(ctx, path, StoreOptions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	opt, err := redis.ParseURL(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { rdb.Close() })
	prefix := testenv.KeyPrefix(t)
	signer, _ := token.NewSigner([]byte(strings.Repeat("s", 32)), 15*time.Minute)
	t.Cleanup(store.StartExportWorker(ctx, reference.ExportWorkerOptions{Logger: logger, Poll: 100 * time.Millisecond}))
	return &Env{T: t, Store: store, Redis: rdb, DBPath: path, Tokens: signer,
		Sessions: session.NewManager(session.NewRedisStore(rdb, prefix+"sess:"), session.Config{}),
		Limiter:  ratelimit.NewRedis(rdb, prefix+"rl:")}
}

// Root is the module's root folder, found from any package's folder.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// Dist is the built assets folder (assets/dist; `make assets` builds it).
func Dist(t testing.TB) fs.FS { return os.DirFS(filepath.Join(Root(t), "assets", "dist")) }

// ReadVectors decodes testdata/name (the vectors that the Go rules and the
// islands' TypeScript rules both run) into v.
func ReadVectors(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Root(t), "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// FailOn is a log handler that fails the test for each record with message
// msg (the harness's reply guard: api.MsgUndocumented).
func FailOn(t testing.TB, msg string) slog.Handler { return failOn{t, msg} }

type failOn struct {
	t   testing.TB
	msg string
}

func (g failOn) Enabled(context.Context, slog.Level) bool { return true }

func (g failOn) Handle(_ context.Context, r slog.Record) error {
	if r.Message == g.msg {
		var attrs []string
		r.Attrs(func(a slog.Attr) bool { attrs = append(attrs, a.String()); return true })
		g.t.Errorf("%s: %s", r.Message, strings.Join(attrs, " "))
	}
	return nil
}

func (g failOn) WithAttrs([]slog.Attr) slog.Handler { return g }
func (g failOn) WithGroup(string) slog.Handler      { return g }

// WaitReady waits for the worker to finish a statement.
func (e *Env) WaitReady(t testing.TB, org, id string) provider.Statement {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, err := e.Store.Statement(context.Background(), org, id)
		if err != nil {
			t.Fatal(err)
		}
		if st.State == provider.StatementReady {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("statement still %s", st.State)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
