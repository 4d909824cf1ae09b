// Package api is the JSON API's framework, below the core (package server)
// and the areas: an operation (Op) as its area declares it, the problems and
// replies its handler sends, the paging and time parameters it reads, and
// the OpenAPI document and /docs reference made from the same entries. The
// core mounts the operations under /api/v1 and /api/v2 (spec 000 §7), and
// authenticates and checks each one (server/apimount.go); nothing here knows
// the server, so the areas and the core both build on it.
package api
