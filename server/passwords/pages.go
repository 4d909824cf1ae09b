package passwords

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageForgotPassword    = server.NewPage[ForgotProps]("ForgotPassword")
	pageInvitationAccept  = server.NewPage[NewPasswordProps]("InvitationAccept")
	pageInvitationExpired = server.NewPage[InvitationExpiredProps]("InvitationExpired")
	pageInvitationJoin    = server.NewPage[JoinProps]("InvitationJoin")
	pageResetPassword     = server.NewPage[NewPasswordProps]("ResetPassword")
)
