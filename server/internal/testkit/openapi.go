package testkit

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// Document is an OpenAPI document as served at /api/openapi.json.
type Document map[string]any

// ParseDocument decodes the served document.
func ParseDocument(raw []byte) (Document, error) {
	var d Document
	return d, json.Unmarshal(raw, &d)
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }

// Obj is v as a JSON object, nil when it is none: for walking the document.
func Obj(v any) map[string]any { return obj(v) }

// Op is the operation with operationId id, nil when there is none.
func (d Document) Op(id string) map[string]any {
	for _, item := range obj(d["paths"]) {
		for _, o := range obj(item) {
			if obj(o)["operationId"] == id {
				return obj(o)
			}
		}
	}
	return nil
}

// Schema is the schema s, its $ref followed.
func (d Document) Schema(s any) map[string]any { return d.resolve(obj(s)) }

// resolve follows a $ref to its named schema.
func (d Document) resolve(s map[string]any) map[string]any {
	for s != nil {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		s = obj(obj(obj(d["components"])["schemas"])[strings.TrimPrefix(ref, "#/components/schemas/")])
	}
	return nil
}

// CheckShape asserts that v has exactly the properties the schema
// documents, recursively: the document and the replies cannot drift apart.
func (d Document) CheckShape(t testing.TB, schema map[string]any, v any, at string) {
	t.Helper()
	s := d.resolve(schema)
	switch s["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: want object, got %T", at, v)
		}
		req, _ := s["required"].([]any)
		for _, r := range req {
			if _, ok := m[r.(string)]; !ok {
				t.Errorf("%s: documented property %q missing", at, r)
			}
		}
		props := obj(s["properties"])
		for k, x := range m {
			ps, ok := props[k]
			if !ok {
				if ap := obj(s["additionalProperties"]); ap != nil {
					d.CheckShape(t, ap, x, at+"."+k)
					continue
				}
				t.Errorf("%s: property %q not documented", at, k)
				continue
			}
			d.CheckShape(t, obj(ps), x, at+"."+k)
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			t.Fatalf("%s: want array, got %T", at, v)
		}
		prefix, _ := s["prefixItems"].([]any)
		for i, x := range a {
			item := obj(s["items"])
			if i < len(prefix) {
				item = obj(prefix[i])
			}
			if item != nil {
				d.CheckShape(t, item, x, at+"["+strconv.Itoa(i)+"]")
			}
		}
	case "number":
		if _, ok := v.(float64); !ok {
			t.Errorf("%s: want number, got %T", at, v)
		}
	case "string":
		if _, ok := v.(string); !ok {
			t.Errorf("%s: want string, got %T", at, v)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			t.Errorf("%s: want boolean, got %T", at, v)
		}
	case "integer":
		if f, ok := v.(float64); !ok || f != float64(int64(f)) {
			t.Errorf("%s: want integer, got %v", at, v)
		}
	}
}

// CheckReply checks a reply against the response its operation documents
// for its status: no body when none is documented, else the body's shape.
func (d Document) CheckReply(t testing.TB, method, path string, r Reply) {
	t.Helper()
	op := obj(obj(obj(d["paths"])[path])[strings.ToLower(method)])
	if op == nil {
		t.Fatalf("%s %s: no such operation", method, path)
	}
	resp := obj(obj(op["responses"])[strconv.Itoa(r.StatusCode)])
	if resp == nil {
		t.Fatalf("%s %s: status %d not documented", method, path, r.StatusCode)
	}
	media := obj(obj(resp["content"])["application/json"])
	if media == nil {
		if len(r.Raw) != 0 {
			t.Errorf("%s %s: %d documented without body, got %s", method, path, r.StatusCode, r.Raw)
		}
		return
	}
	var v any
	if err := json.Unmarshal(r.Raw, &v); err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	d.CheckShape(t, obj(media["schema"]), v, "body")
}
