package reference

import (
	"context"
	"portal/reference/demo"
	"strings"
	"testing"
	"time"

	"portal/provider"
)

func searchIDs(t *testing.T, s *Store, org string, f provider.MovementSearch) ([]string, provider.MovementSearchPage) {
	t.Helper()
	page, err := s.SearchMovements(context.Background(), org, f)
	if err != nil {
		t.Fatalf("search %q: %v", f.Query, err)
	}
	var ids []string
	for _, h := range page.Entries {
		ids = append(ids, h.AccountNumber+"/"+h.ID)
	}
	return ids, page
}

func TestSearchMovements(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	transfer := func(org, from, to, e2e, key string) provider.TransferResult {
		t.Helper()
		res, err := s.Transfer(ctx, org, provider.TransferRequest{From: from, To: to, Amount: "10.00", EndToEndID: e2e, IdempotencyKey: key})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	// EUR → GBP books four lines; two are the provider's FX accounts, which no
	// organisation may see.
	nordic := transfer(demo.Org1ID, demo.AccountOrg1EUR, demo.AccountOrg1GBP, "SRCH-NORDIC", "s1")
	atlantic := transfer(demo.Org2ID, demo.AccountOrg2GBP, demo.AccountOrg2USD, "SRCH-ATLANTIC", "s2")
	hit := func(number string, e provider.Entry) string { return number + "/" + e.ID }
	nordicHits := []string{hit(demo.AccountOrg1GBP, nordic.Entries[3]), hit(demo.AccountOrg1EUR, nordic.Entries[0])}
	atlanticHits := []string{hit(demo.AccountOrg2USD, atlantic.Entries[3]), hit(demo.AccountOrg2GBP, atlantic.Entries[0])}

	var poolEntry, poolRef string
	if err := s.read.QueryRow(`SELECT seq, reference FROM ledger_entries WHERE account_number = ? AND reference <> ''
		ORDER BY seq LIMIT 1`, demo.AccountPartnerPool).Scan(&poolEntry, &poolRef); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name, org, q string
		want         []string // newest first; nil: no hit
	}{
		{"end-to-end id", demo.Org1ID, "SRCH-NORDIC", nordicHits},
		{"order id", demo.Org1ID, nordic.ID, nordicHits},
		{"entry id", demo.Org1ID, nordic.Entries[0].ID, []string{hit(demo.AccountOrg1EUR, nordic.Entries[0])}},
		{"other tenant's end-to-end id", demo.Org1ID, "SRCH-ATLANTIC", nil},
		{"other tenant's order id", demo.Org1ID, atlantic.ID, nil},
		{"other tenant's entry id", demo.Org1ID, atlantic.Entries[0].ID, nil},
		{"system account's entry id", demo.Org1ID, nordic.Entries[1].ID, nil},
		{"own end-to-end id, other tenant", demo.Org2ID, "SRCH-ATLANTIC", atlanticHits},
		{"exact, not a prefix", demo.Org1ID, "SRCH-NORD", nil},
		{"exact, case kept", demo.Org1ID, "srch-nordic", nil},
		// A shared account's movements are its owner's (docs/areas/accounts.md).
		{"shared account from Nordic", demo.Org1ID, poolEntry, nil},
		{"shared account from Atlantic", demo.Org2ID, poolEntry, nil},
		{"not an organisation", "0b6a3c1e-0000-4000-8000-000000000099", "SRCH-NORDIC", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ids, page := searchIDs(t, s, tc.org, provider.MovementSearch{Query: tc.q})
			if strings.Join(ids, ",") != strings.Join(tc.want, ",") || page.Total != len(tc.want) {
				t.Errorf("hits %v (total %d), want %v", ids, page.Total, tc.want)
			}
			if page.HasNext || page.CursorNext != "" || page.CursorPrev != "" {
				t.Errorf("a single page has cursors: %+v", page)
			}
		})
	}

	// The shared account's reference finds no pool entry, and every hit is on
	// an account the organisation owns.
	readable := map[string]bool{}
	accts, err := s.Accounts(ctx, demo.Org1ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range accts {
		readable[a.AccountNumber] = a.Owner
	}
	ids, _ := searchIDs(t, s, demo.Org1ID, provider.MovementSearch{Query: poolRef, Limit: provider.MaxMovementLimit})
	found := false
	for _, id := range ids {
		number, seq, _ := strings.Cut(id, "/")
		found = found || seq == poolEntry
		if !readable[number] {
			t.Errorf("reference %q found on unreadable account %s", poolRef, number)
		}
	}
	if found {
		t.Errorf("reference %q: shared pool entry %s found in %v", poolRef, poolEntry, ids)
	}

	for _, bad := range []provider.MovementSearch{
		{Query: ""}, {Query: strings.Repeat("x", provider.MaxSearchQueryLen+1)},
		{Query: "x", Limit: -1}, {Query: "x", Limit: provider.MaxMovementLimit + 1},
		{Query: "x", Cursor: "garbage"}, {Query: "x", Direction: provider.DirectionPrev},
	} {
		if _, err := s.SearchMovements(ctx, demo.Org1ID, bad); provider.ErrorCode(err) != provider.EINVALID {
			t.Errorf("%+v: %v, want EINVALID", bad, err)
		}
	}
}

func TestSearchMovementsPaging(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	// Three transfers with one end-to-end id: six hits on the two accounts.
	for _, key := range []string{"p1", "p2", "p3"} {
		if _, err := s.Transfer(ctx, demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1GBP, To: demo.AccountOrg1DKK,
			Amount: "1.00", EndToEndID: "SRCH-PAGE", IdempotencyKey: key}); err != nil {
			t.Fatal(err)
		}
	}
	all, whole := searchIDs(t, s, demo.Org1ID, provider.MovementSearch{Query: "SRCH-PAGE"})
	if whole.Total != 6 || len(all) != 6 {
		t.Fatalf("%d hits, total %d", len(all), whole.Total)
	}
	first, p1 := searchIDs(t, s, demo.Org1ID, provider.MovementSearch{Query: "SRCH-PAGE", Limit: 4})
	if strings.Join(first, ",") != strings.Join(all[:4], ",") || !p1.HasNext || p1.CursorPrev != "" || p1.Total != whole.Total {
		t.Fatalf("first page %v %+v", first, p1)
	}
	second, p2 := searchIDs(t, s, demo.Org1ID, provider.MovementSearch{Query: "SRCH-PAGE", Limit: 4, Cursor: p1.CursorNext})
	if strings.Join(second, ",") != strings.Join(all[4:], ",") || p2.HasNext || p2.CursorPrev == "" || p2.Total != whole.Total {
		t.Fatalf("second page %v %+v", second, p2)
	}
	back, _ := searchIDs(t, s, demo.Org1ID, provider.MovementSearch{Query: "SRCH-PAGE", Limit: 4, Cursor: p2.CursorPrev,
		Direction: provider.DirectionPrev})
	if strings.Join(back, ",") != strings.Join(first, ",") {
		t.Errorf("back %v, want %v", back, first)
	}
}

// The search must stay index lookups: a scan of ledger_entries would grow with the ledger.
func TestSearchMovementsUsesIndexes(t *testing.T) {
	skipOnPostgres(t, "reads SQLite's EXPLAIN QUERY PLAN")
	t.Parallel()
	s := seededStore(t)
	slots, err := keyset{dir: provider.DirectionNext, limit: 50}.pageSlots("e.")
	if err != nil {
		t.Fatal(err)
	}
	query, args := fill(qSearchPage, []any{demo.Org1ID, "SRCH", "SRCH", -1, "SRCH"}, append(slots, slot{name: "where"})...)
	rows, err := s.read.Query(`EXPLAIN QUERY PLAN `+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
		if strings.HasPrefix(detail, "SCAN ledger_entries") || strings.HasPrefix(detail, "SCAN e") || strings.HasPrefix(detail, "SCAN t") {
			t.Errorf("full scan: %s", detail)
		}
	}
	t.Logf("plan:\n%s", strings.Join(plan, "\n"))
}

func TestMovementLookup(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	var eur, atl string
	s.read.QueryRow(`SELECT seq FROM ledger_entries WHERE account_number = ? ORDER BY seq LIMIT 1`, demo.AccountOrg1EUR).Scan(&eur)
	s.read.QueryRow(`SELECT seq FROM ledger_entries WHERE account_number = ? ORDER BY seq LIMIT 1`, demo.AccountOrg2GBP).Scan(&atl)
	cases := []struct {
		name, org, account, id string
		code                   string
	}{
		{"own entry", demo.Org1ID, demo.AccountOrg1EUR, eur, ""},
		{"entry of another account", demo.Org1ID, demo.AccountOrg1GBP, eur, provider.ENOTFOUND},
		{"other tenant's account", demo.Org1ID, demo.AccountOrg2GBP, atl, provider.ENOTFOUND},
		{"other tenant asks", demo.Org2ID, demo.AccountOrg1EUR, eur, provider.ENOTFOUND},
		{"not a number", demo.Org1ID, demo.AccountOrg1EUR, "abc", provider.ENOTFOUND},
		{"unknown", demo.Org1ID, demo.AccountOrg1EUR, "999999999", provider.ENOTFOUND},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, err := s.Movement(ctx, tc.org, tc.account, tc.id)
			if provider.ErrorCode(err) != tc.code {
				t.Fatalf("err %v, want %q", err, tc.code)
			}
			if tc.code == "" && (e.ID != tc.id || e.Amount == "" || e.Date.IsZero()) {
				t.Errorf("entry %+v", e)
			}
		})
	}
}

// The global search's period bounds the hits by their creation.
func TestSearchMovementsPeriod(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	res, err := s.Transfer(context.Background(), demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1EUR, To: demo.AccountOrg1GBP,
		Amount: "1.00", EndToEndID: "SRCH-PERIOD", IdempotencyKey: "period"})
	if err != nil {
		t.Fatal(err)
	}
	at := res.Entries[0].Date
	for _, tc := range []struct {
		name          string
		after, before time.Time
		want          int
	}{
		{"unbounded", time.Time{}, time.Time{}, 2},
		{"around it", at.Add(-time.Hour), at.Add(time.Hour), 2},
		{"from its moment", at, time.Time{}, 2},
		{"before it", time.Time{}, at, 0},
		{"after it", at.Add(time.Second), time.Time{}, 0},
	} {
		ids, page := searchIDs(t, s, demo.Org1ID, provider.MovementSearch{Query: "SRCH-PERIOD", CreatedAfter: tc.after, CreatedBefore: tc.before})
		if len(ids) != tc.want || page.Total != tc.want {
			t.Errorf("%s: %v (total %d), want %d", tc.name, ids, page.Total, tc.want)
		}
	}
}
