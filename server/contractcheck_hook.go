package server

import "github.com/gofiber/fiber/v3"

// contractCheck is set only in a build with -tags contractcheck (contractcheck.go): the
// browser flows' portal, which validates every API exchange against the served document.
// An ordinary build has no such code at all.
var contractCheck func(*Server) (fiber.Handler, error)
