package main

import (
	"reflect"

	"portal/cmd/renderbench/bench"
	"portal/server"
	"portal/server/payouts"
	"portal/server/statements"
)

// propsPackage is one Go package whose structs are the props of TSX pages
// and islands: each page under templates/pages by name, and each island
// under islands/ whose props the server builds (islands whose props a page
// puts together in TSX keep a TS type of their own).
type propsPackage struct {
	pages   map[string]reflect.Type
	islands map[string]reflect.Type
}

// packages is the one list to extend when props move to a package of their
// own: add an entry for the package (or move names between entries). Every
// page must be named exactly once, by some package.
var packages = []propsPackage{
	{ // portal/server
		pages: map[string]reflect.Type{
			"AccountFunding":      reflect.TypeFor[server.AccountFundingProps](),
			"AccountTransactions": reflect.TypeFor[server.AccountPageProps](),
			"AccountTransfer":     reflect.TypeFor[server.TransferPageProps](),
			"CryptoFunding":       reflect.TypeFor[server.CryptoFundingProps](),
			"CryptoWidget":        reflect.TypeFor[server.CryptoWidgetProps](),
			"Dashboard":           reflect.TypeFor[server.DashboardProps](),
			"DateRange":           reflect.TypeFor[server.DateRangePageProps](),
			"Docs":                reflect.TypeFor[server.DocsProps](),
			"Error":               reflect.TypeFor[server.PlainProps](),
			"ForgotPassword":      reflect.TypeFor[server.ForgotProps](),
			"FormExpired":         reflect.TypeFor[server.PlainProps](),
			"InvitationAccept":    reflect.TypeFor[server.InvitationProps](),
			"InvitationExpired":   reflect.TypeFor[server.InvitationExpiredProps](),
			"LoggedOut":           reflect.TypeFor[server.PlainProps](),
			"Login":               reflect.TypeFor[server.LoginProps](),
			"LoginTransition":     reflect.TypeFor[server.TransitionProps](),
			"MfaSetup":            reflect.TypeFor[server.MfaSetupProps](),
			"MfaVerify":           reflect.TypeFor[server.MfaVerifyProps](),
			"NoOrganisation":      reflect.TypeFor[server.PlainProps](),
			"NotFound":            reflect.TypeFor[server.PlainProps](),
			"Outbox":              reflect.TypeFor[server.OutboxProps](),
			"Reauth":              reflect.TypeFor[server.ReauthProps](),
			"ResetPassword":       reflect.TypeFor[server.ResetProps](),
			"Search":              reflect.TypeFor[server.SearchProps](),
		},
		islands: map[string]reflect.Type{
			"AccountFunding":  reflect.TypeFor[server.ShellFunding](),
			"ApprovalPoll":    reflect.TypeFor[server.ApprovalProps](),
			"CopyText":        reflect.TypeFor[server.CopyTextProps](),
			"CryptoBanner":    reflect.TypeFor[server.CryptoBanner](),
			"DateRangePicker": reflect.TypeFor[server.ShellDateRange](),
			"TransferDialog":  reflect.TypeFor[server.TransferButtonProps](),
		},
	},
	{ // portal/server/statements
		pages: map[string]reflect.Type{
			"ExportedStatements": reflect.TypeFor[statements.ExportedStatementsProps](),
			"StatementRequest":   reflect.TypeFor[statements.StatementRequestProps](),
		},
		islands: map[string]reflect.Type{
			"StatementExport": reflect.TypeFor[statements.StatementExportProps](),
			"StatementsTable": reflect.TypeFor[statements.StatementsTableProps](),
		},
	},
	{ // portal/server/payouts
		pages: map[string]reflect.Type{
			"Payouts":       reflect.TypeFor[payouts.PayoutsPageProps](),
			"PayoutConfirm": reflect.TypeFor[payouts.PayoutConfirmProps](),
		},
		islands: map[string]reflect.Type{
			"PayoutDetails": reflect.TypeFor[payouts.PayoutDetailsProps](),
		},
	},
	{ // portal/cmd/renderbench/bench: the render benchmark's calibration page
		pages: map[string]reflect.Type{
			"SyntheticTransactions": reflect.TypeFor[bench.SyntheticProps](),
		},
	},
}
