package main

import (
	"reflect"

	"portal/server"
	"portal/server/accessibility"
	"portal/server/accounts"
	"portal/server/audit"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/passwords"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/payouts"
	"portal/server/profile"
	"portal/server/rangepicker"
	"portal/server/receivers"
	"portal/server/search"
	"portal/server/statements"
	"portal/server/users"
	"portal/server/withdrawals"
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
			"Docs":          reflect.TypeFor[server.DocsProps](),
			"DocsOperation": reflect.TypeFor[server.DocsOperationProps](),
			"Error":         reflect.TypeFor[server.PlainProps](),
			"CookieBanner":  reflect.TypeFor[server.CookieConsentProps](),
			"FormExpired":   reflect.TypeFor[server.PlainProps](),
			"NotFound":      reflect.TypeFor[server.PlainProps](),
			"SavedForm":     reflect.TypeFor[server.SavedFormProps](),
		},
		islands: map[string]reflect.Type{
			"CookieConsent": reflect.TypeFor[server.CookieConsentProps](),
			"IdleWarning":   reflect.TypeFor[server.ShellSession](),
		},
	},
	{ // portal/server/dashboard
		pages: map[string]reflect.Type{
			"Dashboard": reflect.TypeFor[dashboard.DashboardProps](),
		},
		islands: map[string]reflect.Type{
			"CryptoBanner": reflect.TypeFor[dashboard.CryptoBanner](),
		},
	},
	{ // portal/server/funding
		pages: map[string]reflect.Type{
			"AccountFunding": reflect.TypeFor[funding.AccountFundingProps](),
			"CryptoFunding":  reflect.TypeFor[funding.CryptoFundingProps](),
			"CryptoWidget":   reflect.TypeFor[funding.CryptoWidgetProps](),
		},
		islands: map[string]reflect.Type{
			"AccountFunding": reflect.TypeFor[funding.ShellFunding](),
		},
	},
	{ // portal/server/accounts
		pages: map[string]reflect.Type{
			"AccountTransactions": reflect.TypeFor[accounts.AccountPageProps](),
			"AccountTransfer":     reflect.TypeFor[accounts.TransferPageProps](),
		},
		islands: map[string]reflect.Type{
			"CopyText":       reflect.TypeFor[accounts.CopyTextProps](),
			"TransferDialog": reflect.TypeFor[accounts.TransferButtonProps](),
		},
	},
	{ // portal/server/auth
		pages: map[string]reflect.Type{
			"LoggedOut":       reflect.TypeFor[server.PlainProps](),
			"Login":           reflect.TypeFor[auth.LoginProps](),
			"LoginTransition": reflect.TypeFor[auth.TransitionProps](),
			"MfaSetup":        reflect.TypeFor[auth.MfaSetupProps](),
			"MfaVerify":       reflect.TypeFor[auth.MfaVerifyProps](),
			"NoOrganisation":  reflect.TypeFor[server.PlainProps](),
			"Outbox":          reflect.TypeFor[auth.OutboxProps](),
			"Reauth":          reflect.TypeFor[auth.ReauthProps](),
		},
		islands: map[string]reflect.Type{
			"ApprovalPoll": reflect.TypeFor[auth.ApprovalProps](),
			"Passkey":      reflect.TypeFor[auth.PasskeyIslandProps](),
		},
	},
	{ // portal/server/accessibility
		pages: map[string]reflect.Type{
			"AccessibilityStatement": reflect.TypeFor[accessibility.StatementProps](),
		},
	},
	{ // portal/server/passwords
		pages: map[string]reflect.Type{
			"ForgotPassword":    reflect.TypeFor[passwords.ForgotProps](),
			"InvitationAccept":  reflect.TypeFor[passwords.NewPasswordProps](),
			"InvitationExpired": reflect.TypeFor[passwords.InvitationExpiredProps](),
			"InvitationJoin":    reflect.TypeFor[passwords.JoinProps](),
			"ResetPassword":     reflect.TypeFor[passwords.NewPasswordProps](),
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
	{ // portal/server/payoutreports
		pages: map[string]reflect.Type{
			"ExportedPayouts": reflect.TypeFor[payoutreports.ExportedPayoutsProps](),
			"DocumentPreview": reflect.TypeFor[payoutreports.PreviewProps](),
		},
		islands: map[string]reflect.Type{
			"PayoutExport":       reflect.TypeFor[payoutreports.PayoutExportProps](),
			"PayoutReportsTable": reflect.TypeFor[payoutreports.PayoutReportsTableProps](),
		},
	},
	{ // portal/server/rangepicker
		pages: map[string]reflect.Type{
			"DateRange": reflect.TypeFor[rangepicker.DateRangePageProps](),
		},
		islands: map[string]reflect.Type{
			"DateRangePicker": reflect.TypeFor[rangepicker.ShellDateRange](),
		},
	},
	{ // portal/server/search
		pages: map[string]reflect.Type{
			"Search": reflect.TypeFor[search.SearchProps](),
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
	{ // portal/server/users
		pages: map[string]reflect.Type{
			"Users": reflect.TypeFor[users.UsersPageProps](),
		},
	},
	{ // portal/server/profile
		pages: map[string]reflect.Type{
			"Profile": reflect.TypeFor[profile.ProfileProps](),
		},
	},
	{ // portal/server/receivers
		pages: map[string]reflect.Type{
			"Receivers":             reflect.TypeFor[receivers.ReceiversPageProps](),
			"ReceiverDeleteConfirm": reflect.TypeFor[receivers.ReceiverConfirmProps](),
		},
		islands: map[string]reflect.Type{
			"ReceiverDelete": reflect.TypeFor[receivers.ReceiverDeleteProps](),
		},
	},
	{ // portal/server/createpayout
		pages: map[string]reflect.Type{
			"CreatePayout":       reflect.TypeFor[createpayout.CreatePayoutProps](),
			"CreatePayoutDelete": reflect.TypeFor[createpayout.CreatePayoutDeleteProps](),
		},
		islands: map[string]reflect.Type{
			"PayoutWizard": reflect.TypeFor[createpayout.WizardProps](),
		},
	},
	{ // portal/server/payoutdrafts
		pages: map[string]reflect.Type{
			"PayoutDrafts":       reflect.TypeFor[payoutdrafts.PayoutDraftsProps](),
			"PayoutDraftConfirm": reflect.TypeFor[payoutdrafts.PayoutDraftConfirmProps](),
		},
		islands: map[string]reflect.Type{
			"DraftDecision": reflect.TypeFor[payoutdrafts.DraftDecisionProps](),
		},
	},
	{ // portal/server/collections
		pages: map[string]reflect.Type{
			"CollectionOrders":  reflect.TypeFor[collections.OrdersPageProps](),
			"CollectionConfirm": reflect.TypeFor[collections.CollectionConfirmProps](),
		},
		islands: map[string]reflect.Type{
			"CollectionOrderDetails": reflect.TypeFor[collections.OrderDetailsProps](),
			"CollectionRefund":       reflect.TypeFor[collections.RefundForm](),
		},
	},
	{ // portal/server/audit
		pages: map[string]reflect.Type{
			"AuditLog": reflect.TypeFor[audit.AuditLogProps](),
		},
	},
	{ // portal/server/withdrawals
		pages: map[string]reflect.Type{
			"Withdrawals":      reflect.TypeFor[withdrawals.WithdrawalsPageProps](),
			"WithdrawalForm":   reflect.TypeFor[withdrawals.WithdrawalFormPageProps](),
			"WithdrawalReview": reflect.TypeFor[withdrawals.WithdrawalReviewPageProps](),
		},
		islands: map[string]reflect.Type{
			"WithdrawalDialog": reflect.TypeFor[withdrawals.WithdrawalDialogProps](),
		},
	},
	{ // portal/server/batches
		pages: map[string]reflect.Type{
			"Batches":       reflect.TypeFor[batches.BatchesPageProps](),
			"Batch":         reflect.TypeFor[batches.BatchPageProps](),
			"BatchDecline":  reflect.TypeFor[batches.BatchDeclineProps](),
			"BatchUpload":   reflect.TypeFor[batches.BatchUploadPageProps](),
			"BatchTemplate": reflect.TypeFor[batches.BatchTemplateProps](),
		},
		islands: map[string]reflect.Type{
			"BatchUpload":         reflect.TypeFor[batches.BatchUploadProps](),
			"BatchTemplateDialog": reflect.TypeFor[batches.BatchTemplateDialogProps](),
		},
	},
}
