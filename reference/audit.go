package reference

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"portal/provider"
	"portal/reference/db"
)

var (
	qUserEmailByID     = sq("user-email-by-id")
	qMembershipRole    = sq("membership-role")
	qAuditHead         = sq("audit-head")
	qAuditEntryInsert  = sq("audit-entry-insert")
	qAuditHeadUpsert   = sq("audit-head-upsert")
	qMembershipsOfUser = sq("memberships-of-user")
	qUserMFAEnabled    = sq("user-mfa-enabled")
	qAuditListCount    = sq("audit-list-count")
	qAuditListPage     = sq("audit-list-page")
	qAuditVerify       = sq("audit-verify")
	qAuditVerifyChain  = sq("audit-verify-chain")
)

var _ provider.Audit = (*Store)(nil)

// AuditService owns the audit log: a hash chain of what users did, recorded in
// the transaction that did it, and its verification.
type AuditService struct{ *core }

// auditGenesis is the previous hash of a chain's first entry.
var auditGenesis = strings.Repeat("0", 64)

// auditEncoding names the canonical encoding; it is the first field hashed, so a later
// encoding can never produce the same bytes as this one.
const auditEncoding = "portal-audit-v1"

// SystemAuditChain is how people and the verifier name the chain of events without an
// organisation (stored as chain "").
const SystemAuditChain = "system"

// auditRow is an entry as stored; hashed field by field in the order of fields().
type auditRow struct {
	id                                                   int64
	chain                                                string
	seq                                                  int64
	at, kind                                             string
	userID, email, role, session, clientIP, origin, path string
	recordKind, recordID, changes, prevHash, hash        string
}

func (r auditRow) fields() []string {
	return []string{auditEncoding, r.chain, strconv.FormatInt(r.seq, 10), r.at, r.kind, r.userID, r.email, r.role,
		r.session, r.clientIP, r.origin, r.path, r.recordKind, r.recordID, r.changes, r.prevHash}
}

// digest is SHA-256 over each field as its 8-byte big-endian length and its bytes: no two
// different entries encode alike, however their fields' text is cut.
func (r auditRow) digest() string {
	h := sha256.New()
	var n [8]byte
	for _, f := range r.fields() {
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		h.Write(n[:])
		h.Write([]byte(f))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// secretField says whether a changed field's name says it holds a credential: its values are
// never written, only that it changed.
func secretField(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"password", "code", "token", "secret", "otp", "hash"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// audit appends ev to its chain inside tx, the transaction of the change it records. The head
// row is read and moved in tx: the store's writer is one connection beginning IMMEDIATE, so
// concurrent writers queue for the lock and each appends after the last one committed.
func (s *AuditService) audit(ctx context.Context, tx db.DBTX, ev provider.AuditEvent) error {
	return s.auditAt(ctx, tx, ev, s.now())
}

// auditAt is audit at a given time: the demo seed writes its history through it.
func (s *AuditService) auditAt(ctx context.Context, tx db.DBTX, ev provider.AuditEvent, at time.Time) error {
	if !ev.Kind.Valid() {
		return fmt.Errorf("reference: audit: unknown kind %q", ev.Kind)
	}
	a := provider.AuditActorOf(ctx)
	if ev.Actor != nil {
		a = *ev.Actor
	}
	if a.UserID != "" && a.Email == "" {
		if err := tx.QueryRowContext(ctx, qUserEmailByID, a.UserID).Scan(&a.Email); err != nil &&
			!errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("reference: audit: %w", err)
		}
	}
	if a.Origin == "" {
		a.Origin = provider.AuditOriginSystem
	}
	if a.UserID != "" && a.Role == "" && ev.OrgID != "" {
		// An API call names no role; the membership says what it is now.
		if err := tx.QueryRowContext(ctx, qMembershipRole,
			a.UserID, ev.OrgID).Scan(&a.Role); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("reference: audit: %w", err)
		}
	}
	changes := make([]provider.AuditChange, 0, len(ev.Changes))
	for _, c := range ev.Changes {
		if secretField(c.Field) {
			c.Before, c.After = "", ""
		}
		changes = append(changes, c)
	}
	cj, err := json.Marshal(changes)
	if err != nil {
		return err
	}
	r := auditRow{chain: ev.OrgID, at: formatTime(at), kind: string(ev.Kind), userID: a.UserID, email: a.Email,
		role: a.Role, session: a.Session, clientIP: a.ClientIP, origin: a.Origin, path: a.Path,
		recordKind: ev.RecordKind, recordID: ev.RecordID, changes: string(cj), prevHash: auditGenesis}
	err = tx.QueryRowContext(ctx, qAuditHead, r.chain).Scan(&r.seq, &r.prevHash)
	if errors.Is(err, sql.ErrNoRows) {
		// A chain's first entry has no head row to lock: two first entries would both start
		// at seq 1. An advisory lock on the chain makes the second wait, then read the head
		// the first wrote (read committed re-reads on each statement).
		if err = lockAdvisory(ctx, tx, "audit-chain", r.chain, ""); err == nil {
			err = tx.QueryRowContext(ctx, qAuditHead, r.chain).Scan(&r.seq, &r.prevHash)
		}
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("reference: audit head: %w", err)
	}
	r.seq++
	r.hash = r.digest()
	var id int64
	err = tx.QueryRowContext(ctx, qAuditEntryInsert, r.chain, r.seq, r.at, r.kind, r.userID, r.email, r.role,
		r.session, r.clientIP, r.origin, r.path, r.recordKind, r.recordID, r.changes, r.prevHash, r.hash).Scan(&id)
	if err != nil {
		return fmt.Errorf("reference: audit entry: %w", err)
	}
	if _, err := tx.ExecContext(ctx, qAuditHeadUpsert,
		r.chain, r.seq, id, r.hash); err != nil {
		return fmt.Errorf("reference: audit head: %w", err)
	}
	return nil
}

// RecordAudit writes an event that no transaction of the store carries.
func (s *AuditService) RecordAudit(ctx context.Context, ev provider.AuditEvent) error {
	return s.inTx(ctx, "record audit", func(tx *sql.Tx) error {
		if ev.OrgID != "" {
			return s.audit(ctx, tx, ev)
		}
		userID := ev.AboutUser
		if userID == "" && ev.AboutEmail != "" {
			err := tx.QueryRowContext(ctx, qUserIDByEmail, normalizeEmail(ev.AboutEmail)).Scan(&userID)
			if errors.Is(err, sql.ErrNoRows) {
				a := provider.AuditActorOf(ctx)
				if ev.Actor != nil {
					a = *ev.Actor
				}
				a.Email = normalizeEmail(ev.AboutEmail)
				ev.Actor = &a
				return s.audit(ctx, tx, ev)
			}
			if err != nil {
				return fmt.Errorf("reference: audit: %w", err)
			}
		}
		if userID == "" {
			return s.audit(ctx, tx, ev)
		}
		return s.auditUser(ctx, tx, userID, ev)
	})
}

func scanAudit(rows *sql.Rows, r *auditRow) error {
	return rows.Scan(&r.id, &r.chain, &r.seq, &r.at, &r.kind, &r.userID, &r.email, &r.role, &r.session, &r.clientIP,
		&r.origin, &r.path, &r.recordKind, &r.recordID, &r.changes, &r.prevHash, &r.hash)
}

func (r auditRow) entry() (provider.AuditEntry, error) {
	at, err := parseTime(r.at)
	if err != nil {
		return provider.AuditEntry{}, err
	}
	e := provider.AuditEntry{ID: r.id, Seq: r.seq, At: at, Kind: provider.AuditKind(r.kind),
		KindLabel: provider.AuditKind(r.kind).Label(), RecordKind: r.recordKind, RecordID: r.recordID,
		Actor: provider.AuditActor{UserID: r.userID, Email: r.email, Role: r.role, Session: r.session,
			ClientIP: r.clientIP, Origin: r.origin, Path: r.path},
		Changes: []provider.AuditChange{}, PrevHash: r.prevHash, Hash: r.hash}
	if err := json.Unmarshal([]byte(r.changes), &e.Changes); err != nil {
		return e, fmt.Errorf("reference: audit entry %d: changes: %w", r.id, err)
	}
	return e, nil
}

// AuditEntries lists the organisation's entries newest first, keyset paged on (created_at, seq).
func (s *AuditService) AuditEntries(ctx context.Context, orgID string, f provider.AuditFilter) (provider.AuditPage, error) {
	page := provider.AuditPage{Entries: []provider.AuditEntry{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultAuditLimit, provider.MaxAuditLimit)
	if err != nil {
		return page, err
	}
	if f.Kind != "" && !f.Kind.Valid() {
		return page, provider.Errorf(provider.EINVALID, "Unknown kind.")
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	w := whereFirst("a.chain = ?", orgID)
	w.equal("a.user_id", f.UserID)
	w.equal("a.user_email", f.Email)
	w.equal("a.kind", string(f.Kind))
	w.equal("a.record_id", strings.TrimSpace(f.Record))
	w.period("a.created_at", f.From, f.To)
	total, got, err := readList(ctx, s.read, k, w, "audit entries", qAuditListCount, qAuditListPage, "a.",
		func(rows *sql.Rows) (provider.AuditEntry, time.Time, int64, error) {
			var r auditRow
			if err := scanAudit(rows, &r); err != nil {
				return provider.AuditEntry{}, time.Time{}, 0, err
			}
			e, err := r.entry()
			return e, e.At, r.seq, err
		})
	if err != nil {
		return page, err
	}
	page.Total = total
	page.Entries = append(page.Entries, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

// VerifyAudit walks chains in one statement (one snapshot: an append committed meanwhile is
// either wholly seen, entry and head, or not at all). Each entry must follow the one before
// (seq one higher, prev_hash its hash) and hash to its stored hash; the head must name the
// last entry. The first link that does not hold is reported per chain.
func (s *AuditService) VerifyAudit(ctx context.Context, orgID string) (provider.AuditVerification, error) {
	v := provider.AuditVerification{Breaks: []provider.AuditBreak{}}
	query, args := qAuditVerify, []any{}
	if orgID != "" {
		chain := orgID
		if orgID == SystemAuditChain {
			chain = ""
		}
		query, args = qAuditVerifyChain, []any{chain, chain}
	}
	// Heads sort after their chain's entries (the first column), so each chain is read whole
	// before its head is compared.
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return v, fmt.Errorf("reference: verify audit: %w", err)
	}
	defer rows.Close()
	type walk struct {
		chain   string
		last    auditRow
		broken  bool
		started bool
	}
	var w *walk
	fail := func(id, seq int64, reason string) {
		if w.broken {
			return
		}
		w.broken = true
		name := w.chain
		if name == "" {
			name = SystemAuditChain
		}
		v.Breaks = append(v.Breaks, provider.AuditBreak{Chain: name, EntryID: id, Seq: seq, Reason: reason})
	}
	finish := func() {
		if w != nil && !w.broken && w.started {
			fail(w.last.id, w.last.seq, "the chain has no head: its newest entries may have been deleted")
		}
	}
	for rows.Next() {
		var head int
		var r auditRow
		if err := rows.Scan(&head, &r.id, &r.chain, &r.seq, &r.at, &r.kind, &r.userID, &r.email, &r.role, &r.session,
			&r.clientIP, &r.origin, &r.path, &r.recordKind, &r.recordID, &r.changes, &r.prevHash, &r.hash); err != nil {
			return v, err
		}
		if w == nil || w.chain != r.chain {
			finish()
			w = &walk{chain: r.chain}
			v.Chains++
		}
		if head == 1 {
			switch {
			case w.broken:
			case !w.started:
				fail(r.id, r.seq, "the head names an entry that is missing")
			case r.seq != w.last.seq || r.id != w.last.id || r.hash != w.last.hash:
				fail(r.id, r.seq, fmt.Sprintf("the head names entry %d (position %d) but the chain ends at entry %d (position %d): entries were deleted or replaced",
					r.id, r.seq, w.last.id, w.last.seq))
			}
			w.started = false // the head was seen: nothing missing at the end
			continue
		}
		v.Entries++
		prevSeq, prevHash := int64(0), auditGenesis
		if w.started {
			prevSeq, prevHash = w.last.seq, w.last.hash
		}
		switch {
		case r.seq != prevSeq+1:
			fail(r.id, r.seq, fmt.Sprintf("position %d follows position %d: an entry is missing", r.seq, prevSeq))
		case r.prevHash != prevHash:
			fail(r.id, r.seq, "its previous hash is not the hash of the entry before it")
		case r.digest() != r.hash:
			fail(r.id, r.seq, "its content does not match its hash: the entry was edited")
		}
		w.last, w.started = r, true
	}
	if err := rows.Err(); err != nil {
		return v, fmt.Errorf("reference: verify audit: %w", err)
	}
	finish()
	v.OK = len(v.Breaks) == 0
	return v, nil
}

// auditChanges lists, of the (field, before, after) triples, those whose value changed.
func auditChanges(triples ...string) []provider.AuditChange {
	var out []provider.AuditChange
	for i := 0; i+2 < len(triples); i += 3 {
		if triples[i+1] != triples[i+2] {
			out = append(out, provider.AuditChange{Field: triples[i], Before: triples[i+1], After: triples[i+2]})
		}
	}
	return out
}

// auditUser records ev about a person rather than an organisation's record (a password reset,
// two-factor sign-in): once in the chain of each organisation the person belongs to, so each
// one's admins see it, or in the system chain when they belong to none. The actor is the
// person unless the context names someone.
func (s *AuditService) auditUser(ctx context.Context, tx db.DBTX, userID string, ev provider.AuditEvent) error {
	a := provider.AuditActorOf(ctx)
	if ev.Actor != nil {
		a = *ev.Actor
	}
	if a.UserID == "" {
		a.UserID = userID
	}
	rows, err := tx.QueryContext(ctx, qMembershipsOfUser, userID)
	if err != nil {
		return fmt.Errorf("reference: audit: %w", err)
	}
	type m struct{ org, role string }
	var orgs []m
	for rows.Next() {
		var x m
		if err := rows.Scan(&x.org, &x.role); err != nil {
			rows.Close()
			return err
		}
		orgs = append(orgs, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(orgs) == 0 {
		orgs = []m{{"", a.Role}}
	}
	for _, o := range orgs {
		e, actor := ev, a
		if actor.Role == "" || actor.UserID == userID {
			actor.Role = o.role
		}
		e.OrgID, e.Actor = o.org, &actor
		if e.RecordKind == "" {
			e.RecordKind, e.RecordID = "user", userID
		}
		if err := s.audit(ctx, tx, e); err != nil {
			return err
		}
	}
	return nil
}

// auditMFA runs finish (which refreshes the user's MFA flags) and records the factor set up,
// and MFA turned on or off when finish changed that.
func (s *AuditService) auditMFA(ctx context.Context, tx db.DBTX, userID, method string, finish func() error) error {
	var before, after bool
	if err := tx.QueryRowContext(ctx, qUserMFAEnabled, userID).Scan(&before); err != nil {
		return fmt.Errorf("reference: audit: %w", err)
	}
	if err := finish(); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, qUserMFAEnabled, userID).Scan(&after); err != nil {
		return fmt.Errorf("reference: audit: %w", err)
	}
	if err := s.auditUser(ctx, tx, userID, provider.AuditEvent{Kind: provider.AuditMFASetUp,
		Changes: []provider.AuditChange{{Field: "method", After: method}}}); err != nil {
		return err
	}
	if before == after {
		return nil
	}
	onOff := map[bool]string{false: "off", true: "on"}
	return s.auditUser(ctx, tx, userID, provider.AuditEvent{Kind: provider.AuditMFAChanged,
		Changes: []provider.AuditChange{{Field: "two-factor sign-in", Before: onOff[before], After: onOff[after]}}})
}

// auditInvitationAccepted records a person joining by an invitation, in its organisation.
func (s *AuditService) auditInvitationAccepted(ctx context.Context, tx db.DBTX, r invitationRow, userID string) error {
	a := provider.AuditActorOf(ctx)
	a.UserID, a.Email, a.Role = userID, r.email, r.role
	return s.audit(ctx, tx, provider.AuditEvent{OrgID: r.orgID, Kind: provider.AuditInvitationAccepted, RecordKind: "invitation",
		RecordID: r.id, Changes: []provider.AuditChange{{Field: "role", After: r.role}}, Actor: &a})
}
