package server

import (
	"github.com/gofiber/fiber/v3"

	"portal/server/api"
)

// The internals that the tests of the external test package (package
// server_test, which can mount the areas) check against.

const (
	ConsentAccepted  = consentAccepted
	ConsentCookie    = consentCookie
	ConsentRejected  = consentRejected
	DefaultBodyLimit = defaultBodyLimit
	DefaultFieldCap  = defaultFieldCap
)

var (
	MaxBodyLimit = maxBodyLimit
	UnmaskCSRF   = unmaskCSRF
)

// APIHandler is op's handler as the server mounts it, guards included.
func (s *Server) APIHandler(op *api.Op) fiber.Handler { return s.apiHandler(op) }
