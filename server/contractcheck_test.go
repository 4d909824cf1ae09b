//go:build contractcheck

package server_test

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"slices"
	"testing"

	"portal/server"
	"portal/server/servertest"
)

// go test -tags contractcheck ./server -run TestContractCheckBuild: the flows' build tallies
// every API exchange, the edge's refusals and calls to no operation included, and starts
// only in the sandbox.
func TestContractCheckBuild(t *testing.T) {
	h := newHarness(t)
	a := h.API()
	a.Call("POST", "/api/v1/authentication/token", map[string]string{"email": "observer@demo.example"}).Expect(t, 422, "")
	a.Call("POST", "/api/v1/authentication/token", "{").Expect(t, 400, "")
	a.Call("GET", "/api/v2/no/such/operation", nil).Expect(t, 404, "")
	a.Login("observer@demo.example")
	res, err := h.Srv.App().Test(httptest.NewRequest("GET", server.ContractCheckPath, nil), servertest.FiberTestConfig())
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%s: %v %v", server.ContractCheckPath, res, err)
	}
	raw, _ := io.ReadAll(res.Body)
	var tally server.ContractTally
	if err := json.Unmarshal(raw, &tally); err != nil {
		t.Fatal(err)
	}
	if tally.Replies < 4 || !slices.Contains(tally.Operations, "createToken") || len(tally.Violations) != 0 {
		t.Errorf("tally %s", raw)
	}

	defer func() {
		if recover() == nil {
			t.Error("a contractcheck build started outside the sandbox")
		}
	}()
	server.New(server.Deps{Config: server.Config{Env: "production"}})
}
