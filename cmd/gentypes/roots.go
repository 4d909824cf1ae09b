package main

import (
	"reflect"

	"portal/server"
	// The composition links every area, so every page and island its
	// packages declare (server.NewPage, server.NewIsland) is in the tables.
	_ "portal/server/portal"
)

// propsPackage is a set of TSX pages and islands with the Go types of their
// props, by name: each page under templates/pages, and each island under
// islands/ whose props the server builds (islands whose props a page puts
// together in TSX keep a TS type of their own).
type propsPackage struct {
	pages   map[string]reflect.Type
	islands map[string]reflect.Type
}

// packages are the declarations themselves, not a list kept beside them: a
// page gets its TS props type by being declared where it is rendered.
var packages = []propsPackage{{pages: server.PageTypes(), islands: server.IslandTypes()}}
