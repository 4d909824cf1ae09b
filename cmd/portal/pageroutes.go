package main

import (
	"encoding/json"
	"io"
	"strings"

	"portal/server"
	"portal/server/portal"
)

// pageRoute is one GET route of the route table as the browser walk
// (e2e/layout-flows.mjs) needs it: enough to choose who can open it and
// what to put in its parameters. Printed by `portal -page-routes`, which
// serves nothing: the listing never reaches the network.
type pageRoute struct {
	Name   string   `json:"name"`
	Path   string   `json:"path"`
	Access string   `json:"access"` // public, guest, login (login or dashboard scope), dashboard
	Perms  []string `json:"perms,omitempty"`
	Gate   string   `json:"gate,omitempty"`
	// Built is false for a screen a later issue builds (the not-found page).
	Built bool `json:"built"`
}

var accessNames = map[server.Access]string{
	server.Public: "public", server.GuestOnly: "guest", server.LoginOrDashboard: "login", server.Dashboard: "dashboard",
}

// writePageRoutes lists the GET routes of every area, the JSON API aside,
// from the same composition the portal serves, so a page added later is
// in the list without anyone naming it.
func writePageRoutes(w io.Writer) error {
	out := []pageRoute{}
	// Composed as the sandbox: the route table is the same in every environment, and a binary
	// built with -tags contractcheck (the e2e run's) composes only as the sandbox.
	for _, r := range portal.New(server.Deps{Config: server.Config{Env: "sandbox"}}).Routes() {
		if r.Method != "GET" || strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		p := pageRoute{Name: r.Name, Path: r.Path, Access: accessNames[r.Access], Gate: r.GateName, Built: r.Handler != nil}
		for _, perm := range r.Perms {
			p.Perms = append(p.Perms, string(perm))
		}
		out = append(out, p)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
