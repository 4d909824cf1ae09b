package server

import (
	"strings"

	"github.com/gofiber/fiber/v3"
)

// FlashRedirect answers a form POST the Post/Redirect/Get way: the outcome as
// a flash message for the next page, then 303 to to, so reloading that page
// never repeats the POST.
func (s *Server) FlashRedirect(c fiber.Ctx, kind, text, to string) error {
	if err := s.Flash(c, kind, text); err != nil {
		return err
	}
	return Redirect(c, to)
}

// ReturnTo is where a form POST goes back to: the form's return_to when it
// leads back into under, else fallback.
func ReturnTo(c fiber.Ctx, under, fallback string) string {
	return returnInto(c.FormValue("return_to"), under, fallback)
}

// returnInto is r when r is under itself or under followed by a query, a
// fragment or a deeper path, else fallback. A line break or a backslash
// (which browsers read as a slash) is never followed: a form goes back only
// to the page it came from, never to an address a third party wrote into it.
func returnInto(r, under, fallback string) string {
	if strings.ContainsAny(r, "\r\n\\") {
		return fallback
	}
	if r == under || len(r) > len(under) && strings.HasPrefix(r, under) && strings.ContainsRune("?#/", rune(r[len(under)])) {
		return r
	}
	return fallback
}
