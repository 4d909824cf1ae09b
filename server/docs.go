package server

import (
	"github.com/gofiber/fiber/v3"

	"portal/session"
)

// /docs: the API Reference, server-rendered pages (no JavaScript) built from
// the same OpenAPI document that /api/openapi.json serves. One page held
// every operation and weighed far over the 14 KB compressed that any page
// may (docs/architecture.md, Budgets), so /docs is now an index (the
// credentials, the errors, every tag with its operations) and each
// operation has a page of its own, /docs/<operationId>. Even the largest
// tag on one page would be over the budget with gzip, one operation is
// well within it.

// docsLogin is the index's and the pages' "Log in" link, for a visitor
// without a dashboard session.
func docsLogin(c fiber.Ctx) string {
	if sess := Req(c).Session; sess == nil || sess.Scope != session.ScopeDashboard {
		return "/login?fromDocs"
	}
	return ""
}

func (s *Server) docs(c fiber.Ctx) error {
	p := s.docsRef().Index // a copy; the slices inside are only read
	p.Sandbox = s.Config.Sandbox()
	p.Login = docsLogin(c)
	return s.Render(c, View{Title: "API Reference", Page: pageDocs.With(p)})
}

// docsOperation is /docs/<operationId>; an id the document does not have
// is the usual not-found page.
func (s *Server) docsOperation(c fiber.Ctx) error {
	p, ok := s.docsRef().Ops[c.Params("operation")]
	if !ok {
		return fiber.ErrNotFound
	}
	p.Sandbox = s.Config.Sandbox()
	p.Login = docsLogin(c)
	return s.Render(c, View{Title: p.Endpoint.Summary + " · API Reference", Page: pageDocsOperation.With(p)})
}
