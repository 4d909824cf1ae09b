// Package apicontract validates API exchanges against the served OpenAPI document with
// kin-openapi's openapi3filter. The Go tests (server/internal/testkit) and the browser
// flows' portal (built with -tags contractcheck, server/contractcheck.go) use this one
// validator, so both hold the API to the same reading of the document.
package apicontract

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// Base is the origin exchanges are resolved against: the document's servers are
// relative, and the router matches them by host.
const Base = "http://portal.test"

func init() {
	// The downloads declare their media types without a schema; these
	// decoders only let the body be read.
	for _, mt := range []string{"text/csv", "application/pdf", "application/xml", "text/xml"} {
		openapi3filter.RegisterBodyDecoder(mt, openapi3filter.FileBodyDecoder)
	}
}

// Contract is one document, ready to route and validate with.
type Contract struct {
	doc    *openapi3.T
	router routers.Router
	errors *openapi3.Schema // the one error shape, for replies outside any operation
}

// Load reads the document as served at /api/openapi.json.
func Load(raw []byte) (*Contract, error) {
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err == nil {
		err = doc.Validate(context.Background())
	}
	if err != nil {
		return nil, fmt.Errorf("the served document: %w", err)
	}
	for _, s := range doc.Servers {
		s.URL = Base + s.URL
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	c := &Contract{doc: doc, router: router}
	if ref := doc.Components.Schemas["Errors"]; ref != nil {
		c.errors = ref.Value
	}
	return c, nil
}

// Operations are the operationIds of the document.
func (c *Contract) Operations() []string {
	var out []string
	for _, item := range c.doc.Paths.Map() {
		for _, op := range item.Operations() {
			out = append(out, op.OperationID)
		}
	}
	return out
}

// InScope is whether path is one the check looks at: the versioned API.
func InScope(path string) bool {
	return strings.HasPrefix(path, "/api/v1/") || strings.HasPrefix(path, "/api/v2/")
}

// Reply is what came back.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte // decoded: no Content-Encoding left
}

// Check validates one exchange: req was sent with body, and r came back. It gives the
// operation matched ("" for a path or method that is no operation) and what does not match
// the document, none when all does.
func (c *Contract) Check(req *http.Request, body []byte, r Reply) (op string, problems []string) {
	rq := req.Clone(context.Background())
	rq.Body = io.NopCloser(bytes.NewReader(body))
	rq.URL.Scheme, rq.URL.Host = "http", strings.TrimPrefix(Base, "http://")
	at := req.Method + " " + req.URL.RequestURI()
	route, params, err := c.router.FindRoute(rq)
	if err != nil {
		return "", c.outside(at, req.Method == http.MethodHead, r)
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
		// Who may call is the server's to decide; its answers (401, 403)
		// are checked as replies.
		AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	in := &openapi3filter.RequestValidationInput{Request: rq, PathParams: params, Route: route, Options: opts}
	reqErr := openapi3filter.ValidateRequest(context.Background(), in)
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: r.Status, Header: r.Header, Options: opts}
	out.SetBodyBytes(r.Body)
	id := route.Operation.OperationID
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		problems = append(problems, fmt.Sprintf("%s (%s): reply %d %s does not match the document: %v\n%s", at, id,
			r.Status, r.Header.Get("Content-Type"), err, Clip(r.Body)))
	}
	if reqErr != nil && r.Status < 400 {
		problems = append(problems, fmt.Sprintf("%s (%s): the document forbids this request, yet it got %d: %v", at, id, r.Status, reqErr))
	}
	return id, problems
}

// outside checks a reply to a path or method that is no operation (or another spelling of
// one, which the edge's checks may stop first): a refusal in the one error shape.
func (c *Contract) outside(at string, head bool, r Reply) []string {
	if r.Status < 400 || r.Status >= 500 {
		return []string{fmt.Sprintf("%s is no operation of the document, yet it got %d", at, r.Status)}
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return []string{fmt.Sprintf("%s: %d labelled %q", at, r.Status, ct)}
	}
	if head {
		return nil // a HEAD's reply has no body to check
	}
	var v any
	if err := json.Unmarshal(r.Body, &v); err != nil {
		return []string{fmt.Sprintf("%s: %d is not JSON: %s", at, r.Status, Clip(r.Body))}
	}
	if c.errors == nil {
		return []string{"the document has no Errors schema"}
	}
	if err := c.errors.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		return []string{fmt.Sprintf("%s: %d is not the error shape: %v", at, r.Status, err)}
	}
	return nil
}

// Clip shortens a body for a message.
func Clip(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "…"
	}
	return string(b)
}
