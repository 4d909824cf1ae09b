package reference

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"portal/currency"
	"portal/mfa"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

var (
	qSeedCountOrganisations  = sq("seed-count-organisations")
	qSeedOrganisationInsert  = sq("seed-organisation-insert")
	qSeedConfigurationInsert = sq("seed-configuration-insert")
	qSeedProductInsert       = sq("seed-product-insert")
	qSeedFlagInsert          = sq("seed-flag-insert")
	qSeedAlertInsert         = sq("seed-alert-insert")
	qSeedUserInsert          = sq("seed-user-insert")
	qSeedMembershipInsert    = sq("seed-membership-insert")
	qSeedTOTPInsert          = sq("seed-totp-insert")
	qSeedPhoneInsert         = sq("seed-phone-insert")
	qSeedPushInsert          = sq("seed-push-insert")
	qSeedAccountInsert       = sq("seed-account-insert")
	qSeedAccountShareInsert  = sq("seed-account-share-insert")
	qSeedFundingInsert       = sq("seed-funding-insert")
	qSeedMemberInsert        = sq("seed-member-insert")
	qSeedFXMarkupInsert      = sq("seed-fx-markup-insert")
)

// Load is the store's one seeding entry point (reference/demo uses it): it writes set into
// an empty store in one transaction, with the ids the set names and times relative to the
// store's clock, which no public method allows. A store that already holds any organisation
// is left alone and Load says false: a seed never overwrites real or edited data, so it is
// safe on every start.
func (s *Store) Load(ctx context.Context, set seeddata.Set) (bool, error) {
	if n, err := countOrganisations(ctx, s.read.QueryRowContext); err != nil || n > 0 {
		return false, err
	}
	// Hashed before the transaction: argon2 is the slow part, and holding the write lock
	// through it would stall every other writer.
	hashes := make([]string, len(set.Users))
	for i, u := range set.Users {
		h, err := HashPassword(u.Password, s.params)
		if err != nil {
			return false, err
		}
		hashes[i] = h
	}
	loaded := false
	err := s.inTx(ctx, "seed", func(tx *sql.Tx) error {
		// Checked again under the write lock (and, on PostgreSQL, an advisory lock on the seed
		// itself, since a count locks no row): two processes starting on one empty store must
		// not both seed.
		if err := lockAdvisory(ctx, tx, "seed", "", "demo"); err != nil {
			return err
		}
		if n, err := countOrganisations(ctx, tx.QueryRowContext); err != nil || n > 0 {
			return err
		}
		l := loader{ctx: ctx, tx: tx, now: s.now(), opened: set.AccountsOpened}
		for _, o := range set.Organisations {
			l.organisation(o)
		}
		for i, u := range set.Users {
			l.user(u, hashes[i])
		}
		for _, inv := range set.Invitations {
			if l.err == nil {
				l.fail(s.createInvitation(ctx, tx, invitationRow{id: inv.ID, orgID: inv.OrganisationID, orgName: inv.OrganisationName,
					email: inv.Email, firstName: inv.FirstName, lastName: inv.LastName, role: inv.Role}, inv.Token))
			}
		}
		for _, a := range set.Accounts {
			l.account(a)
		}
		for _, f := range set.FundingInstructions {
			l.funding(f)
		}
		hashOf := map[string]string{}
		for i, u := range set.Users {
			hashOf[u.ID] = hashes[i]
		}
		for _, m := range set.Members {
			l.member(m, hashOf[m.PasswordOf])
		}
		for _, m := range set.FXMarkups {
			l.exec(qSeedFXMarkupInsert, m.ID, m.OrganisationID, m.Pay, m.Buy, m.BPS)
		}
		if l.err == nil {
			l.err = s.loadHistory(ctx, tx, l.now, set)
		}
		for _, a := range set.Audit {
			if l.err == nil {
				l.err = s.auditAt(ctx, tx, a.Event, l.now.Add(-a.At))
			}
		}
		loaded = l.err == nil
		return l.err
	})
	if err != nil {
		return false, err
	}
	return loaded, nil
}

// loader writes one set's rows inside Load's transaction, keeping the first error.
type loader struct {
	ctx    context.Context
	tx     *sql.Tx
	now    time.Time
	opened time.Duration // how long before now the accounts opened
	err    error
}

func (l *loader) fail(err error) {
	if err != nil && l.err == nil {
		l.err = fmt.Errorf("reference: seed: %w", err)
	}
}

func (l *loader) exec(query string, args ...any) {
	if l.err != nil {
		return
	}
	_, err := l.tx.ExecContext(l.ctx, query, args...)
	l.fail(err)
}

func (l *loader) organisation(o seeddata.Organisation) {
	l.exec(qSeedOrganisationInsert, o.ID, o.Name, o.OrderingInstitution, o.CountryISO, o.Line1, o.Line2, o.City,
		o.PostalCode, o.State, formatTime(l.now))
	c := o.Config
	l.exec(qSeedConfigurationInsert, o.ID, c.ManualPayoutsEnabled, c.BatchesEnabled, c.BatchNumberOfApprovers,
		c.ManualPayoutNumberOfApprovers, c.CustomerABTesting, c.FXWidgetEnabled)
	for _, p := range o.Products {
		l.exec(qSeedProductInsert, p.ID, o.ID, p.Kind, p.Name, p.Currency, p.LocalInstrument)
	}
	// Every known flag gets a row, so the stored data reads the same as the reply.
	for _, f := range provider.KnownFlags() {
		l.exec(qSeedFlagInsert, o.ID, f, o.Flags[f])
	}
	for i, a := range o.Alerts {
		// Spaced a millisecond apart so "oldest first" is the order of the set.
		l.exec(qSeedAlertInsert, a.ID, o.ID, a.AlertType, a.AlertMessage, formatTime(l.now.Add(time.Duration(i)*time.Millisecond)))
	}
}

func (l *loader) user(u seeddata.User, hash string) {
	f := u.MFA
	totp, phone := f.TOTPSecret != "", f.PhoneNumber != ""
	// A role user skips MFA; the others are configured the way a finished set-up leaves
	// them (both factors normally; here one, which the spec's login flow accepts as
	// "enabled, configured, or TOTP").
	configured := totp || phone || f.Push
	at := formatTime(l.now)
	l.exec(qSeedUserInsert, u.ID, normalizeEmail(u.Email), hash, u.FirstName, u.LastName, at, !f.Required, u.Disabled,
		totp, phone, configured, configured)
	for _, m := range u.Memberships {
		l.exec(qSeedMembershipInsert, u.ID, m.OrganisationID, m.Role, m.Default)
	}
	if totp {
		l.exec(qSeedTOTPInsert, u.ID, f.TOTPSecret, at, at)
	}
	if phone {
		calling, _ := mfa.CallingCode(f.PhoneCountry)
		l.exec(qSeedPhoneInsert, u.ID, f.PhoneCountry, calling, f.PhoneNumber, at, at)
	}
	if f.Push {
		l.exec(qSeedPushInsert, u.ID, at)
	}
}

// account opens an account empty, set.AccountsOpened before the load (before the history
// starts): the history books what ends on its balance, so every balance is the sum of its
// entries.
func (l *loader) account(a seeddata.Account) {
	var owner any
	if a.Owner != "" {
		owner = a.Owner
	}
	l.exec(qSeedAccountInsert, a.AccountNumber, owner, a.Name, a.CurrencyCode, a.CurrencyName,
		money.Zero(currency.Decimals(a.CurrencyCode)).String(), formatTime(l.now.Add(-l.opened)))
	for _, org := range a.SharedTo {
		l.exec(qSeedAccountShareInsert, a.AccountNumber, org)
	}
}

func (l *loader) funding(f seeddata.FundingInstruction) {
	b := f.Beneficiary
	l.exec(qSeedFundingInsert, f.Account, f.ID, f.Currency, f.Reference, f.Changed, b.FullName, b.IBAN, b.BankName,
		b.BankAddress, b.AccountNumber, b.SortCode, b.SwiftCode, b.CryptoNetwork, b.WalletAddress, formatTime(l.now))
}

func (l *loader) member(m seeddata.Member, hash string) {
	if hash == "" && l.err == nil {
		l.err = fmt.Errorf("reference: seed: member %s shares the password of %q, not a user of the set", m.Email, m.PasswordOf)
	}
	l.exec(qSeedMemberInsert, m.ID, normalizeEmail(m.Email), hash, m.FirstName, m.LastName, formatTime(l.now.Add(-m.Joined)))
	l.exec(qSeedMembershipInsert, m.ID, m.OrganisationID, m.Role, true)
}

func countOrganisations(ctx context.Context, queryRow func(context.Context, string, ...any) *sql.Row) (int, error) {
	var n int
	if err := queryRow(ctx, qSeedCountOrganisations).Scan(&n); err != nil {
		return 0, fmt.Errorf("reference: counting organisations: %w", err)
	}
	return n, nil
}

// loadHistory makes the set's history for the load's clock and writes it, area by area in
// an order where each writes after what it points into (the payout reports list the
// payouts, the withdrawals name their ledger transactions).
func (s *Store) loadHistory(ctx context.Context, tx *sql.Tx, now time.Time, set seeddata.Set) error {
	var h seeddata.History
	if set.History != nil {
		var err error
		if h, err = set.History(now, loadRules{ctx: ctx, q: tx}); err != nil {
			return fmt.Errorf("reference: seed history: %w", err)
		}
	}
	for _, load := range []func() error{
		func() error { return s.loadLedger(ctx, tx, h) },
		func() error { return loadPayouts(ctx, tx, h) },
		func() error { return loadBatches(ctx, tx, h) },
		func() error { return loadPayoutReports(ctx, tx, now, set.PayoutReports) },
		func() error { return loadCollections(ctx, tx, h) },
		func() error { return loadReceivers(ctx, tx, now, set.Receivers) },
		func() error { return loadPayoutDrafts(ctx, tx, h) },
		func() error { return loadWithdrawals(ctx, tx, h) },
	} {
		if err := load(); err != nil {
			return err
		}
	}
	return nil
}
