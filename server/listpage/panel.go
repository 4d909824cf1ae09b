package listpage

import (
	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
)

// PanelError is what a list page makes of its details panel's read: status as it was and ""
// when err is none; 404 and notFound when the provider knows no such record (unknown and
// another organisation's answer alike); else 503 and failed, with err logged as what.
func PanelError(s *server.Server, c fiber.Ctx, status int, err error, what, notFound, failed string) (int, string) {
	switch provider.ErrorCode(err) {
	case "":
		return status, ""
	case provider.ENOTFOUND:
		return fiber.StatusNotFound, notFound
	}
	return fiber.StatusServiceUnavailable, Failure(s, c, err, what, failed)
}

// Failure is what a page shows in place of something it could not read: "" when err is
// none, else msg, with err logged as what.
func Failure(s *server.Server, c fiber.Ctx, err error, what, msg string) string {
	if err == nil {
		return ""
	}
	s.Logger.Error(what, "request_id", server.Req(c).ID, "err", err)
	return msg
}
