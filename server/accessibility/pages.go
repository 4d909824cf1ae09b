package accessibility

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageAccessibilityStatement = server.NewPage[StatementProps]("AccessibilityStatement")
)
