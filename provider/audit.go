package provider

import (
	"context"
	"time"
)

// AuditKind names what an audit entry records. The stored value is the constant; people see
// its Label.
type AuditKind string

// The kinds the portal records. A new kind is one constant here and one line in auditKinds;
// the page's filter, the CSV and the API's enum all read AuditKinds.
const (
	AuditLogin                  AuditKind = "login"
	AuditLoginFailed            AuditKind = "login_failed"
	AuditLockout                AuditKind = "lockout"
	AuditMFASetUp               AuditKind = "mfa_set_up"
	AuditMFAChanged             AuditKind = "mfa_changed"
	AuditPasswordResetRequested AuditKind = "password_reset_requested"
	AuditPasswordReset          AuditKind = "password_reset"
	AuditSessionEnded           AuditKind = "session_ended"
	AuditInvitationSent         AuditKind = "invitation_sent"
	AuditInvitationAccepted     AuditKind = "invitation_accepted"
	AuditMemberChanged          AuditKind = "member_changed"
	AuditTransfer               AuditKind = "transfer"
	AuditPayoutCreated          AuditKind = "payout_created"
	AuditPayoutCancelled        AuditKind = "payout_cancelled"
	AuditPayoutTestCase         AuditKind = "payout_test_case"
	AuditDraftApproved          AuditKind = "draft_approved"
	AuditDraftDeclined          AuditKind = "draft_declined"
	AuditBatchApproved          AuditKind = "batch_approved"
	AuditBatchDeclined          AuditKind = "batch_declined"
	AuditRefund                 AuditKind = "refund"
	AuditOrderCancelled         AuditKind = "order_cancelled"
	AuditWithdrawal             AuditKind = "withdrawal"
	AuditExport                 AuditKind = "export"
	AuditDownload               AuditKind = "download"
	// Passkeys are recorded by the passkey work when it lands: RecordAudit (or the store's
	// writer inside its transaction) with one of these two.
	AuditPasskeyAdded   AuditKind = "passkey_added"
	AuditPasskeyRemoved AuditKind = "passkey_removed"
)

// AuditKindInfo is a kind with the words people read for it.
type AuditKindInfo struct {
	Kind  AuditKind
	Label string
}

var auditKinds = []AuditKindInfo{
	{AuditLogin, "Logged in"},
	{AuditLoginFailed, "Login failed"},
	{AuditLockout, "Locked out"},
	{AuditMFASetUp, "Two-factor sign-in set up"},
	{AuditMFAChanged, "Two-factor sign-in changed"},
	{AuditPasswordResetRequested, "Password reset requested"},
	{AuditPasswordReset, "Password reset"},
	{AuditSessionEnded, "Session ended"},
	{AuditInvitationSent, "Invitation sent"},
	{AuditInvitationAccepted, "Invitation accepted"},
	{AuditMemberChanged, "Member changed"},
	{AuditTransfer, "Transfer"},
	{AuditPayoutCreated, "Payout created"},
	{AuditPayoutCancelled, "Payout cancelled"},
	{AuditPayoutTestCase, "Payout test case"},
	{AuditDraftApproved, "Payout draft approved"},
	{AuditDraftDeclined, "Payout draft declined"},
	{AuditBatchApproved, "Batch approved"},
	{AuditBatchDeclined, "Batch declined"},
	{AuditRefund, "Refund"},
	{AuditOrderCancelled, "Order cancelled"},
	{AuditWithdrawal, "Withdrawal"},
	{AuditExport, "Export"},
	{AuditDownload, "Download"},
	{AuditPasskeyAdded, "Passkey added"},
	{AuditPasskeyRemoved, "Passkey removed"},
}

// AuditKinds lists every kind in the order the filter offers them.
func AuditKinds() []AuditKindInfo { return append([]AuditKindInfo(nil), auditKinds...) }

// Label is the kind in words ("" for a kind this build does not know).
func (k AuditKind) Label() string {
	for _, i := range auditKinds {
		if i.Kind == k {
			return i.Label
		}
	}
	return ""
}

// Valid says whether k is one of AuditKinds.
func (k AuditKind) Valid() bool { return k.Label() != "" }

// Where an action came from.
const (
	AuditOriginPage   = "page"
	AuditOriginAPI    = "api"
	AuditOriginSystem = "system"
)

// AuditActor is who did something and from where. The session is named by a short prefix of
// its handle (itself a hash of the id), never by the id, so the log opens no session.
type AuditActor struct {
	UserID   string `json:"user_id" description:"The person's user id; empty when unknown (a failed login of an unknown address)."`
	Email    string `json:"email" description:"The person's e-mail when the entry was written, or the address typed at a failed login."`
	Role     string `json:"role" description:"The person's role in the organisation at the time."`
	Session  string `json:"session" description:"A short handle of the session (never the session id)."`
	ClientIP string `json:"client_ip" description:"The client address, as the trusted-proxy rules give it."`
	Origin   string `json:"origin" description:"page, api or system." enum:"page,api,system"`
	Path     string `json:"path" description:"The page or API path the action was posted to."`
}

type auditActorKey struct{}

// WithAuditActor gives ctx the actor of the request it serves. actor is called when an entry is
// written (after the guards have found the user, organisation and role), on the goroutine of
// the call that writes it.
func WithAuditActor(ctx context.Context, actor func() AuditActor) context.Context {
	return context.WithValue(ctx, auditActorKey{}, actor)
}

// AuditActorOf is ctx's actor; a context without one is the system (a worker, the seed).
func AuditActorOf(ctx context.Context) AuditActor {
	if f, ok := ctx.Value(auditActorKey{}).(func() AuditActor); ok && f != nil {
		return f()
	}
	return AuditActor{Origin: AuditOriginSystem}
}

// AuditChange is one changed field. Never a password, code, token or secret: the writer
// blanks the values of fields whose names say they are one.
type AuditChange struct {
	Field  string `json:"field" description:"The field that changed."`
	Before string `json:"before" description:"Its value before (empty when new)."`
	After  string `json:"after" description:"Its value after."`
}

// AuditEvent is what an action asks to be recorded. OrgID "" goes to the system chain.
// Actor zero means the context's actor.
type AuditEvent struct {
	OrgID      string
	Kind       AuditKind
	RecordKind string // "payout", "transfer", "user" …
	RecordID   string
	Changes    []AuditChange
	Actor      *AuditActor
	// AboutUser (a user id) or AboutEmail (an address as typed) make an event without OrgID
	// the person's: it is recorded in each organisation they belong to, or, for an address
	// nobody has, in the system chain with the address. RecordAudit only.
	AboutUser  string
	AboutEmail string
}

// AuditEntry is one stored entry of a chain.
type AuditEntry struct {
	_          struct{}      `description:"One entry of the organisation's audit log."`
	ID         int64         `json:"id" description:"Entry id."`
	Seq        int64         `json:"seq" description:"Position in the organisation's chain, from 1."`
	At         time.Time     `json:"at" description:"When it happened (UTC)."`
	Kind       AuditKind     `json:"kind" description:"What happened." enum:"@audit_kinds"`
	KindLabel  string        `json:"kind_label" description:"The kind in words."`
	Actor      AuditActor    `json:"actor" description:"Who did it and from where."`
	RecordKind string        `json:"record_kind" description:"The kind of record it touched."`
	RecordID   string        `json:"record_id" description:"The record's id or reference."`
	Changes    []AuditChange `json:"changes" description:"Changed fields, before and after."`
	PrevHash   string        `json:"prev_hash" description:"SHA-256 (hex) of the previous entry of the chain; 64 zeros for the first."`
	Hash       string        `json:"hash" description:"SHA-256 (hex) of this entry's canonical encoding."`
}

// AuditFilter picks entries of one organisation, newest first, paged like WithdrawalFilter.
type AuditFilter struct {
	From, To  time.Time // To is exclusive
	UserID    string
	Email     string // the person's e-mail, lower case, exactly
	Kind      AuditKind
	Record    string // matches the record id exactly
	Cursor    string
	Direction string
	Limit     int
}

// Paging bounds of AuditEntries.
const (
	DefaultAuditLimit = 25
	MaxAuditLimit     = 1000
)

// AuditPage is one page of AuditEntries.
type AuditPage struct {
	Entries    []AuditEntry
	CursorNext string
	CursorPrev string
	HasNext    bool
	Total      int
}

// AuditBreak is the first link of a chain that does not hold.
type AuditBreak struct {
	_       struct{} `description:"The first broken link of a chain."`
	Chain   string   `json:"chain" description:"The organisation id, or \"system\"."`
	EntryID int64    `json:"entry_id" description:"The first entry that does not match; 0 when the chain's head names a missing entry."`
	Seq     int64    `json:"seq" description:"Its position in the chain."`
	Reason  string   `json:"reason" description:"What does not match."`
}

// AuditVerification is the result of walking chains.
type AuditVerification struct {
	_       struct{}     `description:"The result of checking audit chains."`
	OK      bool         `json:"ok" description:"Every chain walked holds."`
	Chains  int          `json:"chains" description:"Chains walked."`
	Entries int          `json:"entries" description:"Entries checked."`
	Breaks  []AuditBreak `json:"breaks" description:"The first broken link of each broken chain."`
}

// Audit is the tamper-evident audit log.
type Audit interface {
	// RecordAudit writes an event no store transaction of the provider's own carries (a login
	// decided by the portal, a session ended in the session store, a download).
	RecordAudit(ctx context.Context, ev AuditEvent) error
	// AuditEntries lists one organisation's entries.
	AuditEntries(ctx context.Context, orgID string, f AuditFilter) (AuditPage, error)
	// VerifyAudit walks the chain of orgID, or every chain when orgID is "".
	VerifyAudit(ctx context.Context, orgID string) (AuditVerification, error)
}

// AuditKindNames are the stored names of AuditKinds (the API's enum).
func AuditKindNames() []string {
	names := make([]string, len(auditKinds))
	for i, k := range auditKinds {
		names[i] = string(k.Kind)
	}
	return names
}
