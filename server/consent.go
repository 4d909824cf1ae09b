package server

import (
	"time"

	"github.com/gofiber/fiber/v3"
)

// Cookie consent (spec 000 §4, §9: stored as accepted or rejected). The
// portal sets only the cookies it needs to work (the session and this
// choice), so the choice governs no cookie today; it is recorded so that
// anything optional added later (analytics) runs only after "accepted".
const (
	consentCookie   = "cookie_consent"
	consentAccepted = "accepted"
	consentRejected = "rejected"
	consentPath     = "/cookie-consent"
	consentMaxAge   = 365 * 24 * time.Hour
)

// CookieConsentProps are the props of the CookieConsent island (the banner).
type CookieConsentProps struct {
	Action string `json:"action"`
	CSRF   string `json:"csrf"`
	// Back is where the choice returns to without JavaScript: the page it was made on.
	Back string `json:"back"`
}

// consentBanner says whether a page shows the banner, with its props: only
// until a choice is made, and only to a visitor with a session (the form's
// CSRF token is bound to it; the login page gives every visitor one).
func (s *Server) consentBanner(c fiber.Ctx) (CookieConsentProps, bool) {
	sess := Req(c).Session
	if sess == nil || validConsent(c.Cookies(consentCookie)) || c.Method() != fiber.MethodGet {
		return CookieConsentProps{}, false
	}
	back := string(c.Request().URI().RequestURI())
	if _, ok := SafeRedirect(back); !ok {
		back = "/"
	}
	return CookieConsentProps{Action: consentPath, CSRF: Req(c).CSRF(), Back: back}, true
}

func validConsent(v string) bool { return v == consentAccepted || v == consentRejected }

// cookieConsent stores the choice (CSRF checked like every POST). The
// island asks for JSON and stays on the page; the plain form goes back.
func (s *Server) cookieConsent(c fiber.Ctx) error {
	choice := c.FormValue("consent")
	if !validConsent(choice) {
		return c.Status(fiber.StatusUnprocessableEntity).SendString("consent must be accepted or rejected")
	}
	c.Cookie(&fiber.Cookie{Name: consentCookie, Value: choice, Path: "/", HTTPOnly: true, Secure: s.Config.TLS,
		SameSite: fiber.CookieSameSiteLaxMode, MaxAge: int(consentMaxAge / time.Second)})
	if c.Get(fiber.HeaderAccept) == fiber.MIMEApplicationJSON {
		return c.SendStatus(fiber.StatusNoContent)
	}
	back, ok := SafeRedirect(c.FormValue("back"))
	if !ok {
		back = "/"
	}
	return Redirect(c, back)
}
