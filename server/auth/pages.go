package auth

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
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
