package server_test

import (
	"encoding/json"
	"portal/server/api"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var fiberParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// TestOpenAPIDrift walks the routes Fiber actually serves under each API
// base and the document's paths: each must have the other.
func TestOpenAPIDrift(t *testing.T) {
	h := newHarness(t)
	doc := openAPI()
	documented := map[string]bool{}
	for p, item := range doc.Paths {
		for m := range item.Operations() {
			documented[m+" "+p] = true
		}
	}
	if len(documented) != len(apiOperations()) {
		t.Fatalf("%d documented operations, %d in the table", len(documented), len(apiOperations()))
	}
	for _, want := range []string{
		"POST /authentication/token", "DELETE /authentication/token", "POST /authentication/token/refresh",
		"GET /customer/organisations", "GET /customer/current_user", "POST /customer/organisations/{id}/set_default",
		"GET /customer/organisations/{id}/configurations", "GET /customer/organisations/{id}/contracted_products",
		"GET /customer/organisations/{id}/address", "GET /customer/organisations/{id}/roles",
		"GET /feature_flags", "GET /notifications/organisations/{id}/alerts",
	} {
		if !documented[want] {
			t.Errorf("%s is not documented", want)
		}
	}
	mounted := map[string]map[string]bool{}
	for _, r := range h.Srv.App().GetRoutes(true) {
		if r.Method == "HEAD" || !strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		if r.Path == "/api/openapi.json" {
			continue
		}
		base := ""
		for _, b := range api.Bases {
			if strings.HasPrefix(r.Path, b+"/") {
				base = b
			}
		}
		if base == "" {
			t.Errorf("%s %s is mounted outside the API bases", r.Method, r.Path)
			continue
		}
		if mounted[base] == nil {
			mounted[base] = map[string]bool{}
		}
		key := r.Method + " " + fiberParam.ReplaceAllString(strings.TrimPrefix(r.Path, base), "{$1}")
		mounted[base][key] = true
		if !documented[key] {
			t.Errorf("%s %s is served but not documented", r.Method, r.Path)
		}
	}
	for _, b := range api.Bases {
		for k := range documented {
			if !mounted[b][k] {
				t.Errorf("%s is documented but not served under %s", k, b)
			}
		}
	}
}

// TestOpenAPIDocument checks the served document: OpenAPI 3.1, every
// reference resolves, every path parameter is declared, every guarded
// operation documents its 401 and 403, security schemes as promised.
func TestOpenAPIDocument(t *testing.T) {
	h := newHarness(t)
	r := h.API().Call("GET", "/api/openapi.json", nil)
	r.Expect(t, 200, "")
	var doc map[string]any
	if err := json.Unmarshal(r.Raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi %v", doc["openapi"])
	}
	// The licence: a name, and an SPDX identifier (a LicenseRef- for terms that are no listed
	// licence) or a url, never both (OpenAPI 3.1 info.license).
	lic, _ := doc["info"].(map[string]any)["license"].(map[string]any)
	id, _ := lic["identifier"].(string)
	if name, _ := lic["name"].(string); name == "" || (id == "") == (lic["url"] == nil) ||
		id != "" && !regexp.MustCompile(`^LicenseRef-[A-Za-z0-9.-]+$`).MatchString(id) {
		t.Errorf("info.license %v", lic)
	}
	comps := doc["components"].(map[string]any)
	schemas := comps["schemas"].(map[string]any)
	sec := comps["securitySchemes"].(map[string]any)
	if b := sec["bearerAuth"].(map[string]any); b["type"] != "http" || b["scheme"] != "bearer" || b["bearerFormat"] != "JWT" {
		t.Errorf("bearerAuth %v", b)
	}
	if c := sec["cookieAuth"].(map[string]any); c["type"] != "apiKey" || c["in"] != "cookie" {
		t.Errorf("cookieAuth %v", c)
	}
	for _, name := range []string{"refreshCookie", "csrfToken"} {
		if sec[name] == nil {
			t.Errorf("security scheme %s missing", name)
		}
	}
	errProps := schemas["Error"].(map[string]any)["properties"].(map[string]any)
	for _, p := range []string{"status", "code", "title", "detail", "source"} {
		if errProps[p] == nil {
			t.Errorf("Error schema lacks %s", p)
		}
	}

	// Every $ref resolves.
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok {
				name, found := strings.CutPrefix(ref, "#/components/schemas/")
				if !found || schemas[name] == nil {
					t.Errorf("dangling $ref %s", ref)
				}
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(doc)

	ids := map[string]bool{}
	tmpl := regexp.MustCompile(`\{([^}]+)\}`)
	for path, item := range doc["paths"].(map[string]any) {
		for method, o := range item.(map[string]any) {
			op := o.(map[string]any)
			id, _ := op["operationId"].(string)
			if id == "" || ids[id] {
				t.Errorf("%s %s: operationId %q missing or repeated", method, path, id)
			}
			ids[id] = true
			if s, _ := op["summary"].(string); s == "" {
				t.Errorf("%s %s: no summary", method, path)
			}
			declared := map[string]bool{}
			params, _ := op["parameters"].([]any)
			for _, p := range params {
				pm := p.(map[string]any)
				if pm["in"] == "path" {
					if pm["required"] != true {
						t.Errorf("%s %s: path parameter %v not required", method, path, pm["name"])
					}
					declared[pm["name"].(string)] = true
				}
			}
			for _, m := range tmpl.FindAllStringSubmatch(path, -1) {
				if !declared[m[1]] {
					t.Errorf("%s %s: {%s} not declared", method, path, m[1])
				}
			}
			resps := op["responses"].(map[string]any)
			security, ok := op["security"].([]any)
			if !ok {
				t.Errorf("%s %s: no security list", method, path)
			}
			if len(security) > 0 && (resps["401"] == nil || resps["403"] == nil) {
				t.Errorf("%s %s: guarded but 401/403 not documented", method, path)
			}
			for _, s := range security {
				for name, scopes := range s.(map[string]any) {
					if sec[name] == nil {
						t.Errorf("%s %s: unknown scheme %s", method, path, name)
					}
					if name == "bearerAuth" && len(scopes.([]any)) == 0 {
						t.Errorf("%s %s: bearer without scopes", method, path)
					}
				}
			}
			for code := range resps {
				if len(code) != 3 {
					t.Errorf("%s %s: response key %q", method, path, code)
				}
			}
		}
	}
	// Customer routes need dashboard; logout takes either scope.
	if got := openAPI().Paths["/customer/current_user"].Get.Security[0]["bearerAuth"]; !slices.Equal(got, []string{"dashboard"}) {
		t.Errorf("current_user scopes %v", got)
	}
	if got := openAPI().Paths["/authentication/token"].Delete.Security[0]["bearerAuth"]; !slices.Equal(got, []string{"login", "dashboard"}) {
		t.Errorf("logout scopes %v", got)
	}
	if got := openAPI().Paths["/authentication/token"].Post.Security; len(got) != 0 {
		t.Errorf("login security %v", got)
	}
}
