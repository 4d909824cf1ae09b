package paymentdoc

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"portal/paymentdoc/pdftext"
	"portal/provider"
)

func completedPayout(transitions int) provider.PayoutRequest {
	at := time.Date(2026, 11, 2, 8, 30, 0, 0, time.UTC)
	p := provider.PayoutRequest{UniqueReference: "POABCDEFGHIJKLM", EndToEndID: "e2e-doc-1", Status: provider.PayoutCompleted,
		CurrentStateName: provider.StateCompleted, Amount: "1250.50", Fee: "1.50", Currency: "EUR", DebtorAccount: "4520011000000015",
		LocalInstrument: "SEPA", PurposeCode: "SUPP", CreatedAt: at, Timestamp: at.Add(time.Hour), Source: provider.SourceAPI,
		PayoutSections: provider.PayoutSections{
			UltimateDebtor:  provider.Party{FullName: "Nordic Trading ApS", CountryCode: "DK", City: "Aarhus"},
			Creditor:        provider.Party{FullName: "Anna Müller", CountryCode: "DE", City: "Berlin", Type: provider.CreditorPrivate},
			CreditorAccount: provider.CreditorAccount{IBAN: "DE89370400440532013000", BankBIC: "COBADEFFXXX", BankName: "Commerzbank"},
		}}
	for i := range transitions {
		p.StatusTransitions = append(p.StatusTransitions, provider.StatusTransition{Name: "validating_external", Timestamp: at.Add(time.Duration(i) * time.Minute)})
	}
	p.StatusTransitions = append(p.StatusTransitions, provider.StatusTransition{Name: provider.StateCompleted, Timestamp: at.Add(time.Hour)})
	return p
}

var org = provider.Organisation{Name: "Nordic Trading ApS", Line1: "Havnegade 1", City: "Aarhus", PostalCode: "8000", CountryISO: "DK"}

func TestDocumentPDFMatchesLayout(t *testing.T) {
	for _, c := range []struct {
		name        string
		transitions int
		minPages    int
	}{{"short history", 6, 1}, {"long history", 80, 3}} {
		d, err := Build(completedPayout(c.transitions), org, time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Pages) < c.minPages {
			t.Fatalf("%s: %d pages", c.name, len(d.Pages))
		}
		var buf bytes.Buffer
		if err := WritePDF(&buf, d); err != nil {
			t.Fatal(err)
		}
		pages, err := pdftext.Read(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != len(d.Pages) {
			t.Fatalf("%s: the PDF has %d pages, the layout %d", c.name, len(pages), len(d.Pages))
		}
		for i, text := range pages {
			flat := strings.Join(strings.Fields(text), "")
			for _, want := range []string{"POABCDEFGHIJKLM", "page" + string(rune('1'+i))} {
				if !strings.Contains(flat, want) {
					t.Fatalf("%s: page %d lacks %q: %q", c.name, i+1, want, text)
				}
			}
			// Every line the layout put on this page is on this PDF page.
			for _, s := range d.Pages[i].Sections {
				for _, l := range s.Lines {
					for _, v := range l.Wrapped {
						if !strings.Contains(flat, strings.Join(strings.Fields(v), "")) {
							t.Fatalf("%s: page %d lacks %q", c.name, i+1, v)
						}
					}
				}
			}
		}
		all := strings.Join(pages, "")
		for _, want := range []string{"1,252.00 EUR", "1,250.50 EUR", "DE89370400440532013000", "e2e-doc-1", "Nordic Trading ApS"} {
			if !strings.Contains(strings.Join(strings.Fields(all), " "), want) && !strings.Contains(strings.Join(strings.Fields(all), ""), strings.ReplaceAll(want, " ", "")) {
				t.Fatalf("%s: the PDF lacks %q", c.name, want)
			}
		}
	}
}

func TestOnlyCompletedPayouts(t *testing.T) {
	p := completedPayout(1)
	for _, st := range []string{provider.PayoutProcessing, provider.PayoutReturned, provider.PayoutRejected} {
		p.Status = st
		if _, err := Build(p, org, time.Now()); err != ErrNotCompleted {
			t.Errorf("%s: %v", st, err)
		}
	}
}

func TestWrap(t *testing.T) {
	long := strings.Repeat("word ", 40)
	for _, l := range wrap(long, wrapAt) {
		if len([]rune(l)) > wrapAt || l == "" {
			t.Fatalf("line %q", l)
		}
	}
	if got := wrap("  a   b ", 10); len(got) != 1 || got[0] != "a b" {
		t.Fatalf("%q", got)
	}
	if got := wrap(strings.Repeat("x", 130), 58); len(got) != 3 {
		t.Fatalf("unbroken text: %q", got)
	}
}
