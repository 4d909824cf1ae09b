// Package access holds the role → permission table of the spec (000 §6,
// 001 §6). It is the one place that knows which role may do what; pages and
// guards ask it and carry only the answers.
package access

import "strings"

// Permission names as the spec writes them.
type Permission string

const (
	DashboardRead        Permission = "dashboard:read"
	AccountsRead         Permission = "accounts:read"
	AccountsManage       Permission = "accounts:manage"
	AccountsFunding      Permission = "accounts:funding"
	CollectionsRead      Permission = "collections:read"
	CollectionOrdersRead Permission = "collection_orders:read"
	CollectionOrdersMan  Permission = "collection_orders:manage"
	CryptoRead           Permission = "crypto:read"
	CryptoManage         Permission = "crypto:manage"
	PayoutsRead          Permission = "payouts:read"
	PayoutsManage        Permission = "payouts:manage"
	PayoutBatchesRead    Permission = "payout_batches:read"
	PayoutBatchesManage  Permission = "payout_batches:manage"
	PayoutBatchesReview  Permission = "payout_batches:review"
	PayoutDraftsRead     Permission = "payout_drafts:read"
	PayoutDraftsManage   Permission = "payout_drafts:manage"
	PayoutDraftsReview   Permission = "payout_drafts:review"
	ReceiversRead        Permission = "receivers:read"
	ReceiversManage      Permission = "receivers:manage"
	WithdrawalsRead      Permission = "withdrawals:read"
	WithdrawalsManage    Permission = "withdrawals:manage"
	ExportsRead          Permission = "exports:read"
	ExportsManage        Permission = "exports:manage"
	ExportsDownload      Permission = "exports:download"
	UsersRead            Permission = "users:read"
	UsersManage          Permission = "users:manage"
)

// Role names as stored; Normalize maps aliases onto these.
const (
	RoleDefault                  = "default"
	RoleObserver                 = "observer"
	RoleFinance                  = "finance"
	RoleOperationsMember         = "operations_member"
	RoleOperationsMemberReviewer = "operations_member_reviewer"
	RoleAdmin                    = "admin"
	RoleAdminReviewer            = "admin_reviewer"
)

// Roles lists every role, least to most privileged.
var Roles = []string{RoleDefault, RoleObserver, RoleFinance, RoleOperationsMember,
	RoleOperationsMemberReviewer, RoleAdmin, RoleAdminReviewer}

// The spec describes each role as adding to the one before it ("Finance adds
// …", "Operations member adds …"), so the sets are built cumulatively.
var (
	observer = []Permission{AccountsRead, CollectionsRead, CollectionOrdersRead, CryptoRead, DashboardRead,
		PayoutsRead, PayoutBatchesRead, PayoutDraftsRead, ReceiversRead, WithdrawalsRead}
	finance    = plus(observer, ExportsRead, ExportsManage, ExportsDownload)
	operations = plus(finance, AccountsManage, AccountsFunding, CollectionOrdersMan, CryptoManage, PayoutsManage,
		PayoutBatchesManage, PayoutDraftsManage, ReceiversManage, WithdrawalsManage)
	reviews = []Permission{PayoutBatchesReview, PayoutDraftsReview}
	admin   = plus(operations, UsersRead, UsersManage)
)

var table = map[string]Set{
	RoleDefault:                  setOf(DashboardRead),
	RoleObserver:                 setOf(observer...),
	RoleFinance:                  setOf(finance...),
	RoleOperationsMember:         setOf(operations...),
	RoleOperationsMemberReviewer: setOf(plus(operations, reviews...)...),
	RoleAdmin:                    setOf(admin...),
	RoleAdminReviewer:            setOf(plus(admin, reviews...)...),
}

// Set is a role's permissions.
type Set map[Permission]bool

// Has reports whether the set grants p.
func (s Set) Has(p Permission) bool { return s[p] }

// Normalize maps a stored role name to a known role: "operations member" is
// the spec's alias of operations_member, and anything unknown or missing is
// default.
func Normalize(role string) string {
	r := strings.ToLower(strings.TrimSpace(role))
	r = strings.ReplaceAll(r, " ", "_")
	if _, ok := table[r]; ok {
		return r
	}
	return RoleDefault
}

// For returns the permissions of a role (after Normalize).
func For(role string) Set { return table[Normalize(role)] }

// Label is how a role is shown to people (001 §6).
func Label(role string) string {
	switch Normalize(role) {
	case RoleObserver:
		return "Observer"
	case RoleFinance:
		return "Finance"
	case RoleOperationsMember:
		return "Operations member"
	case RoleOperationsMemberReviewer:
		return "Operations member / Approver"
	case RoleAdmin:
		return "Admin"
	case RoleAdminReviewer:
		return "Admin / Approver"
	}
	return "Default"
}

func plus(base []Permission, more ...Permission) []Permission {
	out := append([]Permission(nil), base...)
	return append(out, more...)
}

func setOf(ps ...Permission) Set {
	s := make(Set, len(ps))
	for _, p := range ps {
		s[p] = true
	}
	return s
}
