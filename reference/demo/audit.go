package demo

import (
	"fmt"
	"time"

	"portal/provider"
	"portal/reference/seeddata"
)

// Audit is the demo audit log: some weeks of both organisations' events (the store writes
// them through the same writer as the live ones, so the chains verify), enough for a few
// pages at Nordic Trading and two at Atlantic Freight, and one failed login of an address
// nobody has (the system chain).
func Audit() []seeddata.AuditEntry {
	type person struct{ id, email, role string }
	var log []seeddata.AuditEntry
	for _, org := range []struct {
		id      string
		n       int
		people  []person
		account string
	}{
		{Org1ID, 72, []person{{UserAdminID, "admin@demo.example", provider.RoleAdmin},
			{UserOperationsMemberID, "operations_member@demo.example", provider.RoleOperationsMemberAlias},
			{UserFinanceID, "finance@demo.example", provider.RoleFinance}}, AccountOrg1EUR},
		{Org2ID, 36, []person{{UserAtlanticOpsID, "atlantic-ops@demo.example", provider.RoleOperationsMember},
			{UserAtlanticReviewerID, "atlantic-reviewer@demo.example", provider.RoleOperationsMember}}, AccountOrg2GBP},
	} {
		for i := range org.n {
			p := org.people[i%len(org.people)]
			a := provider.AuditActor{UserID: p.id, Email: p.email, Role: p.role, Session: fmt.Sprintf("%012x", i*7919+len(org.id)),
				ClientIP: fmt.Sprintf("192.0.2.%d", 10+i%40), Origin: provider.AuditOriginPage}
			var ev provider.AuditEvent
			switch i % 6 {
			case 0:
				a.Path = "/login"
				ev = provider.AuditEvent{Kind: provider.AuditLogin, RecordKind: "user", RecordID: p.id,
					Changes: []provider.AuditChange{{Field: "continues to", After: "dashboard"}}}
			case 1:
				a.Path = "/org/" + org.id + "/accounts/transfer"
				ev = provider.AuditEvent{Kind: provider.AuditTransfer, RecordKind: "transfer", RecordID: ID(fmt.Sprintf("audit/transfer/%s/%d", org.id, i)),
					Changes: []provider.AuditChange{{Field: "from", After: org.account}, {Field: "debit", After: fmt.Sprintf("%d.00", 100+i)}}}
			case 2:
				a.Path, a.Origin = "/api/v2/organizations/"+org.id+"/payout_requests", provider.AuditOriginAPI
				ev = provider.AuditEvent{Kind: provider.AuditPayoutCreated, RecordKind: "payout", RecordID: fmt.Sprintf("PO-AUDIT-%02d", i),
					Changes: []provider.AuditChange{{Field: "amount", After: fmt.Sprintf("%d.50 EUR", 20+i)}}}
			case 3:
				a.Path = "/org/" + org.id + "/exports/statements"
				ev = provider.AuditEvent{Kind: provider.AuditExport, RecordKind: "statement", RecordID: ID(fmt.Sprintf("audit/statement/%s/%d", org.id, i)),
					Changes: []provider.AuditChange{{Field: "account", After: org.account}}}
			case 4:
				a.Path = "/org/" + org.id + "/exports/statements"
				ev = provider.AuditEvent{Kind: provider.AuditDownload, RecordKind: "statement", RecordID: ID(fmt.Sprintf("audit/statement/%s/%d", org.id, i-1)),
					Changes: []provider.AuditChange{{Field: "format", After: "csv"}}}
			default:
				a.Path = "/logout"
				ev = provider.AuditEvent{Kind: provider.AuditSessionEnded, RecordKind: "session", RecordID: a.Session,
					Changes: []provider.AuditChange{{Field: "reason", After: "logged out"}}}
			}
			ev.OrgID, ev.Actor = org.id, &a
			log = append(log, seeddata.AuditEntry{Event: ev, At: time.Duration(org.n-i) * 9 * time.Hour})
		}
	}
	return append(log, seeddata.AuditEntry{Event: provider.AuditEvent{Kind: provider.AuditLoginFailed, Actor: &provider.AuditActor{
		Email: "unknown@example.com", ClientIP: "198.51.100.23", Origin: provider.AuditOriginPage, Path: "/login"}}, At: time.Hour})
}
