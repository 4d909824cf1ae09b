package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"reflect"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/session"
	"portal/token"
)

// The JSON API lives under /api/v1 and /api/v2 (spec 000 §7): the same
// handlers answer on both bases. Every operation is one APIOp of
// the areas' operations (Server.APIOperations); the router, the authentication each operation needs and
// the OpenAPI document (openapi.go, rendered at /docs by docs.go) are all
// built from that one table, and a test walks Fiber's route list to check
// that nothing is mounted beside it.

// apiBases are the version prefixes the API answers on.
var apiBases = []string{"/api/v1", "/api/v2"}

// APIProblem is one entry of the API's error list. The spec's auth forms map
// such a list to fields (source pointer) or to a base alert (no source).
type APIProblem struct {
	_      struct{}   `name:"Error" description:"One problem with the request."`
	Status int        `json:"status" description:"HTTP status of the reply." example:"422"`
	Code   string     `json:"code" description:"Machine-readable code: EXPIRED_AUTHENTICATION, MissingScope, invalid, invalid_credentials, invalid_csrf, invalid_token, not_found, too_many_requests, …" example:"invalid"`
	Title  string     `json:"title" description:"Human-readable message, ready to show." example:"Must be a valid email"`
	Detail string     `json:"detail,omitempty" description:"More about the problem."`
	Source *APISource `json:"source,omitempty" description:"The request field the problem is about."`
}

// APISource points at the request field an error is about: a body field
// (JSON Pointer) or a query parameter.
type APISource struct {
	Pointer   string `json:"pointer,omitempty" description:"JSON Pointer into the request body." example:"/email"`
	Parameter string `json:"parameter,omitempty" description:"Name of the query parameter." example:"token"`
}

// APIError is the JSON error body of the API: {"errors":[{status,code,title}]}.
func APIError(c fiber.Ctx, status int, code, title string) error {
	return APIErrors(c, status, APIProblem{Status: status, Code: code, Title: title})
}

// APIErrors answers with a list of problems under one HTTP status.
func APIErrors(c fiber.Ctx, status int, ps ...APIProblem) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return APISend(c, status, apiErrorBody{Errors: ps})
}

// Error codes of the API. EXPIRED_AUTHENTICATION and MissingScope are the
// spec's (000 §8); the rest are ours, lower case like the middleware's.
const (
	apiCodeExpired         = "EXPIRED_AUTHENTICATION"
	APICodeMissingScope    = "MissingScope"
	apiCodeUnauthenticated = "unauthenticated"
	apiCodeInvalidToken    = "invalid_token"
	APICodeInvalidCSRF     = "invalid_csrf"
	APICodeNotFound        = "not_found"
	APICodeInvalid         = "invalid"
	apiCodeInvalidJSON     = "invalid_json"
	apiCodeMediaType       = "unsupported_media_type"
	APICodeTooMany         = "too_many_requests"
	APICodeBadCredentials  = "invalid_credentials"
	APICodeNoOrganisation  = "missing_organisation"
	apiCodeInternal        = "internal_error"
	APICodeUnavailable     = "unavailable"
	apiCodeExpiredLink     = "expired"
	APICodeConflict        = "conflict"
	apiCodeMethod          = "method_not_allowed"
	apiCodeBadRequest      = "bad_request"
)

const (
	apiMsgExpired     = "Your token was expired, please login again" // spec 000 §8
	APIMsgNotFound    = "Not found"
	apiMsgInternal    = "Something went wrong"
	apiMsgUnavailable = "This service is temporarily unavailable. Please try again in a minute."
	apiMsgInvalidCSRF = "Missing or invalid CSRF token"
	apiMsgTooLarge    = "Request body too large"
	// APIMsgNoOrganisation is spec 000 §8's text for a call that names no
	// organisation.
	APIMsgNoOrganisation = "Missing organisation"
)

// APIExpired is the answer to a token or session that ran out (spec 000 §8:
// the client shows the detail and goes back to login).
func APIExpired() *APIProblem {
	return &APIProblem{Status: fiber.StatusUnauthorized, Code: apiCodeExpired, Title: apiMsgExpired, Detail: apiMsgExpired}
}

// apiProviderStatus is the one place where a provider error code
// becomes an API status and code. Title "" takes the operation's text or the
// provider's message (written for users); any other error is internal.
var apiProviderStatus = map[string]APIProblem{
	provider.ENOTFOUND:     {Status: fiber.StatusNotFound, Code: APICodeNotFound},
	provider.EEXPIRED:      {Status: fiber.StatusForbidden, Code: apiCodeExpiredLink},
	provider.EINVALID:      {Status: fiber.StatusUnprocessableEntity, Code: APICodeInvalid},
	provider.ECONFLICT:     {Status: fiber.StatusConflict, Code: APICodeConflict},
	provider.EFORBIDDEN:    {Status: fiber.StatusForbidden, Code: APICodeForbidden},
	provider.EUNAUTHORIZED: *APIExpired(), // a user disabled in the middle of a flow
}

// APITexts are an operation's words for provider error codes: the spec's
// texts (000 §8) and the field a problem points at. A Status here overrides
// the usual one (a public call answers a disabled user's link as unknown).
type APITexts map[string]APIProblem

// APIProviderProblem maps a provider error to the problem to send; nil for
// an internal error, which the caller returns for apiHandler to log.
func APIProviderProblem(err error, texts APITexts) *APIProblem {
	code := provider.ErrorCode(err)
	p, ok := apiProviderStatus[code]
	if !ok {
		return nil
	}
	t := texts[code]
	if t.Status != 0 {
		p.Status, p.Code = t.Status, t.Code
	}
	if t.Title != "" {
		p.Title, p.Detail = t.Title, t.Detail
	}
	if p.Title == "" {
		p.Title = provider.ErrorMessage(err)
	}
	p.Source = t.Source
	return &p
}

// apiRefusal is an error that is answered with its problems: a read
// (APIOrgRead) returns one for a bad query or an unknown account.
type apiRefusal struct {
	Status   int
	Problems []APIProblem
}

func (r *apiRefusal) Error() string { return "refused: " + r.Problems[0].Title }

// APIRefuse is the error answered with status and problems.
func APIRefuse(status int, ps ...APIProblem) error { return &apiRefusal{Status: status, Problems: ps} }

// APIProviderFail answers a failed call: a refusal's problems, a provider
// error's mapped problem, or err (internal) for apiHandler to log and
// answer 500.
func APIProviderFail(c fiber.Ctx, err error, texts APITexts) error {
	if r, ok := errors.AsType[*apiRefusal](err); ok {
		return APIErrors(c, r.Status, r.Problems...)
	}
	if p := APIProviderProblem(err, texts); p != nil {
		// The provider refuses a cursor it did not make (edited, or from
		// another list); the client is told which parameter it was.
		if name, ok := c.Locals(apiCursorKey{}).(string); ok && p.Source == nil && provider.ErrorCode(err) == provider.EINVALID &&
			strings.Contains(strings.ToLower(provider.ErrorMessage(err)), "cursor") {
			p.Source = &APISource{Parameter: name}
		}
		return APIErrors(c, p.Status, *p)
	}
	return err
}

// APIField is a 422 about one request body field.
func APIField(field, title string) APIProblem {
	return APIProblem{Status: fiber.StatusUnprocessableEntity, Code: APICodeInvalid, Title: title,
		Source: &APISource{Pointer: "/" + field}}
}

// apiPointer turns encoding/json's path of a field of t ("edit.apiSections.debtor":
// embedded structs by their Go names) into the JSON Pointer of the body.
func apiPointer(t reflect.Type, path string) string {
	var b strings.Builder
	for seg := range strings.SplitSeq(path, ".") {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() == reflect.Struct {
			if f, ok := t.FieldByName(seg); ok && f.Anonymous {
				t = f.Type
				continue
			}
		}
		b.WriteString("/" + seg)
		t = apiFieldType(t, seg)
	}
	return b.String()
}

// apiFieldType is the type of the JSON member name of t, or t itself
// when it cannot tell (the pointer is then built from the names alone).
func apiFieldType(t reflect.Type, name string) reflect.Type {
	switch t.Kind() {
	case reflect.Struct:
		for f := range t.Fields() {
			if n, _, _ := strings.Cut(f.Tag.Get("json"), ","); n == name || (n == "" && f.Name == name) {
				return f.Type
			}
		}
	case reflect.Map, reflect.Slice, reflect.Array:
		return t.Elem()
	}
	return t
}

// apiExpected says in words what JSON value a field of Go type t takes:
// the person reading it knows JSON, not Go.
func apiExpected(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "Must be text (a JSON string)"
	case reflect.Bool:
		return "Must be true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "Must be a whole number"
	case reflect.Float32, reflect.Float64:
		return "Must be a number"
	case reflect.Slice, reflect.Array:
		return "Must be a list (a JSON array)"
	case reflect.Map, reflect.Struct:
		return "Must be an object with named fields"
	}
	return "Has the wrong type"
}

// APIAuth says how an operation authenticates its caller.
type APIAuth int

const (
	// APIPublic operations need no credential (log in).
	APIPublic APIAuth = iota
	// APIRefresh operations authenticate with the refresh cookie and the
	// X-CSRF-Token header, checked by the handler itself.
	APIRefresh
	// APIBearer operations need an access token (or the browser's session
	// cookie) holding one of the operation's scopes.
	APIBearer
)

// APIOp is one operation of the API: what the router mounts and what the
// OpenAPI document says about it.
type APIOp struct {
	ID          string // operationId, also the anchor on /docs
	Method      string
	Path        string // OpenAPI template under the base: /customer/organisations/{id}
	Tag         string
	Summary     string
	Description string
	Auth        APIAuth
	// Scopes: the caller needs one of them (APIBearer only).
	Scopes []string
	// CookieCSRF: a caller authenticated by the session cookie must send
	// X-CSRF-Token even on GET, because the call spends a limit of the
	// session that another site must not use up (the approval poll).
	CookieCSRF bool
	Params     []OAParameter
	Body       reflect.Type // JSON request body (APIBody), nil for none
	// Form is a multipart/form-data request body, its parts the fields of a
	// struct (APIBody): a part with format:"binary" is a file, and its
	// media:"…" tag the file's media type.
	Form      reflect.Type
	Responses []APIResponse
	Handler   APIHandlerFunc
	// BodyLimit raises the request body limit as Route.BodyLimit does (the
	// batch upload's multipart body); 0 keeps the default.
	BodyLimit int
	// Needs, on an operation that changes something of one organisation,
	// are the permissions its caller's role must all grant. The router
	// checks them before Handler runs, in the order reads check theirs:
	// membership of the organisation (a non-member gets the 404 of an
	// unknown one), then every permission (403), then Service; Handler
	// finds the organisation in APICaller.OrgID. /docs says them.
	Needs []access.Permission
	// Service answers when the provider lacks what the change needs (nil:
	// always there).
	Service func(*Server) *APIProblem
	// Org names the organisation of a change when it is not the {id} path
	// parameter; an error is answered as the provider's are.
	Org func(s *Server, c fiber.Ctx, a *APICaller) (string, error)
	// orgRead marks an organisation read made by APIReadOp, which runs
	// APIOrgRead with readPerms (none: membership is enough).
	orgRead   bool
	readPerms []access.Permission
}

// Permissions are what the operation's caller needs in its organisation,
// a read's or a change's.
func (op *APIOp) Permissions() []access.Permission {
	if op.orgRead {
		return op.readPerms
	}
	return op.Needs
}

// WithReplies is op documenting rs too.
func (op APIOp) WithReplies(rs ...APIResponse) APIOp {
	op.Responses = append(slices.Clone(op.Responses), rs...)
	return op
}

// OrgRead reports whether the operation is an organisation read made by
// APIReadOp, with the permissions it needs.
func (op *APIOp) OrgRead() ([]access.Permission, bool) { return op.readPerms, op.orgRead }

// APIHandlerFunc runs an operation; a is nil for APIPublic and APIRefresh.
type APIHandlerFunc = func(s *Server, c fiber.Ctx, a *APICaller) error

// APIResponse documents one status of an operation: Type is the Go type of
// its JSON body (APIOK, APIErrorReply), nil for none.
type APIResponse struct {
	Status      int
	Description string
	Type        reflect.Type
	Headers     map[string]OAHeader
	// Media are the media types of a body that is no JSON (Type nil): a
	// download.
	Media []string
}

// fiberPath turns "/x/{id}/y" into Fiber's "/x/:id/y".
func fiberPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '{':
			b.WriteByte(':')
		case '}':
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String()
}

// APICaller is who an authenticated operation runs for.
type APICaller struct {
	User    provider.User
	Session *session.Session
	// Claims is nil when the browser's session cookie authenticated the call.
	Claims *token.Claims
	// OrgID is the organisation a change runs for, checked by the router
	// against the operation's Needs (empty for other operations).
	OrgID string
}

// ViaCookie reports whether the page session cookie authenticated the call.
func (a *APICaller) ViaCookie() bool { return a.Claims == nil }

func (s *Server) mountAPI() {
	// Every API response, the not-found answer under /api included, is JSON
	// that must not be cached: it carries personal and financial data.
	s.app.Use("/api", s.apiHeaders)
	s.app.Get("/api/openapi.json", s.openAPIJSON)
	ops := mountOrder(s.apiOps, func(op APIOp) string { return op.Path })
	for _, base := range apiBases {
		for i := range ops {
			op := &ops[i]
			s.app.Add([]string{op.Method}, base+fiberPath(op.Path), s.apiHandler(op))
		}
	}
}

func (s *Server) apiHeaders(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Next()
}

// apiHandler wraps an operation in its authentication and turns a failure
// into the API's JSON error (never the HTML error page).
func (s *Server) apiHandler(op *APIOp) fiber.Handler {
	return func(c fiber.Ctx) (err error) {
		defer func() {
			if p := recover(); p != nil {
				s.Logger.Error("api panic", "request_id", Req(c).ID, "op", op.ID, "panic", fmt.Sprint(p))
				err = APIError(c, fiber.StatusInternalServerError, apiCodeInternal, apiMsgInternal)
			}
		}()
		var caller *APICaller
		if op.Auth == APIBearer {
			a, prob, err := s.apiAuthenticate(c, op)
			if err != nil {
				return s.apiInternal(c, op, err)
			}
			if prob != nil {
				err := APIErrors(c, prob.Status, *prob)
				s.apiCheckReply(c, op)
				return err
			}
			caller = a
			Req(c).Caller = a
			if len(op.Needs) > 0 {
				if ok, err := s.apiChangeAllowed(c, op, a); !ok {
					if err != nil {
						return s.apiInternal(c, op, err)
					}
					s.apiCheckReply(c, op)
					return nil
				}
			}
		}
		if err := op.Handler(s, c, caller); err != nil {
			return s.apiInternal(c, op, err)
		}
		s.apiCheckReply(c, op)
		return nil
	}
}

func (s *Server) apiInternal(c fiber.Ctx, op *APIOp, err error) error {
	if Unavailable(err) {
		return s.apiUnavailable(c, err)
	}
	s.Logger.Error("api request failed", "request_id", Req(c).ID, "op", op.ID, "method", c.Method(), "path", c.Path(), "err", err)
	return APIError(c, fiber.StatusInternalServerError, apiCodeInternal, apiMsgInternal)
}

// maxJSONBody caps request bodies of the JSON operations (a login is tiny;
// 64-character passwords and longer fit many times over).
const maxJSONBody = 8 << 10

// DecodeJSON reads a JSON object body into v. It insists on a JSON content
// type: a cross-site form cannot send one without a CORS preflight, which
// the portal never grants. A problem is returned for the caller to send.
func DecodeJSON(c fiber.Ctx, v any) *APIProblem {
	c.Locals(apiDecodedKey{}, reflect.TypeOf(v).Elem())
	mt, _, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || mt != fiber.MIMEApplicationJSON {
		return &APIProblem{Status: fiber.StatusUnsupportedMediaType, Code: apiCodeMediaType,
			Title: "Send the request body as application/json"}
	}
	body := c.Body()
	if len(body) > maxJSONBody {
		return &APIProblem{Status: fiber.StatusRequestEntityTooLarge, Code: APICodeInvalid, Title: apiMsgTooLarge}
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return &APIProblem{Status: fiber.StatusUnprocessableEntity, Code: APICodeInvalid,
				Title: apiExpected(te.Type), Source: &APISource{Pointer: apiPointer(reflect.TypeOf(v).Elem(), te.Field)}}
		}
		return &APIProblem{Status: fiber.StatusBadRequest, Code: apiCodeInvalidJSON, Title: "The request body is not a JSON object"}
	}
	return nil
}
