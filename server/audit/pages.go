package audit

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageAuditLog = server.NewPage[AuditLogProps]("AuditLog")
)
