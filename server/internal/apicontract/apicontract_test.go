package apicontract

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A document of one operation: what the check accepts and what it refuses.
const testDoc = `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "/api/v1"}],
 "paths": {"/things/{id}": {"get": {"operationId": "getThing",
  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[0-9a-f-]{36}$"}}],
  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
   "required": ["name"], "properties": {"name": {"type": "string"}}}}}},
   "404": {"description": "no", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}}}}},
 "components": {"schemas": {"Errors": {"type": "object", "required": ["errors"], "properties": {"errors": {"type": "array",
  "items": {"type": "object", "required": ["status"], "properties": {"status": {"type": "integer"}}}}}}}}}`

func TestCheck(t *testing.T) {
	c, err := Load([]byte(testDoc))
	if err != nil {
		t.Fatal(err)
	}
	const id = "/api/v1/things/3b241101-e2bb-4255-8caf-4136c566a962"
	js := http.Header{"Content-Type": {"application/json"}}
	for _, tc := range []struct {
		name, method, path string
		reply              Reply
		op, problem        string // problem: a part of the one problem wanted, "" for none
	}{
		{"as documented", "GET", id, Reply{200, js, []byte(`{"name": "a"}`)}, "getThing", ""},
		{"a documented refusal", "GET", id, Reply{404, js, []byte(`{"errors": [{"status": 404}]}`)}, "getThing", ""},
		{"a body of another shape", "GET", id, Reply{200, js, []byte(`{"title": "a"}`)}, "getThing", "does not match the document"},
		{"an undocumented status", "GET", id, Reply{409, js, []byte(`{"errors": [{"status": 409}]}`)}, "getThing", "does not match the document"},
		{"a request the document forbids, answered", "GET", "/api/v1/things/x", Reply{200, js, []byte(`{"name": "a"}`)}, "getThing", "forbids this request"},
		{"no operation, refused in the error shape", "POST", id, Reply{405, js, []byte(`{"errors": [{"status": 405}]}`)}, "", ""},
		{"no operation, answered", "GET", "/api/v1/other", Reply{200, js, []byte(`{}`)}, "", "is no operation"},
		{"no operation, refused in another shape", "GET", "/api/v1/other", Reply{404, js, []byte(`{"error": "x"}`)}, "", "not the error shape"},
	} {
		op, problems := c.Check(httptest.NewRequest(tc.method, tc.path, nil), nil, tc.reply)
		if op != tc.op {
			t.Errorf("%s: operation %q, want %q", tc.name, op, tc.op)
		}
		switch {
		case tc.problem == "" && len(problems) > 0:
			t.Errorf("%s: %v", tc.name, problems)
		case tc.problem != "" && (len(problems) != 1 || !strings.Contains(problems[0], tc.problem)):
			t.Errorf("%s: %v, want one with %q", tc.name, problems, tc.problem)
		}
	}
}
