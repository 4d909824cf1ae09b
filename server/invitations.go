package server

import (
	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// Invitations (spec 000 §2): /invitations/accept/{token} creates the
// invited user's password ("New password created"); an unknown, used or
// expired token goes to /invitations/expired ("Your link expired").
// Invitation tokens are random, single use, stored hashed and live
// provider.InvitationTTL (7 days). Accepting ends any session the user
// has, like every password change, and does not log in: the user logs in
// (with MFA) next.

const doneInvitation = "invitation"

// InvitationProps are the props of templates/pages/InvitationAccept.tsx.
type InvitationProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf,omitempty"`
	// State is "form" or "done" (?created).
	State  string            `json:"state"`
	Email  string            `json:"email,omitempty"`
	Action string            `json:"action,omitempty"`
	Errors map[string]string `json:"errors"`
	Base   string            `json:"base,omitempty"`
}

// InvitationExpiredProps are the props of templates/pages/InvitationExpired.tsx.
type InvitationExpiredProps struct {
	Sandbox  bool   `json:"sandbox"`
	Lifetime string `json:"lifetime"`
}

func (s *Server) invitationGet(c fiber.Ctx) error {
	tokenPage(c)
	if s.authUnavailable() {
		return s.NotFound(c)
	}
	token := c.Params("token")
	if queryFlag(c, "created") && s.isDone(c, doneInvitation, token) {
		return s.invitationPage(c, InvitationProps{State: "done"}, fiber.StatusOK)
	}
	inv, handled, err := s.checkInvitation(c, token)
	if handled {
		return err
	}
	return s.invitationForm(c, token, inv, nil, "", fiber.StatusOK)
}

func (s *Server) invitationPost(c fiber.Ctx) error {
	tokenPage(c)
	if s.authUnavailable() {
		return s.NotFound(c)
	}
	token := c.Params("token")
	inv, handled, err := s.checkInvitation(c, token)
	if handled {
		return err
	}
	pw, confirm := c.FormValue(fieldPassword), c.FormValue(fieldPasswordConfirmation)
	if errs := validateNewPassword(pw, confirm); len(errs) > 0 {
		return s.invitationForm(c, token, inv, errs, "", fiber.StatusUnprocessableEntity)
	}
	u, err := s.Auth.AcceptInvitation(c.Context(), token, pw)
	if err != nil {
		switch provider.ErrorCode(err) {
		case provider.ENOTFOUND, provider.EEXPIRED: // spent or expired meanwhile
			return Redirect(c, "/invitations/expired")
		case provider.EINTERNAL:
			s.Logger.Error("invitation accept failed", "request_id", Req(c).ID, "err", err)
		}
		errs, base := newPasswordError(err)
		status := fiber.StatusUnprocessableEntity
		if base != "" {
			status = fiber.StatusInternalServerError
		}
		return s.invitationForm(c, token, inv, errs, base, status)
	}
	s.endSessions(c, u.ID)
	if err := s.markDone(c, doneInvitation, token); err != nil {
		return err
	}
	s.Logger.Info("invitation accepted", "request_id", Req(c).ID, "user_id", u.ID)
	return Redirect(c, "/invitations/accept/"+token+"?created")
}

// checkInvitation answers a request whose token cannot be used (handled
// true, with the response's error).
func (s *Server) checkInvitation(c fiber.Ctx, token string) (provider.Invitation, bool, error) {
	if !plausibleToken(token) {
		return provider.Invitation{}, true, Redirect(c, "/invitations/expired")
	}
	inv, err := s.Auth.CheckInvitation(c.Context(), token)
	switch provider.ErrorCode(err) {
	case "":
		return inv, false, nil
	case provider.ENOTFOUND, provider.EEXPIRED:
		return inv, true, Redirect(c, "/invitations/expired")
	}
	return inv, true, err
}

func (s *Server) invitationForm(c fiber.Ctx, token string, inv provider.Invitation, errs map[string]string, base string, status int) error {
	sess, err := s.EnsureSession(c)
	if err != nil {
		return err
	}
	return s.invitationPage(c, InvitationProps{State: "form", CSRF: MaskedCSRF(sess), Email: inv.Email,
		Action: "/invitations/accept/" + token, Errors: errs, Base: base}, status)
}

func (s *Server) invitationPage(c fiber.Ctx, p InvitationProps, status int) error {
	p.Sandbox = s.Config.Sandbox()
	if p.Errors == nil {
		p.Errors = map[string]string{}
	}
	title := "Create your password"
	if p.State == "done" {
		title = "New password created"
	}
	return s.Render(c, View{Status: status, Page: "InvitationAccept", Title: title, Props: p})
}

func (s *Server) invitationExpired(c fiber.Ctx) error {
	return s.Render(c, View{Page: "InvitationExpired", Title: msgLinkExpired,
		Props: InvitationExpiredProps{Sandbox: s.Config.Sandbox(), Lifetime: lifetime(provider.InvitationTTL)}})
}
