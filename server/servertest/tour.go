package servertest

import (
	"strings"
	"testing"

	"portal/server"
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
	ops  map[string]server.APIOp
	done map[string]bool
	// At holds the values of the path parameters ({id}, {statement}).
	At map[string]string
}

// Tour starts a tour of ops.
func (h *Harness) Tour(t testing.TB, ops []server.APIOp) *Tour {
	tr := &Tour{t: t, doc: h.Document(), ops: map[string]server.APIOp{}, done: map[string]bool{}, At: map[string]string{"id": OrgNordic}}
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
