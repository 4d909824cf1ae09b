package statements

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageExportedStatements = server.NewPage[ExportedStatementsProps]("ExportedStatements")
	pageStatementRequest   = server.NewPage[StatementRequestProps]("StatementRequest")

	_ = server.NewIsland[StatementExportProps]("StatementExport")
	_ = server.NewIsland[StatementsTableProps]("StatementsTable")
)
