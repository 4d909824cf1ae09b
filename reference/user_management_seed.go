package reference

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"portal/provider"
)

// Demo users of the user management pages: enough members in both organisations for the
// list to page (20 a page), every assignable role, a reviewer role in Atlantic Freight (no
// approval flow there, so it shows without its suffix), a role the provider no longer offers
// ("accountant") in each. They log in with the demo password and skip MFA, like the role users;
// Nordic Trading's pending invitation is the seed's invited@demo.example.

type demoStaff struct {
	org, domain string
	first, last []string
	// roles cycle over the members; the first member is the organisation's own admin
	// login where adminEmail is set.
	roles      []string
	adminEmail string
}

func demoStaffOf() []demoStaff {
	return []demoStaff{
		{
			org: DemoOrg1ID, domain: "nordic-trading.example",
			first: []string{"Anna", "Bo", "Cecilie", "Dan", "Emil", "Frida", "Gustav", "Hanne", "Ib", "Julie", "Kasper", "Line", "Morten",
				"Nanna", "Ole", "Pernille", "Rasmus", "Signe", "Troels", "Ulla", "Viggo", "Wilma", "Yrsa", "Aksel", "Birgitte", "Carl"},
			last: []string{"Jensen", "Hansen", "Pedersen", "Christensen", "Rasmussen", "Jørgensen", "Petersen", "Sørensen", "Møller"},
			roles: []string{provider.RoleObserver, provider.RoleFinance, provider.RoleOperationsMember, provider.RoleObserver,
				provider.RoleOperationsMemberReviewer, provider.RoleFinance, provider.RoleAdmin, DemoLegacyRole, provider.RoleObserver},
		},
		{
			org: DemoOrg2ID, domain: "atlantic-freight.example",
			first: []string{"Alice", "Ben", "Chloe", "David", "Eleanor", "Finn", "Grace", "Henry", "Isla", "Jack", "Katie", "Liam",
				"Mia", "Noah", "Olivia", "Patrick", "Ruby", "Samuel", "Thea", "Umar", "Victoria", "William", "Zara", "Arthur"},
			last: []string{"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Davies", "Evans", "Thomas"},
			roles: []string{provider.RoleAdmin, provider.RoleObserver, provider.RoleFinance, provider.RoleOperationsMember,
				provider.RoleOperationsMemberReviewer, provider.RoleObserver, DemoLegacyRole, provider.RoleAdminReviewer},
			adminEmail: DemoAtlanticAdminEmail,
		},
	}
}

// seedUserManagement adds the demo members (an area seeder).
func seedUserManagement(ctx context.Context, tx *sql.Tx, now time.Time) error {
	// The demo password's hash, as the demo users were given it (Seed's password option).
	var hash string
	if err := tx.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = ?`, DemoUserObserverID).Scan(&hash); err != nil {
		return fmt.Errorf("reference: seed users: %w", err)
	}
	for _, st := range demoStaffOf() {
		for i, first := range st.first {
			last := st.last[i%len(st.last)]
			email := strings.ToLower(first) + "." + strings.ToLower(asciiFold(last)) + "@" + st.domain
			if i == 0 && st.adminEmail != "" {
				email = st.adminEmail
			}
			id := seedID("staff/" + email)
			// Joined over the last months, one every few days, the newest first in the list's
			// creation order.
			created := now.Add(-time.Duration(len(st.first)-i) * 73 * time.Hour)
			if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, skip_mfa)
				VALUES (?, ?, ?, ?, ?, ?, 1)`, id, normalizeEmail(email), hash, first, last, formatTime(created)); err != nil {
				return fmt.Errorf("reference: seed users: %w", err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO memberships (user_id, organisation_id, role, is_default) VALUES (?, ?, ?, 1)`,
				id, st.org, st.roles[i%len(st.roles)]); err != nil {
				return fmt.Errorf("reference: seed users: %w", err)
			}
		}
	}
	return nil
}

// asciiFold spells the Danish letters of the demo names in ASCII for e-mail addresses.
func asciiFold(s string) string {
	return strings.NewReplacer("ø", "oe", "æ", "ae", "å", "aa", "Ø", "Oe", "Æ", "Ae", "Å", "Aa").Replace(s)
}
