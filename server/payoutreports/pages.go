package payoutreports

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageDocumentPreview = server.NewPage[PreviewProps]("DocumentPreview")
	pageExportedPayouts = server.NewPage[ExportedPayoutsProps]("ExportedPayouts")

	_ = server.NewIsland[PayoutExportProps]("PayoutExport")
	_ = server.NewIsland[PayoutReportsTableProps]("PayoutReportsTable")
)
