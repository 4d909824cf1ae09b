package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"mime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"portal/money"
	"portal/passwordrule"
	"portal/server/api"
)

// Request size limits, applied at the edge (limitRequest), before the
// session, the CSRF check or any handler sees the request: whatever a handler
// may echo into a page (the login e-mail, a search text) goes through goja,
// which has no memory limit, so nothing oversized may get that far.
const (
	// defaultBodyLimit is what every route accepts unless its Route raises
	// it: forms and JSON bodies are a few hundred bytes.
	defaultBodyLimit = 64 << 10
	// batchUploadBodyLimit is the allowance for the batch upload route
	// (Route.BodyLimit): a CSV of at most 2,097,152 bytes (docs/security.md) plus
	// the multipart framing and the form's other fields.
	batchUploadBodyLimit = 2_097_152 + 64<<10
	// BatchUploadBodyLimit is batchUploadBodyLimit for the batches area's route.
	BatchUploadBodyLimit = batchUploadBodyLimit
	// defaultFieldCap is the longest value, in characters, of a form field,
	// query parameter or JSON string with no cap of its own.
	defaultFieldCap = 1000
)

// fieldCap is how long one field may be.
type fieldCap struct {
	max   int
	bytes bool // counted in bytes (passwords: what the store hashes), else characters
	label string
}

// fieldCaps are the fields with a cap of their own, by name, in forms,
// query strings and JSON bodies alike.
var fieldCaps = map[string]fieldCap{
	// RFC 5321: a forward path holds at most 256 octets, brackets included.
	"email":      {max: 254, label: "Email"},
	"first_name": {max: 100, label: "First name"},
	"last_name":  {max: 100, label: "Last name"},
	// README: passwords up to 1,024 bytes (passwordrule.MaxBytes).
	"password":              {max: passwordrule.MaxBytes, bytes: true, label: "Password"},
	"password_confirmation": {max: passwordrule.MaxBytes, bytes: true, label: "Password confirmation"},
	"current_password":      {max: passwordrule.MaxBytes, bytes: true, label: "Current password"},
	// Local paths with their query (a cursor, a date range) to come back to.
	"redirect_url": {max: 2048, label: "Return address"},
	"return_to":    {max: 2048, label: "Return address"},
	"return":       {max: 2048, label: "Return address"},
	"next":         {max: 2048, label: "Return address"},
}

func capOf(name string) fieldCap {
	if c, ok := fieldCaps[name]; ok {
		return c
	}
	return fieldCap{max: defaultFieldCap}
}

// fits reports whether v is within the cap, without counting the characters
// of a value that is plainly too long.
func (fc fieldCap) fits(v []byte) bool {
	if len(v) <= fc.max {
		return true
	}
	if fc.bytes || len(v) > utf8.UTFMax*fc.max {
		return false
	}
	return utf8.RuneCount(v) <= fc.max
}

// tooLong names the first field over its cap.
type tooLong struct {
	name string
	cap  fieldCap
}

// bodyLimit is the allowance of the route for method and path: its
// BodyLimit when that is above the default.
func (s *Server) bodyLimit(method, path string) int {
	for _, r := range s.routes {
		if r.BodyLimit > defaultBodyLimit && r.Method == method && fiber.RoutePatternMatch(path, r.Path) {
			return r.BodyLimit
		}
	}
	for _, op := range s.apiOps {
		if op.BodyLimit > defaultBodyLimit && op.Method == method {
			for _, b := range api.Bases {
				if fiber.RoutePatternMatch(path, b+api.FiberPath(op.Path)) {
					return min(op.BodyLimit, batchUploadBodyLimit)
				}
			}
		}
	}
	return defaultBodyLimit
}

// maxBodyLimit is what the HTTP server reads at most: the largest allowance
// of any route. Past it the server itself answers 413 without reading on.
func maxBodyLimit(routes []*Route) int {
	n := defaultBodyLimit
	for _, r := range routes {
		n = max(n, r.BodyLimit)
	}
	return n
}

// limitRequest refuses, before anything else reads the request, a body the
// route does not allow (413), a compressed body (415: no client of the
// portal compresses requests, and a small gzip body can inflate to
// gigabytes) and a field longer than its cap (422). The answer never
// carries the refused value.
func (s *Server) limitRequest(c fiber.Ctx) error {
	if allow := s.apiAllow(c); allow != "" {
		c.Set(fiber.HeaderAllow, allow)
		return api.Error(c, fiber.StatusMethodNotAllowed, api.CodeMethod, "The path does not take "+c.Method())
	}
	// As sent: Body() would inflate it.
	n := len(c.Request().Body())
	if ce := strings.TrimSpace(string(c.Request().Header.ContentEncoding())); n > 0 && ce != "" && !strings.EqualFold(ce, "identity") {
		return s.refuse(c, fiber.StatusUnsupportedMediaType, nil)
	}
	// Only a body past the default needs its route's allowance looked up.
	if n > defaultBodyLimit && n > s.bodyLimit(c.Method(), c.Path()) {
		return s.refuse(c, fiber.StatusRequestEntityTooLarge, nil)
	}
	if tl := formTooLong(c); tl != nil {
		return s.refuse(c, fiber.StatusUnprocessableEntity, tl)
	}
	return c.Next()
}

// apiAllow is the Allow header of a 405: the methods the document has for
// an API path that does not take the request's method; "" when it does, or
// when the path is none of the API's (a 404 later). HEAD is refused like
// TRACE or OPTIONS: the document has no HEAD operations, and a HEAD of a
// read would run the read, checks and all, to send nothing.
func (s *Server) apiAllow(c fiber.Ctx) string {
	path := c.Path()
	if !strings.HasPrefix(path, "/api/v") {
		return ""
	}
	var methods []string
	for _, op := range s.apiOps {
		for _, base := range api.Bases {
			if apiPathMatch(path, base, op.Path) {
				if op.Method == c.Method() {
					return ""
				}
				if !slices.Contains(methods, op.Method) {
					methods = append(methods, op.Method)
				}
			}
		}
	}
	slices.Sort(methods)
	return strings.Join(methods, ", ")
}

// apiPathMatch reports whether path is routed to the operation path
// opPath under base, the way Fiber routes (case-insensitively). The static
// head of the template is compared first: parsing a route pattern for every
// operation on every request would cost more than the request.
func apiPathMatch(path, base, opPath string) bool {
	// Fiber routes without strict routing: a trailing slash is the same path.
	path = strings.TrimSuffix(path, "/")
	head, _, _ := strings.Cut(opPath, "{")
	if len(path) < len(base)+len(head) || !strings.EqualFold(path[:len(base)+len(head)], base+head) {
		return false
	}
	return fiber.RoutePatternMatch(path, base+api.FiberPath(opPath))
}

// formTooLong checks every value a handler can read: the query string, an
// urlencoded or multipart form (its values; files are the body limit's),
// and the strings of a JSON body.
func formTooLong(c fiber.Ctx) *tooLong {
	var found *tooLong
	check := func(k, v []byte) {
		if found == nil {
			if fc := capOf(string(k)); !fc.fits(v) {
				found = &tooLong{name: string(k), cap: fc}
			}
		}
	}
	req := c.Request()
	for k, v := range req.URI().QueryArgs().All() {
		check(k, v)
	}
	if len(req.Body()) == 0 || found != nil {
		return found
	}
	ct, _, _ := mime.ParseMediaType(string(req.Header.ContentType()))
	switch ct {
	case fiber.MIMEApplicationForm:
		for k, v := range req.PostArgs().All() {
			check(k, v)
		}
	case fiber.MIMEMultipartForm:
		if f, err := req.MultipartForm(); err == nil {
			for k, vs := range f.Value {
				for _, v := range vs {
					check([]byte(k), []byte(v))
				}
			}
		}
	case fiber.MIMEApplicationJSON:
		var v any
		d := json.NewDecoder(bytes.NewReader(req.Body()))
		d.UseNumber()
		if d.Decode(&v) == nil { // a broken body is the handler's to refuse
			jsonTooLong("", v, check)
		}
	}
	return found
}

// jsonTooLong checks every string (and number) under key; an array's items
// count as its key's.
func jsonTooLong(key string, v any, check func(k, v []byte)) {
	switch v := v.(type) {
	case string:
		check([]byte(key), []byte(v))
	case json.Number:
		check([]byte(key), []byte(v))
	case []any:
		for _, x := range v {
			jsonTooLong(key, x, check)
		}
	case map[string]any:
		for k, x := range v {
			jsonTooLong(k, x, check)
		}
	}
}

// refuse answers a refused request: the API's JSON error under /api/, else a
// small static page. Neither renders through goja nor repeats the value.
func (s *Server) refuse(c fiber.Ctx, status int, tl *tooLong) error {
	rq := Req(c)
	field := ""
	if tl != nil && len(tl.name) <= 100 {
		field = tl.name
	}
	s.Logger.Warn("request refused", "request_id", rq.ID, "method", c.Method(), "path", c.Path(), "status", status, "field", field)
	c.Set(fiber.HeaderCacheControl, "no-store")
	var title, msg, hint string
	switch status {
	case fiber.StatusUnsupportedMediaType:
		title, msg = "Compressed requests are not accepted", "Send the request body without Content-Encoding."
	case fiber.StatusRequestEntityTooLarge:
		title, msg = "Too much to send", "The request is larger than this page accepts."
		hint = " Go back, shorten what you typed and try again."
	default:
		unit := "characters"
		if tl.cap.bytes {
			unit = "bytes"
		}
		label := tl.cap.label
		if label == "" {
			label = "One of the fields"
		}
		title, msg = "That is too long", label+" takes at most "+money.Group(strconv.Itoa(tl.cap.max))+" "+unit+"."
		hint = " Go back, shorten it and try again."
	}
	if strings.HasPrefix(c.Path(), "/api/") {
		if status == fiber.StatusUnprocessableEntity {
			p := api.Field(field, msg)
			if field == "" {
				p.Source = nil
			}
			return api.Errors(c, status, p)
		}
		code := api.CodeInvalid
		if status == fiber.StatusUnsupportedMediaType {
			code = api.CodeMediaType
		}
		return api.Error(c, status, code, title)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.Status(status).SendString(`<!doctype html><html lang="en"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"><title>` + html.EscapeString(title) + ` · Portal</title></head>` +
		`<body><main><h1>` + html.EscapeString(title) + `</h1><p>` + html.EscapeString(msg+hint) +
		`</p><p><a href="/">Go to the home page</a></p></main></body></html>`)
}

// apiEdgeReplies are limitRequest's refusals, which every operation can
// get before it runs, the internal error and the outage's 503.
func apiEdgeReplies() []api.Response {
	return []api.Response{
		api.ErrorReply(fiber.StatusRequestEntityTooLarge, fmt.Sprintf(
			"The body is larger than the operation accepts: %s bytes (%s for the batch upload), code invalid.",
			money.Group(strconv.Itoa(defaultBodyLimit)), money.Group(strconv.Itoa(batchUploadBodyLimit)))),
		api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is compressed (Content-Encoding other than identity), code unsupported_media_type."),
		api.ErrorReply(fiber.StatusUnprocessableEntity, fmt.Sprintf(
			"A query parameter, form field or JSON string is longer than its cap (%s characters unless the field has its own), code invalid; "+
				"source names it.", money.Group(strconv.Itoa(defaultFieldCap)))),
		api.ErrorReply(fiber.StatusInternalServerError, "Something went wrong on the server (code internal_error); X-Request-ID names the request."),
		api.ErrorReply(fiber.StatusServiceUnavailable, "A dependency (the session store, the attempt counter or the data store) cannot be reached "+
			"(code unavailable); Retry-After says when to try again.").With(api.RetryAfter),
	}
}
