package auth

import (
	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// audit records an event decided here (no store transaction carries it). A failure to record
// is logged and the request goes on: refusing a login because the log is down would lock
// everyone out, and the events the store writes with their change are never lost this way.
func (s area) audit(c fiber.Ctx, ev provider.AuditEvent) {
	if err := s.RecordAudit(c, ev); err != nil {
		s.Logger.Error("audit", "request_id", server.Req(c).ID, "kind", string(ev.Kind), "err", err)
	}
}

// auditLogin records a password accepted, in the person's organisations, with the session it
// started and whether a second factor is still to come.
func (s area) auditLogin(c fiber.Ctx, u provider.User, sess *session.Session) {
	next := "dashboard"
	if sess.Scope == session.ScopeLogin {
		next = "two-factor sign-in"
	}
	a := provider.AuditActorOf(c.Context())
	a.UserID, a.Email, a.Session = u.ID, u.Email, sess.Handle()[:12]
	s.audit(c, provider.AuditEvent{Kind: provider.AuditLogin, AboutUser: u.ID, Actor: &a,
		Changes: []provider.AuditChange{{Field: "continues to", After: next}}})
}

// auditRefusedLogin records a login refused by the per-account or per-address limit.
func (s area) auditRefusedLogin(c fiber.Ctx, email string) {
	s.audit(c, provider.AuditEvent{Kind: provider.AuditLockout, AboutEmail: email,
		Changes: []provider.AuditChange{{Field: "login", After: "refused: too many attempts"}}})
}

// auditSessionEnded records a session ended on the server.
func (s area) auditSessionEnded(c fiber.Ctx, sess *session.Session, why string) {
	if sess == nil || sess.UserID == "" {
		return
	}
	s.audit(c, provider.AuditEvent{Kind: provider.AuditSessionEnded, AboutUser: sess.UserID,
		RecordKind: "session", RecordID: sess.Handle()[:12], Changes: []provider.AuditChange{{Field: "reason", After: why}}})
}
