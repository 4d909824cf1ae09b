package demo

import (
	"strings"
	"time"

	"portal/provider"
	"portal/reference/seeddata"
)

// Demo users of the user management pages: enough members in both organisations for the
// list to page (20 a page), every assignable role, a reviewer role in Atlantic Freight (no
// approval flow there, so it shows without its suffix), a role the provider no longer offers
// (LegacyRole) in each. They log in with the demo password and skip MFA, like the role
// users; Nordic Trading's pending invitation is the seed's invited@demo.example.

type staff struct {
	org, domain string
	first, last []string
	// roles cycle over the members; the first member is the organisation's own admin
	// login where adminEmail is set.
	roles      []string
	adminEmail string
}

func staffOf() []staff {
	return []staff{
		{
			org: Org1ID, domain: "nordic-trading.example",
			first: []string{"Anna", "Bo", "Cecilie", "Dan", "Emil", "Frida", "Gustav", "Hanne", "Ib", "Julie", "Kasper", "Line", "Morten",
				"Nanna", "Ole", "Pernille", "Rasmus", "Signe", "Troels", "Ulla", "Viggo", "Wilma", "Yrsa", "Aksel", "Birgitte", "Carl"},
			last: []string{"Jensen", "Hansen", "Pedersen", "Christensen", "Rasmussen", "Jørgensen", "Petersen", "Sørensen", "Møller"},
			roles: []string{provider.RoleObserver, provider.RoleFinance, provider.RoleOperationsMember, provider.RoleObserver,
				provider.RoleOperationsMemberReviewer, provider.RoleFinance, provider.RoleAdmin, LegacyRole, provider.RoleObserver},
		},
		{
			org: Org2ID, domain: "atlantic-freight.example",
			first: []string{"Alice", "Ben", "Chloe", "David", "Eleanor", "Finn", "Grace", "Henry", "Isla", "Jack", "Katie", "Liam",
				"Mia", "Noah", "Olivia", "Patrick", "Ruby", "Samuel", "Thea", "Umar", "Victoria", "William", "Zara", "Arthur"},
			last: []string{"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Davies", "Evans", "Thomas"},
			roles: []string{provider.RoleAdmin, provider.RoleObserver, provider.RoleFinance, provider.RoleOperationsMember,
				provider.RoleOperationsMemberReviewer, provider.RoleObserver, LegacyRole, provider.RoleAdminReviewer},
			adminEmail: AtlanticAdminEmail,
		},
	}
}

// Members are the staff of both organisations, with the observer's password (the demo
// password, or Options.Password).
func Members() []seeddata.Member {
	var ms []seeddata.Member
	for _, st := range staffOf() {
		for i, first := range st.first {
			last := st.last[i%len(st.last)]
			email := strings.ToLower(first) + "." + strings.ToLower(asciiFold(last)) + "@" + st.domain
			if i == 0 && st.adminEmail != "" {
				email = st.adminEmail
			}
			ms = append(ms, seeddata.Member{ID: ID("staff/" + email), Email: email, FirstName: first, LastName: last,
				OrganisationID: st.org, Role: st.roles[i%len(st.roles)], PasswordOf: UserObserverID,
				// Joined over the last months, one every few days, the newest first in the
				// list's creation order.
				Joined: time.Duration(len(st.first)-i) * 73 * time.Hour})
		}
	}
	return ms
}

// asciiFold spells the Danish letters of the demo names in ASCII for e-mail addresses.
func asciiFold(s string) string {
	return strings.NewReplacer("ø", "oe", "æ", "ae", "å", "aa", "Ø", "Oe", "Æ", "Ae", "Å", "Aa").Replace(s)
}
