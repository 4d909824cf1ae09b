package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfigMode(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		mode    string
		sandbox bool
		err     bool
	}{
		{"unset is production", nil, "production", false, false},
		{"blank is production", map[string]string{"PORTAL_ENV": "  "}, "production", false, false},
		{"sandbox asked for", map[string]string{"PORTAL_ENV": "sandbox"}, "sandbox", true, false},
		{"production asked for", map[string]string{"PORTAL_ENV": "production"}, "production", false, false},
		{"anything else refused", map[string]string{"PORTAL_ENV": "staging"}, "", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(envMap(tc.env))
			if tc.err {
				if err == nil {
					t.Fatalf("want an error, got mode %q", c.Mode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Mode != tc.mode || c.server("memory").Sandbox() != tc.sandbox {
				t.Errorf("mode %q sandbox %v, want %q %v", c.Mode, c.server("memory").Sandbox(), tc.mode, tc.sandbox)
			}
		})
	}
}

// The start-up log says where the outbox answers, and warns when every
// client can read it.
func TestLogExposureOutbox(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{nil, `level=INFO msg="sandbox outbox" served="nowhere (production)"`},
		{map[string]string{"PORTAL_OUTBOX_SHARED": "1"}, `level=INFO msg="sandbox outbox" served="nowhere (production)"`},
		{map[string]string{"PORTAL_ENV": "sandbox"}, `level=INFO msg="sandbox outbox" served="to loopback connections only"`},
		{map[string]string{"PORTAL_ENV": "sandbox", "PORTAL_OUTBOX_SHARED": "1"}, `level=WARN msg="sandbox outbox" served="to every client (shared demo)"`},
	}
	for _, tc := range cases {
		c, err := loadConfig(envMap(tc.env))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		logExposure(slog.New(slog.NewTextHandler(&buf, nil)), c.server("memory"))
		if !strings.Contains(buf.String(), tc.want) {
			t.Errorf("%v: logged %q, want %q", tc.env, buf.String(), tc.want)
		}
	}
}

func TestLoadConfigTrustedProxies(t *testing.T) {
	c, err := loadConfig(envMap(nil))
	if err != nil || len(c.server("memory").TrustedProxies) != 0 {
		t.Fatalf("unset: %v %v, want no trusted proxy", c.TrustedProxies, err)
	}
	c, err = loadConfig(envMap(map[string]string{"PORTAL_TRUSTED_PROXIES": "10.0.0.5, 172.16.0.0/12"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(c.server("memory").TrustedProxies); got != "[10.0.0.5/32 172.16.0.0/12]" {
		t.Errorf("trusted proxies %s", got)
	}
	if _, err := loadConfig(envMap(map[string]string{"PORTAL_TRUSTED_PROXIES": "my-proxy"})); err == nil {
		t.Error("a host name was accepted as a trusted proxy")
	}
}

// Serving TLS directly turns on what HTTPS needs (Secure and __Host- on the
// cookie, HSTS: server.Config.TLS) without a second variable.
func TestLoadConfigTLS(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		tls  bool
		url  string
		err  bool
	}{
		{"plain HTTP", nil, false, "http://127.0.0.1:8080", false},
		{"behind a TLS proxy", map[string]string{"PORTAL_TLS": "1"}, true, "http://127.0.0.1:8080", false},
		{"serving TLS directly", map[string]string{"PORTAL_TLS_CERT": "/etc/portal/cert.pem", "PORTAL_TLS_KEY": "/etc/portal/key.pem"}, true, "https://127.0.0.1:8080", false},
		{"serving TLS directly, PORTAL_TLS=0", map[string]string{"PORTAL_TLS": "0", "PORTAL_TLS_CERT": "c.pem", "PORTAL_TLS_KEY": "k.pem"}, true, "https://127.0.0.1:8080", false},
		{"a certificate without its key", map[string]string{"PORTAL_TLS_CERT": "c.pem"}, false, "", true},
		{"a key without its certificate", map[string]string{"PORTAL_TLS_KEY": "k.pem"}, false, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(envMap(tc.env))
			if tc.err {
				if err == nil {
					t.Fatal("want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := c.server("memory").TLS; got != tc.tls {
				t.Errorf("server TLS %v, want %v", got, tc.tls)
			}
			if c.url() != tc.url {
				t.Errorf("url %q, want %q", c.url(), tc.url)
			}
			l := c.listen()
			if l.CertFile != tc.env["PORTAL_TLS_CERT"] || l.CertKeyFile != tc.env["PORTAL_TLS_KEY"] {
				t.Errorf("listen config %q %q", l.CertFile, l.CertKeyFile)
			}
		})
	}
}

// The passkeys' relying party: PORTAL_PUBLIC_URL as an origin, or in the sandbox one made
// from the listen address (a loopback address named localhost, since browsers refuse IP
// addresses as relying parties); production without it offers none.
func TestLoadConfigPublicURL(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want string
		err  bool
	}{
		{"production, unset", nil, "", false},
		{"production, set", map[string]string{"PORTAL_PUBLIC_URL": "https://Portal.Example.com/"}, "https://portal.example.com", false},
		{"with a port", map[string]string{"PORTAL_PUBLIC_URL": "https://portal.example.com:8443"}, "https://portal.example.com:8443", false},
		{"sandbox on loopback", map[string]string{"PORTAL_ENV": "sandbox", "PORTAL_ADDR": "127.0.0.1:9000"}, "http://localhost:9000", false},
		{"sandbox on every address", map[string]string{"PORTAL_ENV": "sandbox", "PORTAL_ADDR": ":9000"}, "http://localhost:9000", false},
		{"sandbox behind TLS", map[string]string{"PORTAL_ENV": "sandbox", "PORTAL_ADDR": "portal.test:443", "PORTAL_TLS": "1"}, "https://portal.test:443", false},
		{"sandbox on a plain-HTTP name", map[string]string{"PORTAL_ENV": "sandbox", "PORTAL_ADDR": "portal.test:80"}, "", false},
		{"sandbox, set wins", map[string]string{"PORTAL_ENV": "sandbox", "PORTAL_PUBLIC_URL": "https://sandbox.example.com"}, "https://sandbox.example.com", false},
		{"a path", map[string]string{"PORTAL_PUBLIC_URL": "https://portal.example.com/app"}, "", true},
		{"plain HTTP elsewhere than localhost", map[string]string{"PORTAL_PUBLIC_URL": "http://portal.example.com"}, "", true},
		{"no scheme", map[string]string{"PORTAL_PUBLIC_URL": "portal.example.com"}, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(envMap(tc.env))
			if tc.err {
				if err == nil {
					t.Fatalf("want an error, got %q", c.PublicURL)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := c.server("memory").PublicURL; got != tc.want {
				t.Errorf("public URL %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLoadConfigShutdownGrace(t *testing.T) {
	c, err := loadConfig(envMap(nil))
	if err != nil || c.ShutdownGrace != defaultShutdownGrace {
		t.Fatalf("unset: %v, %v; want %v", c.ShutdownGrace, err, defaultShutdownGrace)
	}
	if c, err = loadConfig(envMap(map[string]string{"PORTAL_SHUTDOWN_GRACE": "30s"})); err != nil || c.ShutdownGrace != 30*time.Second {
		t.Fatalf("30s: %v, %v", c.ShutdownGrace, err)
	}
	for _, v := range []string{"10", "soon", "-1s", "0s"} {
		_, err := loadConfig(envMap(map[string]string{"PORTAL_SHUTDOWN_GRACE": v}))
		if err == nil || !strings.Contains(err.Error(), "PORTAL_SHUTDOWN_GRACE: want a duration like 5m, got \""+v+"\"") {
			t.Errorf("%q: err = %v; want the PORTAL_SHUTDOWN_GRACE message", v, err)
		}
	}
}

// The store is the SQLite file in the data folder unless PORTAL_DATABASE_URL names a
// PostgreSQL database; anything else there is refused rather than opened as a file.
func TestLoadConfigDatabaseURL(t *testing.T) {
	c, err := loadConfig(envMap(map[string]string{"PORTAL_DATA_DIR": "d"}))
	if err != nil || c.storePath() != filepath.Join("d", "portal.db") {
		t.Errorf("default store %q, %v; want d/portal.db", c.storePath(), err)
	}
	const u = "postgres://portal@db.internal:5432/portal"
	c, err = loadConfig(envMap(map[string]string{"PORTAL_DATABASE_URL": u}))
	if err != nil || c.storePath() != u {
		t.Errorf("store %q, %v; want %s", c.storePath(), err, u)
	}
	if _, err := loadConfig(envMap(map[string]string{"PORTAL_DATABASE_URL": "/var/lib/portal.db"})); err == nil {
		t.Error("a file path in PORTAL_DATABASE_URL was accepted")
	}
}
