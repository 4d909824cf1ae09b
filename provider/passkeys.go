package provider

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Passkeys keeps the users' passkeys (WebAuthn credentials), a second factor beside the
// authenticator app, the phone and push. The portal runs the WebAuthn ceremonies itself;
// the provider stores what they produce. It is separate from Auth so a provider without
// passkeys needs nothing new.
type Passkeys interface {
	// Passkeys lists the user's passkeys, oldest first.
	Passkeys(ctx context.Context, userID string) ([]Passkey, error)
	// AddPasskey stores a registered credential under the user. ECONFLICT when the
	// credential id is registered already (to this or any other user); EINVALID for a
	// name that is blank or too long.
	AddPasskey(ctx context.Context, userID string, p NewPasskey) (Passkey, error)
	// RenamePasskey: ENOTFOUND unless the passkey is the user's; EINVALID for the name.
	RenamePasskey(ctx context.Context, userID, passkeyID, name string) error
	// RemovePasskey: ENOTFOUND unless the passkey is the user's.
	RemovePasskey(ctx context.Context, userID, passkeyID string) error
	// UsePasskey records a verified use of the user's credential with the authenticator's
	// signature counter. When counters are in use (either the stored or the new one is
	// not zero) the new one must be greater than the stored one, else the use is refused
	// with EINVALID (MsgPasskeyCloned): a cloned key, or the same assertion twice. The
	// check and the advance are one statement, so two concurrent uses cannot both pass.
	// ENOTFOUND unless the credential is the user's.
	UsePasskey(ctx context.Context, userID string, credentialID []byte, signCount uint32) error
}

// PasskeyNameMax is the longest passkey name, in characters.
const PasskeyNameMax = 64

// Messages of the passkey calls.
const (
	MsgPasskeyNameRequired = "Enter a name for the passkey"
	MsgPasskeyNameTooLong  = "The name can be at most 64 characters"
	MsgPasskeyRegistered   = "This passkey is already registered."
	MsgPasskeyNotFound     = "Passkey not found"
	MsgPasskeyCloned       = "This passkey could not be accepted: its use counter went back. It may have been copied."
)

// Passkey is one stored credential.
type Passkey struct {
	ID           string `json:"id"`
	UserID       string `json:"-"`
	CredentialID []byte `json:"-"`
	Name         string `json:"name"`
	// Record is the relying party's credential record (the WebAuthn library's JSON).
	Record     []byte     `json:"-"`
	SignCount  uint32     `json:"-"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at,omitempty"`
}

// NewPasskey is a credential just registered.
type NewPasskey struct {
	CredentialID []byte
	Name         string
	Record       []byte
	SignCount    uint32
}

// PasskeyName is the name as stored (surrounding spaces dropped) and, when it cannot be
// stored, why: the one rule of the forms and the store.
func PasskeyName(raw string) (name, problem string) {
	name = strings.TrimSpace(raw)
	switch {
	case name == "":
		return name, MsgPasskeyNameRequired
	case utf8.RuneCountInString(name) > PasskeyNameMax:
		return name, MsgPasskeyNameTooLong
	}
	return name, ""
}
