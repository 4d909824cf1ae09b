package withdrawalrule

import (
	"encoding/json"
	"os"
	"testing"
)

// Vectors is testdata/withdrawal-form.json, which islands/lib/withdrawal.test.ts runs too.
type Vectors struct {
	Amount []struct {
		Name, Input, Plain, Error string
		Decimals                  int
	} `json:"amount"`
	EndToEnd []struct{ Name, Input, Error string } `json:"endToEnd"`
	Form     []struct {
		Name     string            `json:"name"`
		Values   map[string]string `json:"values"`
		Decimals int               `json:"decimals"`
		Errors   map[string]string `json:"errors"`
	} `json:"form"`
}

func readVectors(t *testing.T) Vectors {
	b, err := os.ReadFile("../testdata/withdrawal-form.json")
	if err != nil {
		t.Fatal(err)
	}
	var v Vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Amount) == 0 || len(v.EndToEnd) == 0 || len(v.Form) == 0 {
		t.Fatal("empty vectors")
	}
	return v
}

func TestAmountVectors(t *testing.T) {
	for _, c := range readVectors(t).Amount {
		a, msg := Amount(c.Input, c.Decimals)
		if msg != c.Error || (c.Error == "" && a.String() != c.Plain) {
			t.Errorf("%s: Amount(%q, %d) = %q, %q; want %q, %q", c.Name, c.Input, c.Decimals, a, msg, c.Plain, c.Error)
		}
	}
}

func TestEndToEndVectors(t *testing.T) {
	for _, c := range readVectors(t).EndToEnd {
		if got := EndToEndID(c.Input); got != c.Error {
			t.Errorf("%s: EndToEndID(%q) = %q, want %q", c.Name, c.Input, got, c.Error)
		}
	}
}

func TestFormVectors(t *testing.T) {
	for _, c := range readVectors(t).Form {
		got := Form(c.Values["account"], c.Values["withdrawal_account"], c.Values["amount"], c.Values["end_to_end_id"], c.Decimals)
		if len(got) != len(c.Errors) {
			t.Errorf("%s: %v, want %v", c.Name, got, c.Errors)
		}
		for k, v := range c.Errors {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", c.Name, k, got[k], v)
			}
		}
	}
}
