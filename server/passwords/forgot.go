package passwords

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/auth"
)

// Forgot password (spec 000 §2, §5, §8; 001 §2, §8).
//
// The answer to a request is the same whether or not the address belongs
// to an account: a redirect to the "Check your email" state, which shows
// the address typed and a Resend button. Only the provider knows, and it
// sends mail only to an active user. Limits count per client address and
// per typed address, whether or not it exists, so they reveal nothing
// either; the form and the API count on the same keys.
const (
	forgotIPLimit     = 20
	forgotIPWindow    = 15 * time.Minute
	forgotEmailLimit  = 5
	forgotEmailWindow = time.Hour

	// forgotEmailKey keeps the address of the last request for the sent
	// state and its Resend button.
	forgotEmailKey = "forgot_email"
)

// forgotLimits are the limits one reset request counts against.
func (s area) forgotLimits(c fiber.Ctx, email string) []server.RateLimit {
	return []server.RateLimit{
		{Key: "forgot:ip:" + s.ClientIP(c), Limit: forgotIPLimit, Window: forgotIPWindow},
		{Key: "forgot:email:" + strings.ToLower(email), Limit: forgotEmailLimit, Window: forgotEmailWindow},
	}
}

// Texts of the forgot password screens. "Must be a valid email", "Check
// your email", "Your link expired", "Reset password email has been sent"
// and "Something went wrong" are the spec's.
const (
	msgCheckEmail      = "Check your email"
	msgResetEmailSent  = "Reset password email has been sent"
	msgLinkExpiredMore = "The link to reset your password has expired or has already been used. Enter your email to get a new one."
)

// ForgotProps are the props of templates/pages/passwords/ForgotPassword.tsx.
type ForgotProps struct {
	auth.EmailFormProps
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

func (s area) forgotGet(c fiber.Ctx) error {
	return s.forgotPage(c, forgotForm{}, fiber.StatusOK)
}

func (s area) forgotPage(c fiber.Ctx, f forgotForm, status int) error {
	ef, err := auth.EmailForm(s.Server, c, f.Email, f.Errors, f.Base)
	if err != nil {
		return err
	}
	sess := server.Req(c).Session
	p := ForgotProps{EmailFormProps: ef, Lifetime: lifetime(provider.ResetTokenTTL)}
	title := "Forgot password"
	switch {
	case c.Method() == fiber.MethodGet && server.QueryFlag(c, "sent"):
		p.Sent, p.Email = true, sess.Values[forgotEmailKey]
		if p.Email != "" { // else a bookmarked ?sent: nothing was sent from here
			p.Notice = &auth.Notice{Kind: "success", Title: msgResetEmailSent}
		}
		title = msgCheckEmail
	case server.QueryFlag(c, "expired"):
		p.Notice = &auth.Notice{Kind: "warning", Title: msgLinkExpired, Text: msgLinkExpiredMore}
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageForgotPassword.With(p)})
}

// validateForgot: email required and valid (spec 000 §5), in the login
// form's words.
func validateForgot(email string) map[string]string {
	errs := map[string]string{}
	if msg := auth.ValidateEmail(email); msg != "" {
		errs["email"] = msg
	}
	return errs
}

func (s area) forgotPost(c fiber.Ctx) error {
	email := strings.TrimSpace(c.FormValue("email"))
	f := forgotForm{Email: email}
	if errs := validateForgot(email); len(errs) > 0 {
		f.Errors = errs
		return s.forgotPage(c, f, fiber.StatusUnprocessableEntity)
	}
	ctx := c.Context()
	refused, err := s.CountLimits(c, "requests", s.forgotLimits(c, email)...)
	if err != nil {
		return err // fail closed: the limiter is what keeps this from mailing a victim endlessly
	}
	if refused != "" {
		f.Base = refused
		return s.forgotPage(c, f, fiber.StatusTooManyRequests)
	}
	// Spec 000 §8: a server error list goes on the email field; a string
	// error is shown as a notification; anything else "Something went wrong".
	if err := s.Auth.RequestPasswordReset(ctx, email); err != nil {
		switch provider.ErrorCode(err) {
		case provider.EINVALID:
			msg := provider.ErrorMessage(err)
			if msg == "" {
				msg = auth.MsgEmailInvalid
			}
			f.Errors = map[string]string{"email": msg}
			return s.forgotPage(c, f, fiber.StatusUnprocessableEntity)
		case provider.EINTERNAL:
			s.Logger.Error("password reset request failed", "request_id", server.Req(c).ID, "err", err)
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
	return server.Redirect(c, "/passwords/forgot?sent")
}

// SendResetEmail asks the provider to mail a reset link to email, counted on
// the forgot form's limits, for another area's "Reset Password" (the
// profile's). refused is the "too many" text when a limit says no; a
// provider error is returned as is, for the caller's words.
func SendResetEmail(srv *server.Server, c fiber.Ctx, email string) (refused string, err error) {
	s := area{srv}
	if s.Auth == nil {
		return "", provider.Errorf(provider.EINTERNAL, "password resets are not offered")
	}
	if refused, err = s.CountLimits(c, "requests", s.forgotLimits(c, email)...); err != nil || refused != "" {
		return refused, err
	}
	return "", s.Auth.RequestPasswordReset(c.Context(), email)
}

// MsgResetEmailSent is the spec's text once a reset e-mail is on its way.
const MsgResetEmailSent = msgResetEmailSent
