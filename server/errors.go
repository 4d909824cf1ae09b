package server

import (
	"errors"
	"net/http"
	"portal/server/api"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// PlainProps are the props of the simple pages in the auth layout (errors,
// not found, and such pages of the areas).
type PlainProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf,omitempty"`
	Support string `json:"support,omitempty"`
	Home    string `json:"home,omitempty"`
	Path    string `json:"path,omitempty"`
	// Message says what failed, where the spec words it (the error page).
	Message string `json:"message,omitempty"`
	// Unavailable makes the error page say the service is temporarily
	// unavailable (a 503 of an outage) rather than that something broke.
	Unavailable bool `json:"unavailable,omitempty"`
}

// handleError is the one place where an error becomes a response: Fiber's
// typed errors keep their status; a dependency out of reach (Unavailable)
// is a 503; anything else is logged with the request id and shown as the
// spec's generic error page.
func (s *Server) handleError(c fiber.Ctx, err error) error {
	var fe *fiber.Error
	if strings.HasPrefix(c.Path(), "/api/") {
		return s.apiError(c, err)
	}
	if errors.As(err, &fe) {
		switch fe.Code {
		case fiber.StatusNotFound:
			return s.NotFound(c)
		case fiber.StatusMethodNotAllowed:
			return s.NotFound(c)
		case fiber.StatusRequestEntityTooLarge, fiber.StatusBadRequest:
			return c.Status(fe.Code).SendString(fe.Message)
		}
	}
	if Unavailable(err) {
		return s.unavailablePage(c, err)
	}
	s.Logger.Error("request failed", "request_id", Req(c).ID, "method", c.Method(), "path", c.Path(), "err", err)
	return s.errorPage(c, fiber.StatusInternalServerError, "")
}

// apiFiberCodes are the error codes of the statuses Fiber itself answers
// with under /api/ (a route that is not there, a body past the server's
// limit, a request it cannot parse).
var apiFiberCodes = map[int]string{
	fiber.StatusNotFound:              api.CodeNotFound,
	fiber.StatusMethodNotAllowed:      api.CodeMethod,
	fiber.StatusRequestEntityTooLarge: api.CodeInvalid,
	fiber.StatusBadRequest:            api.CodeBadRequest,
}

// apiError is handleError under /api/: whatever failed, the client gets the
// API's error body, never the HTML page or Fiber's plain text.
func (s *Server) apiError(c fiber.Ctx, err error) error {
	var fe *fiber.Error
	if errors.As(err, &fe) && fe.Code >= 400 && fe.Code < 500 {
		code := apiFiberCodes[fe.Code]
		if code == "" {
			code = api.CodeBadRequest
		}
		title := http.StatusText(fe.Code)
		switch fe.Code {
		case fiber.StatusNotFound:
			title = api.MsgNotFound
		case fiber.StatusRequestEntityTooLarge:
			title = api.MsgTooLarge
		}
		return api.Error(c, fe.Code, code, title)
	}
	if Unavailable(err) {
		return s.apiUnavailable(c, err)
	}
	s.Logger.Error("request failed", "request_id", Req(c).ID, "method", c.Method(), "path", c.Path(), "err", err)
	return api.Error(c, fiber.StatusInternalServerError, api.CodeInternal, api.MsgInternal)
}

// errorPage renders "Oops, something went wrong!"; if even rendering fails
// (the renderer is what broke), a static page says the same.
func (s *Server) errorPage(c fiber.Ctx, status int, message string) error {
	err := s.Render(c, View{Status: status, Title: "Something went wrong",
		Page: pageError.With(PlainProps{Sandbox: s.Config.Sandbox(), Support: s.Config.SupportURL, Home: "/", Message: message})})
	if err == nil {
		return nil
	}
	s.Logger.Error("error page failed", "request_id", Req(c).ID, "err", err)
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.Status(status).SendString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong · Portal</title></head>` +
		`<body><main><h1>Oops, something went wrong!</h1><p><a href="` + s.Config.SupportURL + `">Contact support</a></p></main></body></html>`)
}

func (s *Server) NotFound(c fiber.Ctx) error {
	if strings.HasPrefix(c.Path(), "/api/") {
		return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
	}
	return s.Render(c, View{Status: fiber.StatusNotFound, Title: "Page not found",
		Page: pageNotFound.With(PlainProps{Sandbox: s.Config.Sandbox(), Home: "/"})})
}

// FormExpired answers a form post whose CSRF token does not match: most
// often a page left open past the session timeout.
func (s *Server) FormExpired(c fiber.Ctx) error {
	return s.Render(c, View{Status: fiber.StatusForbidden, Title: "Form expired",
		Page: pageFormExpired.With(PlainProps{Sandbox: s.Config.Sandbox(), Home: "/", Path: c.Path()})})
}

// mfaFormExpired answers an MFA step's form posted after its login expired
// the way the step's page does (spec 000 §8); a live session with a stale
// token gets the usual expired-form page.
func (s *Server) mfaFormExpired(c fiber.Ctx) error {
	if r := Req(c); r.Session == nil || r.Session.UserID == "" {
		return Redirect(c, LoginMFAExpired)
	}
	return s.FormExpired(c)
}
