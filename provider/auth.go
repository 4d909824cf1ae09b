package provider

import (
	"context"
	"time"
)

// Auth is what the portal needs from the payments provider to finish a
// login (multi-factor authentication), to reset and create passwords, and,
// in the sandbox, to show what was "sent". It is separate from Provider so
// the two can grow apart; the reference provider implements both.
//
// loginID names one login attempt (the non-secret handle of the session
// that passed the password step): SMS codes and push approvals are bound to
// it, so a code sent to one login cannot finish another.
type Auth interface {
	// Authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s step).
	//
	// StartTOTP creates a pending secret for the user (or returns the one
	// still pending). ECONFLICT when an authenticator is already active.
	StartTOTP(ctx context.Context, userID string) (TOTPEnrollment, error)
	// PendingTOTP returns the pending secret and creates nothing (for a page
	// or a GET that shows it). ENOTFOUND when none was started; ECONFLICT
	// when an authenticator is already active.
	PendingTOTP(ctx context.Context, userID string) (TOTPEnrollment, error)
	// ConfirmTOTP activates the pending secret when code is valid for it.
	// EINVALID on a wrong code.
	ConfirmTOTP(ctx context.Context, userID, code string) error
	// VerifyTOTP checks a login code: one step of clock skew either way,
	// and each time step accepted at most once per user (replay refused).
	// EINVALID on a wrong or replayed code.
	VerifyTOTP(ctx context.Context, userID, code string) error

	// Phone (SMS).
	//
	// RegisterPhone stores a pending phone number and sends a confirmation
	// code to it. ECONFLICT when a phone is already confirmed; EINVALID for
	// an unusable number (message says why).
	RegisterPhone(ctx context.Context, userID, countryCode, number string) error
	// ConfirmPhone confirms the pending phone with the code sent to it.
	ConfirmPhone(ctx context.Context, userID, code string) error
	// SendLoginSMS sends a login code to the confirmed phone, bound to
	// loginID, valid SMSCodeTTL, replacing any earlier code of that login.
	SendLoginSMS(ctx context.Context, userID, loginID string) error
	// VerifyLoginSMS checks and spends a login code. EINVALID when wrong,
	// expired, spent or sent for another login.
	VerifyLoginSMS(ctx context.Context, userID, loginID, code string) error

	// Push approvals (Authy).
	//
	// PushDevice reports whether the user has an enabled push device: the
	// verify screen offers only the methods a user has.
	PushDevice(ctx context.Context, userID string) (bool, error)
	// CreateApproval asks the user's device to approve loginID.
	CreateApproval(ctx context.Context, userID, loginID string) (Approval, error)
	// Approval returns the request's status; ENOTFOUND unless it belongs to
	// that user and login.
	Approval(ctx context.Context, userID, loginID, approvalID string) (Approval, error)
	// DecideApproval approves or denies a pending request (the device; in
	// the sandbox, the outbox page). ECONFLICT when no longer pending.
	DecideApproval(ctx context.Context, approvalID string, approve bool) error

	// Passwords.
	//
	// RequestPasswordReset e-mails a reset link when the address belongs to
	// an active user, and does nothing otherwise: the caller answers the
	// same either way.
	RequestPasswordReset(ctx context.Context, email string) error
	// CheckResetToken: ENOTFOUND for an unknown or spent token, EEXPIRED for
	// an expired one.
	CheckResetToken(ctx context.Context, token string) error
	// ResetPassword spends the token and sets the password (rules checked by
	// the caller and again here: EINVALID). Returns the user, so the caller
	// can end their sessions.
	ResetPassword(ctx context.Context, token, password string) (User, error)

	// Invitations.
	//
	// An invitation is to one organisation; the person joins only by
	// accepting it. CheckInvitation: ENOTFOUND for an unknown or used token,
	// EEXPIRED for an expired one.
	CheckInvitation(ctx context.Context, token string) (Invitation, error)
	// AcceptInvitation creates the login of an address that has none (with
	// the names the invitation carries and the password), makes it a member
	// and spends the invitation. ECONFLICT (MsgInvitationLogin) when the
	// address already has a login: its owner logs in and joins instead.
	AcceptInvitation(ctx context.Context, token, password string) (User, error)
	// JoinInvitation makes the logged-in user a member of the invitation's
	// organisation and spends it. EFORBIDDEN (MsgInvitationOtherEmail) when
	// the invitation was sent to another address; ENOTFOUND and EEXPIRED as
	// CheckInvitation.
	JoinInvitation(ctx context.Context, token, userID string) (Invitation, error)

	// Outbox lists what was sent (newest first): in the sandbox, the page
	// where testers read codes and links.
	Outbox(ctx context.Context, limit int) ([]OutboxMessage, error)
	// PendingApprovals lists push requests awaiting a decision (sandbox).
	PendingApprovals(ctx context.Context) ([]Approval, error)
}

// Lifetimes and rules of the authentication flows.
const (
	SMSCodeTTL    = 10 * time.Minute // spec: SMS codes at most 10 minutes
	SMSCodeLength = 7                // spec: codes of at least 7 characters
	ResetTokenTTL = time.Hour
	InvitationTTL = 7 * 24 * time.Hour
	ApprovalTTL   = 2 * time.Minute
)

// EEXPIRED marks a token or code that existed but ran out.
const EEXPIRED = "expired"

// TOTPEnrollment is a pending authenticator secret.
type TOTPEnrollment struct {
	Secret string `json:"secret"` // base32, no padding: typed in by hand
	URI    string `json:"uri"`    // otpauth://totp/... for the QR code
}

// Approval statuses.
const (
	ApprovalPending  = "pending"
	ApprovalApproved = "approved"
	ApprovalDenied   = "denied"
	ApprovalExpired  = "expired"
)

// Approval is a push approval request.
type Approval struct {
	ID        string    `json:"approval_request_id"`
	UserID    string    `json:"-"`
	Email     string    `json:"email,omitempty"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// Invitation is a pending invitation to join an organisation. Only the
// holder of its link learns LoginRequired: the organisation that sent it
// never does.
type Invitation struct {
	Email            string    `json:"email"`
	ExpiresAt        time.Time `json:"expires_at"`
	OrganisationID   string    `json:"organisation_id"`
	OrganisationName string    `json:"organisation_name"`
	Role             string    `json:"role"`
	// LoginRequired: the address already has a login, so the invitation
	// is accepted by logging in rather than by choosing a password.
	LoginRequired bool `json:"login_required"`
}

// Messages of the invitation calls.
const (
	MsgInvitationLogin      = "This e-mail address already has a login. Log in to accept the invitation."
	MsgInvitationOtherEmail = "This invitation was sent to another e-mail address. Log in with that address to accept it."
)

// Outbox message kinds.
const (
	OutboxEmail = "email"
	OutboxSMS   = "sms"
)

// OutboxMessage is one e-mail or SMS the provider sent.
type OutboxMessage struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	To        string    `json:"to"`
	Subject   string    `json:"subject,omitempty"`
	Body      string    `json:"body"`
	Link      string    `json:"link,omitempty"` // reset or invitation link, path only
	CreatedAt time.Time `json:"created_at"`
}
