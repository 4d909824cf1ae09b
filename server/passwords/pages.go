package passwords

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageForgotPassword    = server.NewPage[ForgotProps]("ForgotPassword")
	pageInvitationAccept  = server.NewPage[NewPasswordProps]("InvitationAccept")
	pageInvitationExpired = server.NewPage[InvitationExpiredProps]("InvitationExpired")
	pageInvitationJoin    = server.NewPage[JoinProps]("InvitationJoin")
	pageResetPassword     = server.NewPage[NewPasswordProps]("ResetPassword")
)
