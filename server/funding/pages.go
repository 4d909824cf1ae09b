package funding

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageAccountFunding = server.NewPage[AccountFundingProps]("AccountFunding")
	pageCryptoFunding  = server.NewPage[CryptoFundingProps]("CryptoFunding")
	pageCryptoWidget   = server.NewPage[CryptoWidgetProps]("CryptoWidget")

	_ = server.NewIsland[ShellFunding]("AccountFunding")
)
