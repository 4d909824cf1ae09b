package payoutreports

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageDocumentPreview = server.NewPage[PreviewProps]("DocumentPreview")
	pageExportedPayouts = server.NewPage[ExportedPayoutsProps]("ExportedPayouts")

	_ = server.NewIsland[PayoutExportProps]("PayoutExport")
	_ = server.NewIsland[PayoutReportsTableProps]("PayoutReportsTable")
)
