package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/gofiber/fiber/v3"
)

// The contract check: every API call the tests make through Client or
// APIClient is validated against the document the same server serves at
// /api/openapi.json, with kin-openapi's openapi3filter, so a reply whose
// status, content type or body the document does not describe fails the
// test that got it, whatever the test itself asserts. The request is
// validated too: a request the document forbids must not succeed, or the
// document claims a constraint the server does not keep.

// contract is one server's document, ready to route and validate with.
type contract struct {
	doc    *openapi3.T
	router routers.Router
	errors *openapi3.Schema // the one error shape, for replies outside any operation
	err    error
	head   bool // the reply to a HEAD, which has no body to check
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

// contractBase is the origin the test clients send to; the served
// document's relative servers are resolved against it.
const contractBase = "http://portal.test"

func init() {
	// The downloads declare their media types without a schema; these
	// decoders only let the body be read.
	for _, mt := range []string{"text/csv", "application/pdf", "application/xml", "text/xml"} {
		openapi3filter.RegisterBodyDecoder(mt, openapi3filter.FileBodyDecoder)
	}
}

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
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err == nil {
		err = doc.Validate(context.Background())
	}
	if err != nil {
		return &contract{err: fmt.Errorf("the served document: %w", err)}
	}
	// The router matches servers by host: resolve the relative ones.
	for _, s := range doc.Servers {
		s.URL = contractBase + s.URL
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return &contract{err: err}
	}
	c := &contract{doc: doc, router: router}
	if ref := doc.Components.Schemas["Errors"]; ref != nil {
		c.errors = ref.Value
	}
	contractMu.Lock()
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			contractAllOps[op.OperationID] = true
		}
	}
	contractMu.Unlock()
	return c
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
	if !strings.HasPrefix(req.URL.Path, "/api/v1/") && !strings.HasPrefix(req.URL.Path, "/api/v2/") {
		return
	}
	c := contractOf(app)
	if req.Method == http.MethodHead {
		c = &contract{doc: c.doc, router: c.router, errors: c.errors, err: c.err, head: true}
	}
	if c.err != nil {
		t.Errorf("contract: %v", c.err)
		return
	}
	r := req.Clone(context.Background())
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.URL.Scheme, r.URL.Host = "http", "portal.test"
	at := req.Method + " " + req.URL.RequestURI()
	route, params, err := c.router.FindRoute(r)
	if err != nil {
		c.checkOutside(t, at, res, raw)
		return
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
		// Who may call is the server's to decide; its answers (401, 403)
		// are checked as replies.
		AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: opts}
	reqErr := openapi3filter.ValidateRequest(context.Background(), in)
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode,
		Header: res.Header, Options: opts}
	out.SetBodyBytes(raw)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("contract: %s (%s): reply %d %s does not match the document: %v\n%s", at, route.Operation.OperationID,
			res.StatusCode, res.Header.Get("Content-Type"), err, clip(raw))
	}
	if reqErr != nil && res.StatusCode < 400 {
		t.Errorf("contract: %s (%s): the document forbids this request, yet it got %d: %v", at, route.Operation.OperationID,
			res.StatusCode, reqErr)
	}
	contractReplies.Add(1)
	contractMu.Lock()
	contractOps[route.Operation.OperationID] = true
	contractMu.Unlock()
}

// checkOutside checks a reply to a path or method that is no operation (or
// another spelling of one, which the edge's checks may stop first): a
// refusal in the one error shape.
func (c *contract) checkOutside(t testing.TB, at string, res *http.Response, raw []byte) {
	t.Helper()
	if res.StatusCode < 400 || res.StatusCode >= 500 {
		t.Errorf("contract: %s is no operation of the document, yet it got %d", at, res.StatusCode)
		return
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("contract: %s: %d labelled %q", at, res.StatusCode, ct)
		return
	}
	if c.head {
		contractReplies.Add(1)
		return
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Errorf("contract: %s: %d is not JSON: %s", at, res.StatusCode, clip(raw))
		return
	}
	if c.errors == nil {
		t.Errorf("contract: the document has no Errors schema")
		return
	}
	if err := c.errors.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		t.Errorf("contract: %s: %d is not the error shape: %v", at, res.StatusCode, err)
		return
	}
	contractReplies.Add(1)
}

func clip(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "…"
	}
	return string(b)
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
