package api

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
)

// Organisation-scoped reads of the API: the router checks every one as it
// checks a change (spec 000 §7): membership first (a non-member gets the
// 404 of an unknown organisation), then the permissions (403 forbidden),
// then the service; then the provider, whose errors are mapped by
// ProviderFail, and the {data} or {data, meta} reply.

// Read is one organisation-scoped read; B is the body it answers with.
type Read[B Envelope] struct {
	// Org names the organisation; nil takes the {id} path parameter. An
	// error is answered as Read's are.
	Org func(c fiber.Ctx, a *Caller) (string, error)
	// Perms must all be granted; none: membership is enough.
	Perms []access.Permission
	// Off says the service the read needs is not configured (Op.Off).
	Off bool
	// Service answers when the provider lacks what the read needs (nil:
	// always there).
	Service func() *Problem
	// Texts are the operation's words for the provider's error codes.
	Texts Texts
	// Read calls the provider. It may return Refuse for a bad query.
	Read func(c fiber.Ctx, r OrgCall) (B, error)
}

// OrgCall is what a read runs for: the caller, the organisation and the
// membership checked, with the permissions its role grants.
type OrgCall struct {
	Caller *Caller
	OrgID  string
	Member provider.Membership
	Perms  access.Set
}

// ReadOp makes op the read: once the router has checked the caller's
// membership and read.Perms, it calls read.Read and answers its body, and
// its 200 reply documents B, the type sent, ahead of op's own replies.
func ReadOp[B Envelope](op Op, ok string, read Read[B]) Op {
	op.Method = fiber.MethodGet
	op.Org, op.Service, op.Texts, op.readPerms = read.Org, read.Service, read.Texts, read.Perms
	op.Off = op.Off || read.Off
	op.Read = func(c fiber.Ctx, r OrgCall) error {
		body, err := read.Read(c, r)
		if err != nil {
			return ProviderFail(c, err, read.Texts)
		}
		return Send(c, fiber.StatusOK, body)
	}
	op.Responses = append([]Response{OK[B](fiber.StatusOK, ok)}, op.Responses...)
	return op
}

// ReadRange reads created_after and created_before for a read.
func ReadRange(c fiber.Ctx) (after, before time.Time, err error) {
	after, before, p := apiRange(c)
	if p != nil {
		return after, before, Refuse(p.Status, *p)
	}
	return after, before, nil
}

// Organisation access of the API (spec 000 §7). Every organisation-scoped
// call checks membership first (the cross-organisation check): a
// non-member gets the same 404 as an organisation that does not exist, so
// the API never tells whether one does.

// HeaderOrganisation names the organisation of a call that has none in its
// path (spec 000 §7, set_current).
const HeaderOrganisation = "X-Organisation-ID"

// HeaderOrg is Read.Org for a call naming its organisation in
// HeaderOrganisation.
func HeaderOrg(c fiber.Ctx, _ *Caller) (string, error) {
	return strings.Clone(c.Get(HeaderOrganisation)), nil
}

// CodeForbidden answers a member whose role lacks a permission.
const (
	CodeForbidden = "forbidden"
	MsgForbidden  = "Your role does not allow this."
)

// Permitted reports whether set grants every one of perms.
func Permitted(set access.Set, perms []access.Permission) bool {
	for _, p := range perms {
		if !set.Has(p) {
			return false
		}
	}
	return true
}

// PathOrg is the {id} of the path, copied: Fiber's parameter strings point
// into a buffer that is reused after the request.
func PathOrg(c fiber.Ctx) string { return strings.Clone(c.Params("id")) }
