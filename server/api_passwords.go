package server

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// The password calls of spec 000 §7: forgotten password, reset link and
// invitation. They are public (the caller has no session yet) and JSON only,
// which is what exempts them from the cookie CSRF check (apiSelfCSRF). They
// apply the password screens' rules (passwords*.go, invitations.go): the
// same validation, the same answer to a known and an unknown address, the
// forgot counters shared with the form ("forgot:ip:", "forgot:email:"), and
// every session of the user ended once a password is set. Setting a
// password never logs in: the user logs in next, through MFA.

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
func apiPasswords(h APIHandlerFunc) APIHandlerFunc {
	return func(s *Server, c fiber.Ctx, a *APICaller) error {
		if s.Auth == nil {
			return APIError(c, fiber.StatusNotFound, APICodeNotFound, APIMsgNotFound)
		}
		return h(s, c, a)
	}
}

// apiForgotRequest is the body of passwords/forgot.
type apiForgotRequest struct {
	_     struct{} `description:"The address to send a reset link to."`
	Email string   `json:"email" description:"E-mail address; required and valid." format:"email" example:"observer@demo.example"`
}

// apiForgotPassword asks the provider to mail a reset link. The reply is
// the same whether or not the address has an account.
func (s *Server) apiForgotPassword(c fiber.Ctx, _ *APICaller) error {
	var in apiForgotRequest
	if prob := DecodeJSON(c, &in); prob != nil {
		return APIErrors(c, prob.Status, *prob)
	}
	email := strings.TrimSpace(in.Email)
	if errs := validateForgot(email); len(errs) > 0 {
		return APIErrors(c, fiber.StatusUnprocessableEntity, APIField("email", errs["email"]))
	}
	if sent, err := s.apiGate(c, apiTooManyTitle,
		apiLimit{"forgot:ip:" + s.clientIP(c), forgotIPLimit, forgotIPWindow},
		apiLimit{"forgot:email:" + strings.ToLower(email), forgotEmailLimit, forgotEmailWindow}); sent {
		return err
	}
	if err := s.Auth.RequestPasswordReset(c.Context(), email); err != nil {
		return APIProviderFail(c, err, APITexts{provider.EINVALID: {Source: &APISource{Pointer: "/email"}}})
	}
	return APISend(c, fiber.StatusAccepted, apiMessage{Message: msgResetEmailSent})
}

// apiTokenGate counts a use of a reset or invitation token per address and
// per token (the key holds a digest, never the token), and answers 404 for
// what cannot be a token at all.
func (s *Server) apiTokenGate(c fiber.Ctx, token string, texts APITexts) (sent bool, err error) {
	sum := sha256.Sum256([]byte("portal api token\x00" + token))
	if sent, err := s.apiGate(c, apiTooManyTitle,
		apiLimit{"pwtoken:ip:" + s.clientIP(c), tokenIPLimit, tokenIPWindow},
		apiLimit{"pwtoken:" + hex.EncodeToString(sum[:16]), tokenUseLimit, tokenUseWindow}); sent {
		return true, err
	}
	if !plausibleToken(token) {
		return true, APIProviderFail(c, provider.Errorf(provider.ENOTFOUND, apiMsgLinkBad), texts)
	}
	return false, nil
}

// Words of the token replies: 404 for an unknown or used link (a disabled
// user's too, not told apart), 403 for an expired one (spec 000 §8).
var (
	apiResetTexts = APITexts{
		provider.ENOTFOUND:     {Title: apiMsgLinkBad},
		provider.EUNAUTHORIZED: {Status: fiber.StatusNotFound, Code: APICodeNotFound, Title: apiMsgLinkBad},
		provider.EEXPIRED:      {Title: msgLinkExpired, Detail: msgResetExpiredPage},
		provider.EINVALID:      {Title: msgPasswordInvalid, Source: &APISource{Pointer: "/" + fieldPassword}},
	}
	apiInvitationTexts = APITexts{
		provider.ENOTFOUND:     {Title: apiMsgLinkBad},
		provider.EUNAUTHORIZED: {Status: fiber.StatusNotFound, Code: APICodeNotFound, Title: apiMsgLinkBad},
		provider.EEXPIRED:      {Title: msgLinkExpired},
		provider.EINVALID:      {Title: msgPasswordInvalid, Source: &APISource{Pointer: "/" + fieldPassword}},
	}
)

// apiValidResetToken is the reply of a usable link.
type apiValidResetToken struct {
	_     struct{} `name:"ResetTokenValid" description:"A reset link that works."`
	Valid bool     `json:"valid" description:"Always true."`
}

func (s *Server) apiValidateResetToken(c fiber.Ctx, _ *APICaller) error {
	token := strings.Clone(c.Query("token"))
	if sent, err := s.apiTokenGate(c, token, apiResetTexts); sent {
		return err
	}
	if err := s.Auth.CheckResetToken(c.Context(), token); err != nil {
		return APIProviderFail(c, err, apiResetTexts)
	}
	return APISend(c, fiber.StatusOK, apiValidResetToken{Valid: true})
}

// apiNewPasswordRequest is the body of passwords/reset and
// invitations/accept.
type apiNewPasswordRequest struct {
	_                    struct{} `description:"A new password and the link's token."`
	Password             string   `json:"password" description:"The new password, taken exactly as typed." format:"password"`
	PasswordConfirmation string   `json:"password_confirmation" description:"The same again." format:"password"`
	Token                string   `json:"token" description:"The token of the link."`
}

// decodeNewPassword reads and checks a new password with the screens'
// rules (validateNewPassword); ok false means the reply is written.
func decodeNewPassword(c fiber.Ctx) (in apiNewPasswordRequest, ok bool, err error) {
	if prob := DecodeJSON(c, &in); prob != nil {
		return in, false, APIErrors(c, prob.Status, *prob)
	}
	errs := validateNewPassword(in.Password, in.PasswordConfirmation)
	var ps []APIProblem
	for _, f := range []string{fieldPassword, fieldPasswordConfirmation} {
		if m, bad := errs[f]; bad {
			ps = append(ps, APIField(f, m))
		}
	}
	if len(ps) > 0 {
		return in, false, APIErrors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	return in, true, nil
}

// apiResetPassword spends the reset token, sets the password and ends every
// session of the user.
func (s *Server) apiResetPassword(c fiber.Ctx, _ *APICaller) error {
	in, ok, err := decodeNewPassword(c)
	if !ok {
		return err
	}
	if sent, err := s.apiTokenGate(c, in.Token, apiResetTexts); sent {
		return err
	}
	u, err := s.Auth.ResetPassword(c.Context(), in.Token, in.Password)
	if err != nil {
		return APIProviderFail(c, err, apiResetTexts)
	}
	s.endSessions(c, u.ID)
	s.Logger.Info("api password reset", "request_id", Req(c).ID, "user_id", u.ID)
	return APISend(c, fiber.StatusOK, apiMessage{Message: apiMsgPasswordOK})
}

// apiInvitation is a usable invitation.
type apiInvitation struct {
	_         struct{}  `description:"An invitation that can be accepted."`
	Email     string    `json:"email" description:"The invited address." format:"email"`
	ExpiresAt time.Time `json:"expires_at" description:"When the link stops working."`
}

func (s *Server) apiValidateInvitation(c fiber.Ctx, _ *APICaller) error {
	token := strings.Clone(c.Query("token"))
	if sent, err := s.apiTokenGate(c, token, apiInvitationTexts); sent {
		return err
	}
	inv, err := s.Auth.CheckInvitation(c.Context(), token)
	if err != nil {
		return APIProviderFail(c, err, apiInvitationTexts)
	}
	return APISend(c, fiber.StatusOK, apiInvitation{Email: inv.Email, ExpiresAt: inv.ExpiresAt})
}

// apiAcceptInvitation sets the invited user's password and spends the
// token; the user logs in next.
func (s *Server) apiAcceptInvitation(c fiber.Ctx, _ *APICaller) error {
	in, ok, err := decodeNewPassword(c)
	if !ok {
		return err
	}
	if sent, err := s.apiTokenGate(c, in.Token, apiInvitationTexts); sent {
		return err
	}
	u, err := s.Auth.AcceptInvitation(c.Context(), in.Token, in.Password)
	if err != nil {
		return APIProviderFail(c, err, apiInvitationTexts)
	}
	s.endSessions(c, u.ID)
	s.Logger.Info("api invitation accepted", "request_id", Req(c).ID, "user_id", u.ID)
	return APISend(c, fiber.StatusOK, apiMessage{Message: apiMsgCreated})
}
