package payoutfield

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// The wizard island runs the same file.
type vectors struct {
	Check []struct {
		Name  string `json:"name"`
		Field struct {
			Label      string   `json:"label"`
			UIField    string   `json:"ui_field"`
			AccessType string   `json:"access_type"`
			Step       string   `json:"step"`
			Allowed    []string `json:"allowed"`
			Decimals   *int     `json:"decimals"`
		} `json:"field"`
		Input string `json:"input"`
		Today string `json:"today"`
		Value string `json:"value"`
		Error string `json:"error"`
	} `json:"check"`
	ComposeDate  []struct{ DD, MM, YYYY, Out string } `json:"compose_date"`
	FormatIBAN   []struct{ Input, Output string }     `json:"format_iban"`
	BusinessUnit []struct {
		Units      int  `json:"units"`
		AutoSelect bool `json:"auto_select"`
		Disabled   bool `json:"disabled"`
	} `json:"business_unit"`
}

func load(t *testing.T) vectors {
	t.Helper()
	b, err := os.ReadFile("../testdata/payoutfield/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Check) < 50 || len(v.ComposeDate) < 5 || len(v.FormatIBAN) < 3 || len(v.BusinessUnit) < 3 {
		t.Fatal("vectors file too small")
	}
	return v
}

func TestCheckVectors(t *testing.T) {
	for _, c := range load(t).Check {
		t.Run(c.Name, func(t *testing.T) {
			f := Field{Label: c.Field.Label, UIField: c.Field.UIField, AccessType: c.Field.AccessType, Step: c.Field.Step,
				Allowed: c.Field.Allowed, Decimals: 2}
			if c.Field.Decimals != nil {
				f.Decimals = *c.Field.Decimals
			}
			today := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
			if c.Today != "" {
				d, err := time.Parse(time.DateOnly, c.Today)
				if err != nil {
					t.Fatal(err)
				}
				today = d.Add(15 * time.Hour)
			}
			v, msg := Check(f, c.Input, today)
			if v != c.Value || msg != c.Error {
				t.Fatalf("Check(%q) = %q, %q; want %q, %q", c.Input, v, msg, c.Value, c.Error)
			}
		})
	}
}

func TestComposeFormatBusinessUnitVectors(t *testing.T) {
	v := load(t)
	for _, c := range v.ComposeDate {
		if got := ComposeDate(c.DD, c.MM, c.YYYY); got != c.Out {
			t.Errorf("ComposeDate(%q, %q, %q) = %q, want %q", c.DD, c.MM, c.YYYY, got, c.Out)
		}
		if c.Out != "" {
			if dd, mm, yyyy := SplitDate(c.Out); ComposeDate(dd, mm, yyyy) != c.Out {
				t.Errorf("SplitDate(%q) = %q %q %q", c.Out, dd, mm, yyyy)
			}
		}
	}
	for _, c := range v.FormatIBAN {
		if got := FormatIBAN(c.Input); got != c.Output {
			t.Errorf("FormatIBAN(%q) = %q, want %q", c.Input, got, c.Output)
		}
	}
	for _, c := range v.BusinessUnit {
		if auto, disabled := BusinessUnitChoice(c.Units); auto != c.AutoSelect || disabled != c.Disabled {
			t.Errorf("BusinessUnitChoice(%d) = %v, %v", c.Units, auto, disabled)
		}
	}
}

// Every IBAN MakeIBAN completes passes ValidIBAN, and any single changed digit fails it.
func TestIBANCheckDigits(t *testing.T) {
	for _, c := range []struct{ country, bban string }{{"DE", "370400440532013000"}, {"GB", "NWBK60161331926819"},
		{"DK", "00400440116243"}, {"FR", "20041010050500013M02606"}} {
		iban := MakeIBAN(c.country, c.bban)
		if !ValidIBAN(iban) {
			t.Fatalf("%s not valid", iban)
		}
		for i := 4; i < len(iban); i++ {
			if iban[i] < '0' || iban[i] > '9' {
				continue
			}
			b := []byte(iban)
			b[i] = '0' + (b[i]-'0'+1)%10
			if ValidIBAN(string(b)) {
				t.Errorf("%s passes with digit %d changed", b, i)
			}
		}
	}
}
