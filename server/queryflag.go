package server

import "github.com/gofiber/fiber/v3"

// QueryFlag reports a query flag of the spec (?download_statement, ?sent,
// ?expired, ?fromDocs…): present means on, whatever its value, so a bare
// "?expired" and "?expired=1" are the same flag. Every page reads its flags
// through here.
func QueryFlag(c fiber.Ctx, name string) bool {
	return c.Request().URI().QueryArgs().Has(name)
}
