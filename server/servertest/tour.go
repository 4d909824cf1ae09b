package servertest

import (
	"strings"
	"testing"

	"portal/server"
)

// Tour is an area's part of the API tour: it calls each of the area's
// operations once with success, so the harness's reply guard has compared
// each handler's reply type with its entry, and checks each JSON body
// against the served document.
//
//	tour := h.Tour(t, accounts.New)
//	tour.At["id"] = servertest.OrgNordic
//	tour.Call(admin, "listAccounts", "", nil)
//	tour.Finish() // fails for each operation not called
type Tour struct {
	t    testing.TB
	ops  map[string]server.APIOp
	doc  Document
	done map[string]bool
	// At fills the path's parameters ({id}, {accountNumber}) by name.
	At map[string]string
}

// Tour starts the tour of area's operations.
func (h *Harness) Tour(t testing.TB, area server.AreaFunc) *Tour {
	t.Helper()
	tr := &Tour{t: t, ops: map[string]server.APIOp{}, doc: h.Document(), done: map[string]bool{}, At: map[string]string{}}
	for _, op := range area(h.Srv).API {
		tr.ops[op.ID] = op
	}
	return tr
}

// Call calls the operation id as a, under /api/v1 with query, body and hdr
// as APIClient.Call takes them, and fails the test unless it succeeds.
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

// Finish fails the test for each operation of the area not called.
func (tr *Tour) Finish() {
	tr.t.Helper()
	for id := range tr.ops {
		if !tr.done[id] {
			tr.t.Errorf("%s: not called", id)
		}
	}
}
