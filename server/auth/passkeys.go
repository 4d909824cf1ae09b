package auth

import (
	"errors"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/passkey"
	"portal/provider"
	"portal/server"
)

// methodPasskey is /mfa-verify?method=passkey: offered only to a user who has a passkey,
// when the portal has a relying party (PORTAL_PUBLIC_URL).
const methodPasskey = "passkey"

const (
	msgPasskeyFailed = "The passkey could not be verified. Try again or choose another method."
	msgPasskeyNoKeys = "You have no passkey. Choose another method."
)

// PasskeyIslandProps are the props of islands/Passkey.tsx: at /mfa-verify (mode "verify")
// and in My Profile (mode "register").
type PasskeyIslandProps struct {
	// Mode is "verify" or "register".
	Mode string `json:"mode"`
	CSRF string `json:"csrf"`
	// OptionsURL answers the navigator.credentials options (POST, JSON); FinishURL takes
	// the browser's answer (POST, JSON) and replies {"redirect"} or {"error", "note"}.
	OptionsURL string `json:"optionsUrl"`
	FinishURL  string `json:"finishUrl"`
}

// RelyingParty is the portal's passkey relying party, nil when passkeys are off (no public
// URL, or a provider without passkeys).
func RelyingParty(srv *server.Server) *passkey.RP {
	if srv.Passkeys == nil {
		return nil
	}
	return passkey.For(srv.Config.PublicURL)
}

// SendCeremony answers the island that begins a passkey ceremony: the ceremony's state kept
// in the session under key (for the call that finishes it), then the options for
// navigator.credentials, never cached.
func SendCeremony(srv *server.Server, c fiber.Ctx, key, state string, options []byte) error {
	sess := server.Req(c).Session
	setValue(sess, key, state)
	if err := srv.Sessions.Save(c.Context(), sess); err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Send(options)
}

// PasskeyAccount is the user with their stored passkeys, as the ceremonies take them.
func PasskeyAccount(srv *server.Server, c fiber.Ctx, u *provider.User) (passkey.Account, error) {
	keys, err := srv.Passkeys.Passkeys(c.Context(), u.ID)
	if err != nil {
		return passkey.Account{}, err
	}
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.Email
	}
	return passkey.Account{UserID: u.ID, Email: u.Email, Name: name, Keys: keys}, nil
}

// hasPasskey reports whether the user may verify with a passkey here.
func (s area) hasPasskey(c fiber.Ctx) (bool, error) {
	if RelyingParty(s.Server) == nil {
		return false, nil
	}
	keys, err := s.Passkeys.Passkeys(c.Context(), server.Req(c).User.ID)
	return len(keys) > 0, err
}

func (s area) passkeyPage(c fiber.Ctx, have []string) error {
	others := []string{}
	for _, m := range have {
		if m != methodPasskey {
			others = append(others, m)
		}
	}
	return s.verifyPage(c, MfaVerifyProps{Method: methodPasskey, Methods: others, Passkey: &PasskeyIslandProps{
		Mode: "verify", CSRF: server.Req(c).CSRF(),
		OptionsURL: "/mfa-verify/passkey/options", FinishURL: "/mfa-verify/passkey"}}, fiber.StatusOK)
}

// jsonReply answers an island's call; never cached.
func jsonReply(c fiber.Ctx, status int, body any) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(status).JSON(body)
}

// passkeyCall starts one of the passkey calls of /mfa-verify: a session that already passed
// is sent home, and without passkeys the call is not found; rp nil means the answer (err
// its result) has been sent.
func (s area) passkeyCall(c fiber.Ctx) (rp *passkey.RP, rq *server.Request, err error) {
	if verified(c) {
		return nil, nil, jsonReply(c, fiber.StatusOK, fiber.Map{"redirect": "/"})
	}
	if rp = RelyingParty(s.Server); rp == nil {
		return nil, nil, s.NotFound(c)
	}
	return rp, server.Req(c), nil
}

// mfaPasskeyOptions begins this login's passkey ceremony: the options for
// navigator.credentials.get, the challenge kept in the session.
func (s area) mfaPasskeyOptions(c fiber.Ctx) error {
	rp, rq, err := s.passkeyCall(c)
	if rp == nil {
		return err
	}
	acct, err := PasskeyAccount(s.Server, c, rq.User)
	if err != nil {
		return err
	}
	if len(acct.Keys) == 0 {
		return jsonReply(c, fiber.StatusUnprocessableEntity, fiber.Map{"error": msgPasskeyNoKeys})
	}
	opts, state, err := rp.BeginLogin(acct)
	if err != nil {
		return err
	}
	return SendCeremony(s.Server, c, valPasskey, state, opts)
}

// mfaPasskeyFinish checks the browser's assertion. A refused one counts as a wrong code
// (the same lock); a verified one is recorded by the provider, whose counter check refuses
// a cloned key, and then completes MFA as the other methods do.
func (s area) mfaPasskeyFinish(c fiber.Ctx) error {
	rp, rq, err := s.passkeyCall(c)
	if rp == nil {
		return err
	}
	state := rq.Session.Values[valPasskey]
	a, locked, err := s.mfaAttempt(c, rq.User.ID)
	if err != nil {
		return err
	}
	if locked != "" {
		return jsonReply(c, fiber.StatusTooManyRequests, fiber.Map{"error": locked})
	}
	// The challenge is spent whatever the outcome: an assertion is answered once.
	delete(rq.Session.Values, valPasskey)
	if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
		return err
	}
	acct, err := PasskeyAccount(s.Server, c, rq.User)
	if err != nil {
		return err
	}
	msg := msgPasskeyFailed
	use, err := rp.FinishLogin(acct, state, c.Body())
	if err == nil {
		err = s.Passkeys.UsePasskey(c.Context(), rq.User.ID, use.CredentialID, use.SignCount)
		if provider.ErrorCode(err) == provider.EINVALID {
			msg = provider.ErrorMessage(err)
			s.Logger.Warn("passkey counter went back", "request_id", rq.ID, "user_id", rq.User.ID)
		}
	}
	switch {
	case err == nil:
		a.succeeded(c.Context())
		if err := s.finishMFA(c, methodPasskey); err != nil {
			return err
		}
		return jsonReply(c, fiber.StatusOK, fiber.Map{"redirect": "/login_transition"})
	case errors.Is(err, passkey.ErrRefused), provider.ErrorCode(err) == provider.EINVALID, provider.ErrorCode(err) == provider.ENOTFOUND:
		s.Logger.Info("passkey refused", "request_id", rq.ID, "user_id", rq.User.ID, "err", err)
	default:
		return err
	}
	locked, note, err := a.failed(c)
	if err != nil {
		return err
	}
	if locked != "" {
		return jsonReply(c, fiber.StatusTooManyRequests, fiber.Map{"error": locked})
	}
	return jsonReply(c, fiber.StatusUnprocessableEntity, fiber.Map{"error": msg, "note": note})
}
