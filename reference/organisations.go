package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/provider"
	"portal/reference/db"
)

var (
	qMemberships               = sq("memberships")
	qMembership                = sq("membership")
	qMembershipCount           = sq("membership-count")
	qMembershipDefaultClear    = sq("membership-default-clear")
	qMembershipDefaultSet      = sq("membership-default-set")
	qOrganisationCount         = sq("organisation-count")
	qOrganisationConfiguration = sq("organisation-configuration")
	qContractedProducts        = sq("contracted-products")
	qFeatureFlags              = sq("feature-flags")
	qAlerts                    = sq("alerts")
	qOrganisationAccounts      = sq("organisation-accounts")
)

// OrganisationService owns organisations and their users: memberships,
// configuration, contracted products, feature flags, alerts, the accounts list, and user
// management (roles, creating and updating users). Its files: organisations.go, user_management.go.
type OrganisationService struct{ *core }

func scanMembership(row scanner) (provider.Membership, error) {
	var m provider.Membership
	o := &m.Organisation
	err := row.Scan(&o.ID, &o.Name, &o.OrderingInstitution, &o.CountryISO, &o.Line1, &o.Line2,
		&o.City, &o.PostalCode, &o.State, &m.Role, &m.Default)
	return m, err
}

// Memberships lists the user's organisations by name; an unknown user simply has none.
func (s *OrganisationService) Memberships(ctx context.Context, userID string) ([]provider.Membership, error) {
	return collect(ctx, s.read, "memberships", qMemberships, []any{userID}, scanMembership)
}

// errNotMember is the same answer whether the organisation is someone else's or does not
// exist, so probing organisation ids reveals nothing.
func errNotMember() error {
	return provider.Errorf(provider.ENOTFOUND, "Missing organisation.")
}

// Membership is the cross-organisation check: ENOTFOUND unless the user is a member.
func (s *OrganisationService) Membership(ctx context.Context, userID, orgID string) (provider.Membership, error) {
	m, err := scanMembership(s.read.QueryRowContext(ctx, qMembership, userID, orgID))
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
		if err := lockRow(ctx, tx, qUserLock, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, qMembershipCount,
			userID, orgID).Scan(&n); err != nil {
			return fmt.Errorf("reference: set default organisation: %w", err)
		}
		if n == 0 {
			return errNotMember()
		}
		// Clear first: the partial unique index allows one default per user at every step.
		if _, err := tx.ExecContext(ctx, qMembershipDefaultClear, userID, orgID); err != nil {
			return fmt.Errorf("reference: set default organisation: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qMembershipDefaultSet, userID, orgID); err != nil {
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
	if err := q.QueryRowContext(ctx, qOrganisationCount, orgID).Scan(&n); err != nil {
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
	err := q.QueryRowContext(ctx, qOrganisationConfiguration, orgID).Scan(&c.ManualPayoutsEnabled, &c.BatchesEnabled, &c.BatchNumberOfApprovers,
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
	err := s.read.QueryRowContext(ctx, qContractedProducts, orgID).Scan(&p.PayoutProductsCount, &p.CollectionProductsCount)
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
	rows, err := q.QueryContext(ctx, qFeatureFlags, orgID)
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
	return collect(ctx, s.read, "alerts", qAlerts, []any{orgID}, func(sc scanner) (provider.Alert, error) {
		var a provider.Alert
		err := sc.Scan(&a.ID, &a.AlertType, &a.AlertMessage)
		return a, err
	})
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
	return collect(ctx, q, "accounts", qOrganisationAccounts, []any{orgID, orgID, orgID}, func(sc scanner) (provider.Account, error) {
		var a provider.Account
		err := sc.Scan(&a.AccountNumber, &a.Name, &a.CurrencyCode, &a.CurrencyName, &a.Balance, &a.Owner)
		return a, err
	})
}
