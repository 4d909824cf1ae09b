package testenv

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
)

// EnvPostgresURL names the variable that points tests at an existing PostgreSQL instead of
// starting one, e.g. postgres://me@127.0.0.1:5432/postgres. The role must be allowed to create
// databases: every test gets one of its own (FreshDatabase), dropped when the test ends.
const EnvPostgresURL = "PORTAL_TEST_POSTGRES_URL"

const (
	postgresInstallHint = "apt-get install -y postgresql"
	// postgresUser is the system user Debian's postgresql package creates. initdb and postgres
	// refuse to run as root, so a root test run starts them as this user.
	postgresUser = "postgres"
	// A cold initdb on a loaded machine takes seconds; the server's start less.
	postgresStartupTimeout = 30 * time.Second
)

// Postgres is a PostgreSQL server the tests of one package share.
type Postgres struct {
	// DSN reaches the server's postgres database as a superuser (or, with
	// PORTAL_TEST_POSTGRES_URL, as that role): for creating databases, not for tests' data.
	DSN string
	// Started says how long initdb and the server's start took (zero for an existing server).
	Started time.Duration

	admin *sql.DB
	stop  func()

	mu        sync.Mutex
	templates map[string]*templateOnce
}

type templateOnce struct {
	once sync.Once
	db   string // the database's own name: the template's name and this process's suffix
	err  error
}

var (
	pgMu      sync.Mutex
	pgShared  *Postgres
	pgErr     error
	pgMainRan bool
)

// PostgresMain runs the package's tests and then stops the PostgreSQL server StartPostgres
// started for them, if any. A package whose tests use StartPostgres calls it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(testenv.PostgresMain(m)) }
//
// The server is shared by the package's tests, so no single test's cleanup may stop it.
func PostgresMain(m *testing.M) int {
	pgMu.Lock()
	pgMainRan = true
	pgMu.Unlock()
	code := m.Run()
	pgMu.Lock()
	defer pgMu.Unlock()
	if pgShared != nil {
		pgShared.close()
		pgShared = nil
	}
	return code
}

// StartPostgres returns the package's PostgreSQL server, starting it on the first call: Debian's
// initdb into a temporary directory, then postgres on a free loopback port with fsync off (a
// crash loses nothing a test needs). With PORTAL_TEST_POSTGRES_URL set that server is used
// instead. The test fails when PostgreSQL is not installed, with the command that installs it.
func StartPostgres(t testing.TB) *Postgres {
	t.Helper()
	pgMu.Lock()
	defer pgMu.Unlock()
	if !pgMainRan {
		t.Fatalf("testenv: StartPostgres needs TestMain to call testenv.PostgresMain(m), which stops the shared server")
	}
	if pgShared == nil && pgErr == nil {
		pgShared, pgErr = startSharedPostgres()
	}
	if pgErr != nil {
		t.Fatalf("testenv: %v", pgErr)
	}
	return pgShared
}

func startSharedPostgres() (*Postgres, error) {
	if u := os.Getenv(EnvPostgresURL); u != "" {
		admin, err := openPostgres(u)
		if err != nil {
			return nil, err
		}
		return &Postgres{DSN: u, admin: admin, stop: func() {}, templates: map[string]*templateOnce{}}, nil
	}
	start := time.Now()
	dsn, stop, err := startPostgresServer()
	if err != nil {
		return nil, err
	}
	admin, err := openPostgres(dsn)
	if err != nil {
		stop()
		return nil, err
	}
	return &Postgres{DSN: dsn, Started: time.Since(start), admin: admin, stop: stop, templates: map[string]*templateOnce{}}, nil
}

func openPostgres(dsn string) (*sql.DB, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dsn, err)
	}
	db.SetMaxOpenConns(2)
	return db, nil
}

// close drops the templates (a PORTAL_TEST_POSTGRES_URL server outlives the run) and stops
// the server testenv started.
func (p *Postgres) close() {
	for _, o := range p.templates {
		if o.db != "" {
			p.admin.Exec(`DROP DATABASE IF EXISTS ` + quoteIdent(o.db) + ` WITH (FORCE)`)
		}
	}
	p.admin.Close()
	p.stop()
}

// Template creates the template database name once per test binary, running setup on it
// (setup gets its DSN, and must close every connection it opened: PostgreSQL copies a
// database only while nobody is connected to it). FreshDatabase(t, name) then copies it, which
// is much faster than setting each test's database up again. A failed setup fails every test
// that asks for it. The database's own name carries a suffix of this process, so test binaries
// sharing a PORTAL_TEST_POSTGRES_URL server do not build each other's templates.
func (p *Postgres) Template(t testing.TB, name string, setup func(dsn string) error) {
	t.Helper()
	p.mu.Lock()
	o := p.templates[name]
	if o == nil {
		o = &templateOnce{}
		p.templates[name] = o
	}
	p.mu.Unlock()
	o.once.Do(func() {
		db := name + "_" + randomHex(4)
		if _, err := p.admin.ExecContext(context.Background(), `CREATE DATABASE `+quoteIdent(db)+` TEMPLATE template0`); err != nil {
			p.mu.Lock()
			o.err = err
			p.mu.Unlock()
			return
		}
		err := setup(p.databaseDSN(db))
		// FreshDatabase reads these under mu: another test may ask for a copy meanwhile.
		p.mu.Lock()
		o.db, o.err = db, err
		p.mu.Unlock()
	})
	if o.err != nil {
		t.Fatalf("testenv: template database %s: %v", name, o.err)
	}
}

// FreshDatabase creates a database of the test's own as a copy of template (a database made by
// Template, or "" for an empty one) and returns its DSN. It is dropped when the test ends.
func (p *Postgres) FreshDatabase(t testing.TB, template string) string {
	t.Helper()
	source := "template0"
	if template != "" {
		p.mu.Lock()
		o := p.templates[template]
		ok := o != nil && o.db != "" && o.err == nil
		if ok {
			source = o.db
		}
		p.mu.Unlock()
		if !ok {
			t.Fatalf("testenv: FreshDatabase from %s, which Template did not make", template)
		}
	}
	name := "test_" + randomHex(8)
	ctx := context.Background()
	if _, err := p.admin.ExecContext(ctx, `CREATE DATABASE `+quoteIdent(name)+` TEMPLATE `+quoteIdent(source)); err != nil {
		t.Fatalf("testenv: create database %s from %s: %v", name, source, err)
	}
	t.Cleanup(func() {
		// FORCE ends the connections a test's pool still holds.
		if _, err := p.admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+quoteIdent(name)+` WITH (FORCE)`); err != nil {
			t.Errorf("testenv: drop database %s: %v", name, err)
		}
	})
	return p.databaseDSN(name)
}

// databaseDSN is DSN (a postgres:// URL) with its database replaced by name.
func (p *Postgres) databaseDSN(name string) string {
	u, err := url.Parse(p.DSN)
	if err != nil {
		panic(fmt.Sprintf("testenv: %s is not a postgres:// URL: %v", p.DSN, err))
	}
	u.Path = "/" + name
	return u.String()
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// startPostgresServer runs initdb and postgres as a user PostgreSQL accepts (the postgres
// system user when the test runs as root) and returns a DSN over TCP to 127.0.0.1.
func startPostgresServer() (dsn string, stop func(), err error) {
	bin, err := postgresBinDir()
	if err != nil {
		return "", nil, err
	}
	cred, owner, err := postgresCredential()
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "portal-postgres-")
	if err != nil {
		return "", nil, fmt.Errorf("temp dir for postgres: %w", err)
	}
	cleanup := func() { os.RemoveAll(dir) }
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			cleanup()
			return "", nil, fmt.Errorf("hand %s to %s: %w", dir, owner, err)
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions")
	initdb.SysProcAttr = postgresProcAttr(cred)
	if out, err := initdb.CombinedOutput(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("initdb: %v: %s", err, tailOf(out))
	}
	var errs []error
	for range portAttempts {
		port, err := freePort()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		srv, err := startPostgresOn(filepath.Join(bin, "postgres"), data, dir, port, cred)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var once sync.Once
		stop = func() {
			once.Do(func() {
				srv.shutdown()
				cleanup()
			})
		}
		return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port), stop, nil
	}
	cleanup()
	return "", nil, fmt.Errorf("could not start postgres after %d attempts: %w", portAttempts, errors.Join(errs...))
}

// postgresBinDir finds Debian's versioned PostgreSQL binaries, the newest when several are
// installed; they are not in PATH.
func postgresBinDir() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		if p, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p), nil
		}
		return "", fmt.Errorf("PostgreSQL not found (no /usr/lib/postgresql/*/bin/initdb); these tests need a real PostgreSQL: install it with `%s` (or set %s)", postgresInstallHint, EnvPostgresURL)
	}
	sort.Slice(found, func(i, j int) bool { return pgMajor(found[i]) > pgMajor(found[j]) })
	return filepath.Dir(found[0]), nil
}

func pgMajor(initdb string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return n
}

// postgresCredential is whom to run PostgreSQL as: nobody else when the test is not root, the
// postgres system user when it is (the server refuses root, since a superuser's SQL could then
// do anything to the machine).
func postgresCredential() (*syscall.Credential, string, error) {
	if os.Geteuid() != 0 {
		return nil, "", nil
	}
	u, err := user.Lookup(postgresUser)
	if err != nil {
		return nil, "", fmt.Errorf("running as root, PostgreSQL must run as the %q user, which is missing: install PostgreSQL with `%s`", postgresUser, postgresInstallHint)
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}, postgresUser, nil
}

func postgresProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	a := sysProcAttr()
	if a == nil {
		a = &syscall.SysProcAttr{}
	}
	a.Credential = cred
	return a
}

type postgresProc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// shutdown asks for PostgreSQL's immediate shutdown (SIGQUIT: nothing to keep) and waits; the
// postmaster then ends its backends and removes its shared memory, which a kill would leave.
func (p *postgresProc) shutdown() {
	p.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
}

func startPostgresOn(bin, data, sockDir string, port int, cred *syscall.Credential) (*postgresProc, error) {
	cmd := exec.Command(bin, "-D", data,
		"-p", strconv.Itoa(port),
		"-k", sockDir,
		"-c", "listen_addresses=127.0.0.1",
		"-c", "fsync=off",
		"-c", "synchronous_commit=off",
		"-c", "full_page_writes=off",
		"-c", "max_connections=200",
		"-c", "shared_buffers=32MB",
	)
	var logBuf lockedBuffer
	cmd.Stdout = &logBuf
	cmd.Stderr = &logBuf
	cmd.SysProcAttr = postgresProcAttr(cred)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	p := &postgresProc{cmd: cmd, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		close(p.done)
	}()

	dsn := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable&connect_timeout=1", port)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		p.shutdown()
		return nil, err
	}
	defer db.Close()
	deadline := time.Now().Add(postgresStartupTimeout)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := db.PingContext(ctx)
		cancel()
		if err == nil {
			return p, nil
		}
		select {
		case <-p.done:
			return nil, fmt.Errorf("postgres on port %d exited early: %s", port, logBuf.tail())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.shutdown()
			return nil, fmt.Errorf("postgres on port %d did not accept connections within %s (%v): %s", port, postgresStartupTimeout, err, logBuf.tail())
		}
	}
}

func tailOf(out []byte) string {
	var b lockedBuffer
	b.Write(out)
	return b.tail()
}
