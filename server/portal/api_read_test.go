package portal

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/api"
	"portal/server/servertest"
)

// TestAPIOrgReads: every organisation-scoped read of the API runs
// api.ReadOp, so each answers a non-member the 404 of an unknown
// organisation before anything else, and a member whose role lacks one of
// its permissions 403 forbidden.
func TestAPIOrgReads(t *testing.T) {
	h, outsider, member, defaultRole := orgCallers(t)
	doc := h.Document()
	reads := 0
	ops := h.Srv.APIOperations()
	for i := range ops {
		op := &ops[i]
		var hdr []string
		path, query := op.Path, ""
		namesOrg := strings.Contains(path, "{id}")
		for _, p := range op.Params {
			switch {
			case p.In == "header" && p.Name == api.HeaderOrganisation:
				hdr, namesOrg = []string{api.HeaderOrganisation, servertest.OrgNordic}, true
			case p.In == "query" && p.Name == "organisation_id":
				query, namesOrg = "?organisation_id="+servertest.OrgNordic, true
			}
		}
		ok := op.Response(fiber.StatusOK)
		if !namesOrg || op.Method != fiber.MethodGet || ok == nil || ok.Type == nil {
			continue // not an organisation read answering JSON (the statement download is a file)
		}
		readPerms, orgRead := op.OrgRead()
		if !orgRead {
			t.Errorf("%s reads an organisation without api.ReadOp", op.ID)
			continue
		}
		reads++
		path = strings.NewReplacer("{id}", servertest.OrgNordic, "{accountNumber}", demo.AccountOrg1EUR,
			"{statement}", "00000000-0000-4000-8000-000000000000").Replace(path)
		url := "/api/v1" + path + query
		outsider.Call("GET", url, nil, hdr...).Expect(t, 404, api.CodeNotFound)
		r := member.Call("GET", url, nil, hdr...)
		allowed := true
		for _, p := range readPerms {
			allowed = allowed && defaultRole.Has(p)
		}
		if !allowed {
			r.Expect(t, 403, api.CodeForbidden)
			continue
		}
		r.Expect(t, 200, "")
		doc.CheckReply(t, "GET", op.Path, r)
	}
	if reads < 20 {
		t.Errorf("only %d organisation reads found", reads)
	}
}

// orgCallers are the harness and two API callers of the organisation
// operations' checks: one who belongs to no organisation, and a member of
// Nordic with the default role, whose permissions come last.
func orgCallers(t *testing.T) (h *servertest.Harness, outsider, member *servertest.APIClient, defaultRole access.Set) {
	h = newHarness(t)
	outsider, member = h.API(), h.API()
	outsider.Login("noorg@demo.example")
	member.Login("default@demo.example") // role default: dashboard:read only
	return h, outsider, member, access.For(provider.RoleDefault)
}

// TestAPIOrgChanges: every organisation operation that is not an
// api.ReadOp read (the changes and the file downloads) declares the
// permissions it needs on its api.Op, so the router checks them before
// the handler: a non-member gets the 404 of an unknown organisation
// whatever the body, and a member whose role lacks one of them 403
// forbidden. The reference says the same permissions.
func TestAPIOrgChanges(t *testing.T) {
	h, outsider, member, defaultRole := orgCallers(t)
	// The caller's own preferences of an organisation it belongs to: membership is all they need.
	membershipOnly := map[string]bool{"setDefaultOrganisation": true, "setCurrentOrganisation": true}
	param := regexp.MustCompile(`\{[^}]+\}`)
	doc := h.Document()
	changes := 0
	ops := h.Srv.APIOperations()
	for i := range ops {
		op := &ops[i]
		if _, read := op.OrgRead(); read || op.Auth != api.Bearer || membershipOnly[op.ID] {
			continue
		}
		var hdr []string
		namesOrg := strings.Contains(op.Path, "{id}")
		for _, p := range op.Params {
			if p.In == "header" && p.Name == api.HeaderOrganisation {
				hdr, namesOrg = []string{api.HeaderOrganisation, servertest.OrgNordic}, true
			}
		}
		if !namesOrg {
			continue
		}
		changes++
		if len(op.Needs) == 0 {
			t.Errorf("%s works on an organisation without declaring the permissions it needs (api.Op.Needs)", op.ID)
			continue
		}
		path := strings.Replace(op.Path, "{id}", servertest.OrgNordic, 1)
		path = param.ReplaceAllString(path, "00000000-0000-4000-8000-000000000000")
		url := "/api/v1" + path
		outsider.Call(op.Method, url, nil, hdr...).Expect(t, 404, api.CodeNotFound)
		allowed := true
		for _, p := range op.Needs {
			allowed = allowed && defaultRole.Has(p)
		}
		if allowed {
			t.Errorf("%s: the default role holds all of %v; the test cannot see its check", op.ID, op.Needs)
			continue
		}
		r := member.Call(op.Method, url, nil, hdr...)
		r.Expect(t, 403, api.CodeForbidden)
		if op.Response(fiber.StatusForbidden) == nil {
			t.Errorf("%s documents no 403", op.ID)
		}
		if desc, _ := doc.Op(op.ID)["description"].(string); !strings.Contains(desc, "Needs "+string(op.Needs[0])) {
			t.Errorf("%s: the reference does not say it needs %s: %q", op.ID, op.Needs[0], desc)
		}
	}
	if changes < 20 {
		t.Errorf("only %d organisation changes found", changes)
	}
}
