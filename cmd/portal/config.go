package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/reference"
	"portal/server"
	"portal/session"
)

// portalConfig is what the environment asks of the portal. It is read in
// one function (loadConfig) so the defaults that decide how exposed the
// portal is can be tested without starting it.
type portalConfig struct {
	Addr    string
	DataDir string
	// DatabaseURL, when set, is the PostgreSQL database of the store (postgres://…); unset,
	// the store is the SQLite file portal.db in DataDir.
	DatabaseURL string
	// Mode is "sandbox" or "production". Production unless sandbox is asked
	// for: a sandbox serves every user's codes and reset links on its
	// outbox, so a forgotten variable must not turn it on.
	Mode           string
	Idle, Absolute time.Duration
	LoginIPLimit   int
	// TLS: users reach the portal over HTTPS, through a proxy (PORTAL_TLS=1)
	// or because the portal serves TLS itself (CertFile).
	TLS bool
	// CertFile and KeyFile, when set, make the portal serve TLS directly.
	CertFile, KeyFile string
	// OutboxShared serves the sandbox outbox beyond loopback connections.
	OutboxShared bool
	// TrustedProxies name the client in X-Forwarded-For for the
	// per-address limits.
	TrustedProxies  []netip.Prefix
	SupportURL      string
	CryptoWidgetURL string
	// PublicURL is the origin users reach the portal at, the passkeys' relying party
	// (publicURL).
	PublicURL string
	// ShutdownGrace is how long requests in flight may take to finish after
	// SIGTERM or SIGINT before the workers, Redis and the store are closed.
	ShutdownGrace time.Duration
}

// defaultShutdownGrace is PORTAL_SHUTDOWN_GRACE when unset.
const defaultShutdownGrace = 10 * time.Second

// lookup reads one variable, surrounding spaces dropped, def when unset.
type lookup func(string) string

func (l lookup) get(name, def string) string {
	if v := strings.TrimSpace(l(name)); v != "" {
		return v
	}
	return def
}

func (l lookup) duration(name string, def time.Duration) (time.Duration, error) {
	v := l.get(name, "")
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: want a duration like 5m, got %q", name, v)
	}
	return d, nil
}

// loadConfig reads the configuration through getenv (os.Getenv, or a map in
// tests).
func loadConfig(getenv func(string) string) (portalConfig, error) {
	env := lookup(getenv)
	c := portalConfig{
		Addr:            env.get("PORTAL_ADDR", "127.0.0.1:8080"),
		DataDir:         env.get("PORTAL_DATA_DIR", "data"),
		DatabaseURL:     env.get("PORTAL_DATABASE_URL", ""),
		Mode:            env.get("PORTAL_ENV", "production"),
		CertFile:        env.get("PORTAL_TLS_CERT", ""),
		KeyFile:         env.get("PORTAL_TLS_KEY", ""),
		OutboxShared:    env.get("PORTAL_OUTBOX_SHARED", "") == "1",
		SupportURL:      env.get("PORTAL_SUPPORT_URL", ""),
		CryptoWidgetURL: env.get("PORTAL_CRYPTO_WIDGET_URL", ""),
	}
	if c.Mode != "sandbox" && c.Mode != "production" {
		return c, fmt.Errorf("PORTAL_ENV must be sandbox or production, got %q", c.Mode)
	}
	if c.DatabaseURL != "" && !reference.IsPostgresURL(c.DatabaseURL) {
		return c, fmt.Errorf("PORTAL_DATABASE_URL must be a postgres:// or postgresql:// URL")
	}
	if (c.CertFile == "") != (c.KeyFile == "") {
		return c, fmt.Errorf("PORTAL_TLS_CERT and PORTAL_TLS_KEY must be set together")
	}
	// A portal serving TLS itself is reached over HTTPS by definition: the
	// secure cookie, its __Host- prefix and HSTS must not wait for a second
	// variable someone may forget.
	c.TLS = env.get("PORTAL_TLS", "") == "1" || c.CertFile != ""
	var err error
	if c.Idle, err = env.duration("PORTAL_SESSION_IDLE", session.DefaultIdleTimeout); err != nil {
		return c, err
	}
	if c.Absolute, err = env.duration("PORTAL_SESSION_ABSOLUTE", session.DefaultAbsoluteTimeout); err != nil {
		return c, err
	}
	if c.ShutdownGrace, err = env.duration("PORTAL_SHUTDOWN_GRACE", defaultShutdownGrace); err != nil {
		return c, err
	}
	if c.TrustedProxies, err = server.ParseTrustedProxies(env.get("PORTAL_TRUSTED_PROXIES", "")); err != nil {
		return c, fmt.Errorf("PORTAL_TRUSTED_PROXIES: %w", err)
	}
	if c.PublicURL, err = publicURL(env.get("PORTAL_PUBLIC_URL", ""), c); err != nil {
		return c, err
	}
	if v := env.get("PORTAL_LOGIN_IP_LIMIT", ""); v != "" {
		if _, err := fmt.Sscan(v, &c.LoginIPLimit); err != nil || c.LoginIPLimit < 1 {
			return c, fmt.Errorf("PORTAL_LOGIN_IP_LIMIT: want a positive number, got %q", v)
		}
	}
	return c, nil
}

// storePath is what reference.Open is given: the PostgreSQL URL, or the SQLite file.
func (c portalConfig) storePath() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return filepath.Join(c.DataDir, "portal.db")
}

// publicURL is PORTAL_PUBLIC_URL as an origin (scheme and host, no path), or in the sandbox,
// when it is unset, one made from the listen address. A browser accepts no IP address as a
// passkey's relying party, so a loopback address is named localhost there (the portal is
// then reached at http://localhost:port). Production without it offers no passkeys: an
// origin guessed from a listen address behind a proxy would be wrong.
func publicURL(raw string, c portalConfig) (string, error) {
	if raw == "" {
		if c.Mode != "sandbox" {
			return "", nil
		}
		host, port, err := net.SplitHostPort(c.Addr)
		if err != nil {
			return "", nil
		}
		if ip := net.ParseIP(host); host == "" || (ip != nil && (ip.IsLoopback() || ip.IsUnspecified())) {
			host = "localhost"
		} else if ip != nil {
			return "", nil
		}
		scheme := "http"
		if c.TLS {
			scheme = "https"
		} else if host != "localhost" {
			return "", nil // a browser holds passkeys only for https or localhost
		}
		return scheme + "://" + net.JoinHostPort(host, port), nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("PORTAL_PUBLIC_URL: want an origin like https://portal.example.com, got %q", raw)
	}
	if u.Scheme == "http" && u.Hostname() != "localhost" {
		return "", fmt.Errorf("PORTAL_PUBLIC_URL: passkeys need https (or http://localhost), got %q", raw)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// url is where the portal listens, for the start-up log.
func (c portalConfig) url() string {
	if c.CertFile != "" {
		return "https://" + c.Addr
	}
	return "http://" + c.Addr
}

// listen is Fiber's listen configuration: TLS directly when a certificate
// is configured; otherwise production expects a TLS-terminating proxy.
func (c portalConfig) listen() fiber.ListenConfig {
	return fiber.ListenConfig{DisableStartupMessage: true, CertFile: c.CertFile, CertKeyFile: c.KeyFile}
}

// server is the part of the configuration the HTTP layer needs.
func (c portalConfig) server(sessionsBackend string) server.Config {
	return server.Config{Env: c.Mode, TLS: c.TLS, SessionsBackend: sessionsBackend, LoginIPLimit: c.LoginIPLimit,
		OutboxShared: c.OutboxShared, TrustedProxies: c.TrustedProxies, SupportURL: c.SupportURL, CryptoWidgetURL: c.CryptoWidgetURL,
		PublicURL: c.PublicURL}
}

// logExposure says at start-up what the portal exposes beyond its pages:
// where the sandbox outbox answers (a warning when every client can read
// it), and whose X-Forwarded-For it believes.
func logExposure(log *slog.Logger, c server.Config) {
	level := slog.LevelInfo
	if c.Sandbox() && c.OutboxShared {
		level = slog.LevelWarn
	}
	log.Log(context.Background(), level, "sandbox outbox", "served", c.OutboxServing(),
		"path", "/sandbox/outbox", "shared", c.Sandbox() && c.OutboxShared)
	if len(c.TrustedProxies) == 0 {
		log.Info("client addresses from the socket: X-Forwarded-For is ignored (PORTAL_TRUSTED_PROXIES unset)")
	} else {
		log.Info("client addresses from X-Forwarded-For when the peer is a trusted proxy", "trusted_proxies", fmt.Sprint(c.TrustedProxies))
	}
}
