package api

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/money"
	"portal/provider"
	"portal/session"
)

// The OpenAPI 3.1 document of the API, built as a Go value from the
// operation table (server.Server.APIOperations), served at /api/openapi.json and rendered
// at /docs. Handlers, guards and documentation come from the same entries,
// so what is documented is what is mounted.

type Document struct {
	OpenAPI    string                 `json:"openapi"`
	Info       oaInfo                 `json:"info"`
	Servers    []oaServer             `json:"servers"`
	Tags       []oaTag                `json:"tags"`
	Paths      map[string]*oaPathItem `json:"paths"`
	Components oaComponents           `json:"components"`
}

type oaInfo struct {
	Title       string    `json:"title"`
	Version     string    `json:"version"`
	Description string    `json:"description,omitempty"`
	License     oaLicense `json:"license"`
}

type oaLicense struct {
	Name       string `json:"name"`
	Identifier string `json:"identifier"`
}

// apiLicense is what the document says of its licence. The API and its document are not
// published under any licence: customers use them under their agreement with the provider,
// and the portal has no terms page to link to. OpenAPI wants a name and an SPDX identifier
// or a url; a LicenseRef- identifier is SPDX's form for terms that are no listed licence.
var apiLicense = oaLicense{
	Name:       "Proprietary: for the provider's customers under their customer agreement; no other licence is granted",
	Identifier: "LicenseRef-Customer-Agreement",
}

// oaTags describe the operations' tags, in the document's order of first
// use; buildOpenAPI refuses a tag that is not here, so /docs and clients
// never meet an unexplained group.
var oaTags = map[string]string{
	"Authentication":              "Log in, refresh the access token, log out.",
	"Organisation and customer":   "The user, their organisations, the default one, feature flags, configuration and contracted products.",
	"Alerts":                      "Messages for the organisation's users.",
	"Multi-factor authentication": "The second factor: verify, set up and change SMS, authenticator app or push approval.",
	"Passwords and invitations":   "Forgotten password, reset, change, and accepting an invitation.",
	"Statistics":                  "The dashboard's figures for a period.",
	"Funding":                     "How to fund an account: bank details and crypto funding.",
	"Crypto":                      "Crypto funding addresses and their rates.",
	"Payout requests":             "Payouts: the list, one payout, its documents and cancellation.",
	"Payout drafts":               "Manual payouts being built, reviewed and published, with the product data the wizard needs.",
	"Payout batches":              "CSV uploads of many payouts, their review and rows.",
	"Receivers":                   "Saved payees of the organisation.",
	"Collection orders":           "Orders to collect money, their payments and refunds.",
	"Withdrawals":                 "Money out to the organisation's own accounts, and their review.",
	"Virtual bank":                "Accounts, their transactions and transfers between them.",
	"FX":                          "Exchange rates and conversions between the organisation's accounts.",
	"Payout reports":              "CSV reports of payouts, generated in the background and downloaded.",
	"Statements":                  "Account statements (CSV or camt.053), generated in the background and downloaded.",
	"Users":                       "The organisation's members and invitations, and their roles.",
	"Search":                      "One identifier across the organisation's records.",
	"Audit log":                   "The organisation's tamper-evident log of security and money events, and its verification.",
}

type oaServer struct {
	URL         string `json:"url"`
	Description string `json:"description,omitempty"`
}

type oaTag struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

type oaPathItem struct {
	Get    *oaOperation `json:"get,omitempty"`
	Post   *oaOperation `json:"post,omitempty"`
	Put    *oaOperation `json:"put,omitempty"`
	Patch  *oaOperation `json:"patch,omitempty"`
	Delete *oaOperation `json:"delete,omitempty"`
}

// slot returns the field of the path item that holds method's operation.
func (p *oaPathItem) slot(method string) **oaOperation {
	switch method {
	case fiber.MethodGet:
		return &p.Get
	case fiber.MethodPost:
		return &p.Post
	case fiber.MethodPut:
		return &p.Put
	case fiber.MethodPatch:
		return &p.Patch
	case fiber.MethodDelete:
		return &p.Delete
	}
	panic("openapi: method " + method)
}

// Operations lists the path item's operations by method.
func (p *oaPathItem) Operations() map[string]*oaOperation {
	out := map[string]*oaOperation{}
	for _, m := range []string{fiber.MethodGet, fiber.MethodPost, fiber.MethodPut, fiber.MethodPatch, fiber.MethodDelete} {
		if op := *p.slot(m); op != nil {
			out[m] = op
		}
	}
	return out
}

type oaSecurityRequirement map[string][]string

type oaOperation struct {
	OperationID string   `json:"operationId"`
	Summary     string   `json:"summary"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	// Security is never nil: an empty list says "no credential".
	Security    []oaSecurityRequirement `json:"security"`
	Parameters  []Parameter             `json:"parameters,omitempty"`
	RequestBody *oaRequestBody          `json:"requestBody,omitempty"`
	Responses   map[string]*oaResponse  `json:"responses"`
}

type Parameter struct {
	Name        string `json:"name"`
	In          string `json:"in"` // path, query, header, cookie
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
	// AllowEmptyValue is set by buildOpenAPI on every optional query
	// parameter: the API takes an empty value (page_size=) as absent.
	AllowEmptyValue bool    `json:"allowEmptyValue,omitempty"`
	Schema          *Schema `json:"schema"`
}

type oaRequestBody struct {
	Description string             `json:"description,omitempty"`
	Required    bool               `json:"required"`
	Content     map[string]oaMedia `json:"content"`
}

type oaMedia struct {
	Schema   *Schema               `json:"schema"`
	Encoding map[string]oaEncoding `json:"encoding,omitempty"`
}

// oaEncoding is the media type of one part of a multipart body.
type oaEncoding struct {
	ContentType string `json:"contentType"`
}

type oaResponse struct {
	Description string             `json:"description"`
	Headers     map[string]Header  `json:"headers,omitempty"`
	Content     map[string]oaMedia `json:"content,omitempty"`
}

type Header struct {
	Description string  `json:"description,omitempty"`
	Schema      *Schema `json:"schema"`
}

type oaComponents struct {
	Schemas         map[string]*Schema          `json:"schemas"`
	SecuritySchemes map[string]oaSecurityScheme `json:"securitySchemes"`
}

type oaSecurityScheme struct {
	Type         string `json:"type"`
	Description  string `json:"description,omitempty"`
	Name         string `json:"name,omitempty"`
	In           string `json:"in,omitempty"`
	Scheme       string `json:"scheme,omitempty"`
	BearerFormat string `json:"bearerFormat,omitempty"`
}

// Schema is the subset of JSON Schema (2020-12, OpenAPI 3.1's dialect)
// the API needs. Request and reply schemas are reflected from Go types
// (api_schema.go); parameters are written here.
type Schema struct {
	Ref                  string             `json:"$ref,omitempty"`
	Type                 string             `json:"type,omitempty"`
	Format               string             `json:"format,omitempty"`
	Description          string             `json:"description,omitempty"`
	Enum                 []string           `json:"enum,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	Required             []string           `json:"required,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	PrefixItems          []*Schema          `json:"prefixItems,omitempty"`
	MinItems             *int               `json:"minItems,omitempty"`
	MaxItems             *int               `json:"maxItems,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	MinProperties        *int               `json:"minProperties,omitempty"`
	MaxProperties        *int               `json:"maxProperties,omitempty"`
	MinLength            *int               `json:"minLength,omitempty"`
	MaxLength            *int               `json:"maxLength,omitempty"`
	Pattern              string             `json:"pattern,omitempty"`
	Minimum              *int               `json:"minimum,omitempty"`
	Maximum              *int               `json:"maximum,omitempty"`
	Example              any                `json:"example,omitempty"`
	// order keeps the properties in the order of the Go fields, for /docs.
	order []string
}

// PropertyNames are the properties in the order of the Go fields.
func (s *Schema) PropertyNames() []string {
	if len(s.order) == len(s.Properties) {
		return s.order
	}
	return slices.Sorted(maps.Keys(s.Properties))
}

// Schema helpers.

const oaRefPrefix = "#/components/schemas/"

func oaRef(name string) *Schema { return &Schema{Ref: oaRefPrefix + name} }

func String(desc string) *Schema  { return &Schema{Type: "string", Description: desc} }
func Bool(desc string) *Schema    { return &Schema{Type: "boolean", Description: desc} }
func Integer(desc string) *Schema { return &Schema{Type: "integer", Description: desc} }

func (s *Schema) WithFormat(f string) *Schema { s.Format = f; return s }

// WithRange bounds an integer: the same numbers the handler checks with.
func (s *Schema) WithRange(lo, hi int) *Schema { s.Minimum, s.Maximum = &lo, &hi; return s }

// WithMinLength: a string of at least n characters.
func (s *Schema) WithMinLength(n int) *Schema  { s.MinLength = &n; return s }
func (s *Schema) WithEnum(v ...string) *Schema { s.Enum = v; return s }

// WithProperty adds a property after those there, listed as required or
// not (an OASchema method builds an object this way).
func (s *Schema) WithProperty(name string, p *Schema, required bool) *Schema {
	if s.Properties == nil {
		s.Properties = map[string]*Schema{}
	}
	s.Properties[name] = p
	s.order = append(s.order, name)
	if required {
		s.Required = append(s.Required, name)
	}
	return s
}
func (s *Schema) WithExample(v any) *Schema { s.Example = v; return s }

// oaEnums are the value lists that enum:"@name" tags name: kept in Go, so
// a value the code accepts reaches the document with it.
var oaEnums = map[string]func() []string{
	"roles":           func() []string { return access.Roles },
	"alert_types":     func() []string { return []string{provider.AlertInfo, provider.AlertWarning, provider.AlertError} },
	"entry_types":     provider.EntryTypes,
	"statement_kinds": func() []string { return []string{provider.KindTransactions, provider.KindCharges} },
	"statement_states": func() []string {
		return []string{provider.StatementQueued, provider.StatementGenerating, provider.StatementReady, provider.StatementFailed}
	},
	"export_states":            provider.ExportStates,
	"payout_report_categories": provider.PayoutReportCategories,
	"statement_formats":        provider.StatementFormats,
	"payout_statuses":          provider.PayoutStatusCodes,
	"audit_kinds":              provider.AuditKindNames,
	"approval_states": func() []string {
		return []string{provider.ApprovalPending, provider.ApprovalApproved, provider.ApprovalDenied, provider.ApprovalExpired}
	},
}

// Parameters and responses shared by operations.

var OrgIDParam = Parameter{Name: "id", In: "path", Required: true,
	Description: "Organisation id. An organisation the user is not a member of answers 404, as an unknown one does.",
	Schema:      String("").WithFormat("uuid")}

// OrgParams are an operation's parameters under /organisations/{id}: OrgIDParam, then
// more.
func OrgParams(more ...Parameter) []Parameter {
	return append([]Parameter{OrgIDParam}, more...)
}

// OrgHeaderParam names the organisation in X-Organisation-ID, for the operations whose
// path does not.
var OrgHeaderParam = Parameter{Name: HeaderOrganisation, In: "header", Required: true,
	Description: "The organisation; a non-member gets 404, as for an unknown one.", Schema: String("").WithFormat("uuid")}

// QueryParam is an optional string parameter of the query.
func QueryParam(name, desc string) Parameter {
	return Parameter{Name: name, In: "query", Description: desc, Schema: String("")}
}

func ErrorReply(status int, desc string) Response {
	return OK[ErrorBody](status, desc)
}

// With adds headers to a documented reply.
func (r Response) With(h map[string]Header) Response { r.Headers = h; return r }

// RetryAfter documents the Retry-After header of a 429 or a 503.
var RetryAfter = map[string]Header{"Retry-After": {Description: "Seconds until a new attempt may succeed.", Schema: Integer("")}}

func ReplyTooMany(desc string) Response {
	return ErrorReply(fiber.StatusTooManyRequests, desc).With(RetryAfter)
}

var (
	ReplyUnavailable = ErrorReply(fiber.StatusServiceUnavailable,
		"The attempt counter is unavailable; the call is refused rather than left uncounted (code unavailable).").With(RetryAfter)
	ReplyUnauthorized = ErrorReply(fiber.StatusUnauthorized,
		"No valid credential: code EXPIRED_AUTHENTICATION (detail \"Your token was expired, please login again\") when the token expired or its session ended (refresh, else log in again), invalid_token or unauthenticated otherwise.")
	ReplyForbidden = ErrorReply(fiber.StatusForbidden,
		"Code MissingScope when the credential lacks the scope; invalid_csrf when a cookie-authenticated change lacks X-CSRF-Token.")
	ReplyNotFound = ErrorReply(fiber.StatusNotFound, "Not a member of the organisation, or no such organisation (not told apart).")
	// ReplyNoAuth answers an operation that needs Deps.Auth without it.
	ReplyNoAuth = ErrorReply(fiber.StatusNotFound, "The provider offers no multi-factor authentication or passwords here (code not_found).")
)

var (
	ScopesDashboard = []string{session.ScopeDashboard}
	ScopesAny       = []string{session.ScopeLogin, session.ScopeDashboard}
)

// WithCommonReplies documents, once for every operation, the replies that
// do not depend on it: the edge's refusals (edge, the server's limits), which come before
// any authentication; an internal error; for Bearer the credential's 401
// and 403; and DecodeJSON's refusals for an operation with a JSON body. An
// operation that words one of these statuses itself keeps its words, with
// the common cause added, so each status is documented once with every
// cause.
func WithCommonReplies(ops []Op, edge []Response) []Op {
	for i := range ops {
		op := &ops[i]
		// Areas build their entries from shared parts: what is added here
		// must not reach another operation through a shared array.
		op.Responses = slices.Clone(op.Responses)
		common := slices.Clone(edge)
		if op.Auth == Bearer {
			common = append(common, ReplyUnauthorized, ReplyForbidden)
		}
		if op.Body != nil {
			common = append(common, apiBodyErrors()...)
		}
		for _, p := range op.Params {
			if p.In == "header" && p.Name == HeaderOrganisation {
				common = append(common, ErrorReply(fiber.StatusNotFound,
					"Without "+HeaderOrganisation+": code missing_organisation, title '"+MsgNoOrganisation+"'."))
			}
		}
		for _, r := range common {
			have := op.Response(r.Status)
			switch {
			case have == nil:
				op.Responses = append(op.Responses, r)
			case have.Description != r.Description && !strings.Contains(have.Description, r.Description):
				have.Description += " Also: " + r.Description
			}
		}
	}
	return ops
}

// apiBodyErrors are DecodeJSON's answers.
func apiBodyErrors() []Response {
	return []Response{
		ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
		ErrorReply(fiber.StatusRequestEntityTooLarge, fmt.Sprintf("A JSON body is larger than %s bytes (code invalid).", money.Group(strconv.Itoa(MaxJSONBody)))),
		ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json (code unsupported_media_type)."),
		ErrorReply(fiber.StatusUnprocessableEntity, "A field has the wrong JSON type (source.pointer names it)."),
	}
}

// Security scheme names.
const (
	oaSecBearer  = "bearerAuth"
	oaSecCookie  = "cookieAuth"
	oaSecRefresh = "refreshCookie"
	oaSecCSRF    = "csrfToken"
)

// security says which credentials an operation accepts (one of the listed
// requirements; every scheme within one). Scopes are listed as OpenAPI 3.1
// allows for non-OAuth schemes.
func (op *Op) security() []oaSecurityRequirement {
	switch op.Auth {
	case Refresh:
		return []oaSecurityRequirement{{oaSecRefresh: {}, oaSecCSRF: {}}}
	case Bearer:
		cookie := oaSecurityRequirement{oaSecCookie: op.Scopes}
		if UnsafeMethod(op.Method) || op.CookieCSRF {
			cookie[oaSecCSRF] = []string{}
		}
		return []oaSecurityRequirement{{oaSecBearer: op.Scopes}, cookie}
	}
	return []oaSecurityRequirement{}
}

// buildOpenAPI turns the operation table into the document.
func buildOpenAPI(ops []Op) *Document {
	doc := &Document{
		OpenAPI: "3.1.0",
		Info: oaInfo{Title: "Portal API", Version: "1", License: apiLicense,
			Description: "JSON API of the customer portal. Replies are JSON and never cached. Errors are a list under errors; " +
				"a field error points at the field with source.pointer. Customers use the API under their customer agreement; " +
				"no other licence is granted."},
		Servers: []oaServer{{URL: "/api/v1", Description: "Version 1"}, {URL: "/api/v2", Description: "Version 2 (same operations)"}},
		Paths:   map[string]*oaPathItem{},
		Components: oaComponents{
			SecuritySchemes: map[string]oaSecurityScheme{
				oaSecBearer: {Type: "http", Scheme: "bearer", BearerFormat: "JWT",
					Description: "Access token from log in or refresh, as Authorization: Bearer <token>. It is checked against its server session on every call."},
				oaSecCookie: {Type: "apiKey", In: "cookie", Name: "portal_session",
					Description: "The browser's session cookie (named __Host-portal_session over HTTPS), for the portal's own pages. Changes also need X-CSRF-Token."},
				oaSecRefresh: {Type: "apiKey", In: "cookie", Name: RefreshCookie,
					Description: "The refresh cookie set at log in (HttpOnly, SameSite=Strict, Path=/api)."},
				oaSecCSRF: {Type: "apiKey", In: "header", Name: CSRFHeader,
					Description: "The session's CSRF token: csrf_token from log in for refresh, the page's token for cookie-authenticated changes."},
			},
		},
	}
	r := NewReflector()
	// Error first: every operation's error replies refer to it.
	r.schema(reflect.TypeFor[ErrorBody]())
	// Replies before requests: a type met in a request body after it is
	// a reply's gets a request component of its own (Reflector.request).
	for i := range ops {
		for _, rs := range ops[i].Responses {
			if rs.Type != nil {
				r.schema(rs.Type)
			}
		}
	}
	seenTag := map[string]bool{}
	for i := range ops {
		op := &ops[i]
		if !seenTag[op.Tag] {
			seenTag[op.Tag] = true
			desc, ok := oaTags[op.Tag]
			if !ok {
				panic("openapi: " + op.ID + ": tag " + op.Tag + " has no description in oaTags")
			}
			doc.Tags = append(doc.Tags, oaTag{Name: op.Tag, Description: desc})
		}
		o := &oaOperation{OperationID: op.ID, Summary: op.Summary, Description: op.describe(), Tags: []string{op.Tag},
			Security: op.security(), Parameters: oaParams(op.Params), Responses: map[string]*oaResponse{}}
		switch {
		case op.Body != nil && op.Form != nil:
			panic("openapi: " + op.ID + " reads a JSON body and a form")
		case op.Body != nil:
			o.RequestBody = &oaRequestBody{Required: true, Content: map[string]oaMedia{fiber.MIMEApplicationJSON: {Schema: r.RequestSchema(op.Body)}}}
		case op.Form != nil:
			o.RequestBody = &oaRequestBody{Required: true, Content: map[string]oaMedia{fiber.MIMEMultipartForm: {
				Schema: r.RequestSchema(op.Form), Encoding: oaPartMedia(op.Form)}}}
		}
		for _, rs := range op.Responses {
			res := &oaResponse{Description: rs.Description, Headers: rs.Headers}
			switch {
			case rs.Type != nil:
				res.Content = map[string]oaMedia{fiber.MIMEApplicationJSON: {Schema: r.schema(rs.Type)}}
			case len(rs.Media) > 0:
				res.Content = map[string]oaMedia{}
				for _, mt := range rs.Media {
					res.Content[mt] = oaMedia{Schema: &Schema{Type: "string", Format: "binary"}}
				}
			}
			key := strconv.Itoa(rs.Status)
			if o.Responses[key] != nil {
				panic("openapi: " + op.ID + " documents " + key + " twice")
			}
			o.Responses[key] = res
		}
		item := doc.Paths[op.Path]
		if item == nil {
			item = &oaPathItem{}
			doc.Paths[op.Path] = item
		}
		if *item.slot(op.Method) != nil {
			panic("openapi: two operations for " + op.Method + " " + op.Path)
		}
		*item.slot(op.Method) = o
	}
	doc.Components.Schemas = r.components
	return doc
}

// oaParams are an operation's parameters as documented: an optional query
// parameter sent empty counts as not sent (c.Query gives "" either way), and
// says so.
func oaParams(ps []Parameter) []Parameter {
	out := slices.Clone(ps)
	for i := range out {
		out[i].AllowEmptyValue = out[i].In == "query" && !out[i].Required
	}
	return out
}

// oaPartMedia is the encoding of a multipart body's files: the media:"…"
// tags of form's fields.
func oaPartMedia(form reflect.Type) map[string]oaEncoding {
	out := map[string]oaEncoding{}
	for f := range form.Fields() {
		if mt := f.Tag.Get("media"); mt != "" {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			out[name] = oaEncoding{ContentType: mt}
		}
	}
	return out
}

// resolve follows a $ref to its named schema.
func (d *Document) resolve(s *Schema) *Schema {
	for s != nil && s.Ref != "" {
		s = d.Components.Schemas[strings.TrimPrefix(s.Ref, oaRefPrefix)]
	}
	return s
}

// Render builds the document of ops and its JSON (built once per
// server; treat both as read-only).
func Render(ops []Op) (*Document, []byte) {
	doc := buildOpenAPI(ops)
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err) // a static value of plain types: cannot fail
	}
	return doc, b
}

// describe is the operation's description with the permissions it is
// declared to need, so the reference says what the router checks.
func (op *Op) describe() string {
	perms := op.Permissions()
	if len(perms) == 0 {
		return op.Description
	}
	names := make([]string, len(perms))
	for i, p := range perms {
		names[i] = string(p)
	}
	list := names[len(names)-1]
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " and " + list
	}
	return strings.TrimSpace(op.Description + " Needs " + list + ".")
}
