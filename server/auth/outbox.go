package auth

import (
	"net"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// The sandbox outbox (docs/architecture.md, "Real parts"): e-mail and SMS leave through
// the provider's outbox; in the sandbox this page lists what was "sent" and
// plays the phone for push approvals, so a tester (and the e2e tests) can
// finish every flow. It holds live codes and links of every user and
// approves anyone's push request, so it exists only in the sandbox (in
// production it is not found), and even there only for a tester on the
// portal's own machine unless Config.OutboxShared opens it to a shared demo.

// outboxLimit is how many messages the page lists.
const outboxLimit = 50

// OutboxProps are the props of templates/pages/auth/Outbox.tsx.
type OutboxProps struct {
	Sandbox   bool                `json:"sandbox"`
	CSRF      string              `json:"csrf"`
	Messages  []OutboxItem        `json:"messages"`
	Approvals []OutboxApproval    `json:"approvals"`
	Flashes   []server.ShellFlash `json:"flashes"`
}

// OutboxItem is one message, formatted for the page.
type OutboxItem struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"` // "SMS" or "E-mail"
	To      string `json:"to"`
	Subject string `json:"subject,omitempty"`
	Body    string `json:"body"`
	Link    string `json:"link,omitempty"`
	Sent    string `json:"sent"`
}

// OutboxApproval is one pending push request.
type OutboxApproval struct {
	ID        string `json:"id"`
	Email     string `json:"email"`
	Requested string `json:"requested"`
}

// outboxTime is the spec's display date (DD-MM-YYYY) with the time, UTC.
func outboxTime(t time.Time) string { return t.UTC().Format("02-01-2006 15:04:05") + " UTC" }

// outboxServed reports whether this request may see the outbox.
func (s area) outboxServed(c fiber.Ctx) bool {
	if !s.Config.Sandbox() || s.Auth == nil {
		return false
	}
	return s.Config.OutboxShared || localRequest(c)
}

// outboxLink is where a tester reads codes: "" wherever the outbox would
// answer not found.
func (s area) outboxLink(c fiber.Ctx) string {
	if s.outboxServed(c) {
		return outboxPath
	}
	return ""
}

const outboxPath = "/sandbox/outbox"

// forwardingHeaders are set by reverse proxies. A proxy on the portal's own
// host connects over loopback, so a request carrying one of these came from
// wherever the proxy serves, not from this machine.
var forwardingHeaders = []string{fiber.HeaderXForwardedFor, "Forwarded", "X-Real-Ip"}

// localRequest reports whether the request came from this machine: it
// arrived on a loopback address (so a portal listening on 0.0.0.0 counts
// only its localhost connections), from a loopback peer, and not through a
// proxy.
func localRequest(c fiber.Ctx) bool {
	rc := c.RequestCtx()
	if !loopbackAddr(rc.LocalAddr()) || !loopbackAddr(rc.RemoteAddr()) {
		return false
	}
	for _, h := range forwardingHeaders {
		if len(c.Request().Header.Peek(h)) > 0 {
			return false
		}
	}
	return true
}

func loopbackAddr(a net.Addr) bool {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.IsLoopback()
	}
	return false // unknown kinds of connection are not assumed local
}

func (s area) outboxGet(c fiber.Ctx) error {
	if !s.outboxServed(c) {
		return s.NotFound(c)
	}
	_, err := s.EnsureSession(c) // the Approve/Deny forms need a CSRF token
	if err != nil {
		return err
	}
	ctx := c.Context()
	msgs, err := s.Auth.Outbox(ctx, outboxLimit)
	if err != nil {
		return err
	}
	pending, err := s.Auth.PendingApprovals(ctx)
	if err != nil {
		return err
	}
	p := OutboxProps{Sandbox: true, CSRF: server.Req(c).CSRF(), Messages: []OutboxItem{}, Approvals: []OutboxApproval{}}
	for _, m := range msgs {
		kind := "E-mail"
		if m.Kind == provider.OutboxSMS {
			kind = "SMS"
		}
		link, _ := server.SafeRedirect(m.Link) // path only: never a link off the site
		p.Messages = append(p.Messages, OutboxItem{ID: m.ID, Kind: kind, To: m.To, Subject: m.Subject, Body: m.Body,
			Link: link, Sent: outboxTime(m.CreatedAt)})
	}
	for _, a := range pending {
		p.Approvals = append(p.Approvals, OutboxApproval{ID: a.ID, Email: a.Email, Requested: outboxTime(a.CreatedAt)})
	}
	if p.Flashes, err = s.PopFlashes(c); err != nil {
		return err
	}
	// The page shows reset and invitation links: keep them out of Referer.
	c.Set("Referrer-Policy", "no-referrer")
	return s.Render(c, server.View{Title: "Sandbox outbox", Page: pageOutbox.With(p)})
}

// outboxDecide approves or denies a pending push request, as the user's
// phone would.
func (s area) outboxDecide(c fiber.Ctx) error {
	if !s.outboxServed(c) {
		return s.NotFound(c)
	}
	approve := false
	switch c.FormValue("decision") {
	case "approve":
		approve = true
	case "deny":
	default:
		return fiber.ErrBadRequest
	}
	err := s.Auth.DecideApproval(c.Context(), c.Params("id"), approve)
	kind, text := session.FlashSuccess, "Request denied."
	if approve {
		text = "Request approved."
	}
	switch provider.ErrorCode(err) {
	case "":
	case provider.ENOTFOUND, provider.ECONFLICT:
		kind, text = session.FlashWarning, provider.ErrorMessage(err)
	default:
		return err
	}
	return s.FlashRedirect(c, kind, text, outboxPath)
}
