package server

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// auditSessionLen is how much of a session's handle the audit log keeps: enough to tell a
// person's sessions apart, while the handle itself (which a bearer token names) stays out.
const auditSessionLen = 12

// auditActor is who the request acts for, as the audit log records it. It is read when an
// entry is written, so it sees what the guards found (the user, the organisation's role).
func (s *Server) auditActor(c fiber.Ctx) provider.AuditActor {
	r := Req(c)
	a := provider.AuditActor{ClientIP: s.ClientIP(c), Origin: provider.AuditOriginPage, Path: strings.Clone(c.Path())}
	if strings.HasPrefix(a.Path, "/api/") {
		a.Origin = provider.AuditOriginAPI
	}
	sess := r.Session
	switch {
	case r.Caller != nil:
		a.UserID, a.Email, sess = r.Caller.User.ID, r.Caller.User.Email, r.Caller.Session
	case r.User != nil:
		a.UserID, a.Email = r.User.ID, r.User.Email
	case sess != nil:
		a.UserID = sess.UserID
	}
	if sess != nil {
		a.Session = sess.Handle()[:auditSessionLen]
	}
	if r.Org != nil && r.Caller == nil {
		a.Role = r.Org.Role
	}
	return a
}

// RecordAudit records ev, an event that no provider transaction carries (a login decided here, a
// session ended in the session store, a download), with the request's actor.
func (s *Server) RecordAudit(c fiber.Ctx, ev provider.AuditEvent) error {
	if s.Deps.Audit == nil {
		return nil
	}
	return s.Deps.Audit.RecordAudit(c.Context(), ev)
}
