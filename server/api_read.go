package server

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
)

// Organisation-scoped reads of the API: every one runs apiOrgRead, so the
// order of the checks (spec 000 §7, README "API") is written once:
// membership first (a non-member gets the 404 of an unknown organisation),
// then the permissions (403 forbidden), then the provider, whose errors are
// mapped by apiProviderFail, then the {data} or {data, meta} reply.

// apiRead is one organisation-scoped read; B is the body it answers with.
type apiRead[B apiEnvelope] struct {
	// Org names the organisation; nil takes the {id} path parameter. An
	// error is answered as Read's are.
	Org func(s *Server, c fiber.Ctx, a *apiCaller) (string, error)
	// Perms must all be granted; none: membership is enough.
	Perms []access.Permission
	// Service answers when the provider lacks what the read needs (nil:
	// always there).
	Service func(s *Server) *apiProblem
	// Texts are the operation's words for the provider's error codes.
	Texts apiTexts
	// Read calls the provider. It may return apiRefuse for a bad query.
	Read func(s *Server, c fiber.Ctx, r apiOrgCall) (B, error)
}

// apiOrgCall is what a read runs for: the caller, the organisation and the
// membership checked, with the permissions its role grants.
type apiOrgCall struct {
	Caller *apiCaller
	OrgID  string
	Member provider.Membership
	Perms  access.Set
}

// apiOrgRead runs read for the caller.
func apiOrgRead[B apiEnvelope](s *Server, c fiber.Ctx, a *apiCaller, read apiRead[B]) error {
	orgID := apiPathOrg(c)
	if read.Org != nil {
		var err error
		if orgID, err = read.Org(s, c, a); err != nil {
			return apiProviderFail(c, err, read.Texts)
		}
	}
	m, ok, err := s.apiMember(c, a, orgID)
	if !ok {
		return err
	}
	set := access.For(m.Role)
	if !apiPermitted(set, read.Perms) {
		return apiError(c, fiber.StatusForbidden, apiCodeForbidden, apiMsgForbidden)
	}
	if read.Service != nil {
		if p := read.Service(s); p != nil {
			return apiErrors(c, p.Status, *p)
		}
	}
	body, err := read.Read(s, c, apiOrgCall{Caller: a, OrgID: orgID, Member: m, Perms: set})
	if err != nil {
		return apiProviderFail(c, err, read.Texts)
	}
	return apiSend(c, fiber.StatusOK, body)
}

// apiReadOp makes op the read: its handler runs apiOrgRead, and its 200
// reply documents B, the type the handler sends, ahead of op's own replies.
func apiReadOp[B apiEnvelope](op apiOp, ok string, read apiRead[B]) apiOp {
	op.Method = fiber.MethodGet
	op.Handler = func(s *Server, c fiber.Ctx, a *apiCaller) error { return apiOrgRead(s, c, a, read) }
	op.orgRead, op.readPerms = true, read.Perms
	op.Responses = append([]apiResponse{apiOK[B](fiber.StatusOK, ok)}, op.Responses...)
	return op
}

// apiReadRange reads created_after and created_before for a read.
func apiReadRange(c fiber.Ctx) (after, before time.Time, err error) {
	after, before, p := apiRange(c)
	if p != nil {
		return after, before, apiRefuse(p.Status, *p)
	}
	return after, before, nil
}
