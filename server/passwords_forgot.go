package server

import (
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// Forgot password (spec 000 §2, §5, §8; 001 §2, §8).
//
// The answer to a request is the same whether or not the address belongs
// to an account: a redirect to the "Check your email" state, which shows
// the address typed and a Resend button. Only the provider knows, and it
// sends mail only to an active user. Limits count per client address and
// per typed address, whether or not it exists, so they reveal nothing
// either.
const (
	forgotIPLimit     = 20
	forgotIPWindow    = 15 * time.Minute
	forgotEmailLimit  = 5
	forgotEmailWindow = time.Hour

	// forgotEmailKey keeps the address of the last request for the sent
	// state and its Resend button.
	forgotEmailKey = "forgot_email"
)

// Texts of the forgot password screens. "Must be a valid email", "Check
// your email", "Your link expired", "Reset password email has been sent"
// and "Something went wrong" are the spec's.
const (
	msgCheckEmail      = "Check your email"
	msgResetEmailSent  = "Reset password email has been sent"
	msgLinkExpired     = "Your link expired"
	msgLinkExpiredMore = "The link to reset your password has expired or has already been used. Enter your email to get a new one."
)

// ForgotProps are the props of templates/pages/ForgotPassword.tsx.
type ForgotProps struct {
	EmailFormProps
	// Sent is the "Check your email" state (query flag sent).
	Sent bool `json:"sent"`
	// Lifetime is how long a reset link works, in words.
	Lifetime string `json:"lifetime"`
}

type forgotForm struct {
	Email  string
	Errors map[string]string
	Base   string
}

// queryFlag reports a query flag such as ?sent or ?expired, with or
// without a value.
func queryFlag(c fiber.Ctx, name string) bool {
	return c.Request().URI().QueryArgs().Has(name)
}

func (s *Server) forgotGet(c fiber.Ctx) error {
	if s.authUnavailable() {
		return s.NotFound(c)
	}
	return s.forgotPage(c, forgotForm{}, fiber.StatusOK)
}

func (s *Server) forgotPage(c fiber.Ctx, f forgotForm, status int) error {
	ef, err := s.emailForm(c, f.Email, f.Errors, f.Base)
	if err != nil {
		return err
	}
	sess := Req(c).Session
	p := ForgotProps{EmailFormProps: ef, Lifetime: lifetime(provider.ResetTokenTTL)}
	title := "Forgot password"
	switch {
	case c.Method() == fiber.MethodGet && queryFlag(c, "sent"):
		p.Sent, p.Email = true, sess.Values[forgotEmailKey]
		if p.Email != "" { // else a bookmarked ?sent: nothing was sent from here
			p.Notice = &Notice{Kind: "success", Title: msgResetEmailSent}
		}
		title = msgCheckEmail
	case queryFlag(c, "expired"):
		p.Notice = &Notice{Kind: "warning", Title: msgLinkExpired, Text: msgLinkExpiredMore}
	}
	return s.Render(c, View{Status: status, Page: "ForgotPassword", Title: title, Props: p})
}

// validateForgot: email required and valid (spec 000 §5), in the login
// form's words.
func validateForgot(email string) map[string]string {
	errs := map[string]string{}
	switch {
	case email == "":
		errs["email"] = msgEmailRequired
	case !validEmail(email):
		errs["email"] = msgEmailInvalid
	}
	return errs
}

func (s *Server) forgotPost(c fiber.Ctx) error {
	if s.authUnavailable() {
		return s.NotFound(c)
	}
	email := strings.TrimSpace(c.FormValue("email"))
	f := forgotForm{Email: email}
	if errs := validateForgot(email); len(errs) > 0 {
		f.Errors = errs
		return s.forgotPage(c, f, fiber.StatusUnprocessableEntity)
	}
	ctx := c.Context()
	for _, lim := range []struct {
		key    string
		limit  int
		window time.Duration
	}{
		{"forgot:ip:" + s.clientIP(c), forgotIPLimit, forgotIPWindow},
		{"forgot:email:" + strings.ToLower(email), forgotEmailLimit, forgotEmailWindow},
	} {
		res, err := s.Limiter.Hit(ctx, lim.key, lim.limit, lim.window)
		if err != nil {
			return err // fail closed: the limiter is what keeps this from mailing a victim endlessly
		}
		if !res.Allowed {
			mins := int(res.RetryAfter.Round(time.Minute) / time.Minute)
			if mins < 1 {
				mins = 1
			}
			c.Set(fiber.HeaderRetryAfter, fmt.Sprint(int(res.RetryAfter.Seconds())+1))
			f.Base = fmt.Sprintf("Too many requests. Please try again in %d minute%s.", mins, plural(mins))
			return s.forgotPage(c, f, fiber.StatusTooManyRequests)
		}
	}
	// Spec 000 §8: a server error list goes on the email field; a string
	// error is shown as a notification; anything else "Something went wrong".
	if err := s.Auth.RequestPasswordReset(ctx, email); err != nil {
		switch provider.ErrorCode(err) {
		case provider.EINVALID:
			msg := provider.ErrorMessage(err)
			if msg == "" {
				msg = msgEmailInvalid
			}
			f.Errors = map[string]string{"email": msg}
			return s.forgotPage(c, f, fiber.StatusUnprocessableEntity)
		case provider.EINTERNAL:
			s.Logger.Error("password reset request failed", "request_id", Req(c).ID, "err", err)
			f.Base = msgSomethingWentWrong
		default:
			if f.Base = provider.ErrorMessage(err); f.Base == "" {
				f.Base = msgSomethingWentWrong
			}
		}
		return s.forgotPage(c, f, fiber.StatusInternalServerError)
	}
	sess, err := s.EnsureSession(c)
	if err != nil {
		return err
	}
	if sess.Values == nil {
		sess.Values = map[string]string{}
	}
	sess.Values[forgotEmailKey] = email
	if err := s.Sessions.Save(ctx, sess); err != nil {
		return err
	}
	return Redirect(c, "/passwords/forgot?sent")
}
