package server

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// Reset password (spec 000 §2, §5, §8; 001 §2, §5, §8).
//
// GET and POST /passwords/reset/{token} first ask the provider about the
// token: unknown or spent → 303 /passwords/forgot?expired; expired → 403
// with the spec's "This page has expired, please request a new reset
// password link here". Tokens are random, single use, stored hashed and
// live provider.ResetTokenTTL (one hour); see provider/auth.go.
//
// A successful reset ends every session of the user and redirects to
// ?sent (the spec's query flag), which shows the success state to the
// browser that made the change (doneMarker) and links to /login. Logging
// in again goes through MFA as always: a reset never skips it.

const (
	msgResetExpiredPage = "This page has expired, please request a new reset password link here"
	forgotExpiredURL    = "/passwords/forgot?expired"
	doneReset           = "reset"
)

// ResetProps are the props of templates/pages/ResetPassword.tsx.
type ResetProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf,omitempty"`
	// State is "form", "expired" (403) or "done" (?sent).
	State  string            `json:"state"`
	Action string            `json:"action,omitempty"`
	Errors map[string]string `json:"errors"`
	Base   string            `json:"base,omitempty"`
}

func (s *Server) resetGet(c fiber.Ctx) error {
	tokenPage(c)
	if s.authUnavailable() {
		return s.NotFound(c)
	}
	token := c.Params("token")
	if queryFlag(c, "sent") && s.isDone(c, doneReset, token) {
		return s.resetPage(c, ResetProps{State: "done"}, fiber.StatusOK)
	}
	if handled, err := s.checkResetToken(c, token); handled {
		return err
	}
	return s.resetForm(c, token, nil, "", fiber.StatusOK)
}

func (s *Server) resetPost(c fiber.Ctx) error {
	tokenPage(c)
	if s.authUnavailable() {
		return s.NotFound(c)
	}
	token := c.Params("token")
	if handled, err := s.checkResetToken(c, token); handled {
		return err
	}
	pw, confirm := c.FormValue(fieldPassword), c.FormValue(fieldPasswordConfirmation)
	if errs := validateNewPassword(pw, confirm); len(errs) > 0 {
		return s.resetForm(c, token, errs, "", fiber.StatusUnprocessableEntity)
	}
	u, err := s.Auth.ResetPassword(c.Context(), token, pw)
	if err != nil {
		if handled, herr := s.resetTokenError(c, err); handled {
			return herr
		}
		errs, base := newPasswordError(err)
		if provider.ErrorCode(err) == provider.EINTERNAL {
			s.Logger.Error("password reset failed", "request_id", Req(c).ID, "err", err)
		}
		status := fiber.StatusUnprocessableEntity
		if base != "" {
			status = fiber.StatusInternalServerError
		}
		return s.resetForm(c, token, errs, base, status)
	}
	s.endSessions(c, u.ID)
	// A user locked out of logging in by failed attempts (login.go's
	// per-account limit) may log in with the new password at once.
	_ = s.Limiter.Reset(c.Context(), "login:acct:"+strings.ToLower(u.Email))
	if err := s.markDone(c, doneReset, token); err != nil {
		return err
	}
	s.Logger.Info("password reset", "request_id", Req(c).ID, "user_id", u.ID)
	return Redirect(c, "/passwords/reset/"+token+"?sent")
}

// checkResetToken answers a request whose token cannot be used (handled
// true, with the response's error); handled false means go on.
func (s *Server) checkResetToken(c fiber.Ctx, token string) (handled bool, err error) {
	if !plausibleToken(token) {
		return true, Redirect(c, forgotExpiredURL)
	}
	return s.resetTokenError(c, s.Auth.CheckResetToken(c.Context(), token))
}

func (s *Server) resetTokenError(c fiber.Ctx, err error) (bool, error) {
	switch provider.ErrorCode(err) {
	case "":
		return false, nil
	case provider.ENOTFOUND:
		return true, Redirect(c, forgotExpiredURL)
	case provider.EEXPIRED:
		return true, s.resetPage(c, ResetProps{State: "expired"}, fiber.StatusForbidden)
	}
	return true, err
}

func (s *Server) resetForm(c fiber.Ctx, token string, errs map[string]string, base string, status int) error {
	sess, err := s.EnsureSession(c)
	if err != nil {
		return err
	}
	return s.resetPage(c, ResetProps{State: "form", CSRF: MaskedCSRF(sess), Action: "/passwords/reset/" + token,
		Errors: errs, Base: base}, status)
}

func (s *Server) resetPage(c fiber.Ctx, p ResetProps, status int) error {
	p.Sandbox = s.Config.Sandbox()
	if p.Errors == nil {
		p.Errors = map[string]string{}
	}
	title := "Reset password"
	switch p.State {
	case "expired":
		title = msgLinkExpired
	case "done":
		title = "Password reset"
	}
	return s.Render(c, View{Status: status, Page: "ResetPassword", Title: title, Props: p})
}
