package main

import (
	"os"

	"github.com/gofiber/fiber/v3"
)

// fiberListenConfig serves TLS directly when a certificate is configured;
// otherwise the portal expects a TLS-terminating proxy in production.
func fiberListenConfig() fiber.ListenConfig {
	return fiber.ListenConfig{
		DisableStartupMessage: true,
		CertFile:              os.Getenv("PORTAL_TLS_CERT"),
		CertKeyFile:           os.Getenv("PORTAL_TLS_KEY"),
	}
}
