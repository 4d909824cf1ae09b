// Package passkey runs the WebAuthn ceremonies of passkeys (registration in My Profile, and
// the second factor at /mfa-verify) with github.com/go-webauthn/webauthn. The provider
// stores what they produce (provider.Passkeys); this package decides nothing about
// sessions or pages.
//
// A ceremony is begun and finished in two requests: Begin* returns the options for
// navigator.credentials.create/get and a state (the challenge, as JSON) that the caller
// keeps in the server-side session until Finish*.
package passkey

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"portal/provider"
)

// ErrRefused is a response that does not verify: wrong origin or relying party, a
// challenge of another ceremony or an expired one, a bad signature, a credential that is
// not the user's. Its text is for logs only.
var ErrRefused = errors.New("passkey: refused")

// RP is the relying party: the portal at its public URL.
type RP struct {
	w *webauthn.WebAuthn
}

// New is the relying party for publicURL (an origin such as https://portal.example.com:
// the RP ID is its host, and the origin is the only one accepted). Nil when publicURL is
// empty: passkeys are then off.
func New(publicURL, displayName string) (*RP, error) {
	if publicURL == "" {
		return nil, nil
	}
	u, err := url.Parse(publicURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("passkey: public URL %q is not an origin", publicURL)
	}
	w, err := webauthn.New(&webauthn.Config{
		RPID:          u.Hostname(),
		RPDisplayName: displayName,
		RPOrigins:     []string{u.Scheme + "://" + u.Host},
	})
	if err != nil {
		return nil, fmt.Errorf("passkey: %w", err)
	}
	return &RP{w: w}, nil
}

// ID is the relying party's id (the public URL's host).
func (rp *RP) ID() string { return rp.w.Config.RPID }

// Account is a user as the ceremonies see them, with their stored passkeys.
type Account struct {
	UserID string
	Email  string
	Name   string
	Keys   []provider.Passkey
}

type user struct {
	a     Account
	creds []webauthn.Credential
}

// The user handle is the user's id: stable, and no address or name goes into an
// authenticator's user handle.
func (u user) WebAuthnID() []byte                         { return []byte(u.a.UserID) }
func (u user) WebAuthnName() string                       { return u.a.Email }
func (u user) WebAuthnDisplayName() string                { return u.a.Name }
func (u user) WebAuthnCredentials() []webauthn.Credential { return u.creds }

func (a Account) user() (user, error) {
	u := user{a: a}
	for _, k := range a.Keys {
		var c webauthn.Credential
		if err := json.Unmarshal(k.Record, &c); err != nil {
			return u, fmt.Errorf("passkey: stored record of %s: %w", k.ID, err)
		}
		// The column is the counter's truth: the record holds the one at registration.
		c.Authenticator.SignCount = k.SignCount
		u.creds = append(u.creds, c)
	}
	return u, nil
}

func refused(err error) error {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return fmt.Errorf("%w: %s: %s", ErrRefused, pe.Details, pe.DevInfo)
	}
	return fmt.Errorf("%w: %w", ErrRefused, err)
}

// BeginRegistration is the options of navigator.credentials.create for a new passkey of
// the account (its present ones excluded, so an authenticator is not registered twice) and
// the state to keep until FinishRegistration.
func (rp *RP) BeginRegistration(a Account) (options []byte, state string, err error) {
	u, err := a.user()
	if err != nil {
		return nil, "", err
	}
	creation, sd, err := rp.w.BeginRegistration(u,
		webauthn.WithExclusions(webauthn.Credentials(u.creds).CredentialDescriptors()),
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementPreferred),
		webauthn.WithConveyancePreference(protocol.PreferNoAttestation),
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementPreferred, UserVerification: protocol.VerificationPreferred}))
	if err != nil {
		return nil, "", fmt.Errorf("passkey: begin registration: %w", err)
	}
	return marshal(creation, sd)
}

// FinishRegistration verifies the browser's answer (the PublicKeyCredential as JSON)
// against the state, and returns the credential to store (its name left to the caller).
func (rp *RP) FinishRegistration(a Account, state string, response []byte) (provider.NewPasskey, error) {
	u, sd, err := rp.session(a, state)
	if err != nil {
		return provider.NewPasskey{}, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(response)
	if err != nil {
		return provider.NewPasskey{}, refused(err)
	}
	c, err := rp.w.CreateCredential(u, sd, parsed)
	if err != nil {
		return provider.NewPasskey{}, refused(err)
	}
	rec, err := json.Marshal(c)
	if err != nil {
		return provider.NewPasskey{}, fmt.Errorf("passkey: record: %w", err)
	}
	return provider.NewPasskey{CredentialID: c.ID, Record: rec, SignCount: c.Authenticator.SignCount}, nil
}

// BeginLogin is the options of navigator.credentials.get for the account's passkeys and
// the state to keep until FinishLogin.
func (rp *RP) BeginLogin(a Account) (options []byte, state string, err error) {
	u, err := a.user()
	if err != nil {
		return nil, "", err
	}
	assertion, sd, err := rp.w.BeginLogin(u, webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		return nil, "", fmt.Errorf("passkey: begin login: %w", err)
	}
	return marshal(assertion, sd)
}

// Use is a verified assertion: which credential, and the counter it reported. The caller
// records it (provider.Passkeys.UsePasskey), which refuses a counter that did not go up.
type Use struct {
	CredentialID []byte
	SignCount    uint32
}

// FinishLogin verifies the browser's assertion (origin, relying party, challenge,
// signature, and that the credential is one of the account's).
func (rp *RP) FinishLogin(a Account, state string, response []byte) (Use, error) {
	u, sd, err := rp.session(a, state)
	if err != nil {
		return Use{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(response)
	if err != nil {
		return Use{}, refused(err)
	}
	c, err := rp.w.ValidateLogin(u, sd, parsed)
	if err != nil {
		return Use{}, refused(err)
	}
	if !bytes.Equal(c.ID, parsed.RawID) {
		return Use{}, fmt.Errorf("%w: credential mismatch", ErrRefused)
	}
	return Use{CredentialID: c.ID, SignCount: parsed.Response.AuthenticatorData.Counter}, nil
}

func (rp *RP) session(a Account, state string) (user, webauthn.SessionData, error) {
	var sd webauthn.SessionData
	if state == "" || json.Unmarshal([]byte(state), &sd) != nil || sd.Challenge == "" {
		return user{}, sd, fmt.Errorf("%w: no ceremony was begun", ErrRefused)
	}
	if !bytes.Equal(sd.UserID, []byte(a.UserID)) {
		return user{}, sd, fmt.Errorf("%w: ceremony of another user", ErrRefused)
	}
	u, err := a.user()
	return u, sd, err
}

func marshal(options any, sd *webauthn.SessionData) ([]byte, string, error) {
	o, err := json.Marshal(options)
	if err != nil {
		return nil, "", fmt.Errorf("passkey: options: %w", err)
	}
	s, err := json.Marshal(sd)
	if err != nil {
		return nil, "", fmt.Errorf("passkey: state: %w", err)
	}
	return o, string(s), nil
}
