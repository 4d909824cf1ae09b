package passwords

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/server/auth"
)

// The two pages a mailed link opens, /passwords/reset/{token} (spec 000 §2,
// §5, §8; 001 §2, §5, §8) and /invitations/accept/{token} (spec 000 §2),
// are one piece: GET and POST first ask the provider about the token, the
// form sets a new password with it, a success ends every session of the
// user and redirects to the success state (?sent, ?created), which shows
// only to the browser that made the change (doneMarker). A tokenPage says
// what tells the two apart. Tokens are random, single use, stored hashed
// and live provider.ResetTokenTTL (one hour) or provider.InvitationTTL (7
// days); see provider/auth.go.

// tokenPage is one kind of mailed link.
type tokenPage struct {
	kind     string // doneMarker's kind
	base     string // the path before the token
	doneFlag string // the success state's query flag
	page     server.Page[NewPasswordProps]
	// titles by state: "form", "done", and for a reset link "expired".
	titles map[string]string
	// check asks the provider whether the token can be used, and what the
	// page says of it.
	check func(ctx context.Context, token string) (linkFacts, error)
	// set sets the password and spends the token.
	set func(ctx context.Context, token, password string) (provider.User, error)
	// unusable answers a token the provider does not know (or that cannot
	// be a token at all) or that expired: code is ENOTFOUND or EEXPIRED.
	unusable func(c fiber.Ctx, code string) error
	// after runs once the password is set and the sessions ended.
	after func(fiber.Ctx, provider.User)
	// done and failed are the log's words for a success and an internal
	// failure.
	done, failed string
	// The API's side of the link: its words for the provider's error codes,
	// and what a success answers.
	texts   api.Texts
	replied string
}

// linkFacts are what a usable link's page shows: the address it was sent
// to and, for an invitation, the organisation, and whether the address
// already has a login (then it is accepted by logging in, not with a new
// password).
type linkFacts struct {
	email, organisation string
	login               bool
}

const (
	msgResetExpiredPage = "This page has expired, please request a new reset password link here"
	forgotExpiredURL    = "/passwords/forgot?expired"
	invitationExpired   = "/invitations/expired"
)

// resetPage is the reset link: unknown or spent → 303 to the forgot page's
// expired state; expired → 403 with the spec's "This page has expired,
// please request a new reset password link here". A reset also lifts a
// login lock-out of the account, so the new password works at once.
func (s area) resetPage() *tokenPage {
	p := &tokenPage{kind: "reset", base: "/passwords/reset/", doneFlag: "sent", page: pageResetPassword,
		titles: map[string]string{"form": "Reset password", "done": "Password reset", "expired": msgLinkExpired},
		check: func(ctx context.Context, token string) (linkFacts, error) {
			return linkFacts{}, s.Auth.CheckResetToken(ctx, token)
		},
		set: func(ctx context.Context, token, pw string) (provider.User, error) {
			return s.Auth.ResetPassword(ctx, token, pw)
		},
		done: "password reset", failed: "password reset failed",
		after:   func(c fiber.Ctx, u provider.User) { _ = auth.UnlockLogin(c.Context(), s.Limiter, u.Email) },
		texts:   apiLinkTexts(msgResetExpiredPage),
		replied: apiMsgPasswordOK,
	}
	p.unusable = func(c fiber.Ctx, code string) error {
		if code == provider.EEXPIRED {
			return s.tokenRender(c, p, NewPasswordProps{State: "expired"}, fiber.StatusForbidden)
		}
		return server.Redirect(c, forgotExpiredURL)
	}
	return p
}

// invitationPage is the invitation link: for an address without a login it
// creates the password and the membership ("New password created"); for one
// with a login it asks to log in and accept (JoinPath); an unknown, used or
// expired token goes to /invitations/expired ("Your link expired").
func (s area) invitationPage() *tokenPage {
	return &tokenPage{kind: "invitation", base: "/invitations/accept/", doneFlag: "created", page: pageInvitationAccept,
		titles: map[string]string{"form": "Create your password", "done": "New password created", "login": "Accept the invitation"},
		check: func(ctx context.Context, token string) (linkFacts, error) {
			inv, err := s.Auth.CheckInvitation(ctx, token)
			return linkFacts{email: inv.Email, organisation: inv.OrganisationName, login: inv.LoginRequired}, err
		},
		set: func(ctx context.Context, token, pw string) (provider.User, error) {
			return s.Auth.AcceptInvitation(ctx, token, pw)
		},
		unusable: func(c fiber.Ctx, _ string) error { return server.Redirect(c, invitationExpired) },
		done:     "invitation accepted", failed: "invitation accept failed",
		texts:   apiLinkTexts(""),
		replied: apiMsgCreated,
	}
}

// NewPasswordProps are the props of the pages a mailed link opens
// (templates/pages/passwords/ResetPassword.tsx, InvitationAccept.tsx).
type NewPasswordProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf,omitempty"`
	// State is "form", "done" (the success query flag), for a reset link
	// "expired" (403), for an invitation to an address with a login "login".
	State string `json:"state" tstype:"'form' | 'done' | 'expired' | 'login'"`
	// Email is the invited address and Organisation the inviting one
	// (invitations); Join is where a login accepts (state login).
	Email        string            `json:"email,omitempty"`
	Organisation string            `json:"organisation,omitempty"`
	Join         string            `json:"join,omitempty"`
	Action       string            `json:"action,omitempty"`
	Errors       map[string]string `json:"errors"`
	Base         string            `json:"base,omitempty"`
}

// linkPage wraps the handlers of a link's page: no Referer may take the
// token in its path to another site, not even the origin; without the
// provider's Auth the page is not found.
func (s area) linkPage(h func(c fiber.Ctx, token string) error) fiber.Handler {
	return func(c fiber.Ctx) error {
		c.Set("Referrer-Policy", "no-referrer")
		if s.Auth == nil {
			return s.NotFound(c)
		}
		return h(c, c.Params("token"))
	}
}

func (s area) tokenGet(p *tokenPage) fiber.Handler {
	return s.linkPage(func(c fiber.Ctx, token string) error {
		if server.QueryFlag(c, p.doneFlag) && s.isDone(c, p.kind, token) {
			return s.tokenRender(c, p, NewPasswordProps{State: "done"}, fiber.StatusOK)
		}
		facts, handled, err := s.checkToken(c, p, token)
		if handled {
			return err
		}
		if facts.login {
			return s.tokenLogin(c, p, token, facts, fiber.StatusOK)
		}
		return s.tokenForm(c, p, token, facts, nil, "", fiber.StatusOK)
	})
}

func (s area) tokenPost(p *tokenPage) fiber.Handler {
	return s.linkPage(func(c fiber.Ctx, token string) error {
		facts, handled, err := s.checkToken(c, p, token)
		if handled {
			return err
		}
		if facts.login {
			return s.tokenLogin(c, p, token, facts, fiber.StatusConflict)
		}
		pw, confirm := c.FormValue(fieldPassword), c.FormValue(fieldPasswordConfirmation)
		if errs := validateNewPassword(pw, confirm); len(errs) > 0 {
			return s.tokenForm(c, p, token, facts, errs, "", fiber.StatusUnprocessableEntity)
		}
		u, err := p.set(c.Context(), token, pw)
		if err != nil {
			if handled, herr := s.tokenError(c, p, err); handled { // spent or expired meanwhile
				return herr
			}
			if provider.ErrorCode(err) == provider.ECONFLICT { // the address got a login meanwhile
				facts.login = true
				return s.tokenLogin(c, p, token, facts, fiber.StatusConflict)
			}
			if provider.ErrorCode(err) == provider.EINTERNAL {
				s.Logger.Error(p.failed, "request_id", server.Req(c).ID, "err", err)
			}
			errs, base := newPasswordError(err)
			status := fiber.StatusUnprocessableEntity
			if base != "" {
				status = fiber.StatusInternalServerError
			}
			return s.tokenForm(c, p, token, facts, errs, base, status)
		}
		s.passwordSet(c, u, p.after)
		if err := s.markDone(c, p.kind, token); err != nil {
			return err
		}
		s.Logger.Info(p.done, "request_id", server.Req(c).ID, "user_id", u.ID)
		return server.Redirect(c, p.base+token+"?"+p.doneFlag)
	})
}

// checkToken answers a request whose token cannot be used (handled true,
// with the response's error); handled false means go on.
func (s area) checkToken(c fiber.Ctx, p *tokenPage, token string) (facts linkFacts, handled bool, err error) {
	if !plausibleToken(token) {
		return linkFacts{}, true, p.unusable(c, provider.ENOTFOUND)
	}
	facts, err = p.check(c.Context(), token)
	handled, err = s.tokenError(c, p, err)
	return facts, handled, err
}

// tokenError answers the provider's "unknown" and "expired" for a token;
// any other error is the request's.
func (s area) tokenError(c fiber.Ctx, p *tokenPage, err error) (bool, error) {
	switch code := provider.ErrorCode(err); code {
	case "":
		return false, nil
	case provider.ENOTFOUND, provider.EEXPIRED:
		return true, p.unusable(c, code)
	}
	return true, err
}

func (s area) tokenForm(c fiber.Ctx, p *tokenPage, token string, facts linkFacts, errs map[string]string, base string, status int) error {
	_, err := s.EnsureSession(c)
	if err != nil {
		return err
	}
	return s.tokenRender(c, p, NewPasswordProps{State: "form", CSRF: server.Req(c).CSRF(), Email: facts.email,
		Organisation: facts.organisation, Action: p.base + token, Errors: errs, Base: base}, status)
}

// tokenLogin is an invitation to an address that already has a login: no
// password is chosen here; the person logs in and accepts on the join page.
func (s area) tokenLogin(c fiber.Ctx, p *tokenPage, token string, facts linkFacts, status int) error {
	return s.tokenRender(c, p, NewPasswordProps{State: "login", Email: facts.email, Organisation: facts.organisation,
		Join: JoinPath(token)}, status)
}

func (s area) tokenRender(c fiber.Ctx, p *tokenPage, props NewPasswordProps, status int) error {
	props.Sandbox = s.Config.Sandbox()
	if props.Errors == nil {
		props.Errors = map[string]string{}
	}
	return s.Render(c, server.View{Status: status, Title: p.titles[props.State], Page: p.page.With(props)})
}

// InvitationExpiredProps are the props of
// templates/pages/passwords/InvitationExpired.tsx.
type InvitationExpiredProps struct {
	Sandbox  bool   `json:"sandbox"`
	Lifetime string `json:"lifetime"`
}

func (s area) invitationExpired(c fiber.Ctx) error {
	return s.Render(c, server.View{Title: msgLinkExpired,
		Page: pageInvitationExpired.With(InvitationExpiredProps{Sandbox: s.Config.Sandbox(), Lifetime: lifetime(provider.InvitationTTL)})})
}
