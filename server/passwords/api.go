package passwords

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The password calls of spec 000 §7: forgotten password, reset link and
// invitation. They are public (the caller has no session yet) and JSON only,
// which is what exempts them from the cookie CSRF check (the core's
// apiSelfCSRF). They apply the screens' rules: the same validation, the
// same answer to a known and an unknown address, the forgot counters shared
// with the form (forgotLimits), and what setting a password with a link
// does (passwordSet).

// Limits of the token calls (validate, reset, accept) per client address
// and per token. Tokens are 256 random bits, so these stop floods and
// scripted probing rather than guessing.
const (
	tokenIPLimit     = 60
	tokenIPWindow    = 15 * time.Minute
	tokenUseLimit    = 10
	tokenUseWindow   = 15 * time.Minute
	apiMsgLinkBad    = "This link is not valid."
	apiMsgPasswordOK = "Your password has been reset. Please log in with the new password."
	apiMsgCreated    = "New password created" // spec 000 §2
)

// apiPasswords wraps the password operations: without the provider's Auth
// they answer not found, as the screens do.
func (s area) apiPasswords(h func(fiber.Ctx) error) api.HandlerFunc {
	return func(c fiber.Ctx, _ *api.Caller) error {
		if s.Auth == nil {
			return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
		}
		return h(c)
	}
}

// apiForgotRequest is the body of passwords/forgot.
type apiForgotRequest struct {
	_     struct{} `description:"The address to send a reset link to."`
	Email string   `json:"email" required:"true" description:"E-mail address; required and valid." format:"email" example:"observer@demo.example"`
}

// apiForgotPassword asks the provider to mail a reset link. The reply is
// the same whether or not the address has an account.
func (s area) apiForgotPassword(c fiber.Ctx) error {
	var in apiForgotRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	email := strings.TrimSpace(in.Email)
	if errs := validateForgot(email); len(errs) > 0 {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("email", errs["email"]))
	}
	if sent, err := s.APIGate(c, "requests", s.forgotLimits(c, email)...); sent {
		return err
	}
	if err := s.Auth.RequestPasswordReset(c.Context(), email); err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.EINVALID: {Source: &api.Source{Pointer: "/email"}}})
	}
	return api.Send(c, fiber.StatusAccepted, api.Message{Message: msgResetEmailSent})
}

// apiTokenGate counts a use of a reset or invitation token per address and
// per token (the key holds a digest, never the token), and answers 404 for
// what cannot be a token at all.
func (s area) apiTokenGate(c fiber.Ctx, token string, texts api.Texts) (sent bool, err error) {
	sum := sha256.Sum256([]byte("portal api token\x00" + token))
	if sent, err := s.APIGate(c, "requests",
		server.RateLimit{Key: "pwtoken:ip:" + s.ClientIP(c), Limit: tokenIPLimit, Window: tokenIPWindow},
		server.RateLimit{Key: "pwtoken:" + hex.EncodeToString(sum[:16]), Limit: tokenUseLimit, Window: tokenUseWindow}); sent {
		return true, err
	}
	if !plausibleToken(token) {
		return true, api.ProviderFail(c, provider.Errorf(provider.ENOTFOUND, apiMsgLinkBad), texts)
	}
	return false, nil
}

// apiLinkTexts are the words of a link's replies: 404 for an unknown or
// used link (a disabled user's too, not told apart), 403 for an expired one
// (spec 000 §8), with expiredDetail when the spec words one.
func apiLinkTexts(expiredDetail string) api.Texts {
	return api.Texts{
		provider.ENOTFOUND:     {Title: apiMsgLinkBad},
		provider.EUNAUTHORIZED: {Status: fiber.StatusNotFound, Code: api.CodeNotFound, Title: apiMsgLinkBad},
		provider.EEXPIRED:      {Title: msgLinkExpired, Detail: expiredDetail},
		provider.EINVALID:      {Title: msgPasswordInvalid, Source: &api.Source{Pointer: "/" + fieldPassword}},
	}
}

// apiValidResetToken is the reply of a usable link.
type apiValidResetToken struct {
	_     struct{} `name:"ResetTokenValid" description:"A reset link that works."`
	Valid bool     `json:"valid" description:"Always true."`
}

func (s area) apiValidateResetToken(p *tokenPage) func(fiber.Ctx) error {
	return func(c fiber.Ctx) error {
		token := strings.Clone(c.Query("token"))
		if sent, err := s.apiTokenGate(c, token, p.texts); sent {
			return err
		}
		if _, err := p.check(c.Context(), token); err != nil {
			return api.ProviderFail(c, err, p.texts)
		}
		return api.Send(c, fiber.StatusOK, apiValidResetToken{Valid: true})
	}
}

// apiInvitation is a usable invitation.
type apiInvitation struct {
	_             struct{}  `description:"An invitation that can be accepted."`
	Email         string    `json:"email" description:"The invited address." format:"email"`
	ExpiresAt     time.Time `json:"expires_at" description:"When the link stops working."`
	Organisation  string    `json:"organisation_name" description:"The organisation the invitation is to."`
	LoginRequired bool      `json:"login_required" description:"The address already has a login: it accepts by logging in and joining (the page /invitations/join/{token}), not with acceptInvitation."`
}

func (s area) apiValidateInvitation(p *tokenPage) func(fiber.Ctx) error {
	return func(c fiber.Ctx) error {
		token := strings.Clone(c.Query("token"))
		if sent, err := s.apiTokenGate(c, token, p.texts); sent {
			return err
		}
		inv, err := s.Auth.CheckInvitation(c.Context(), token)
		if err != nil {
			return api.ProviderFail(c, err, p.texts)
		}
		return api.Send(c, fiber.StatusOK, apiInvitation{Email: inv.Email, ExpiresAt: inv.ExpiresAt,
			Organisation: inv.OrganisationName, LoginRequired: inv.LoginRequired})
	}
}

// apiNewPasswordRequest is the body of passwords/reset and
// invitations/accept.
type apiNewPasswordRequest struct {
	_                    struct{} `description:"A new password and the link's token."`
	Password             string   `json:"password" required:"true" description:"The new password, taken exactly as typed." format:"password"`
	PasswordConfirmation string   `json:"password_confirmation" required:"true" description:"The same again." format:"password"`
	Token                string   `json:"token" required:"true" description:"The token of the link."`
}

// apiSetPassword is the form of the link's page for the API: it checks the
// new password with the screens' rules, spends the token, sets the password
// and does what a password set with a link does (passwordSet).
func (s area) apiSetPassword(p *tokenPage) func(fiber.Ctx) error {
	return func(c fiber.Ctx) error {
		var in apiNewPasswordRequest
		if prob := api.DecodeJSON(c, &in); prob != nil {
			return api.Errors(c, prob.Status, *prob)
		}
		errs := validateNewPassword(in.Password, in.PasswordConfirmation)
		var ps []api.Problem
		for _, f := range []string{fieldPassword, fieldPasswordConfirmation} {
			if m, bad := errs[f]; bad {
				ps = append(ps, api.Field(f, m))
			}
		}
		if len(ps) > 0 {
			return api.Errors(c, fiber.StatusUnprocessableEntity, ps...)
		}
		if sent, err := s.apiTokenGate(c, in.Token, p.texts); sent {
			return err
		}
		u, err := p.set(c.Context(), in.Token, in.Password)
		if err != nil {
			return api.ProviderFail(c, err, p.texts)
		}
		s.passwordSet(c, u, p.after)
		s.Logger.Info("api "+p.done, "request_id", server.Req(c).ID, "user_id", u.ID)
		return api.Send(c, fiber.StatusOK, api.Message{Message: p.replied})
	}
}
