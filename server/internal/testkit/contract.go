package testkit

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/server/internal/apicontract"
)

// The contract check: every API call the tests make through Client or
// APIClient is validated against the document the same server serves at
// /api/openapi.json, with kin-openapi's openapi3filter, so a reply whose
// status, content type or body the document does not describe fails the
// test that got it, whatever the test itself asserts. The request is
// validated too: a request the document forbids must not succeed, or the
// document claims a constraint the server does not keep.

// contract is one server's document, ready to validate with.
type contract struct {
	c   *apicontract.Contract
	err error
}

var (
	// contracts holds a contract per app: each harness mounts its own areas,
	// so each serves its own document.
	contracts sync.Map // *fiber.App → *contract

	contractReplies atomic.Int64
	contractMu      sync.Mutex
	contractOps     = map[string]bool{} // operationIds with a validated reply
	contractAllOps  = map[string]bool{} // operationIds of every document met
)

// contractBase is the origin the test clients send to.
const contractBase = apicontract.Base

func contractOf(app *fiber.App) *contract {
	if c, ok := contracts.Load(app); ok {
		return c.(*contract)
	}
	c := loadContract(app)
	actual, _ := contracts.LoadOrStore(app, c)
	return actual.(*contract)
}

func loadContract(app *fiber.App) *contract {
	res, err := app.Test(httptest.NewRequest("GET", contractBase+"/api/openapi.json", nil), FiberTestConfig())
	if err != nil {
		return &contract{err: err}
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return &contract{err: fmt.Errorf("GET /api/openapi.json: %d", res.StatusCode)}
	}
	c, err := apicontract.Load(raw)
	if err != nil {
		return &contract{err: err}
	}
	contractMu.Lock()
	for _, id := range c.Operations() {
		contractAllOps[id] = true
	}
	contractMu.Unlock()
	return &contract{c: c}
}

// CheckExchange is the contract check for an exchange a test made without
// Client or APIClient (a raw connection, to send what they cannot).
func CheckExchange(t testing.TB, app *fiber.App, req *http.Request, body []byte, res *http.Response, raw []byte) {
	t.Helper()
	checkContract(t, app, req, body, res, raw)
}

// checkContract validates one API exchange: req was sent with body, and
// res came back with raw. Calls outside the versioned API are not checked.
func checkContract(t testing.TB, app *fiber.App, req *http.Request, body []byte, res *http.Response, raw []byte) {
	t.Helper()
	if !apicontract.InScope(req.URL.Path) {
		return
	}
	c := contractOf(app)
	if c.err != nil {
		t.Errorf("contract: %v", c.err)
		return
	}
	op, problems := c.c.Check(req, body, apicontract.Reply{Status: res.StatusCode, Header: res.Header, Body: raw})
	for _, p := range problems {
		t.Errorf("contract: %s", p)
	}
	if len(problems) > 0 {
		return
	}
	contractReplies.Add(1)
	if op != "" {
		contractMu.Lock()
		contractOps[op] = true
		contractMu.Unlock()
	}
}

// contractSummary says how much of the API the package's tests validated.
func contractSummary() string {
	n := contractReplies.Load()
	if n == 0 {
		return ""
	}
	contractMu.Lock()
	defer contractMu.Unlock()
	return fmt.Sprintf("contract: %d API replies validated against the served document, covering %d of its %d operations\n",
		n, len(contractOps), len(contractAllOps))
}

func printContractSummary() {
	if s := contractSummary(); s != "" {
		fmt.Fprint(os.Stderr, s)
	}
}
