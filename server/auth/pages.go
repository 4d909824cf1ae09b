package auth

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageLoggedOut       = server.NewPage[server.PlainProps]("LoggedOut")
	pageLogin           = server.NewPage[LoginProps]("Login")
	pageLoginTransition = server.NewPage[TransitionProps]("LoginTransition")
	pageMfaSetup        = server.NewPage[MfaSetupProps]("MfaSetup")
	pageMfaVerify       = server.NewPage[MfaVerifyProps]("MfaVerify")
	pageNoOrganisation  = server.NewPage[server.PlainProps]("NoOrganisation")
	pageOutbox          = server.NewPage[OutboxProps]("Outbox")
	pageReauth          = server.NewPage[ReauthProps]("Reauth")

	_ = server.NewIsland[ApprovalProps]("ApprovalPoll")
	_ = server.NewIsland[PasskeyIslandProps]("Passkey")
)
