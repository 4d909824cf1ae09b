package server

import "github.com/gofiber/fiber/v3"

// apiError is the JSON error body of the API: {"errors":[{status,code,title}]}.
func apiError(c fiber.Ctx, status int, code, title string) error {
	return c.Status(status).JSON(fiber.Map{"errors": []fiber.Map{{"status": status, "code": code, "title": title}}})
}

func (s *Server) mountAPI() {}

func (s *Server) docs(c fiber.Ctx) error { return s.notFound(c) }
