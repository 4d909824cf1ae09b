//go:build contractcheck

package server

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"slices"
	"testing"

	"portal/server/internal/testkit"
)

// go test -tags contractcheck ./server -run TestContractCheckBuild: the flows' build tallies
// every API exchange, the edge's refusals and calls to no operation included, and starts
// only in the sandbox.
func TestContractCheckBuild(t *testing.T) {
	h := newHarness(t)
	a := h.api()
	a.Call("POST", "/api/v1/authentication/token", map[string]string{"email": "observer@demo.example"}).Expect(t, 422, "")
	a.Call("POST", "/api/v1/authentication/token", "{").Expect(t, 400, "")
	a.Call("GET", "/api/v2/no/such/operation", nil).Expect(t, 404, "")
	a.Login("observer@demo.example")
	res, err := h.srv.App().Test(httptest.NewRequest("GET", ContractCheckPath, nil), testkit.FiberTestConfig())
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%s: %v %v", ContractCheckPath, res, err)
	}
	raw, _ := io.ReadAll(res.Body)
	var tally contractTally
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
	New(Deps{Config: Config{Env: "production"}})
}
