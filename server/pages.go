package server

import "portal/server/api"

// This package's pages and islands with their props types (see Page).
var (
	pageCookieBanner  = NewPage[CookieConsentProps]("CookieBanner")
	pageDocs          = NewPage[api.DocsProps]("Docs")
	pageDocsOperation = NewPage[api.DocsOperationProps]("DocsOperation")
	pageError         = NewPage[PlainProps]("Error")
	pageFormExpired   = NewPage[PlainProps]("FormExpired")
	pageNotFound      = NewPage[PlainProps]("NotFound")
	pageSavedForm     = NewPage[SavedFormProps]("SavedForm")

	_ = NewIsland[CookieConsentProps]("CookieConsent")
	_ = NewIsland[ShellSession]("IdleWarning")
)
