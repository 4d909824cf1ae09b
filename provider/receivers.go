package provider

import (
	"context"
	"reflect"
	"strings"
	"time"
)

// Receivers is what the portal needs from the provider for saved receivers (spec 001 §2
// "Receivers", §3 "Saved receiver", §7 "Receivers"): payees saved from a manual payout's
// creditor so the next payout can reuse them.
//
// Like Payouts, calls are scoped to orgID and do not know who is asking: the caller checks
// Membership and the permission (receivers:read, payouts:read, receivers:manage) first. A
// receiver of another organisation is ENOTFOUND, the same as an unknown one.
type Receivers interface {
	// Receivers lists the organisation's saved receivers newest first (sort
	// ReceiverSortNewest, the default) or oldest first, keyset paged like the payout list.
	// EINVALID for a bad sort, cursor or limit.
	Receivers(ctx context.Context, orgID string, f ReceiverFilter) (ReceiverPage, error)
	// Receiver returns one saved receiver.
	Receiver(ctx context.Context, orgID, id string) (Receiver, error)
	// RecentReceivers lists the receivers saved for one product and schema, newest first,
	// at most limit (0: DefaultRecentReceivers; above MaxReceiverLimit is EINVALID): the
	// wizard's recent receivers picker. None is an empty list.
	RecentReceivers(ctx context.Context, orgID, productID, schemaID string, limit int) ([]Receiver, error)
	// SaveReceiver stores a receiver ("Save receiver" of the wizard, and the API's POST).
	// Saving the same receiver again (every field equal, for the same product and schema)
	// returns the stored one with Replayed true rather than a duplicate, so a double
	// submit saves once. EINVALID (*FieldError, Field the JSON name) for a field it cannot
	// take: FullName missing, an unknown CreditorType, a malformed date or country code, a
	// creditor_details key without one of ReceiverDetailPrefixes, ProductID or SchemaID
	// missing.
	SaveReceiver(ctx context.Context, orgID string, r ReceiverCreate) (Receiver, error)
	// DeleteReceiver removes a receiver for good and returns it as it was (its name is
	// the success message's).
	DeleteReceiver(ctx context.Context, orgID, id string) (Receiver, error)
}

// Receiver list sorts (spec 001 §7 "query sort"): by when the receiver was saved.
const (
	ReceiverSortNewest = "-created_at"
	ReceiverSortOldest = "created_at"
)

// Limits of the receiver lists.
const (
	DefaultReceiverLimit   = 50
	MaxReceiverLimit       = 100
	DefaultRecentReceivers = 10
)

// ReceiverDetailPrefixes are the prefixes of creditor_details' keys (spec 001 §3): the
// receiver's bank account and the intermediary agent with its account.
var ReceiverDetailPrefixes = []string{SectionReceiverBankKey + ".", "intermediary_agent.", "intermediary_agent_account."}

// SectionReceiverBankKey is the draft section of the receiver's bank account.
const SectionReceiverBankKey = "creditor_account"

// ReceiverAccountKeys are the creditor_details keys the account column shows, the first one
// present (spec 001 §2).
var ReceiverAccountKeys = []string{"creditor_account.iban", "creditor_account.account_number", "creditor_account.account",
	"creditor_account.crypto_wallet_address"}

// ReceiverFilter asks for one page of the receiver list.
type ReceiverFilter struct {
	Sort      string
	Cursor    string
	Direction string // DirectionNext (cursor_next) or DirectionPrev (cursor_prev)
	Limit     int    // 0: DefaultReceiverLimit
}

// ReceiverPage is one page of receivers; Total counts every receiver of the organisation.
type ReceiverPage struct {
	Receivers  []Receiver
	Total      int
	CursorNext string
	CursorPrev string
	HasNext    bool
}

// ReceiverDetail is one creditor_details pair.
type ReceiverDetail struct {
	_     struct{} `description:"One bank or intermediary detail of a saved receiver."`
	Key   string   `json:"key" description:"The draft field, prefixed creditor_account., intermediary_agent. or intermediary_agent_account." example:"creditor_account.iban"`
	Value string   `json:"value" description:"Its value." example:"DE89370400440532013000"`
}

// ReceiverFields are what a saved receiver holds of a manual payout's creditor (spec 001 §3
// "Saved receiver"), for the product and schema it was entered for.
type ReceiverFields struct {
	FullName               string           `json:"full_name" required:"true" description:"The receiver's full name (a person's or an organisation's)." example:"Anna Schmidt"`
	Birthdate              string           `json:"birthdate" description:"YYYY-MM-DD, or empty; private receivers." example:"1984-03-12"`
	AddressLines           []string         `json:"address_lines" description:"Address lines."`
	StreetName             string           `json:"street_name" description:"Street name."`
	Postcode               string           `json:"postcode" description:"Postal code."`
	City                   string           `json:"city" description:"City."`
	State                  string           `json:"state" description:"State or region."`
	CountryCode            string           `json:"country_code" description:"ISO 3166-1 alpha-2." example:"DE"`
	Email                  string           `json:"email" description:"E-mail address."`
	MobileNumber           string           `json:"mobile_number" description:"Mobile number."`
	CreditorType           string           `json:"creditor_type" required:"true" description:"private or organization." enum:"private,organization"`
	CountryOfBirthCode     string           `json:"country_of_birth_code" description:"ISO 3166-1 alpha-2."`
	CountryOfResidenceCode string           `json:"country_of_residence_code" description:"ISO 3166-1 alpha-2."`
	IDType                 string           `json:"id_type" description:"Identity document type."`
	IDNumber               string           `json:"id_number" description:"Identity document number."`
	IDIssuingCountryCode   string           `json:"id_issuing_country_code" description:"ISO 3166-1 alpha-2."`
	IDIssuingDate          string           `json:"id_issuing_date" description:"YYYY-MM-DD."`
	IDExpiryDate           string           `json:"id_expiry_date" description:"YYYY-MM-DD."`
	CreditorDetails        []ReceiverDetail `json:"creditor_details" description:"Bank account and intermediary details, in the draft's order."`
	ProductID              string           `json:"product_id" required:"true" description:"The payout product the receiver was entered for."`
	SchemaID               string           `json:"schema_id" required:"true" description:"The product schema the receiver was entered for."`
}

// ReceiverCreate is a receiver to save.
type ReceiverCreate struct {
	_ struct{} `name:"ReceiverCreate" description:"A receiver to save: a manual payout's creditor with its bank details."`
	ReceiverFields
	// Currency is the product's currency (the account column shows it), never the API
	// caller's: empty, the provider takes it from the product.
	Currency string `json:"-"`
	// CreatedBy names who saved it; the portal sets it from the user.
	CreatedBy string `json:"-"`
}

// Receiver is a saved receiver (spec 001 §3).
type Receiver struct {
	_  struct{} `name:"Receiver" description:"A saved receiver (payee) of the organisation."`
	ID string   `json:"id" description:"Receiver id." format:"uuid"`
	ReceiverFields
	CreatedBy string    `json:"created_by" description:"Name of the user who saved it."`
	CreatedAt time.Time `json:"created_at" description:"When it was saved (UTC)."`
	Currency  string    `json:"currency" description:"The product's currency: ISO 4217 code or the crypto asset." example:"EUR"`
	// Replayed is true when SaveReceiver found the same receiver already saved.
	Replayed bool `json:"-"`
}

// Detail is the value of a creditor_details key, "" when absent.
func (r Receiver) Detail(key string) string {
	for _, d := range r.CreditorDetails {
		if d.Key == key {
			return d.Value
		}
	}
	return ""
}

// Account is what the receivers table's account column shows: the first of
// ReceiverAccountKeys with a value, with its key's last part (iban, account_number,
// account, crypto_wallet_address) as kind; "" for none.
func (r Receiver) Account() (kind, value string) {
	for _, k := range ReceiverAccountKeys {
		if v := r.Detail(k); v != "" {
			return strings.TrimPrefix(k, SectionReceiverBankKey+"."), v
		}
	}
	return "", ""
}

// ReceiverFromSections is the receiver a payout's creditor sections describe: the creditor's
// fields, and every bank and intermediary field given as a creditor_details pair keyed by
// its section and JSON name (creditor_account.iban, intermediary_agent.bank_bic, …), in the
// sections' field order. ProductID, SchemaID, Currency and CreatedBy are the caller's.
func ReceiverFromSections(s PayoutSections) ReceiverCreate {
	c := s.Creditor
	r := ReceiverCreate{ReceiverFields: ReceiverFields{FullName: c.FullName, Birthdate: c.Birthdate, AddressLines: c.AddressLines,
		StreetName: c.StreetName, Postcode: c.PostalCode, City: c.City, State: c.State, CountryCode: c.CountryCode, Email: c.Email,
		MobileNumber: c.MobileNumber, CreditorType: c.Type, CountryOfBirthCode: c.CountryOfBirthCode,
		CountryOfResidenceCode: c.CountryOfResidenceCode, IDType: c.IDType, IDNumber: c.IDNumber, CreditorDetails: []ReceiverDetail{}}}
	if r.FullName == "" {
		r.FullName = c.Name
	}
	if len(r.AddressLines) == 0 && c.Address != "" {
		r.AddressLines = []string{c.Address}
	}
	for _, part := range []struct {
		prefix string
		v      any
	}{{SectionReceiverBankKey, s.CreditorAccount}, {"intermediary_agent", s.IntermediaryAgent},
		{"intermediary_agent_account", s.IntermediaryAgentAccount}} {
		v := reflect.ValueOf(part.v)
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			if val := v.Field(i).String(); val != "" && name != "" {
				r.CreditorDetails = append(r.CreditorDetails, ReceiverDetail{Key: part.prefix + "." + name, Value: val})
			}
		}
	}
	return r
}

// Texts of the receiver calls (spec 001 §8 "Receiver delete").
const (
	MsgReceiverRemoved      = "Successfully removed %s"
	MsgReceiverDeleteFailed = "Error while deleting the receiver - "
	MsgReceiverNotFound     = "Receiver not found"
)
