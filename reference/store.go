// Package reference is the embedded reference implementation of provider.Provider: the
// payments provider's side of the portal, kept in one SQLite file or a PostgreSQL database.
package reference

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"portal/provider"
	"portal/reference/db"
)

var _ provider.Provider = (*Store)(nil)

//go:embed migrations/sqlite/*.sql
var migrationFiles embed.FS

// Options tune a Store. The zero value is what production uses.
type Options struct {
	// Argon2Params are used for new password hashes and for the dummy hash that keeps a
	// login for an unknown e-mail as slow as a real one. Zero means DefaultArgon2Params;
	// tests pass cheaper ones.
	Argon2Params Argon2Params
	// ReadConns caps the read pool; zero means max(4, GOMAXPROCS).
	ReadConns int
	// Now is the clock for created_at stamps and for every expiry of the authentication
	// flows (codes, tokens, approvals, TOTP steps); nil means time.Now. It is called from many
	// goroutines.
	Now func() time.Time
	// TOTPIssuer names the portal in authenticator apps (the otpauth URI's issuer); empty
	// means DefaultTOTPIssuer.
	TOTPIssuer string
	// ChunkBudget is how long one chunk of a batch's publication may run before it commits;
	// zero means publishChunkBudget (50 ms). Tests set it long, so a chunk is bounded by its
	// rows alone and a request finishes a small batch however slow the machine is.
	ChunkBudget time.Duration
}

// Store is the reference provider on SQLite. It is safe for concurrent use.
//
// It is one service per domain (the embedded *…Service types, each in its own files) over one
// core they share; the services' methods are promoted, so Store implements the provider
// interfaces. docs/store.md ("One type per domain") lists the domains and which may call which.
type Store struct {
	*core
	*LedgerService
	*SearchService
	*AuthService
	*OutboxService
	*OrganisationService
	*FundingService
	*CryptoService
	*ExportService
	*PayoutService
	*DraftService
	*BatchService
	*ReceiverService
	*CollectionService
	*WithdrawalService
	*AuditService
	*PasskeyService
	*StatsService
}

// core is what every domain service shares: the pools, the clock and settings, and the
// services other domains call, so such a call reads s.ledger.…, naming the domain it needs.
//
// It holds two pools on the same file. write has exactly one connection and begins every
// transaction IMMEDIATE: SQLite allows one writer at a time anyway, and queueing writers in Go
// (rather than letting several connections race for the lock) means a transaction that reads
// and then writes can never fail with SQLITE_BUSY halfway, which the ledger's
// read-balance-then-book transactions rely on. read has several query_only connections: under
// WAL readers never block the writer or each other, so page loads do not queue behind writes.
type core struct {
	write  *sql.DB
	read   *db.Reads
	params Argon2Params
	// clock is the store's clock (Options.Now); every service reads it through core.now, so
	// a test that sets s.clock moves every domain's clock.
	clock  func() time.Time
	issuer string
	// dummyHash is verified against when the e-mail is unknown, so that case costs one
	// argon2 run like every other login attempt.
	dummyHash string
	// cryptoSigningKey signs the crypto partner widget tokens (crypto.go).
	cryptoSigningKey []byte
	// payoutWake tells the payout processor that a payout wants work now (created,
	// cancelled), so it need not wait for its next poll.
	payoutWake chan struct{}
	// publishChunkRows and publishChunkBudget bound one chunk of a batch's publication
	// (batches_publish.go); tests make chunks a number of rows, whatever the machine's speed.
	publishChunkRows   int
	publishChunkBudget time.Duration

	// The services other domains call (the arrows of docs/store.md). Their names are not
	// method names of any service, so none hides a method on Store.
	ledger  *LedgerService
	auth    *AuthService
	outbox  *OutboxService
	orgs    *OrganisationService
	funding *FundingService
	payouts *PayoutService
	batches *BatchService
	audits  *AuditService
}

// newStore builds the services over c and wires the ones other domains call.
func newStore(c *core) *Store {
	s := &Store{core: c,
		LedgerService: &LedgerService{c}, SearchService: &SearchService{c}, AuthService: &AuthService{c},
		OutboxService: &OutboxService{c}, OrganisationService: &OrganisationService{c},
		FundingService: &FundingService{c}, CryptoService: &CryptoService{c}, ExportService: &ExportService{c},
		PayoutService: &PayoutService{c}, DraftService: &DraftService{c}, BatchService: &BatchService{c},
		ReceiverService: &ReceiverService{c}, CollectionService: &CollectionService{c},
		WithdrawalService: &WithdrawalService{c}, AuditService: &AuditService{c},
		PasskeyService: &PasskeyService{c}, StatsService: &StatsService{c}}
	c.ledger, c.auth, c.outbox, c.orgs, c.funding = s.LedgerService, s.AuthService, s.OutboxService, s.OrganisationService, s.FundingService
	c.payouts, c.batches, c.audits = s.PayoutService, s.BatchService, s.AuditService
	return s
}

// now is the time on the store's clock.
func (c *core) now() time.Time { return c.clock() }

// Open opens the store at path, brings its schema up to date and returns the store. path is a
// SQLite file (created if needed) or, when it is a postgres:// or postgresql:// URL, a
// PostgreSQL database (store_postgres.go).
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	pg := IsPostgresURL(path)
	if !pg {
		if err := prepareSQLitePath(path); err != nil {
			return nil, err
		}
	}

	s := newStore(&core{params: opts.Argon2Params, issuer: opts.TOTPIssuer, payoutWake: make(chan struct{}, 1),
		publishChunkRows: publishChunkRows, publishChunkBudget: publishChunkBudget})
	s.clock = opts.Now
	if opts.ChunkBudget > 0 {
		s.publishChunkBudget = opts.ChunkBudget
	}
	if s.issuer == "" {
		s.issuer = DefaultTOTPIssuer
	}
	if s.params == (Argon2Params{}) {
		s.params = DefaultArgon2Params
	}
	if err := s.params.check(); err != nil {
		return nil, err
	}
	if s.clock == nil {
		s.clock = time.Now
	}
	readConns := opts.ReadConns
	if readConns <= 0 {
		readConns = max(4, runtime.GOMAXPROCS(0))
	}
	if pg {
		return openPostgres(ctx, s, path, readConns)
	}

	var err error
	// synchronous stays at SQLite's default FULL: a committed money movement must survive a
	// power cut, which NORMAL does not promise under WAL.
	if s.write, err = sql.Open("sqlite", dsn(path, url.Values{
		"_txlock":       {"immediate"},
		"_journal_mode": {"WAL"},
	})); err != nil {
		return nil, fmt.Errorf("reference: opening %s: %w", path, err)
	}
	s.write.SetMaxOpenConns(1)
	s.write.SetMaxIdleConns(1)

	if err := db.Migrate(ctx, s.write, migrations()); err != nil {
		s.write.Close()
		return nil, err
	}
	if s.cryptoSigningKey, err = s.cryptoKey(ctx); err != nil {
		s.write.Close()
		return nil, err
	}

	// Opened after migrating, so readers find the file already in WAL mode with its schema.
	readers, err := sql.Open("sqlite", dsn(path, url.Values{
		"_txlock":     {"deferred"},
		"_query_only": {"1"},
	}))
	if err != nil {
		s.write.Close()
		return nil, fmt.Errorf("reference: opening %s: %w", path, err)
	}
	s.read = db.NewReads(readers, preparedReads)
	if err := s.ready(ctx, readConns); err != nil {
		return nil, err
	}
	return s, nil
}

// ready finishes an Open on either engine once both pools are there: it sizes the read pool,
// makes the dummy hash and pings both pools, closing the store if any of it fails.
func (s *Store) ready(ctx context.Context, readConns int) error {
	s.read.SetMaxOpenConns(readConns)
	s.read.SetMaxIdleConns(readConns)
	var err error
	if s.dummyHash, err = HashPassword("dummy password for unknown e-mails", s.params); err == nil {
		err = s.Ping(ctx)
	}
	if err != nil {
		s.Close()
		return err
	}
	return nil
}

// prepareSQLitePath refuses a path the SQLite store cannot be opened at and creates its folder.
func prepareSQLitePath(path string) error {
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") {
		// Two pools on one in-memory database would be two databases.
		return provider.Errorf(provider.EINVALID, "reference: need a file path, got %q", path)
	}
	if strings.Contains(path, "?") {
		// The driver reads everything after '?' as connection options.
		return provider.Errorf(provider.EINVALID, "reference: path %q may not contain '?'", path)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return fmt.Errorf("reference: creating %s: %w", dir, err)
		}
	}
	return nil
}

func dsn(path string, extra url.Values) string {
	q := url.Values{
		"_busy_timeout": {"5000"},
		"_foreign_keys": {"1"},
		// Defensive mode refuses writable_schema and similar footguns on our connections.
		"_defensive": {"1"},
	}
	for k, v := range extra {
		q[k] = v
	}
	return path + "?" + q.Encode()
}

// Ping checks that both pools can reach the database.
//
// Writers whose every connection is inside a transaction are not pinged: they are working,
// and a ping would queue behind them (on SQLite, a write waiting out another process's lock
// holds the one writer for up to the busy timeout), so a busy store would look down to a
// load balancer and be taken out exactly when it has most to do. A closed pool has no
// connection in use, so it is still pinged and reported.
func (s *Store) Ping(ctx context.Context) error {
	if st := s.write.Stats(); st.InUse == 0 || st.Idle > 0 {
		if err := s.write.PingContext(ctx); err != nil {
			return fmt.Errorf("reference: ping writer: %w", err)
		}
	}
	if err := s.read.PingContext(ctx); err != nil {
		return fmt.Errorf("reference: ping readers: %w", err)
	}
	return nil
}

// Close closes both pools. Calls in flight finish first (database/sql waits for them).
func (s *Store) Close() error {
	var errs []error
	if s.read != nil {
		errs = append(errs, s.read.Close())
	}
	if s.write != nil {
		errs = append(errs, s.write.Close())
		db.ForgetStats(s.write)
	}
	return errors.Join(errs...)
}

// inTx runs fn in a write transaction on the single writer connection (IMMEDIATE, so a
// read-check-write sequence in fn is never interleaved with another writer): db.InTx, the one
// place a transaction begins, commits, or is retried.
func (s *core) inTx(ctx context.Context, what string, fn func(tx *sql.Tx) error) error {
	return db.InTx(ctx, s.write, what, fn)
}

// keep asks inTx to commit before returning err (db.Keep).
func keep(err error) error { return db.Keep(err) }

// migrations returns the goose migrations of the store's engine; the PostgreSQL ones will sit
// beside them in their own folder.
func migrations() fs.FS {
	sub, err := fs.Sub(migrationFiles, "migrations/sqlite")
	if err != nil {
		panic(err) // the folder is embedded at build time; a typo here fails every test
	}
	return sub
}

// timeLayout is fixed-width and always UTC, so stored times sort correctly as text.
// preparedReads bounds the SQLite read pool's prepared statements (db.Reads): the store's
// named reads and the common list variants fit, and each of the pool's connections holds at
// most this many compiled statements.
const preparedReads = 256

const timeLayout = "2006-01-02T15:04:05.000000000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("reference: bad stored time %q: %w", s, err)
	}
	return t, nil
}
