package servertest

import (
	"encoding/json"
	"net/http"
	"portal/server/api"
	"strings"
	"testing"
)

// Tour calls each API operation of an area once with success, so the
// harness's reply guard compares each handler's reply type with its entry
// and CheckReply each JSON body with the served document; Done fails for
// every operation the tour left out. An area's tour is its part of the
// portal's API tour:
//
//	tour := h.Tour(t, New(h.Srv).API)
//	tour.At["id"] = servertest.OrgNordic
//	tour.Call(admin, "listStatements", "", nil)
//	tour.Done()
type Tour struct {
	t    testing.TB
	doc  Document
	ops  map[string]api.Op
	done map[string]bool
	// At holds the values of the path parameters ({id}, {statement}).
	At map[string]string
}

// Tour starts a tour of ops.
func (h *Harness) Tour(t testing.TB, ops []api.Op) *Tour {
	tr := &Tour{t: t, doc: h.Document(), ops: map[string]api.Op{}, done: map[string]bool{}, At: map[string]string{"id": OrgNordic}}
	for _, op := range ops {
		tr.ops[op.ID] = op
	}
	return tr
}

// Call calls operation id as a, under /api/v1 with query appended, and
// fails the test unless it succeeds as documented.
func (tr *Tour) Call(a *APIClient, id, query string, body any, hdr ...string) Reply {
	tr.t.Helper()
	op, ok := tr.ops[id]
	if !ok {
		tr.t.Fatalf("no operation %s", id)
	}
	path := op.Path
	for k, v := range tr.At {
		path = strings.ReplaceAll(path, "{"+k+"}", v)
	}
	if body != nil && op.Body != nil {
		tr.refusesWithout(a, op, "/api/v1"+path+query, body, hdr...)
	}
	r := a.Call(op.Method, "/api/v1"+path+query, body, hdr...)
	if r.StatusCode >= 300 {
		tr.t.Fatalf("%s: %d %s", id, r.StatusCode, r.Raw)
	}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		tr.doc.CheckReply(tr.t, op.Method, op.Path, r)
	}
	tr.done[id] = true
	return r
}

// Done fails for each operation not called.
func (tr *Tour) Done() {
	tr.t.Helper()
	for id := range tr.ops {
		if !tr.done[id] {
			tr.t.Errorf("%s: not called", id)
		}
	}
}

// refusesWithout sends body once without each field the document requires of op's JSON
// body (nested ones too, where their object is sent), before the tour's real call: each
// must be refused (4xx; a 422 points at the field or inside it), or the document claims a
// field the handler does without. The contract check validates every such reply too.
func (tr *Tour) refusesWithout(a *APIClient, op api.Op, url string, body any, hdr ...string) {
	tr.t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		tr.t.Fatal(err)
	}
	var sent map[string]any
	if json.Unmarshal(raw, &sent) != nil {
		return
	}
	rb := Obj(Obj(Obj(Obj(Obj(tr.doc["paths"])[op.Path])[strings.ToLower(op.Method)])["requestBody"])["content"])
	schema := Obj(rb["application/json"])["schema"]
	var walk func(schema any, obj map[string]any, ptr string)
	walk = func(schema any, obj map[string]any, ptr string) {
		s := tr.doc.Schema(schema)
		req, _ := s["required"].([]any)
		for _, n := range req {
			name := n.(string)
			v, ok := obj[name]
			if !ok {
				continue // the tour's call itself is then refused by the contract check
			}
			at := ptr + "/" + name
			delete(obj, name)
			r := a.Call(op.Method, url, sent, hdr...)
			obj[name] = v
			tr.checkRefused(op.ID, at, r)
			if sub, ok := v.(map[string]any); ok {
				walk(Obj(s["properties"])[name], sub, at)
			}
		}
	}
	walk(schema, sent, "")
}

func (tr *Tour) checkRefused(id, at string, r Reply) {
	tr.t.Helper()
	if r.StatusCode < 400 || r.StatusCode >= 500 {
		tr.t.Errorf("%s without %s (required in the document): %d %s", id, at, r.StatusCode, r.Raw)
		return
	}
	if r.StatusCode != http.StatusUnprocessableEntity {
		return
	}
	errs, _ := r.JSON["errors"].([]any)
	for _, e := range errs {
		p, _ := Obj(Obj(e)["source"])["pointer"].(string)
		if p == at || strings.HasPrefix(p, at+"/") {
			return
		}
	}
	tr.t.Errorf("%s without %s: 422 naming another field: %s", id, at, r.Raw)
}
