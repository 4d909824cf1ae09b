package reference

import (
	"context"
	"portal/reference/demo"
	"testing"

	"portal/provider"
)

func TestMarkups(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	cases := []struct {
		org  string
		want [][2]string // pay, buy
	}{
		{demo.Org1ID, [][2]string{{"ANY", "ANY"}, {"EUR", "GBP"}}},
		{demo.Org2ID, [][2]string{{"ANY", "ANY"}}},
	}
	for _, c := range cases {
		ms, err := s.Markups(ctx, c.org)
		if err != nil {
			t.Fatal(err)
		}
		var got [][2]string
		ids := map[string]bool{}
		for _, m := range ms {
			got = append(got, [2]string{m.PayCurrencyISO, m.BuyCurrencyISO})
			if m.ID == "" || ids[m.ID] {
				t.Errorf("%s: markup id %q empty or repeated", c.org, m.ID)
			}
			ids[m.ID] = true
		}
		if len(got) != len(c.want) {
			t.Fatalf("%s: markups %v, want %v", c.org, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: markups %v, want %v", c.org, got, c.want)
			}
		}
	}
	if _, err := s.Markups(ctx, "no-such-org"); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("unknown org: %v", err)
	}
}

func TestCurrencies(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	cs, err := s.Currencies(ctx, demo.Org1ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != len(usdMid) {
		t.Fatalf("%d currencies, want %d", len(cs), len(usdMid))
	}
	for i, c := range cs {
		if c.Name == "" {
			t.Errorf("%s has no name", c.ISOCode)
		}
		if i > 0 && cs[i-1].ISOCode >= c.ISOCode {
			t.Errorf("not sorted: %s before %s", cs[i-1].ISOCode, c.ISOCode)
		}
		// Every listed currency is quotable: the list is what ExchangeRate supports.
		if _, err := s.ExchangeRate(ctx, demo.Org1ID, "EUR", c.ISOCode); err != nil {
			t.Errorf("EUR→%s: %v", c.ISOCode, err)
		}
	}
	if _, err := s.Currencies(ctx, "no-such-org"); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("unknown org: %v", err)
	}
}
