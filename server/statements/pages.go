package statements

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageExportedStatements = server.NewPage[ExportedStatementsProps]("ExportedStatements")
	pageStatementRequest   = server.NewPage[StatementRequestProps]("StatementRequest")

	_ = server.NewIsland[StatementExportProps]("StatementExport")
	_ = server.NewIsland[StatementsTableProps]("StatementsTable")
)
