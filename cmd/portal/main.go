// Command portal serves the customer web portal.
//
// Configuration comes from the environment (see README and loadConfig):
// PORTAL_ADDR, PORTAL_DATA_DIR, PORTAL_DATABASE_URL, REDIS_URL, PORTAL_ENV (production unless
// "sandbox"), PORTAL_SECRET, PORTAL_TLS, PORTAL_TLS_CERT and PORTAL_TLS_KEY,
// PORTAL_OUTBOX_SHARED, PORTAL_TRUSTED_PROXIES, PORTAL_SESSION_IDLE,
// PORTAL_SESSION_ABSOLUTE, PORTAL_SHUTDOWN_GRACE, PORTAL_PUBLIC_URL, PORTAL_ASSETS_DIR, PORTAL_SEED_LARGE (or
// the flag -seed-large).
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/assets"
	"portal/ratelimit"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/portal"
	"portal/session"
	"portal/ssr"
	"portal/token"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "audit" {
		os.Exit(auditCommand(os.Args[2:], os.Getenv, os.Stdout, os.Stderr))
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	err := run(log)
	if errors.Is(err, errRestart) {
		reexec(log)
	}
	if err != nil {
		log.Error("portal stopped", "err", err)
		os.Exit(1)
	}
}

// errRestart is run's answer when the dev asset watcher asked for a restart:
// main re-executes the binary once everything run opened is closed.
var errRestart = errors.New("restart")

func env(name, def string) string { return lookup(os.Getenv).get(name, def) }

// largeAccountEntries is the size of the scale-test account of -seed-large.
const largeAccountEntries = 1_000_000

func run(log *slog.Logger) error {
	seedLarge := flag.Bool("seed-large", false,
		"with an empty sandbox data directory, also seed the scale-test account of 1,000,000 ledger entries (or PORTAL_SEED_LARGE=1)")
	pageRoutes := flag.Bool("page-routes", false, "print the GET routes of the route table as JSON and exit (the e2e layout walk reads it)")
	openAPI := flag.Bool("openapi", false, "print the OpenAPI document /api/openapi.json serves and exit (make apilint lints it)")
	flag.Parse()
	if *pageRoutes {
		return writePageRoutes(os.Stdout)
	}
	if *openAPI {
		// The same composition the portal serves; nothing is opened or listened on.
		_, err := os.Stdout.Write(portal.New(server.Deps{}).OpenAPIJSON())
		return err
	}
	// goja allocates heavily per render; a higher GC target took the render
	// pool from 186 to 297 renders/s (docs/architecture.md). GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	cfg, err := loadConfig(os.Getenv)
	if err != nil {
		return err
	}
	dataDir, mode := cfg.DataDir, cfg.Mode
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return err
	}
	secret, err := loadSecret(dataDir)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Registered before the closes below so it runs after them: "done" means
	// the workers stopped and Redis and the store are closed.
	var began time.Time
	var timedOut bool
	defer func() {
		if !began.IsZero() {
			log.Info("shutdown done", "took", time.Since(began).Round(time.Millisecond).String(), "grace_ran_out", timedOut)
		}
	}()

	store, err := reference.Open(ctx, cfg.storePath(), reference.Options{})
	if err != nil {
		return err
	}
	defer store.Close()
	if mode == "sandbox" {
		opts := demo.Options{}
		if *seedLarge || env("PORTAL_SEED_LARGE", "") == "1" {
			opts.LargeAccountEntries = largeAccountEntries
			log.Info("seeding the scale-test account when the store is empty", "account", demo.AccountLarge, "entries", largeAccountEntries)
		}
		rep, err := demo.Seed(ctx, store, opts)
		if err != nil {
			return err
		}
		if rep.Seeded {
			fmt.Print(rep.String())
		} else {
			printDemoLogins()
		}
	}

	rdb, backend, err := connectRedis(ctx, log)
	if err != nil {
		return err
	}
	var sessStore session.Store = session.NewMemoryStore()
	var limiter ratelimit.Limiter = ratelimit.NewMemory()
	if rdb != nil {
		defer rdb.Close()
		sessStore = session.NewRedisStore(rdb, "portal:sess:")
		limiter = ratelimit.NewRedis(rdb, "portal:rl:")
	}

	var dist fs.FS = assets.Dist
	if dir := env("PORTAL_ASSETS_DIR", ""); dir != "" {
		dist = os.DirFS(dir)
	} else if sub, err := fs.Sub(assets.Dist, "dist"); err == nil {
		dist = sub
	}
	as, err := server.LoadAssets(dist)
	if err != nil {
		return err
	}
	renderer, err := ssr.New(as.Server, ssr.Config{})
	if err != nil {
		return err
	}
	signer, err := token.NewSigner(secret, 15*time.Minute)
	if err != nil {
		return err
	}
	srvCfg := cfg.server(backend)
	deps := server.Deps{
		Config:   srvCfg,
		Provider: store,
		Sessions: session.NewManager(sessStore, session.Config{IdleTimeout: cfg.Idle, AbsoluteTimeout: cfg.Absolute}),
		Limiter:  limiter, Renderer: renderer, Assets: as, Tokens: signer, Redis: rdb, Logger: log,
	}
	deps.Offered(store)
	srv := portal.New(deps)
	// The workers get their own context: a signal must not stop them while
	// requests in flight still enqueue work; their stop funcs (deferred, so
	// they run after the drain below, before Redis and the store close) end them.
	workCtx := context.Background()
	defer store.StartExportWorker(workCtx, reference.ExportWorkerEnv(log))()
	defer store.StartPayoutProcessor(workCtx, reference.PayoutProcessorEnv(log))()
	defer store.StartDraftCleanup(workCtx, reference.DraftCleanupEnv(log))()
	restart := make(chan struct{})
	if dir := env("PORTAL_ASSETS_DIR", ""); dir != "" && env("PORTAL_DEV", "") == "1" {
		go watchAssets(dir, log, func() { close(restart) })
	}
	log.Info("portal listening", "addr", cfg.url(), "env", mode, "tls", srvCfg.TLS, "data", dataDir, "sessions", backend,
		"idle_timeout", cfg.Idle.String(), "renderers", renderer.Size())
	logExposure(log, srvCfg)
	listened := make(chan error, 1)
	go func() { listened <- srv.App().Listen(cfg.Addr, cfg.listen()) }()
	restarting := false
	select {
	case err := <-listened:
		return err // never listened, or stopped by itself: nothing to drain
	case <-ctx.Done():
	case <-restart:
		restarting = true
	}
	// Listen returns as soon as the listener closes, so the drain is waited
	// on here: returning earlier would run the deferred closes under
	// handlers still answering.
	grace := cfg.ShutdownGrace
	if restarting {
		grace = 2 * time.Second
	}
	log.Info("shutdown started", "grace", grace.String(), "restart", restarting)
	began = time.Now()
	err = srv.App().ShutdownWithTimeout(grace)
	timedOut = errors.Is(err, context.DeadlineExceeded)
	if err != nil && !timedOut {
		log.Warn("shutdown", "err", err)
	}
	<-listened
	if restarting {
		return errRestart
	}
	return nil
}

// connectRedis uses REDIS_URL when set (and fails if it does not answer:
// an explicit setting must not silently fall back), else a Redis on the
// default port if one answers, else none.
func connectRedis(ctx context.Context, log *slog.Logger) (redis.UniversalClient, string, error) {
	url := env("REDIS_URL", "")
	explicit := url != ""
	if !explicit {
		conn, err := net.DialTimeout("tcp", "127.0.0.1:6379", 300*time.Millisecond)
		if err != nil {
			log.Info("sessions kept in process: REDIS_URL is not set and no Redis answers on 127.0.0.1:6379")
			return nil, "memory", nil
		}
		conn.Close()
		url = "redis://127.0.0.1:6379/0"
	}
	opt, err := redisOptions(url)
	if err != nil {
		return nil, "", fmt.Errorf("REDIS_URL: %w", err)
	}
	redis.SetLogger(newRedisLogger(log))
	c := redis.NewUniversalClient(opt)
	pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := c.Ping(pctx).Err(); err != nil {
		c.Close()
		if explicit {
			return nil, "", fmt.Errorf("REDIS_URL does not answer: %w", err)
		}
		log.Info("sessions kept in process: the Redis on 127.0.0.1:6379 does not answer PING")
		return nil, "memory", nil
	}
	log.Info("sessions in Redis", "mode", redisMode(opt), "addrs", opt.Addrs, "master", opt.MasterName, "db", opt.DB)
	return c, "redis", nil
}

// loadSecret reads PORTAL_SECRET (hex, at least 32 bytes), or the data
// directory's generated secret, creating it on first start.
func loadSecret(dataDir string) ([]byte, error) {
	if v := env("PORTAL_SECRET", ""); v != "" {
		b, err := hex.DecodeString(v)
		if err != nil || len(b) < 32 {
			return nil, errors.New("PORTAL_SECRET must be at least 64 hex characters (32 bytes)")
		}
		return b, nil
	}
	path := filepath.Join(dataDir, "secret")
	if s, err := readSecret(path); !errors.Is(err, fs.ErrNotExist) {
		return s, err
	}
	s := make([]byte, 32)
	if _, err := rand.Read(s); err != nil {
		return nil, err
	}
	// Two processes starting on one data directory must agree on one
	// secret: the file is written whole under a temporary name and linked to
	// its final name, which fails when another process linked first; that
	// one's secret is then read. A reader never sees a half-written file.
	tmp, err := os.CreateTemp(dataDir, ".secret-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(hex.EncodeToString(s) + "\n")
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return readSecret(path)
		}
		return nil, err
	}
	return s, nil
}

// readSecret reads a generated secret file.
func readSecret(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(s) < 32 {
		return nil, fmt.Errorf("%s is not a valid secret; remove it to generate a new one", path)
	}
	return s, nil
}

func printDemoLogins() {
	fmt.Printf("Demo data already present. Password for every demo user: %s\n", demo.Password)
	for _, r := range []string{"default", "observer", "finance", "operations_member", "operations_member_reviewer",
		"admin", "admin_reviewer", "multi", "noorg"} {
		fmt.Printf("  %s@demo.example\n", r)
	}
}
