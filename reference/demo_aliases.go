package reference

import (
	"portal/reference/demo"
	"portal/reference/seeddata"
)

// The demo names as the store exported them, until scripts/demo-rename.sh moves their users
// to reference/demo; the commit that runs it deletes this file.
const (
	DemoPassword                       = demo.Password
	DemoOrg1ID                         = demo.Org1ID
	DemoOrg2ID                         = demo.Org2ID
	DemoUserDefaultID                  = demo.UserDefaultID
	DemoUserObserverID                 = demo.UserObserverID
	DemoUserFinanceID                  = demo.UserFinanceID
	DemoUserOperationsMemberID         = demo.UserOperationsMemberID
	DemoUserOperationsMemberReviewerID = demo.UserOperationsMemberReviewerID
	DemoUserAdminID                    = demo.UserAdminID
	DemoUserAdminReviewerID            = demo.UserAdminReviewerID
	DemoUserMultiID                    = demo.UserMultiID
	DemoUserNoOrgID                    = demo.UserNoOrgID
	DemoUserDisabledID                 = demo.UserDisabledID
	DemoUserMFATOTPID                  = demo.UserMFATOTPID
	DemoUserMFASMSID                   = demo.UserMFASMSID
	DemoUserMFAAuthyID                 = demo.UserMFAAuthyID
	DemoUserMFANewID                   = demo.UserMFANewID
	DemoUserInvitedID                  = demo.UserInvitedID
	DemoUserAtlanticOpsID              = demo.UserAtlanticOpsID
	DemoUserAtlanticReviewerID         = demo.UserAtlanticReviewerID
	DemoUserAtlanticApproverID         = demo.UserAtlanticApproverID
	DemoTOTPSecret                     = demo.TOTPSecret
	DemoPhoneCountry                   = demo.PhoneCountry
	DemoPhoneNumber                    = demo.PhoneNumber
	DemoInvitationToken                = demo.InvitationToken
	DemoInvitationLink                 = demo.InvitationLink
	DemoInvitedEmail                   = demo.InvitedEmail
	DemoAccountOrg1EUR                 = demo.AccountOrg1EUR
	DemoAccountOrg1GBP                 = demo.AccountOrg1GBP
	DemoAccountOrg1USD                 = demo.AccountOrg1USD
	DemoAccountOrg1DKK                 = demo.AccountOrg1DKK
	DemoAccountOrg1USDT                = demo.AccountOrg1USDT
	DemoAccountOrg2GBP                 = demo.AccountOrg2GBP
	DemoAccountOrg2USD                 = demo.AccountOrg2USD
	DemoAccountPartnerPool             = demo.AccountPartnerPool
	DemoAccountLarge                   = demo.AccountLarge
	DemoAtlanticAdminEmail             = demo.AtlanticAdminEmail
	DemoLegacyRole                     = demo.LegacyRole
	MaintenanceAlert                   = demo.MaintenanceAlert
)

var (
	DemoWithdrawalEUR    = demo.WithdrawalEUR
	DemoWithdrawalGBP    = demo.WithdrawalGBP
	DemoWithdrawalCrypto = demo.WithdrawalCrypto
	DemoWithdrawalHUF    = demo.WithdrawalHUF
	DemoWithdrawalNoCcy  = demo.WithdrawalNoCcy
	DemoWithdrawalUSD    = demo.WithdrawalUSD
	DemoReceiverProducts = demo.ReceiverProducts
)

type (
	DemoReceiverProduct = demo.ReceiverProduct
	SeedOptions         = demo.Options
	SeedReport          = demo.Report
	SeedLogin           = demo.Login
	SeedInvitation      = demo.Invitation
	SeedMembership      = seeddata.Membership
)
