package server

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageCookieBanner = NewPage[CookieConsentProps]("CookieBanner")
	pageDocs         = NewPage[DocsProps]("Docs")
	pageError        = NewPage[PlainProps]("Error")
	pageFormExpired  = NewPage[PlainProps]("FormExpired")
	pageNotFound     = NewPage[PlainProps]("NotFound")
	pageSavedForm    = NewPage[SavedFormProps]("SavedForm")

	_ = NewIsland[CookieConsentProps]("CookieConsent")
	_ = NewIsland[ShellSession]("IdleWarning")
)
