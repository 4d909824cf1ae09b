package server

import (
	"strings"
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
		return APIError(c, fiber.StatusForbidden, APICodeForbidden, apiMsgForbidden)
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

// Organisation access of the API (spec 000 §7). Every organisation-scoped
// call checks membership first (the cross-organisation check): a
// non-member gets the same 404 as an organisation that does not exist, so
// the API never tells whether one does.

// APIHeaderOrganisation names the organisation of a call that has none in its
// path (spec 000 §7, set_current).
const APIHeaderOrganisation = "X-Organisation-ID"

// APIHeaderOrg is APIRead.Org for a call naming its organisation in
// APIHeaderOrganisation.
func APIHeaderOrg(_ *Server, c fiber.Ctx, _ *APICaller) (string, error) {
	return strings.Clone(c.Get(APIHeaderOrganisation)), nil
}

// APIMember returns the caller's membership of orgID; ok false means the
// 404 has been sent.
func (s *Server) APIMember(c fiber.Ctx, a *APICaller, orgID string) (m provider.Membership, ok bool, err error) {
	if orgID == "" {
		return m, false, APIError(c, fiber.StatusNotFound, APICodeNoOrganisation, APIMsgNoOrganisation)
	}
	m, err = s.Provider.Membership(c.Context(), a.User.ID, orgID)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return m, false, APIError(c, fiber.StatusNotFound, APICodeNotFound, APIMsgNotFound)
	}
	if err != nil {
		return m, false, err
	}
	return m, true, nil
}

// APICodeForbidden answers a member whose role lacks a permission.
const (
	APICodeForbidden = "forbidden"
	apiMsgForbidden  = "Your role does not allow this."
)

// apiAccess is the check of every organisation operation that changes
// something (reads run APIOrgRead, which checks the same): membership of
// orgID first (404, the same as an unknown organisation), then every
// permission (403). ok false means the answer has been sent.
func (s *Server) apiAccess(c fiber.Ctx, a *APICaller, orgID string, perms ...access.Permission) (access.Set, bool, error) {
	m, ok, err := s.APIMember(c, a, orgID)
	if !ok {
		return nil, false, err
	}
	set := access.For(m.Role)
	if !apiPermitted(set, perms) {
		return set, false, APIError(c, fiber.StatusForbidden, APICodeForbidden, apiMsgForbidden)
	}
	return set, true, nil
}

// apiChangeAllowed runs the checks of a change (APIOp.Needs) and sets
// a.OrgID; ok false means the answer has been sent, or err is to be.
func (s *Server) apiChangeAllowed(c fiber.Ctx, op *APIOp, a *APICaller) (ok bool, err error) {
	orgID := APIPathOrg(c)
	if op.Org != nil {
		if orgID, err = op.Org(s, c, a); err != nil {
			return false, APIProviderFail(c, err, nil)
		}
	}
	if _, ok, err := s.apiAccess(c, a, orgID, op.Needs...); !ok {
		return false, err
	}
	if op.Service != nil {
		if p := op.Service(s); p != nil {
			return false, APIErrors(c, p.Status, *p)
		}
	}
	a.OrgID = orgID
	return true, nil
}

// APIService is a Service of APIRead and APIChange for a service the portal may run without:
// where has says s lacks it, the call answers 404 not found, as an unknown route would.
func APIService(has func(s *Server) bool) func(*Server) *APIProblem {
	return func(s *Server) *APIProblem {
		if !has(s) {
			return &APIProblem{Status: fiber.StatusNotFound, Code: APICodeNotFound, Title: APIMsgNotFound}
		}
		return nil
	}
}

// apiPermitted reports whether set grants every one of perms.
func apiPermitted(set access.Set, perms []access.Permission) bool {
	for _, p := range perms {
		if !set.Has(p) {
			return false
		}
	}
	return true
}

// APIPathOrg is the {id} of the path, copied: Fiber's parameter strings point
// into a buffer that is reused after the request.
func APIPathOrg(c fiber.Ctx) string { return strings.Clone(c.Params("id")) }
