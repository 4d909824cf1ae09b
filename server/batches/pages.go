package batches

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageBatch         = server.NewPage[BatchPageProps]("Batch")
	pageBatchDecline  = server.NewPage[BatchDeclineProps]("BatchDecline")
	pageBatchTemplate = server.NewPage[BatchTemplateProps]("BatchTemplate")
	pageBatchUpload   = server.NewPage[BatchUploadPageProps]("BatchUpload")
	pageBatches       = server.NewPage[BatchesPageProps]("Batches")

	_ = server.NewIsland[BatchTemplateDialogProps]("BatchTemplateDialog")
	_ = server.NewIsland[BatchUploadProps]("BatchUpload")
)
