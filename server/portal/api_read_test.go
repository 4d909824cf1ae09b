package portal

import (
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

// TestAPIOrgReads: every organisation-scoped read of the API runs
// APIOrgRead, so each answers a non-member the 404 of an unknown
// organisation before anything else, and a member whose role lacks one of
// its permissions 403 forbidden.
func TestAPIOrgReads(t *testing.T) {
	h := newHarness(t)
	outsider, member := h.API(), h.API()
	outsider.Login("noorg@demo.example")
	member.Login("default@demo.example") // role default: dashboard:read only
	defaultRole := access.For(provider.RoleDefault)
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
			case p.In == "header" && p.Name == server.APIHeaderOrganisation:
				hdr, namesOrg = []string{server.APIHeaderOrganisation, servertest.OrgNordic}, true
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
			t.Errorf("%s reads an organisation without APIOrgRead", op.ID)
			continue
		}
		reads++
		path = strings.NewReplacer("{id}", servertest.OrgNordic, "{accountNumber}", demo.AccountOrg1EUR,
			"{statement}", "00000000-0000-4000-8000-000000000000").Replace(path)
		url := "/api/v1" + path + query
		outsider.Call("GET", url, nil, hdr...).Expect(t, 404, server.APICodeNotFound)
		r := member.Call("GET", url, nil, hdr...)
		allowed := true
		for _, p := range readPerms {
			allowed = allowed && defaultRole.Has(p)
		}
		if !allowed {
			r.Expect(t, 403, server.APICodeForbidden)
			continue
		}
		r.Expect(t, 200, "")
		doc.CheckReply(t, "GET", op.Path, r)
	}
	if reads < 20 {
		t.Errorf("only %d organisation reads found", reads)
	}
}
