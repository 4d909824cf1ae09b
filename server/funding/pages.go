package funding

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageAccountFunding = server.NewPage[AccountFundingProps]("AccountFunding")
	pageCryptoFunding  = server.NewPage[CryptoFundingProps]("CryptoFunding")
	pageCryptoWidget   = server.NewPage[CryptoWidgetProps]("CryptoWidget")

	_ = server.NewIsland[ShellFunding]("AccountFunding")
)
