package server

import (
	"net/url"
	"strings"
)

// Path is the URL of the route named name, its parameters filled in the order the route's
// path names them (each path-escaped): a link to another area's page comes from that area's
// route entry, so grepping a URL finds the one place it is declared and a moved route moves
// its links. A name no area of this server declares, or the wrong number of parameters, is a
// programming error and panics (every page's test renders its links).
func (s *Server) Path(name string, params ...string) string {
	r := s.named[name]
	if r == nil {
		panic("server: Path: no route named " + name)
	}
	parts := strings.Split(r.Path, "/")
	n := 0
	for i, p := range parts {
		if !strings.HasPrefix(p, ":") {
			continue
		}
		if n == len(params) {
			panic("server: Path: " + name + " (" + r.Path + ") needs more parameters")
		}
		parts[i] = url.PathEscape(params[n])
		n++
	}
	if n != len(params) {
		panic("server: Path: " + name + " (" + r.Path + ") takes fewer parameters")
	}
	return strings.Join(parts, "/")
}

// OrgHome is an organisation's root, /org/:org (the dashboard's page). Every organisation
// route lives under it and the core's guards send a visitor there, so it is the core's path
// rather than one area's: auth, the core and an area whose tests do not mount the dashboard
// reach it without the dashboard's route. Any other page's link comes from Path.
func OrgHome(orgID string) string { return "/org/" + url.PathEscape(orgID) }
