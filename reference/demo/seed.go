package demo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"portal/provider"
	"portal/reference/seeddata"
)

// Loader is the store's seeding entry point: Load writes a set into an empty store in one
// transaction and says false, writing nothing, when the store already holds organisations.
type Loader interface {
	Load(ctx context.Context, set seeddata.Set) (bool, error)
}

// Options tune Seed.
type Options struct {
	// Password for every demo user; empty means Password.
	Password string
	// LargeAccountEntries, when positive, adds AccountLarge (organisation 1, EUR) with that
	// many ledger entries, for scale tests and benchmarks.
	LargeAccountEntries int
}

// Report says what Seed did, with the logins it created so main can print them.
type Report struct {
	Seeded        bool
	Message       string
	Password      string
	Organisations []provider.Organisation
	Logins        []Login
	Invitations   []Invitation
}

// Login is one demo user and where it can go.
type Login struct {
	Email       string
	FirstName   string
	LastName    string
	Disabled    bool
	Memberships []seeddata.Membership
	// MFA says how the user passes the second step; empty for the role users, which skip it.
	MFA string
}

// Invitation is a pending invitation and the link that accepts it.
type Invitation struct {
	Email string
	Link  string
}

// Set is the demo as one seed: what Seed hands the loader.
func Set(opts Options) seeddata.Set {
	return seeddata.Set{
		Organisations:       Organisations(),
		Users:               Users(password(opts)),
		Invitations:         Invitations(),
		Accounts:            Accounts(),
		AccountsOpened:      AccountsOpened,
		FXMarkups:           FXMarkups(),
		FundingInstructions: FundingInstructions(),
		PayoutReports:       PayoutReports(),
		Receivers:           Receivers(),
		Members:             Members(),
		Audit:               Audit(),
		History: func(now time.Time, rules seeddata.Rules) (seeddata.History, error) {
			return History(now, rules, opts.LargeAccountEntries)
		},
	}
}

func password(opts Options) string {
	if opts.Password != "" {
		return opts.Password
	}
	return Password
}

// Seed fills an empty store with the demo data. A store that already holds any organisation
// is left alone: Seed never overwrites real or edited data, so it is safe on every start.
func Seed(ctx context.Context, st Loader, opts Options) (Report, error) {
	loaded, err := st.Load(ctx, Set(opts))
	if err != nil {
		return Report{}, err
	}
	if !loaded {
		return Report{Message: "Demo data not seeded: the store already holds organisations."}, nil
	}
	report := Report{Seeded: true, Password: password(opts)}
	for _, o := range Organisations() {
		report.Organisations = append(report.Organisations, o.Organisation)
	}
	for _, l := range logins(report.Password) {
		report.Logins = append(report.Logins, Login{Email: l.Email, FirstName: l.FirstName, LastName: l.LastName,
			Disabled: l.Disabled, Memberships: l.Memberships, MFA: l.describe})
	}
	for _, inv := range Invitations() {
		report.Invitations = append(report.Invitations, Invitation{Email: inv.Email, Link: InvitationLink})
	}
	report.Message = fmt.Sprintf("Demo data seeded: %d organisations, %d users, %d invitation.",
		len(report.Organisations), len(report.Logins), len(report.Invitations))
	return report, nil
}

// String renders the report as a short block for a terminal.
func (r Report) String() string {
	var b strings.Builder
	b.WriteString(r.Message)
	b.WriteByte('\n')
	if !r.Seeded {
		return b.String()
	}
	fmt.Fprintf(&b, "Password for every demo user: %s\n", r.Password)
	for _, l := range r.Logins {
		fmt.Fprintf(&b, "  %-42s", l.Email)
		switch {
		case l.Disabled:
			b.WriteString(" (disabled)")
		case len(l.Memberships) == 0:
			b.WriteString(" (no organisation)")
		}
		for i, m := range l.Memberships {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %s in %s", m.Role, m.OrganisationName)
			if m.Default {
				b.WriteString(" (default)")
			}
		}
		if l.MFA != "" {
			fmt.Fprintf(&b, "\n  %-42s MFA: %s", "", l.MFA)
		}
		b.WriteByte('\n')
	}
	b.WriteString("Codes, links and push requests the provider \"sends\" are on the sandbox outbox page (/sandbox/outbox).\n")
	for _, inv := range r.Invitations {
		fmt.Fprintf(&b, "Invitation for %s (also in the sandbox outbox): %s\n", inv.Email, inv.Link)
	}
	return b.String()
}
