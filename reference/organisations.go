package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/provider"
	"portal/reference/db"
)

// OrganisationService owns organisations and their users: memberships,
// configuration, contracted products, feature flags, alerts, the accounts list, and user
// management (roles, creating and updating users). Its files: organisations.go, user_management.go.
type OrganisationService struct{ *core }

const membershipColumns = `o.id, o.name, o.ordering_institution, o.country_iso, o.line1, o.line2,
	o.city, o.postal_code, o.state, m.role, m.is_default`

func scanMembership(row rowScanner) (provider.Membership, error) {
	var m provider.Membership
	o := &m.Organisation
	err := row.Scan(&o.ID, &o.Name, &o.OrderingInstitution, &o.CountryISO, &o.Line1, &o.Line2,
		&o.City, &o.PostalCode, &o.State, &m.Role, &m.Default)
	return m, err
}

// Memberships lists the user's organisations by name; an unknown user simply has none.
func (s *OrganisationService) Memberships(ctx context.Context, userID string) ([]provider.Membership, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+membershipColumns+`
		FROM memberships m JOIN organisations o ON o.id = m.organisation_id
		WHERE m.user_id = ?
		ORDER BY o.name COLLATE NOCASE, o.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("reference: memberships: %w", err)
	}
	defer rows.Close()
	ms := []provider.Membership{}
	for rows.Next() {
		m, err := scanMembership(rows)
		if err != nil {
			return nil, fmt.Errorf("reference: memberships: %w", err)
		}
		ms = append(ms, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: memberships: %w", err)
	}
	return ms, nil
}

// errNotMember is the same answer whether the organisation is someone else's or does not
// exist, so probing organisation ids reveals nothing.
func errNotMember() error {
	return provider.Errorf(provider.ENOTFOUND, "Missing organisation.")
}

// Membership is the cross-organisation check: ENOTFOUND unless the user is a member.
func (s *OrganisationService) Membership(ctx context.Context, userID, orgID string) (provider.Membership, error) {
	m, err := scanMembership(s.read.QueryRowContext(ctx, `SELECT `+membershipColumns+`
		FROM memberships m JOIN organisations o ON o.id = m.organisation_id
		WHERE m.user_id = ? AND m.organisation_id = ?`, userID, orgID))
	if errors.Is(err, sql.ErrNoRows) {
		return provider.Membership{}, errNotMember()
	}
	if err != nil {
		return provider.Membership{}, fmt.Errorf("reference: membership: %w", err)
	}
	return m, nil
}

// SetDefaultOrganisation moves the user's default to orgID in one transaction, so a
// concurrent reader sees either the old default or the new one, never none or two.
func (s *OrganisationService) SetDefaultOrganisation(ctx context.Context, userID, orgID string) error {
	return s.inTx(ctx, "set default organisation", func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM memberships WHERE user_id = ? AND organisation_id = ?`,
			userID, orgID).Scan(&n); err != nil {
			return fmt.Errorf("reference: set default organisation: %w", err)
		}
		if n == 0 {
			return errNotMember()
		}
		// Clear first: the partial unique index allows one default per user at every step.
		if _, err := tx.ExecContext(ctx, `UPDATE memberships SET is_default = 0
		WHERE user_id = ? AND organisation_id <> ? AND is_default = 1`, userID, orgID); err != nil {
			return fmt.Errorf("reference: set default organisation: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE memberships SET is_default = 1
		WHERE user_id = ? AND organisation_id = ?`, userID, orgID); err != nil {
			return fmt.Errorf("reference: set default organisation: %w", err)
		}
		return nil
	})
}

// organisationExists turns "no rows" for an organisation-scoped read into ENOTFOUND for an
// unknown organisation, while an organisation that merely has no rows gets an empty answer.
func (s *OrganisationService) organisationExists(ctx context.Context, orgID string) error {
	return organisationExists(ctx, s.read, orgID)
}

func organisationExists(ctx context.Context, q db.DBTX, orgID string) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM organisations WHERE id = ?`, orgID).Scan(&n); err != nil {
		return fmt.Errorf("reference: organisation: %w", err)
	}
	if n == 0 {
		return provider.Errorf(provider.ENOTFOUND, "Missing organisation.")
	}
	return nil
}

// Configuration returns the organisation's settings; an organisation without a settings row
// has everything off.
func (s *OrganisationService) Configuration(ctx context.Context, orgID string) (provider.Configuration, error) {
	return configuration(ctx, s.read, orgID)
}

// configuration reads through q: a decision that depends on the settings reads them in the
// transaction that records it.
func configuration(ctx context.Context, q db.DBTX, orgID string) (provider.Configuration, error) {
	var c provider.Configuration
	err := q.QueryRowContext(ctx, `SELECT
			coalesce(c.manual_payouts_enabled, 0), coalesce(c.batches_enabled, 0),
			coalesce(c.batch_number_of_approvers, 0), coalesce(c.manual_payout_number_of_approvers, 0),
			coalesce(c.customer_ab_testing, 0), coalesce(c.fx_widget_enabled, 0)
		FROM organisations o LEFT JOIN organisation_configurations c ON c.organisation_id = o.id
		WHERE o.id = ?`, orgID).Scan(&c.ManualPayoutsEnabled, &c.BatchesEnabled, &c.BatchNumberOfApprovers,
		&c.ManualPayoutNumberOfApprovers, &c.CustomerABTesting, &c.FXWidgetEnabled)
	if errors.Is(err, sql.ErrNoRows) {
		return provider.Configuration{}, provider.Errorf(provider.ENOTFOUND, "Missing organisation.")
	}
	if err != nil {
		return provider.Configuration{}, fmt.Errorf("reference: configuration: %w", err)
	}
	return c, nil
}

// ContractedProducts counts the organisation's contracted products by kind.
func (s *OrganisationService) ContractedProducts(ctx context.Context, orgID string) (provider.ContractedProducts, error) {
	var p provider.ContractedProducts
	err := s.read.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM contracted_products WHERE organisation_id = o.id AND kind = 'payout'),
			(SELECT count(*) FROM contracted_products WHERE organisation_id = o.id AND kind = 'collection')
		FROM organisations o WHERE o.id = ?`, orgID).Scan(&p.PayoutProductsCount, &p.CollectionProductsCount)
	if errors.Is(err, sql.ErrNoRows) {
		return provider.ContractedProducts{}, provider.Errorf(provider.ENOTFOUND, "Missing organisation.")
	}
	if err != nil {
		return provider.ContractedProducts{}, fmt.Errorf("reference: contracted products: %w", err)
	}
	return p, nil
}

// FeatureFlags answers every known flag (off unless stored on) plus any other stored flag.
func (s *OrganisationService) FeatureFlags(ctx context.Context, orgID string) (provider.FeatureFlags, error) {
	return featureFlags(ctx, s.read, orgID)
}

func featureFlags(ctx context.Context, q db.DBTX, orgID string) (provider.FeatureFlags, error) {
	if err := organisationExists(ctx, q, orgID); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT name, enabled FROM feature_flags WHERE organisation_id = ?`, orgID)
	if err != nil {
		return nil, fmt.Errorf("reference: feature flags: %w", err)
	}
	defer rows.Close()
	flags := provider.FeatureFlags{}
	for _, name := range provider.KnownFlags() {
		flags[name] = false
	}
	for rows.Next() {
		var name string
		var on bool
		if err := rows.Scan(&name, &on); err != nil {
			return nil, fmt.Errorf("reference: feature flags: %w", err)
		}
		flags[name] = on
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: feature flags: %w", err)
	}
	return flags, nil
}

// Alerts lists the organisation's banners, oldest first.
func (s *OrganisationService) Alerts(ctx context.Context, orgID string) ([]provider.Alert, error) {
	if err := s.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	rows, err := s.read.QueryContext(ctx, `SELECT id, alert_type, alert_message FROM alerts
		WHERE organisation_id = ? ORDER BY created_at, id`, orgID)
	if err != nil {
		return nil, fmt.Errorf("reference: alerts: %w", err)
	}
	defer rows.Close()
	alerts := []provider.Alert{}
	for rows.Next() {
		var a provider.Alert
		if err := rows.Scan(&a.ID, &a.AlertType, &a.AlertMessage); err != nil {
			return nil, fmt.Errorf("reference: alerts: %w", err)
		}
		alerts = append(alerts, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: alerts: %w", err)
	}
	return alerts, nil
}

// Accounts lists the accounts the organisation owns, then those shared with it, each group
// by name.
func (s *OrganisationService) Accounts(ctx context.Context, orgID string) ([]provider.Account, error) {
	return accounts(ctx, s.read, orgID)
}

func accounts(ctx context.Context, q db.DBTX, orgID string) ([]provider.Account, error) {
	if err := organisationExists(ctx, q, orgID); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `
		SELECT account_number, name, currency_code, currency_name, balance, 1 AS owner
		FROM accounts WHERE owner_organisation_id = ?1
		UNION ALL
		SELECT a.account_number, a.name, a.currency_code, a.currency_name, a.balance, 0
		FROM account_shares sh JOIN accounts a ON a.account_number = sh.account_number
		WHERE sh.organisation_id = ?1 AND a.owner_organisation_id IS NOT ?1
		ORDER BY owner DESC, name COLLATE NOCASE, account_number`, orgID)
	if err != nil {
		return nil, fmt.Errorf("reference: accounts: %w", err)
	}
	defer rows.Close()
	accounts := []provider.Account{}
	for rows.Next() {
		var a provider.Account
		if err := rows.Scan(&a.AccountNumber, &a.Name, &a.CurrencyCode, &a.CurrencyName, &a.Balance, &a.Owner); err != nil {
			return nil, fmt.Errorf("reference: accounts: %w", err)
		}
		accounts = append(accounts, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: accounts: %w", err)
	}
	return accounts, nil
}
