package reference

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"portal/daterange"
	"portal/provider"
	"portal/reference/db"
)

var (
	qReceiverCount     = sq("receiver-count")
	qReceiverPage      = sq("receiver-page")
	qReceiverByID      = sq("receiver-by-id")
	qReceiverRecent    = sq("receiver-recent")
	qReceiverByContent = sq("receiver-by-content")
	qReceiverInsert    = sq("receiver-insert")
	qReceiverDelete    = sq("receiver-delete")
)

// ReceiverService owns saved receivers (beneficiaries) of payouts.
type ReceiverService struct{ *core }

// Saved receivers (provider.Receivers). A receiver is stored as it was saved: the portal
// shows what the user typed, and the wizard copies it back into a draft, whose own
// validation (IBAN checksum, the schema's required fields) is the authority on whether a
// payout can use it. Here only the shape is checked.

// Limits of what a receiver may hold, so one row stays small.
const (
	maxReceiverText    = 255
	maxReceiverLines   = 5
	maxReceiverDetails = 40
)

func scanReceiver(row scanner, r *provider.Receiver, seq *int64) error {
	var data, created string
	var id, product, schema, cur, name, typ, by string
	if err := row.Scan(seq, &id, &product, &schema, &cur, &name, &typ, &data, &by, &created); err != nil {
		return err
	}
	*r = provider.Receiver{}
	if err := json.Unmarshal([]byte(data), r); err != nil {
		return fmt.Errorf("reference: receiver %s: %w", id, err)
	}
	t, err := parseTime(created)
	if err != nil {
		return err
	}
	r.ID, r.ProductID, r.SchemaID, r.Currency, r.FullName, r.CreditorType, r.CreatedBy, r.CreatedAt = id, product, schema, cur, name, typ, by, t
	if r.AddressLines == nil {
		r.AddressLines = []string{}
	}
	if r.CreditorDetails == nil {
		r.CreditorDetails = []provider.ReceiverDetail{}
	}
	return nil
}

// Receivers implements provider.Receivers.
func (s *ReceiverService) Receivers(ctx context.Context, orgID string, f provider.ReceiverFilter) (provider.ReceiverPage, error) {
	page := provider.ReceiverPage{Receivers: []provider.Receiver{}}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultReceiverLimit, provider.MaxReceiverLimit)
	if err == nil {
		k, err = k.sortedBy(f.Sort, provider.ReceiverSortNewest, provider.ReceiverSortOldest)
	}
	if err != nil {
		return page, err
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return page, err
	}
	total, got, err := readList(ctx, s.read, k, whereFirst("r.organisation_id = ?", orgID), "receivers",
		qReceiverCount, qReceiverPage, "r.", rowScan[provider.Receiver](scanReceiver).keyed(func(r *provider.Receiver) time.Time { return r.CreatedAt }))
	if err != nil {
		return page, err
	}
	page.Total = total
	page.Receivers = append(page.Receivers, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
	return page, nil
}

// Receiver implements provider.Receivers.
func (s *ReceiverService) Receiver(ctx context.Context, orgID, id string) (provider.Receiver, error) {
	return readReceiver(ctx, s.read, orgID, id)
}

func readReceiver(ctx context.Context, q db.DBTX, orgID, id string) (provider.Receiver, error) {
	var r provider.Receiver
	var seq int64
	err := scanReceiver(q.QueryRowContext(ctx, qReceiverByID,
		orgID, id), &r, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return r, provider.Errorf(provider.ENOTFOUND, provider.MsgReceiverNotFound)
	}
	if err != nil {
		return r, fmt.Errorf("reference: receiver: %w", err)
	}
	return r, nil
}

// RecentReceivers implements provider.Receivers.
func (s *ReceiverService) RecentReceivers(ctx context.Context, orgID, productID, schemaID string, limit int) ([]provider.Receiver, error) {
	limit, err := pageLimit(limit, provider.DefaultRecentReceivers, provider.MaxReceiverLimit)
	if err != nil {
		return nil, err
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, s.read, "receivers", qReceiverRecent, []any{orgID, productID, schemaID, limit}, rowScan[provider.Receiver](scanReceiver).items)
}

func receiverInvalid(field, msg string) error {
	return &provider.FieldError{Field: field, Err: provider.Errorf(provider.EINVALID, "%s", msg)}
}

// checkReceiver is the shape SaveReceiver accepts; the first problem, by field.
func checkReceiver(r *provider.ReceiverCreate) error {
	r.FullName = strings.TrimSpace(r.FullName)
	texts := []struct {
		field string
		v     *string
	}{{"full_name", &r.FullName}, {"birthdate", &r.Birthdate}, {"street_name", &r.StreetName}, {"postcode", &r.Postcode},
		{"city", &r.City}, {"state", &r.State}, {"country_code", &r.CountryCode}, {"email", &r.Email}, {"mobile_number", &r.MobileNumber},
		{"creditor_type", &r.CreditorType}, {"country_of_birth_code", &r.CountryOfBirthCode},
		{"country_of_residence_code", &r.CountryOfResidenceCode}, {"id_type", &r.IDType}, {"id_number", &r.IDNumber},
		{"id_issuing_country_code", &r.IDIssuingCountryCode}, {"id_issuing_date", &r.IDIssuingDate}, {"id_expiry_date", &r.IDExpiryDate},
		{"product_id", &r.ProductID}, {"schema_id", &r.SchemaID}, {"currency", &r.Currency}, {"created_by", &r.CreatedBy}}
	for _, t := range texts {
		if !utf8.ValidString(*t.v) || len(*t.v) > maxReceiverText || strings.ContainsAny(*t.v, "\x00\r\n") {
			return receiverInvalid(t.field, "Must be one line of at most 255 bytes.")
		}
	}
	switch {
	case r.FullName == "":
		return receiverInvalid("full_name", "Full name is required.")
	case r.CreditorType != provider.CreditorPrivate && r.CreditorType != provider.CreditorOrganization:
		return receiverInvalid("creditor_type", "Creditor type must be private or organization.")
	case r.ProductID == "":
		return receiverInvalid("product_id", "Product is required.")
	case r.SchemaID == "":
		return receiverInvalid("schema_id", "Schema is required.")
	}
	for _, d := range []struct{ field, v string }{{"birthdate", r.Birthdate}, {"id_issuing_date", r.IDIssuingDate}, {"id_expiry_date", r.IDExpiryDate}} {
		if _, err := time.Parse(daterange.APILayout, d.v); d.v != "" && err != nil {
			return receiverInvalid(d.field, "Must be a date, YYYY-MM-DD.")
		}
	}
	for _, c := range []struct{ field, v string }{{"country_code", r.CountryCode}, {"country_of_birth_code", r.CountryOfBirthCode},
		{"country_of_residence_code", r.CountryOfResidenceCode}, {"id_issuing_country_code", r.IDIssuingCountryCode}} {
		if c.v != "" && (len(c.v) != 2 || strings.Trim(c.v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "") {
			return receiverInvalid(c.field, "Must be an ISO 3166-1 alpha-2 code.")
		}
	}
	if len(r.AddressLines) > maxReceiverLines {
		return receiverInvalid("address_lines", "At most 5 address lines.")
	}
	for _, l := range r.AddressLines {
		if !utf8.ValidString(l) || len(l) > maxReceiverText || strings.ContainsAny(l, "\x00\r\n") {
			return receiverInvalid("address_lines", "Each line must be one line of at most 255 bytes.")
		}
	}
	if len(r.CreditorDetails) > maxReceiverDetails {
		return receiverInvalid("creditor_details", "At most 40 details.")
	}
	seen := map[string]bool{}
	for _, d := range r.CreditorDetails {
		prefix := slices.IndexFunc(provider.ReceiverDetailPrefixes, func(p string) bool { return strings.HasPrefix(d.Key, p) && len(d.Key) > len(p) })
		switch {
		case prefix < 0:
			return receiverInvalid("creditor_details", "Keys start with creditor_account., intermediary_agent. or intermediary_agent_account.")
		case seen[d.Key]:
			return receiverInvalid("creditor_details", "Key "+d.Key+" is given twice.")
		case len(d.Key) > 100 || !utf8.ValidString(d.Value) || len(d.Value) > maxReceiverText || strings.ContainsAny(d.Key+d.Value, "\x00\r\n"):
			return receiverInvalid("creditor_details", "Each key and value must be one line of at most 255 bytes.")
		}
		seen[d.Key] = true
	}
	return nil
}

// SaveReceiver implements provider.Receivers.
func (s *ReceiverService) SaveReceiver(ctx context.Context, orgID string, in provider.ReceiverCreate) (provider.Receiver, error) {
	if err := checkReceiver(&in); err != nil {
		return provider.Receiver{}, err
	}
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return provider.Receiver{}, err
	}
	if in.Currency == "" {
		in.Currency = productCurrency(in.ProductID)
	}
	var out provider.Receiver
	err := s.inTx(ctx, "save receiver", func(tx *sql.Tx) error {
		id, replayed, err := insertReceiver(ctx, tx, orgID, in, s.now())
		if err != nil {
			return err
		}
		out, err = readReceiver(ctx, tx, orgID, id)
		out.Replayed = replayed
		return err
	})
	return out, err
}

// productCurrency is the currency of a product of the manual payout catalogue; "" for a
// product it does not know (a receiver of such a product names its currency itself, as the
// demo's PIX receivers do).
func productCurrency(productID string) string {
	if _, p, _ := catalogueLookup(productID, ""); p != nil {
		return p.currency
	}
	return ""
}

// insertReceiver stores a checked receiver saved at at, or finds the same one saved
// before (replayed).
func insertReceiver(ctx context.Context, tx *sql.Tx, orgID string, in provider.ReceiverCreate, at time.Time) (id string, replayed bool, err error) {
	if in.AddressLines == nil {
		in.AddressLines = []string{}
	}
	if in.CreditorDetails == nil {
		in.CreditorDetails = []provider.ReceiverDetail{}
	}
	data, err := json.Marshal(in)
	if err != nil {
		return "", false, fmt.Errorf("reference: save receiver: %w", err)
	}
	// The same fields for the same product in the same currency are the same receiver,
	// whoever saves it.
	sum := sha256.Sum256(append(data, "\x00"+in.Currency...))
	hash := hex.EncodeToString(sum[:])
	err = tx.QueryRowContext(ctx, qReceiverByContent, orgID, hash).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", false, fmt.Errorf("reference: save receiver: %w", err)
	}
	id = uuid.NewString()
	if _, err := tx.ExecContext(ctx, qReceiverInsert,
		id, orgID, in.ProductID, in.SchemaID, in.Currency, in.FullName, in.CreditorType, string(data), hash, in.CreatedBy,
		formatTime(at)); err != nil {
		return "", false, fmt.Errorf("reference: save receiver: %w", err)
	}
	return id, false, nil
}

// DeleteReceiver implements provider.Receivers.
func (s *ReceiverService) DeleteReceiver(ctx context.Context, orgID, id string) (provider.Receiver, error) {
	var out provider.Receiver
	err := s.inTx(ctx, "delete receiver", func(tx *sql.Tx) error {
		var err error
		if out, err = readReceiver(ctx, tx, orgID, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, qReceiverDelete, orgID, id); err != nil {
			return fmt.Errorf("reference: delete receiver: %w", err)
		}
		return nil
	})
	return out, err
}

var _ provider.Receivers = (*Store)(nil)
