package server

import (
	"reflect"

	"github.com/gofiber/fiber/v3"
)

// The internals that the tests of the external test package (package
// server_test, which can mount the areas) check against.

const (
	APICodeExpired         = apiCodeExpired
	APICodeInvalidToken    = apiCodeInvalidToken
	APICodeMediaType       = apiCodeMediaType
	APICodeMethod          = apiCodeMethod
	APICodeUnauthenticated = apiCodeUnauthenticated
	APIMsgExpired          = apiMsgExpired
	ConsentAccepted        = consentAccepted
	ConsentCookie          = consentCookie
	ConsentRejected        = consentRejected
	DefaultBodyLimit       = defaultBodyLimit
	DefaultFieldCap        = defaultFieldCap
	DocsIndex              = docsIndex
	MaxJSONBody            = maxJSONBody
)

type (
	APIErrorBody = apiErrorBody
	OpenAPIDoc   = openAPIDoc
)

var (
	APIBases       = apiBases
	MaxBodyLimit   = maxBodyLimit
	NewOAReflector = newOAReflector
	UnmaskCSRF     = unmaskCSRF
	UnsafeMethod   = unsafeMethod
)

// APIHandler is op's handler as the server mounts it, guards included.
func (s *Server) APIHandler(op *APIOp) fiber.Handler { return s.apiHandler(op) }

// RequestSchema is the schema of a request body of type t.
func (r *OAReflector) RequestSchema(t reflect.Type) *OASchema { return r.requestSchema(t) }

// Components are the named schemas met so far, by name.
func (r *OAReflector) Components() map[string]*OASchema { return r.components }

// OATypeName is a named struct's component name, for the cross-check with swaggest.
var OATypeName = oaTypeName
