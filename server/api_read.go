package server

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
)

// Organisation-scoped reads of the API: every one runs APIOrgRead, so the
// order of the checks (spec 000 §7, README "API") is written once:
// membership first (a non-member gets the 404 of an unknown organisation),
// then the permissions (403 forbidden), then the provider, whose errors are
// mapped by APIProviderFail, then the {data} or {data, meta} reply.

// APIRead is one organisation-scoped read; B is the body it answers with.
type APIRead[B APIEnvelope] struct {
	// Org names the organisation; nil takes the {id} path parameter. An
	// error is answered as Read's are.
	Org func(s *Server, c fiber.Ctx, a *APICaller) (string, error)
	// Perms must all be granted; none: membership is enough.
	Perms []access.Permission
	// Service answers when the provider lacks what the read needs (nil:
	// always there).
	Service func(s *Server) *APIProblem
	// Texts are the operation's words for the provider's error codes.
	Texts APITexts
	// Read calls the provider. It may return APIRefuse for a bad query.
	Read func(s *Server, c fiber.Ctx, r APIOrgCall) (B, error)
}

// APIOrgCall is what a read runs for: the caller, the organisation and the
// membership checked, with the permissions its role grants.
type APIOrgCall struct {
	Caller *APICaller
	OrgID  string
	Member provider.Membership
	Perms  access.Set
}

// APIOrgRead runs read for the caller.
func APIOrgRead[B APIEnvelope](s *Server, c fiber.Ctx, a *APICaller, read APIRead[B]) error {
	orgID := APIPathOrg(c)
	if read.Org != nil {
		var err error
		if orgID, err = read.Org(s, c, a); err != nil {
			return APIProviderFail(c, err, read.Texts)
		}
	}
	m, ok, err := s.APIMember(c, a, orgID)
	if !ok {
		return err
	}
	set := access.For(m.Role)
	if !apiPermitted(set, read.Perms) {
		return APIError(c, fiber.StatusForbidden, APICodeForbidden, APIMsgForbidden)
	}
	if read.Service != nil {
		if p := read.Service(s); p != nil {
			return APIErrors(c, p.Status, *p)
		}
	}
	body, err := read.Read(s, c, APIOrgCall{Caller: a, OrgID: orgID, Member: m, Perms: set})
	if err != nil {
		return APIProviderFail(c, err, read.Texts)
	}
	return APISend(c, fiber.StatusOK, body)
}

// APIReadOp makes op the read: its handler runs APIOrgRead, and its 200
// reply documents B, the type the handler sends, ahead of op's own replies.
func APIReadOp[B APIEnvelope](op APIOp, ok string, read APIRead[B]) APIOp {
	op.Method = fiber.MethodGet
	op.Handler = func(s *Server, c fiber.Ctx, a *APICaller) error { return APIOrgRead(s, c, a, read) }
	op.orgRead, op.readPerms = true, read.Perms
	op.Responses = append([]APIResponse{APIOK[B](fiber.StatusOK, ok)}, op.Responses...)
	return op
}

// APIReadRange reads created_after and created_before for a read.
func APIReadRange(c fiber.Ctx) (after, before time.Time, err error) {
	after, before, p := apiRange(c)
	if p != nil {
		return after, before, APIRefuse(p.Status, *p)
	}
	return after, before, nil
}
