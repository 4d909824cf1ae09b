package passwords

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/session"
)

// The join page: an invitation to an address that already has a login is
// accepted here, logged in, by that login only. A guest opening it is sent
// to log in and comes back (the route's redirect_url), so the invitation
// e-mail's link and "Log in to accept" lead to the same place. Joining is
// a POST with the CSRF token: opening the link alone changes nothing.

const joinBase = "/invitations/join/"

// JoinPath is the join page of an invitation's token.
func JoinPath(token string) string { return joinBase + url.PathEscape(token) }

// Words of the join page.
const (
	titleJoin    = "Join the organisation"
	msgJoinedFmt = "You joined %s."
)

// JoinProps are the props of templates/pages/passwords/InvitationJoin.tsx.
type JoinProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf"`
	// State is "form" (accept or not), or "other" when the invitation was
	// sent to another address than the logged-in user's (403).
	State        string `json:"state" tstype:"'form' | 'other'"`
	Organisation string `json:"organisation"`
	Role         string `json:"role"`
	Email        string `json:"email"`
	Action       string `json:"action"`
	// Message is the refusal of state other.
	Message string `json:"message"`
}

// toJoinWhenLoggedIn: a logged-in person opening the invitation e-mail's
// link accepts it on the join page rather than being sent home.
func (s area) toJoinWhenLoggedIn(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		if sess := server.Req(c).Session; sess != nil && sess.UserID != "" && sess.Scope == session.ScopeDashboard {
			return server.Redirect(c, JoinPath(c.Params("token")))
		}
		return h(c)
	}
}

func (s area) joinGet(c fiber.Ctx, token string) error {
	{
		if !plausibleToken(token) {
			return s.invitationExpired(c)
		}
		inv, err := s.Auth.CheckInvitation(c.Context(), token)
		if handled, herr := s.joinRefused(c, err); handled {
			return herr
		}
		rq := server.Req(c)
		if !sameAddress(rq.User.Email, inv.Email) {
			return s.joinRender(c, JoinProps{State: "other", Message: provider.MsgInvitationOtherEmail}, fiber.StatusForbidden)
		}
		return s.joinRender(c, JoinProps{State: "form", Organisation: inv.OrganisationName, Role: access.Label(inv.Role),
			Email: inv.Email, Action: JoinPath(token)}, fiber.StatusOK)
	}
}

func (s area) joinPost(c fiber.Ctx, token string) error {
	{
		if !plausibleToken(token) {
			return s.invitationExpired(c)
		}
		rq := server.Req(c)
		inv, err := s.Auth.JoinInvitation(c.Context(), token, rq.User.ID)
		if handled, herr := s.joinRefused(c, err); handled {
			return herr
		}
		s.Logger.Info("invitation accepted", "request_id", rq.ID, "user_id", rq.User.ID, "organisation_id", inv.OrganisationID)
		if err := s.Flash(c, session.FlashSuccess, fmtJoined(inv.OrganisationName)); err != nil {
			return err
		}
		return server.Redirect(c, server.OrgHome(inv.OrganisationID))
	}
}

func fmtJoined(org string) string { return fmt.Sprintf(msgJoinedFmt, org) }

// sameAddress: e-mail addresses are compared as the store keeps them, case aside.
func sameAddress(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// joinRefused answers an invitation that cannot be accepted: unknown, used
// or expired is the expired page (as for a guest), another address is the
// page's "other" state; handled false means go on.
func (s area) joinRefused(c fiber.Ctx, err error) (bool, error) {
	switch provider.ErrorCode(err) {
	case "":
		return false, nil
	case provider.ENOTFOUND, provider.EEXPIRED:
		return true, s.invitationExpired(c)
	case provider.EFORBIDDEN:
		return true, s.joinRender(c, JoinProps{State: "other", Message: provider.MsgInvitationOtherEmail}, fiber.StatusForbidden)
	}
	return true, err
}

func (s area) joinRender(c fiber.Ctx, props JoinProps, status int) error {
	props.Sandbox, props.CSRF = s.Config.Sandbox(), server.Req(c).CSRF()
	return s.Render(c, server.View{Status: status, Title: titleJoin, Page: pageInvitationJoin.With(props)})
}
