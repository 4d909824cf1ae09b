package reference

import (
	"embed"
	"io/fs"

	"portal/reference/db"
)

// The store's SQL lives in queries/*.sql, one file per domain, as named queries (see
// db.Queries for the format). Go code names a query once, in the one var block after a
// file's imports (qReceiverByID = sq("receiver-by-id")), so a missing or misspelt name stops
// every test of the package at initialisation.
//
//go:embed queries/*.sql
var queryFiles embed.FS

var storeQueries = func() *db.Queries {
	sub, err := fs.Sub(queryFiles, "queries")
	if err != nil {
		panic(err)
	}
	q, err := db.LoadQueries(sub)
	if err != nil {
		panic("reference: " + err.Error())
	}
	return q
}()

// sq is the text of the named query of the store's query files.
func sq(name string) string { return storeQueries.Get(name) }
