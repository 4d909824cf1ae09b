package api

import (
	"encoding/json"
	"errors"
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

// Bases are the version prefixes the API answers on.
var Bases = []string{"/api/v1", "/api/v2"}

// Problem is one entry of the API's error list. The spec's auth forms map
// such a list to fields (source pointer) or to a base alert (no source).
type Problem struct {
	_      struct{} `name:"Error" description:"One problem with the request."`
	Status int      `json:"status" description:"HTTP status of the reply." example:"422"`
	Code   string   `json:"code" description:"Machine-readable code: EXPIRED_AUTHENTICATION, MissingScope, invalid, invalid_credentials, invalid_csrf, invalid_token, not_found, too_many_requests, …" example:"invalid"`
	Title  string   `json:"title" description:"Human-readable message, ready to show." example:"Must be a valid email"`
	Detail string   `json:"detail,omitempty" description:"More about the problem."`
	Source *Source  `json:"source,omitempty" description:"The request field the problem is about."`
}

// Source points at the request field an error is about: a body field
// (JSON Pointer) or a query parameter.
type Source struct {
	Pointer   string `json:"pointer,omitempty" description:"JSON Pointer into the request body." example:"/email"`
	Parameter string `json:"parameter,omitempty" description:"Name of the query parameter." example:"token"`
}

// Error is the JSON error body of the API: {"errors":[{status,code,title}]}.
func Error(c fiber.Ctx, status int, code, title string) error {
	return Errors(c, status, Problem{Status: status, Code: code, Title: title})
}

// Errors answers with a list of problems under one HTTP status.
func Errors(c fiber.Ctx, status int, ps ...Problem) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return Send(c, status, ErrorBody{Errors: ps})
}

// Error codes of the API. EXPIRED_AUTHENTICATION and MissingScope are the
// spec's (000 §8); the rest are ours, lower case like the middleware's.
const (
	CodeExpired         = "EXPIRED_AUTHENTICATION"
	CodeMissingScope    = "MissingScope"
	CodeUnauthenticated = "unauthenticated"
	CodeInvalidToken    = "invalid_token"
	CodeInvalidCSRF     = "invalid_csrf"
	CodeNotFound        = "not_found"
	CodeInvalid         = "invalid"
	apiCodeInvalidJSON  = "invalid_json"
	CodeMediaType       = "unsupported_media_type"
	CodeTooMany         = "too_many_requests"
	CodeBadCredentials  = "invalid_credentials"
	CodeNoOrganisation  = "missing_organisation"
	CodeInternal        = "internal_error"
	CodeUnavailable     = "unavailable"
	apiCodeExpiredLink  = "expired"
	CodeConflict        = "conflict"
	CodeMethod          = "method_not_allowed"
	CodeBadRequest      = "bad_request"
)

const (
	MsgExpired     = "Your token was expired, please login again" // spec 000 §8
	MsgNotFound    = "Not found"
	MsgInternal    = "Something went wrong"
	MsgUnavailable = "This service is temporarily unavailable. Please try again in a minute."
	MsgInvalidCSRF = "Missing or invalid CSRF token"
	MsgTooLarge    = "Request body too large"
	// MsgNoOrganisation is spec 000 §8's text for a call that names no
	// organisation.
	MsgNoOrganisation = "Missing organisation"
)

// Expired is the answer to a token or session that ran out (spec 000 §8:
// the client shows the detail and goes back to login).
func Expired() *Problem {
	return &Problem{Status: fiber.StatusUnauthorized, Code: CodeExpired, Title: MsgExpired, Detail: MsgExpired}
}

// apiProviderStatus is the one place where a provider error code
// becomes an API status and code. Title "" takes the operation's text or the
// provider's message (written for users); any other error is internal.
var apiProviderStatus = map[string]Problem{
	provider.ENOTFOUND:     {Status: fiber.StatusNotFound, Code: CodeNotFound},
	provider.EEXPIRED:      {Status: fiber.StatusForbidden, Code: apiCodeExpiredLink},
	provider.EINVALID:      {Status: fiber.StatusUnprocessableEntity, Code: CodeInvalid},
	provider.ECONFLICT:     {Status: fiber.StatusConflict, Code: CodeConflict},
	provider.EFORBIDDEN:    {Status: fiber.StatusForbidden, Code: CodeForbidden},
	provider.EUNAUTHORIZED: *Expired(), // a user disabled in the middle of a flow
}

// Texts are an operation's words for provider error codes: the spec's
// texts (000 §8) and the field a problem points at. A Status here overrides
// the usual one (a public call answers a disabled user's link as unknown).
type Texts map[string]Problem

// ProviderProblem maps a provider error to the problem to send; nil for
// an internal error, which the caller returns for the router to log.
func ProviderProblem(err error, texts Texts) *Problem {
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
// (ReadOp) returns one for a bad query or an unknown account.
type apiRefusal struct {
	Status   int
	Problems []Problem
}

func (r *apiRefusal) Error() string { return "refused: " + r.Problems[0].Title }

// Refuse is the error answered with status and problems.
func Refuse(status int, ps ...Problem) error { return &apiRefusal{Status: status, Problems: ps} }

// ProviderFail answers a failed call: a refusal's problems, a provider
// error's mapped problem, or err (internal) for the router to log and
// answer 500.
func ProviderFail(c fiber.Ctx, err error, texts Texts) error {
	if r, ok := errors.AsType[*apiRefusal](err); ok {
		return Errors(c, r.Status, r.Problems...)
	}
	if p := ProviderProblem(err, texts); p != nil {
		// The provider refuses a cursor it did not make (edited, or from
		// another list); the client is told which parameter it was.
		if name, ok := c.Locals(apiCursorKey{}).(string); ok && p.Source == nil && provider.ErrorCode(err) == provider.EINVALID &&
			strings.Contains(strings.ToLower(provider.ErrorMessage(err)), "cursor") {
			p.Source = &Source{Parameter: name}
		}
		return Errors(c, p.Status, *p)
	}
	return err
}

// Field is a 422 about one request body field.
func Field(field, title string) Problem {
	return Problem{Status: fiber.StatusUnprocessableEntity, Code: CodeInvalid, Title: title,
		Source: &Source{Pointer: "/" + field}}
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

// Auth says how an operation authenticates its caller.
type Auth int

const (
	// Public operations need no credential (log in).
	Public Auth = iota
	// Refresh operations authenticate with the refresh cookie and the
	// X-CSRF-Token header, checked by the handler itself.
	Refresh
	// Bearer operations need an access token (or the browser's session
	// cookie) holding one of the operation's scopes.
	Bearer
)

// Op is one operation of the API: what the router mounts and what the
// OpenAPI document says about it.
type Op struct {
	ID          string // operationId, also the anchor on /docs
	Method      string
	Path        string // OpenAPI template under the base: /customer/organisations/{id}
	Tag         string
	Summary     string
	Description string
	Auth        Auth
	// Scopes: the caller needs one of them (Bearer only).
	Scopes []string
	// CookieCSRF: a caller authenticated by the session cookie must send
	// X-CSRF-Token even on GET, because the call spends a limit of the
	// session that another site must not use up (the approval poll).
	CookieCSRF bool
	Params     []Parameter
	Body       reflect.Type // JSON request body (Body), nil for none
	// Form is a multipart/form-data request body, its parts the fields of a
	// struct (Body): a part with format:"binary" is a file, and its
	// media:"…" tag the file's media type.
	Form      reflect.Type
	Responses []Response
	Handler   HandlerFunc
	// BodyLimit raises the request body limit as Route.BodyLimit does (the
	// batch upload's multipart body); 0 keeps the default.
	BodyLimit int
	// Needs, on an operation that changes something of one organisation,
	// are the permissions its caller's role must all grant. The router
	// checks them before Handler runs, in the order reads check theirs:
	// membership of the organisation (a non-member gets the 404 of an
	// unknown one), then every permission (403), then Service; Handler
	// finds the organisation in Caller.OrgID. /docs says them.
	Needs []access.Permission
	// Off says the service the operation needs is not configured (its
	// area's Off): after the checks of Needs, the call answers 404 not
	// found, as an unknown route would.
	Off bool
	// Service answers when the provider lacks what the change needs (nil:
	// always there); it runs where Off is checked.
	Service func() *Problem
	// Org names the organisation of a change when it is not the {id} path
	// parameter; an error is answered as the provider's are.
	Org func(c fiber.Ctx, a *Caller) (string, error)
	// Texts are a read's words for the provider's error codes (ReadOp).
	Texts Texts
	// Read, set by ReadOp, makes the operation an organisation read: the
	// router runs the checks of readPerms (none: membership is enough) and
	// then Read instead of Handler.
	Read      func(c fiber.Ctx, r OrgCall) error
	readPerms []access.Permission
}

// Permissions are what the operation's caller needs in its organisation,
// a read's or a change's.
func (op *Op) Permissions() []access.Permission {
	if op.Read != nil {
		return op.readPerms
	}
	return op.Needs
}

// WithReplies is op documenting rs too.
func (op Op) WithReplies(rs ...Response) Op {
	op.Responses = append(slices.Clone(op.Responses), rs...)
	return op
}

// OrgRead reports whether the operation is an organisation read made by
// ReadOp, with the permissions it needs.
func (op *Op) OrgRead() ([]access.Permission, bool) { return op.readPerms, op.Read != nil }

// HandlerFunc runs an operation; a is nil for Public and Refresh.
type HandlerFunc = func(c fiber.Ctx, a *Caller) error

// Response documents one status of an operation: Type is the Go type of
// its JSON body (OK, ErrorReply), nil for none.
type Response struct {
	Status      int
	Description string
	Type        reflect.Type
	Headers     map[string]Header
	// Media are the media types of a body that is no JSON (Type nil): a
	// download.
	Media []string
}

// FiberPath turns "/x/{id}/y" into Fiber's "/x/:id/y".
func FiberPath(p string) string {
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

// Caller is who an authenticated operation runs for.
type Caller struct {
	User    provider.User
	Session *session.Session
	// Claims is nil when the browser's session cookie authenticated the call.
	Claims *token.Claims
	// OrgID is the organisation a change runs for, checked by the router
	// against the operation's Needs (empty for other operations).
	OrgID string
}

// ViaCookie reports whether the page session cookie authenticated the call.
func (a *Caller) ViaCookie() bool { return a.Claims == nil }

// MaxJSONBody caps request bodies of the JSON operations (a login is tiny;
// 64-character passwords and longer fit many times over).
const MaxJSONBody = 8 << 10

// DecodeJSON reads a JSON object body into v. It insists on a JSON content
// type: a cross-site form cannot send one without a CORS preflight, which
// the portal never grants. A problem is returned for the caller to send.
func DecodeJSON(c fiber.Ctx, v any) *Problem {
	c.Locals(apiDecodedKey{}, reflect.TypeOf(v).Elem())
	mt, _, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || mt != fiber.MIMEApplicationJSON {
		return &Problem{Status: fiber.StatusUnsupportedMediaType, Code: CodeMediaType,
			Title: "Send the request body as application/json"}
	}
	body := c.Body()
	if len(body) > MaxJSONBody {
		return &Problem{Status: fiber.StatusRequestEntityTooLarge, Code: CodeInvalid, Title: MsgTooLarge}
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return &Problem{Status: fiber.StatusUnprocessableEntity, Code: CodeInvalid,
				Title: apiExpected(te.Type), Source: &Source{Pointer: apiPointer(reflect.TypeOf(v).Elem(), te.Field)}}
		}
		return &Problem{Status: fiber.StatusBadRequest, Code: apiCodeInvalidJSON, Title: "The request body is not a JSON object"}
	}
	return nil
}

// UnsafeMethod reports whether a request with method m may change something
// (and so needs a CSRF token).
func UnsafeMethod(m string) bool {
	return m != fiber.MethodGet && m != fiber.MethodHead && m != fiber.MethodOptions
}

const (
	// RefreshCookie holds the refresh session's id.
	RefreshCookie = "portal_refresh"
	// CSRFHeader carries the CSRF token on cookie-authenticated calls.
	CSRFHeader = "X-CSRF-Token"
)
