package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"portal/server/api"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v3"
)

// TestOpenAPISchemasAreTheGoTypes: each operation's documented bodies are
// the schemas reflected from the Go types its table entry names, the types
// its handler must send (apiCheckReply, TestAPIReplyGuard).
func TestOpenAPISchemasAreTheGoTypes(t *testing.T) {
	doc := openAPI()
	r := api.NewReflector()
	asJSON := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	errorBody := reflect.TypeFor[api.ErrorBody]()
	// In the document's order: the error, every reply, then the requests.
	r.Schema(errorBody)
	for _, op := range apiOperations() {
		for _, rs := range op.Responses {
			if rs.Type != nil {
				r.Schema(rs.Type)
			}
		}
	}
	for i := range apiOperations() {
		op := &apiOperations()[i]
		o := doc.Paths[op.Path].Operations()[op.Method]
		success := false
		for _, rs := range op.Responses {
			res := o.Responses[strconv.Itoa(rs.Status)]
			media, hasBody := res.Content[fiber.MIMEApplicationJSON]
			success = success || rs.Status < 300
			switch {
			case rs.Type == nil && hasBody:
				t.Errorf("%s %d: a JSON body without a Go type", op.ID, rs.Status)
			case rs.Type != nil && !hasBody:
				t.Errorf("%s %d: %v not documented", op.ID, rs.Status, rs.Type)
			case rs.Type != nil && asJSON(media.Schema) != asJSON(r.Schema(rs.Type)):
				t.Errorf("%s %d: documented %s, reflected from %v %s", op.ID, rs.Status, asJSON(media.Schema), rs.Type, asJSON(r.Schema(rs.Type)))
			}
			if rs.Type != nil && (rs.Status >= 400) != (rs.Type == errorBody) {
				t.Errorf("%s %d: body %v", op.ID, rs.Status, rs.Type)
			}
		}
		if !success {
			t.Errorf("%s: no success reply", op.ID)
		}
		for _, status := range []string{"400", "413", "415", "422"} {
			if op.Body != nil && o.Responses[status] == nil {
				t.Errorf("%s reads a body but does not document its %s", op.ID, status)
			}
		}
		switch {
		case (op.Body == nil) != (o.RequestBody == nil):
			t.Errorf("%s: request body %v, documented %v", op.ID, op.Body, o.RequestBody)
		case op.Body != nil:
			if got := o.RequestBody.Content[fiber.MIMEApplicationJSON].Schema; asJSON(got) != asJSON(r.RequestSchema(op.Body)) {
				t.Errorf("%s: request body documented %s, reflected %s", op.ID, asJSON(got), asJSON(r.RequestSchema(op.Body)))
			}
		}
	}
	if asJSON(doc.Components.Schemas) != asJSON(r.Components()) {
		t.Errorf("components differ from the reflected ones")
	}
}

// logCapture keeps the messages logged.
type logCapture struct {
	mu   sync.Mutex
	msgs []string
}

func (l *logCapture) Enabled(context.Context, slog.Level) bool { return true }
func (l *logCapture) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.msgs = append(l.msgs, r.Message)
	return nil
}
func (l *logCapture) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logCapture) WithGroup(string) slog.Handler      { return l }

func (l *logCapture) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	m := l.msgs
	l.msgs = nil
	return m
}

// Request bodies of TestAPIReplyGuard's probe: the one it documents and
// another.
type (
	probeCodeRequest struct {
		Code string `json:"code"`
	}
	probePhoneRequest struct {
		Cellphone string `json:"cellphone"`
	}
)

// TestAPIReplyGuard: a handler that sends another type than its entry
// documents, an undocumented status, a body around APISend or another
// request body than documented is reported.
func TestAPIReplyGuard(t *testing.T) {
	h := newHarness(t)
	logs := &logCapture{}
	h.Srv.Logger = slog.New(logs)
	app := fiber.New()
	cases := []struct {
		name       string
		handler    api.HandlerFunc
		body       string
		reported   bool
		wantStatus int
	}{
		{"as documented", func(c fiber.Ctx, _ *api.Caller) error { return api.Data(c, 1) }, "", false, 200},
		{"documented error", func(c fiber.Ctx, _ *api.Caller) error {
			return api.Error(c, fiber.StatusUnprocessableEntity, api.CodeInvalid, "bad")
		}, "", false, 422},
		{"another type", func(c fiber.Ctx, _ *api.Caller) error { return api.Data(c, "one") }, "", true, 200},
		{"undocumented status", func(c fiber.Ctx, _ *api.Caller) error {
			return api.Send(c, fiber.StatusCreated, api.DataOf(1))
		}, "", true, 201},
		{"around APISend", func(c fiber.Ctx, _ *api.Caller) error { return c.JSON(fiber.Map{"data": 1}) }, "", true, 200},
		{"documented request body", func(c fiber.Ctx, _ *api.Caller) error {
			if p := api.DecodeJSON(c, &probeCodeRequest{}); p != nil {
				return api.Errors(c, p.Status, *p)
			}
			return api.Data(c, 1)
		}, `{"code":"1"}`, false, 200},
		{"another request body", func(c fiber.Ctx, _ *api.Caller) error {
			if p := api.DecodeJSON(c, &probePhoneRequest{}); p != nil {
				return api.Errors(c, p.Status, *p)
			}
			return api.Data(c, 1)
		}, `{"cellphone":"1"}`, true, 200},
	}
	// DecodeJSON's refusals are documented for every operation with a body.
	// Many fields each under the edge's field cap (limits.go), together past maxJSONBody.
	var fields []string
	for i := 0; len(strings.Join(fields, ",")) <= api.MaxJSONBody; i++ {
		fields = append(fields, fmt.Sprintf(`"f%d":"%s"`, i, strings.Repeat("x", 900)))
	}
	big := h.API().Call("POST", "/api/v1/authentication/token", "{"+strings.Join(fields, ",")+"}")
	big.Expect(t, fiber.StatusRequestEntityTooLarge, api.CodeInvalid)
	checkReply(t, "POST", "/authentication/token", big)
	if slices.Contains(logs.take(), api.MsgUndocumented) {
		t.Error("a too large body is not documented")
	}
	for i, tc := range cases {
		op := &api.Op{ID: "probe", Method: fiber.MethodPost, Path: "/probe", Auth: api.Public, Body: api.Body[probeCodeRequest](),
			Responses: []api.Response{api.DataOK[int]("ok"), api.ErrorReply(fiber.StatusUnprocessableEntity, "bad")}, Handler: tc.handler}
		path := "/probe/" + strconv.Itoa(i)
		app.Post(path, h.Srv.APIHandler(op))
		req := httptest.NewRequest("POST", path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		got := slices.Contains(logs.take(), api.MsgUndocumented)
		if res.StatusCode != tc.wantStatus || got != tc.reported {
			t.Errorf("%s: status %d, reported %v; want %d, %v", tc.name, res.StatusCode, got, tc.wantStatus, tc.reported)
		}
	}
}
