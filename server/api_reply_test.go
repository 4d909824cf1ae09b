package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/reference"
)

// replyGuard is the harness's log handler: a reply its operation does not
// document (apiCheckReply) fails the test that caused it, so every API call
// of every test checks the table against the handlers.
type replyGuard struct{ t testing.TB }

func (g replyGuard) Enabled(context.Context, slog.Level) bool { return true }

func (g replyGuard) Handle(_ context.Context, r slog.Record) error {
	if r.Message == APIMsgUndocumented {
		var attrs []string
		r.Attrs(func(a slog.Attr) bool { attrs = append(attrs, a.String()); return true })
		g.t.Errorf("%s: %s", r.Message, strings.Join(attrs, " "))
	}
	return nil
}

func (g replyGuard) WithAttrs([]slog.Attr) slog.Handler { return g }
func (g replyGuard) WithGroup(string) slog.Handler      { return g }

// TestOpenAPISchemasAreTheGoTypes: each operation's documented bodies are
// the schemas reflected from the Go types its table entry names, the types
// its handler must send (apiCheckReply, TestAPIReplyGuard).
func TestOpenAPISchemasAreTheGoTypes(t *testing.T) {
	doc := openAPI()
	r := newOAReflector()
	asJSON := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	errorBody := reflect.TypeFor[apiErrorBody]()
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
			case rs.Type != nil && asJSON(media.Schema) != asJSON(r.schema(rs.Type)):
				t.Errorf("%s %d: documented %s, reflected from %v %s", op.ID, rs.Status, asJSON(media.Schema), rs.Type, asJSON(r.schema(rs.Type)))
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
			if got := o.RequestBody.Content[fiber.MIMEApplicationJSON].Schema; asJSON(got) != asJSON(r.schema(op.Body)) {
				t.Errorf("%s: request body documented %s, reflected %s", op.ID, asJSON(got), asJSON(r.schema(op.Body)))
			}
		}
	}
	if asJSON(doc.Components.Schemas) != asJSON(r.components) {
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

// TestAPIReplyGuard: a handler that sends another type than its entry
// documents, an undocumented status, a body around APISend or another
// request body than documented is reported.
func TestAPIReplyGuard(t *testing.T) {
	h := newHarness(t)
	logs := &logCapture{}
	h.srv.Logger = slog.New(logs)
	app := fiber.New()
	cases := []struct {
		name       string
		handler    APIHandlerFunc
		body       string
		reported   bool
		wantStatus int
	}{
		{"as documented", func(_ *Server, c fiber.Ctx, _ *APICaller) error { return APIData(c, 1) }, "", false, 200},
		{"documented error", func(_ *Server, c fiber.Ctx, _ *APICaller) error {
			return APIError(c, fiber.StatusUnprocessableEntity, APICodeInvalid, "bad")
		}, "", false, 422},
		{"another type", func(_ *Server, c fiber.Ctx, _ *APICaller) error { return APIData(c, "one") }, "", true, 200},
		{"undocumented status", func(_ *Server, c fiber.Ctx, _ *APICaller) error {
			return APISend(c, fiber.StatusCreated, APIDataOf(1))
		}, "", true, 201},
		{"around APISend", func(_ *Server, c fiber.Ctx, _ *APICaller) error { return c.JSON(fiber.Map{"data": 1}) }, "", true, 200},
		{"documented request body", func(_ *Server, c fiber.Ctx, _ *APICaller) error {
			if p := DecodeJSON(c, &apiCodeRequest{}); p != nil {
				return APIErrors(c, p.Status, *p)
			}
			return APIData(c, 1)
		}, `{"code":"1"}`, false, 200},
		{"another request body", func(_ *Server, c fiber.Ctx, _ *APICaller) error {
			if p := DecodeJSON(c, &apiPhoneRequest{}); p != nil {
				return APIErrors(c, p.Status, *p)
			}
			return APIData(c, 1)
		}, `{"cellphone":"1"}`, true, 200},
	}
	// DecodeJSON's refusals are documented for every operation with a body.
	// Many fields each under the edge's field cap (limits.go), together past maxJSONBody.
	var fields []string
	for i := 0; len(strings.Join(fields, ",")) <= maxJSONBody; i++ {
		fields = append(fields, fmt.Sprintf(`"f%d":"%s"`, i, strings.Repeat("x", 900)))
	}
	big := h.api().Call("POST", "/api/v1/authentication/token", "{"+strings.Join(fields, ",")+"}")
	big.Expect(t, fiber.StatusRequestEntityTooLarge, APICodeInvalid)
	checkReply(t, "POST", "/authentication/token", big)
	if slices.Contains(logs.take(), APIMsgUndocumented) {
		t.Error("a too large body is not documented")
	}
	for i, tc := range cases {
		op := &APIOp{ID: "probe", Method: fiber.MethodPost, Path: "/probe", Auth: APIPublic, Body: APIBody[apiCodeRequest](),
			Responses: []APIResponse{APIDataOK[int]("ok"), APIErrorReply(fiber.StatusUnprocessableEntity, "bad")}, Handler: tc.handler}
		path := "/probe/" + strconv.Itoa(i)
		app.Post(path, h.srv.apiHandler(op))
		req := httptest.NewRequest("POST", path, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		got := slices.Contains(logs.take(), APIMsgUndocumented)
		if res.StatusCode != tc.wantStatus || got != tc.reported {
			t.Errorf("%s: status %d, reported %v; want %d, %v", tc.name, res.StatusCode, got, tc.wantStatus, tc.reported)
		}
	}
}

// TestAPITour calls every operation of the table once with success, so the
// reply guard (replyGuard) has compared each handler's reply type with its
// entry, and checkReply each body with the document.
func TestAPITour(t *testing.T) {
	noSlowDown(t)
	h := newHarness(t)
	// The operations of the areas that live in this package: the moved
	// ones tour their own.
	moved := map[string]bool{}
	for _, f := range MovedAreas {
		for _, op := range f(portalServer()).API {
			moved[op.ID] = true
		}
	}
	byID := map[string]*APIOp{}
	for i := range apiOperations() {
		if op := &apiOperations()[i]; !moved[op.ID] {
			byID[op.ID] = op
		}
	}
	done := map[string]bool{}
	at := map[string]string{"id": orgNordic, "accountNumber": acctEUR}
	call := func(a *apiClient, id, query string, body any, hdr ...string) apiReply {
		t.Helper()
		op := byID[id]
		if op == nil {
			t.Fatalf("no operation %s", id)
		}
		path := op.Path
		for k, v := range at {
			path = strings.ReplaceAll(path, "{"+k+"}", v)
		}
		r := a.Call(op.Method, "/api/v1"+path+query, body, hdr...)
		if r.StatusCode >= 300 {
			t.Fatalf("%s: %d %s", id, r.StatusCode, r.Raw)
		}
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			checkReply(t, op.Method, op.Path, r)
		}
		done[id] = true
		return r
	}

	// Log in, refresh; the customer calls.
	admin := h.api()
	r := call(admin, "createToken", "", map[string]string{"email": emailAdmin, "password": reference.DemoPassword})
	admin.Token = r.JSON["access_token"].(string)
	r = call(admin, "refreshToken", "", nil, "Authorization", "", apiCSRFHeader, r.JSON["csrf_token"].(string))
	admin.Token = r.JSON["access_token"].(string)
	for _, id := range []string{"listOrganisations", "getCurrentUser", "setDefaultOrganisation", "getConfigurations",
		"getContractedProducts", "getAddress", "getRoles", "listAlerts", "getMfaConfiguration"} {
		call(admin, id, "", nil)
	}
	call(admin, "getFeatureFlags", "?organisation_id="+orgNordic, nil)

	// Accounts and FX: TestAccountsAPITour (package accounts).

	// Funding and crypto: TestFundingAPITour (package funding).

	// Statistics: TestStatsAPITour (package dashboard).

	// Statements: TestStatementsAPITour (package statements).

	// Passwords and invitations.
	call(h.api(), "forgotPassword", "", map[string]string{"email": emailObserver})
	_, link := h.outboxEmails(t, emailObserver)
	reset := strings.TrimPrefix(link, reference.ResetLinkPrefix)
	call(h.api(), "validateResetToken", "?token="+url.QueryEscape(reset), nil)
	pw := map[string]string{"password": "Tour-Passw0rd!", "password_confirmation": "Tour-Passw0rd!", "token": reset}
	call(h.api(), "resetPassword", "", pw)
	call(h.api(), "validateInvitation", "?token="+reference.DemoInvitationToken, nil)
	pw["token"] = reference.DemoInvitationToken
	call(h.api(), "acceptInvitation", "", pw)

	// Finishing a login: authenticator, SMS, push.
	a, _ := h.loginScope(emailMFATOTP)
	call(a, "verifyTotpFactor", "", map[string]string{"code": totp(t, reference.DemoTOTPSecret, 0)})
	a, _ = h.loginScope(emailMFATOTP)
	call(a, "verifyMfaToken", "", map[string]string{"mfa_token": totp(t, reference.DemoTOTPSecret, 30*time.Second)})
	a, _ = h.loginScope(emailMFASMS)
	call(a, "requestMfaTokenSms", "", nil)
	call(a, "verifySms", "", map[string]string{"code": h.lastSMS(t)})
	a, _ = h.loginScope(emailMFAAuthy)
	id := call(a, "createMfaToken", "", nil).JSON["approval_request_id"].(string)
	if err := h.srv.Auth.DecideApproval(t.Context(), id, true); err != nil {
		t.Fatal(err)
	}
	if r := call(a, "getMfaTokenStatus", "?approval_request_id="+url.QueryEscape(id), nil); r.JSON["status"] != provider.ApprovalApproved {
		t.Fatalf("approval %s", r.Raw)
	}
	call(a, "completeMfaToken", "", map[string]string{"approval_request_id": id})

	// Setting up both factors.
	a, _ = h.loginScope(emailMFANew)
	phone := map[string]string{"cellphone": "20998877"}
	for _, id := range []string{"registerMfa", "registerPhoneNumber", "requestSetupSms"} {
		call(a, id, "", phone)
	}
	call(a, "confirmPhoneNumber", "", map[string]string{"code": h.lastSMS(t)})
	secret := call(a, "requestTotpFactor", "", nil).JSON["secret"].(string)
	call(a, "validateTotpFactor", "", map[string]string{"code": totp(t, secret, 0)})

	// Adding a method at scope dashboard: the password again first.
	call(admin, "reauthenticate", "", map[string]string{"password": reference.DemoPassword})
	call(admin, "startTotpFactor", "", nil)

	call(admin, "deleteToken", "", nil)
	for id := range byID {
		if !done[id] {
			t.Errorf("%s: not called", id)
		}
	}
}
