package reference

import (
	"context"
	"errors"
	"slices"
	"testing"

	"portal/provider"
	"portal/reference/demo"
)

func TestDemoReceiversCoverEveryKindInBothOrganisations(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	for org, want := range demo.ReceiverCounts {
		kinds, types := map[string]int{}, map[string]int{}
		intermediary := 0
		var all []provider.Receiver
		f := provider.ReceiverFilter{Limit: 25}
		for pages := 0; ; pages++ {
			pg, err := s.Receivers(ctx, org, f)
			if err != nil {
				t.Fatal(err)
			}
			if pg.Total != want {
				t.Fatalf("%s: total %d, want %d", org, pg.Total, want)
			}
			all = append(all, pg.Receivers...)
			if !pg.HasNext {
				if pages < 1 {
					t.Errorf("%s: one page of 25 holds every receiver: nothing to page", org)
				}
				break
			}
			f.Cursor, f.Direction = pg.CursorNext, provider.DirectionNext
		}
		if len(all) != want {
			t.Fatalf("%s: paged %d receivers, want %d", org, len(all), want)
		}
		for i, r := range all {
			if i > 0 && r.CreatedAt.After(all[i-1].CreatedAt) {
				t.Errorf("%s: not newest first at %d", org, i)
			}
			kind, v := r.Account()
			if v == "" {
				t.Errorf("%s: receiver %s has no account", org, r.FullName)
			}
			kinds[kind]++
			types[r.CreditorType]++
			if r.Detail("intermediary_agent.bank_bic") != "" {
				intermediary++
			}
			if r.CreatedBy == "" || r.Currency == "" || r.ProductID == "" || r.SchemaID == "" {
				t.Errorf("%s: receiver %+v misses its saver, currency or product", org, r)
			}
		}
		for _, k := range []string{"iban", "account_number", "account", "crypto_wallet_address"} {
			if kinds[k] == 0 {
				t.Errorf("%s: no receiver with %s (%v)", org, k, kinds)
			}
		}
		if types[provider.CreditorPrivate] == 0 || types[provider.CreditorOrganization] == 0 {
			t.Errorf("%s: creditor types %v", org, types)
		}
		if intermediary == 0 {
			t.Errorf("%s: no receiver with an intermediary agent", org)
		}
	}
}

func TestReceiverPagesBackAndForth(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	first, err := s.Receivers(ctx, demo.Org1ID, provider.ReceiverFilter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if first.CursorPrev != "" || !first.HasNext {
		t.Fatalf("first page: prev %q next %v", first.CursorPrev, first.HasNext)
	}
	second, err := s.Receivers(ctx, demo.Org1ID, provider.ReceiverFilter{Limit: 10, Cursor: first.CursorNext, Direction: provider.DirectionNext})
	if err != nil {
		t.Fatal(err)
	}
	back, err := s.Receivers(ctx, demo.Org1ID, provider.ReceiverFilter{Limit: 10, Cursor: second.CursorPrev, Direction: provider.DirectionPrev})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(p provider.ReceiverPage) []string {
		var out []string
		for _, r := range p.Receivers {
			out = append(out, r.ID)
		}
		return out
	}
	if !slices.Equal(ids(back), ids(first)) {
		t.Errorf("back from the second page: %v, want %v", ids(back), ids(first))
	}
	if slices.Contains(ids(first), second.Receivers[0].ID) {
		t.Error("the second page repeats the first")
	}
	oldest, err := s.Receivers(ctx, demo.Org1ID, provider.ReceiverFilter{Limit: 1, Sort: provider.ReceiverSortOldest})
	if err != nil {
		t.Fatal(err)
	}
	if !oldest.Receivers[0].CreatedAt.Before(first.Receivers[0].CreatedAt) {
		t.Error("sort created_at does not start with the oldest")
	}
	for _, f := range []provider.ReceiverFilter{{Sort: "name"}, {Cursor: "garbage"}, {Limit: provider.MaxReceiverLimit + 1}} {
		if _, err := s.Receivers(ctx, demo.Org1ID, f); provider.ErrorCode(err) != provider.EINVALID {
			t.Errorf("%+v: %v, want invalid", f, err)
		}
	}
	if _, err := s.Receivers(ctx, "nope", provider.ReceiverFilter{}); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("unknown organisation: %v", err)
	}
}

func TestSaveReceiverOnceAndReadItBackInItsOrganisationOnly(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	in := provider.ReceiverFromSections(provider.PayoutSections{
		Creditor: provider.Party{Type: provider.CreditorPrivate, FullName: "Ada Lovelace", Birthdate: "1990-12-10", Address: "1 Byron Street",
			PostalCode: "W1", City: "London", CountryCode: "GB", Email: "ada@example.com"},
		CreditorAccount:          provider.CreditorAccount{IBAN: "GB82WEST12345698765432", BankBIC: "WESTGB22"},
		IntermediaryAgent:        provider.IntermediaryAgent{BankBIC: "CITIUS33", BankName: "Citibank"},
		IntermediaryAgentAccount: provider.IntermediaryAgentAccount{AccountNumber: "123"},
	})
	in.ProductID, in.SchemaID, in.Currency, in.CreatedBy = "p1", "s1", "GBP", "Sofie Andersen"
	wantKeys := []string{"creditor_account.iban", "creditor_account.bank_bic", "intermediary_agent.bank_bic", "intermediary_agent.bank_name",
		"intermediary_agent_account.account_number"}
	var keys []string
	for _, d := range in.CreditorDetails {
		keys = append(keys, d.Key)
	}
	if !slices.Equal(keys, wantKeys) {
		t.Fatalf("details keys %v, want %v", keys, wantKeys)
	}
	saved, err := s.SaveReceiver(ctx, demo.Org2ID, in)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Replayed || saved.ID == "" || saved.FullName != "Ada Lovelace" || saved.CreatedBy != "Sofie Andersen" ||
		!slices.Equal(saved.AddressLines, []string{"1 Byron Street"}) || saved.Postcode != "W1" {
		t.Fatalf("saved %+v", saved)
	}
	if k, v := saved.Account(); k != "iban" || v != "GB82WEST12345698765432" {
		t.Errorf("account %s %s", k, v)
	}
	again, err := s.SaveReceiver(ctx, demo.Org2ID, in)
	if err != nil || !again.Replayed || again.ID != saved.ID {
		t.Fatalf("saved again: %+v %v, want the first one replayed", again, err)
	}
	recent, err := s.RecentReceivers(ctx, demo.Org2ID, "p1", "s1", 0)
	if err != nil || len(recent) != 1 || recent[0].ID != saved.ID {
		t.Fatalf("recent: %v %v", recent, err)
	}
	if none, err := s.RecentReceivers(ctx, demo.Org1ID, "p1", "s1", 0); err != nil || len(none) != 0 {
		t.Errorf("the other organisation's recent receivers: %v %v", none, err)
	}
	if _, err := s.Receiver(ctx, demo.Org1ID, saved.ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("read from the other organisation: %v", err)
	}
	if _, err := s.DeleteReceiver(ctx, demo.Org1ID, saved.ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("delete from the other organisation: %v", err)
	}
	gone, err := s.DeleteReceiver(ctx, demo.Org2ID, saved.ID)
	if err != nil || gone.FullName != "Ada Lovelace" {
		t.Fatalf("delete: %+v %v", gone, err)
	}
	if _, err := s.Receiver(ctx, demo.Org2ID, saved.ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("read after delete: %v", err)
	}
	if _, err := s.DeleteReceiver(ctx, demo.Org2ID, saved.ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("second delete: %v", err)
	}
}

func TestSaveReceiverRefusesWhatItCannotTake(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ok := func() provider.ReceiverCreate {
		return provider.ReceiverCreate{ReceiverFields: provider.ReceiverFields{FullName: "Bo", CreditorType: provider.CreditorPrivate,
			ProductID: "p", SchemaID: "s", CreditorDetails: []provider.ReceiverDetail{{Key: "creditor_account.iban", Value: "DE89370400440532013000"}}}}
	}
	for field, edit := range map[string]func(*provider.ReceiverCreate){
		"full_name":        func(r *provider.ReceiverCreate) { r.FullName = "  " },
		"creditor_type":    func(r *provider.ReceiverCreate) { r.CreditorType = "company" },
		"product_id":       func(r *provider.ReceiverCreate) { r.ProductID = "" },
		"schema_id":        func(r *provider.ReceiverCreate) { r.SchemaID = "" },
		"birthdate":        func(r *provider.ReceiverCreate) { r.Birthdate = "12-03-1984" },
		"country_code":     func(r *provider.ReceiverCreate) { r.CountryCode = "deu" },
		"email":            func(r *provider.ReceiverCreate) { r.Email = "a\nb" },
		"address_lines":    func(r *provider.ReceiverCreate) { r.AddressLines = []string{"1", "2", "3", "4", "5", "6"} },
		"creditor_details": func(r *provider.ReceiverCreate) { r.CreditorDetails[0].Key = "iban" },
	} {
		in := ok()
		edit(&in)
		_, err := s.SaveReceiver(context.Background(), demo.Org1ID, in)
		var fe *provider.FieldError
		if !errors.As(err, &fe) || fe.Field != field {
			t.Errorf("%s: %v, want a field error on it", field, err)
		}
	}
	dup := ok()
	dup.CreditorDetails = append(dup.CreditorDetails, dup.CreditorDetails[0])
	if _, err := s.SaveReceiver(context.Background(), demo.Org1ID, dup); provider.ErrorCode(err) != provider.EINVALID {
		t.Errorf("a key twice: %v", err)
	}
	if _, err := s.SaveReceiver(context.Background(), "nope", ok()); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("unknown organisation: %v", err)
	}
}
