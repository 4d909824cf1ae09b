package payoutdrafts

import (
	"strconv"
	"testing"

	"portal/provider"
	"portal/server/api"
	"portal/server/servertest"
)

// TestDraftsAPIDocumentsConstraints: the served document carries the
// bounds the handlers check, from the same Go declarations.
func TestDraftsAPIDocumentsConstraints(t *testing.T) {
	h := newHarness(t)
	doc := h.Document()
	obj := servertest.Obj
	param := func(o map[string]any, name string) map[string]any {
		for _, p := range o["parameters"].([]any) {
			if obj(p)["name"] == name {
				return obj(p)
			}
		}
		t.Fatalf("%s: no parameter %s", o["operationId"], name)
		return nil
	}
	body := func(o map[string]any) map[string]any {
		return doc.Schema(obj(obj(obj(o["requestBody"])["content"])["application/json"])["schema"])
	}
	drafts, schemas := doc.Op("listPayoutDrafts"), doc.Op("listProductSchemas")
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"page[size] minimum", obj(param(drafts, "page[size]")["schema"])["minimum"], 1.0},
		{"page[size] maximum", obj(param(drafts, "page[size]")["schema"])["maximum"], float64(provider.MaxDraftLimit)},
		{"empty page[size] is absent", param(drafts, "page[size]")["allowEmptyValue"], true},
		{"created_after pattern", obj(param(drafts, "created_after")["schema"])["pattern"], api.TimePattern},
		{"id format", obj(param(drafts, "id")["schema"])["format"], "uuid"},
		{"listPayoutDrafts 422", obj(drafts["responses"])["422"] != nil, true},
		{"listProductSchemas 422", obj(schemas["responses"])["422"] != nil, true},
		{"product_id minLength", obj(param(schemas, "product_id")["schema"])["minLength"], 1.0},
		{"PATCH minProperties", body(doc.Op("savePayoutDraftSection"))["minProperties"], 1.0},
		{"PATCH maxProperties", body(doc.Op("savePayoutDraftSection"))["maxProperties"], 1.0},
		{"PUT minProperties", body(doc.Op("updatePayoutDraft"))["minProperties"], 1.0},
		{"PUT maxProperties", body(doc.Op("updatePayoutDraft"))["maxProperties"], nil},
		{"create requires", len(body(doc.Op("createPayoutDraft"))["required"].([]any)), 2},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
}

// TestDraftsAPIRefusesWhatTheDocumentForbids: requests outside the
// documented constraints are refused with a problem naming the part (and
// the contract check fails any request the document forbids that would
// succeed).
func TestDraftsAPIRefusesWhatTheDocumentForbids(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn(creator)
	drafts := "/api/v1/payouts/organisations/" + servertest.OrgNordic + "/payout_drafts"
	draft := drafts + "/7d0c3c1e-0000-4000-8000-00000000ffff"
	for _, c := range []struct {
		name, method, path string
		body               any
		status             int
		code, title        string
		parameter, pointer string
	}{
		{"page size below", "GET", drafts + "?page[size]=0", nil, 422, api.CodeInvalid, "", "page[size]", ""},
		{"page size above", "GET", drafts + "?page[size]=" + strconv.Itoa(provider.MaxDraftLimit+1), nil, 422, api.CodeInvalid, "", "page[size]", ""},
		{"empty values are absent", "GET", drafts + "?page[size]=&filter[status]=", nil, 200, "", "", "", ""},
		{"bad cursor", "GET", drafts + "?page[cursor_after]=nope", nil, 422, api.CodeInvalid, "", "page[cursor_after]", ""},
		{"bad date", "GET", drafts + "?created_after=yesterday", nil, 422, api.CodeInvalid, "", "created_after", ""},
		{"two sections in a PATCH", "PATCH", draft, map[string]any{"debtor": map[string]string{}, "creditor": map[string]string{}}, 422,
			api.CodeInvalid, "Send exactly one section", "", ""},
		{"no section in a PUT", "PUT", draft, map[string]any{}, 422, api.CodeInvalid, "Send the sections to save", "", ""},
		{"a section of the wrong type", "PATCH", draft, map[string]any{"debtor": "x"}, 422, api.CodeInvalid,
			"Must be an object with named fields", "", "/debtor"},
		{"no organisation", "GET", "/api/v1" + apiSchemasPath + "?product_id=x", nil, 404, api.CodeNoOrganisation,
			api.MsgNoOrganisation, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			a.T = t
			r := a.Call(c.method, c.path, c.body)
			r.Expect(t, c.status, c.code)
			if c.status < 400 {
				return
			}
			e := r.FirstError(t)
			if c.title != "" && e["title"] != c.title {
				t.Errorf("title %v", e["title"])
			}
			src, _ := e["source"].(map[string]any)
			if c.parameter != "" && src["parameter"] != c.parameter {
				t.Errorf("source %v, want parameter %s", src, c.parameter)
			}
			if c.pointer != "" && src["pointer"] != c.pointer {
				t.Errorf("source %v, want pointer %s", src, c.pointer)
			}
		})
	}
}
