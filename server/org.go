package server

import (
	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/session"
)

// switchOrganisation is the organisation dropdown's action: save the choice
// as default and go there. The switch happens even when saving the default
// fails; the user is told with the spec's warning.
func (s *Server) switchOrganisation(c fiber.Ctx) error {
	rq := Req(c)
	id := c.FormValue("organisation_id")
	if _, err := s.Provider.Membership(c.Context(), rq.User.ID, id); err != nil {
		if provider.ErrorCode(err) == provider.ENOTFOUND {
			return Redirect(c, "/no-organisation")
		}
		return err
	}
	if err := s.Provider.SetDefaultOrganisation(c.Context(), rq.User.ID, id); err != nil {
		s.Logger.Warn("set default organisation", "request_id", rq.ID, "err", err)
		if err := s.Flash(c, session.FlashWarning, "Unable to set default organisation"); err != nil {
			return err
		}
	}
	return Redirect(c, "/org/"+id)
}
