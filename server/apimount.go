package server

import (
	"fmt"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server/api"
)

// The JSON API lives under /api/v1 and /api/v2 (spec 000 §7): the same
// handlers answer on both bases. Every operation is one api.Op of the areas'
// operations (Server.APIOperations); the router, the authentication each
// operation needs and the OpenAPI document (package api, rendered at /docs by
// docs.go) are all built from that one table, and a test walks Fiber's route
// list to check that nothing is mounted beside it.

func (s *Server) mountAPI() {
	// Every API response, the not-found answer under /api included, is JSON
	// that must not be cached: it carries personal and financial data.
	s.app.Use("/api", s.apiHeaders)
	s.app.Get("/api/openapi.json", s.openAPIJSON)
	ops := mountOrder(s.apiOps, func(op api.Op) string { return op.Path })
	for _, base := range api.Bases {
		for i := range ops {
			op := &ops[i]
			s.app.Add([]string{op.Method}, base+api.FiberPath(op.Path), s.apiHandler(op))
		}
	}
}

func (s *Server) apiHeaders(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Next()
}

// apiHandler wraps an operation in its authentication and its organisation
// checks, and turns a failure into the API's JSON error (never the HTML
// error page).
func (s *Server) apiHandler(op *api.Op) fiber.Handler {
	return func(c fiber.Ctx) (err error) {
		defer func() {
			if p := recover(); p != nil {
				s.Logger.Error("api panic", "request_id", Req(c).ID, "op", op.ID, "panic", fmt.Sprint(p))
				err = api.Error(c, fiber.StatusInternalServerError, api.CodeInternal, api.MsgInternal)
			}
		}()
		if err := s.apiRun(c, op); err != nil {
			return s.apiInternal(c, op, err)
		}
		s.apiCheckReply(c, op)
		return nil
	}
}

// apiRun authenticates the caller, runs the organisation checks of a read or
// a change, then the operation. An error is for apiInternal; a refusal has
// been sent.
func (s *Server) apiRun(c fiber.Ctx, op *api.Op) error {
	if op.Auth != api.Bearer {
		return apiPlain(c, op, nil)
	}
	a, prob, err := s.apiAuthenticate(c, op)
	if err != nil || prob != nil {
		if prob != nil {
			err = api.Errors(c, prob.Status, *prob)
		}
		return err
	}
	Req(c).Caller = a
	if op.Read == nil && len(op.Needs) == 0 {
		return apiPlain(c, op, a)
	}
	r, ok, err := s.apiOrgAllowed(c, op, a)
	if !ok {
		return err
	}
	if op.Read != nil {
		return op.Read(c, r)
	}
	a.OrgID = r.OrgID
	return op.Handler(c, a)
}

// apiPlain runs an operation that has no organisation checks, or answers
// apiOff when its area is off.
func apiPlain(c fiber.Ctx, op *api.Op, a *api.Caller) error {
	if op.Off {
		return apiOff(c)
	}
	return op.Handler(c, a)
}

// apiOff is the answer of an operation whose area is off (api.Op.Off): the
// 404 of an unknown route.
func apiOff(c fiber.Ctx) error {
	return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
}

// apiOrgAllowed is the check of every organisation read and change (spec 000
// §7), in one order: the organisation (Op.Org, else the {id} path
// parameter), membership (a non-member gets the 404 of an unknown
// organisation, so the API never tells whether one exists), every
// permission (403), then the service (Off, Service). ok false means the
// answer has been sent, or err is to be.
func (s *Server) apiOrgAllowed(c fiber.Ctx, op *api.Op, a *api.Caller) (r api.OrgCall, ok bool, err error) {
	orgID := api.PathOrg(c)
	if op.Org != nil {
		if orgID, err = op.Org(c, a); err != nil {
			return r, false, api.ProviderFail(c, err, op.Texts)
		}
	}
	m, ok, err := s.APIMember(c, a, orgID)
	if !ok {
		return r, false, err
	}
	set := access.For(m.Role)
	if !api.Permitted(set, op.Permissions()) {
		return r, false, api.Error(c, fiber.StatusForbidden, api.CodeForbidden, api.MsgForbidden)
	}
	if op.Off {
		return r, false, apiOff(c)
	}
	if op.Service != nil {
		if p := op.Service(); p != nil {
			return r, false, api.Errors(c, p.Status, *p)
		}
	}
	return api.OrgCall{Caller: a, OrgID: orgID, Member: m, Perms: set}, true, nil
}

// APIMember returns the caller's membership of orgID; ok false means the
// 404 has been sent.
func (s *Server) APIMember(c fiber.Ctx, a *api.Caller, orgID string) (m provider.Membership, ok bool, err error) {
	if orgID == "" {
		return m, false, api.Error(c, fiber.StatusNotFound, api.CodeNoOrganisation, api.MsgNoOrganisation)
	}
	m, err = s.Provider.Membership(c.Context(), a.User.ID, orgID)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return m, false, api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
	}
	if err != nil {
		return m, false, err
	}
	return m, true, nil
}

func (s *Server) apiInternal(c fiber.Ctx, op *api.Op, err error) error {
	if Unavailable(err) {
		return s.apiUnavailable(c, err)
	}
	s.Logger.Error("api request failed", "request_id", Req(c).ID, "op", op.ID, "method", c.Method(), "path", c.Path(), "err", err)
	return api.Error(c, fiber.StatusInternalServerError, api.CodeInternal, api.MsgInternal)
}

// apiCheckReply logs a reply op does not document (api.Op.ReplyProblem),
// which fails the tests.
func (s *Server) apiCheckReply(c fiber.Ctx, op *api.Op) {
	if problem := op.ReplyProblem(c); problem != "" {
		s.Logger.Error(api.MsgUndocumented, "request_id", Req(c).ID, "op", op.ID, "status", c.Response().StatusCode(), "problem", problem)
	}
}

// OpenAPI is the server's document (treat it as read-only).
func (s *Server) OpenAPI() *api.Document { d, _ := s.openAPI(); return d }

// OpenAPIJSON is the document exactly as /api/openapi.json serves it (the
// lint reads it through `portal -openapi`); treat it as read-only.
func (s *Server) OpenAPIJSON() []byte { _, b := s.openAPI(); return b }

func (s *Server) openAPIJSON(c fiber.Ctx) error {
	_, b := s.openAPI()
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Status(fiber.StatusOK).Send(b)
}
