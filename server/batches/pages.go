package batches

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageBatch         = server.NewPage[BatchPageProps]("Batch")
	pageBatchDecline  = server.NewPage[BatchDeclineProps]("BatchDecline")
	pageBatchTemplate = server.NewPage[BatchTemplateProps]("BatchTemplate")
	pageBatchUpload   = server.NewPage[BatchUploadPageProps]("BatchUpload")
	pageBatches       = server.NewPage[BatchesPageProps]("Batches")

	_ = server.NewIsland[BatchTemplateDialogProps]("BatchTemplateDialog")
	_ = server.NewIsland[BatchUploadProps]("BatchUpload")
)
