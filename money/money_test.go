package money

import (
	"errors"
	"math/big"
	"testing"
)

func TestParseFormat(t *testing.T) {
	cases := []struct {
		in   string
		dec  int
		want string
		err  error
	}{
		{"0", 2, "0.00", nil},
		{"1", 2, "1.00", nil},
		{"1.5", 2, "1.50", nil},
		{"0.01", 2, "0.01", nil},
		{"-0.01", 2, "-0.01", nil},
		{"125000.00", 2, "125000.00", nil},
		{"00012.30", 2, "12.30", nil},
		{"48250.125", 6, "48250.125000", nil},
		{"0.00000001", 8, "0.00000001", nil},
		{"123456789.123456789012345678", 18, "123456789.123456789012345678", nil},
		{"99999999999999999999999.999999999999999999", 18, "99999999999999999999999.999999999999999999", nil},
		{"7", 0, "7", nil},
		{"1.001", 2, "", ErrPrecision},
		{"0.0000001", 6, "", ErrPrecision},
		{"", 2, "", ErrSyntax},
		{"-", 2, "", ErrSyntax},
		{".", 2, "", ErrSyntax},
		{".5", 2, "", ErrSyntax},
		{"1.", 2, "", ErrSyntax},
		{"+1", 2, "", ErrSyntax},
		{" 1", 2, "", ErrSyntax},
		{"1 ", 2, "", ErrSyntax},
		{"1e3", 2, "", ErrSyntax},
		{"1,000.00", 2, "", ErrSyntax},
		{"NaN", 2, "", ErrSyntax},
		{"--1", 2, "", ErrSyntax},
		{"0x10", 2, "", ErrSyntax},
		{"1.2.3", 2, "", ErrSyntax},
	}
	for _, c := range cases {
		a, err := Parse(c.in, c.dec)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("Parse(%q, %d) err = %v, want %v", c.in, c.dec, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q, %d): %v", c.in, c.dec, err)
			continue
		}
		if got := a.String(); got != c.want {
			t.Errorf("Parse(%q, %d).String() = %q, want %q", c.in, c.dec, got, c.want)
		}
		// Round trip.
		b, err := Parse(a.String(), c.dec)
		if err != nil || b.Cmp(a) != 0 {
			t.Errorf("round trip of %q: %v %v", a, b, err)
		}
	}
}

func TestParseCurrencyDecimals(t *testing.T) {
	for code, want := range map[string]string{"EUR": "1.00", "GBP": "1.00", "BTC": "1.00000000", "ETH": "1.000000000000000000", "USDT": "1.000000", "USDC": "1.000000"} {
		a, err := ParseCurrency("1", code)
		if err != nil || a.String() != want {
			t.Errorf("ParseCurrency(1, %s) = %v, %v; want %s", code, a, err, want)
		}
	}
	if _, err := ParseCurrency("0.001", "EUR"); !errors.Is(err, ErrPrecision) {
		t.Errorf("EUR 0.001: %v", err)
	}
}

func TestArithmetic(t *testing.T) {
	a := MustParse("0.10", 2)
	b := MustParse("0.20", 2)
	if got := a.Add(b).String(); got != "0.30" {
		t.Errorf("0.10+0.20 = %s", got)
	}
	if got := a.Sub(b).String(); got != "-0.10" {
		t.Errorf("0.10-0.20 = %s", got)
	}
	if a.Cmp(b) != -1 || b.Cmp(a) != 1 || a.Cmp(a) != 0 || a.Neg().Sign() != -1 || !Zero(2).IsZero() {
		t.Error("Cmp/Sign/IsZero")
	}
	if got := (Amount{}).String(); got != "0" {
		t.Errorf("zero value = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("mixing decimals did not panic")
		}
	}()
	a.Add(MustParse("1", 6))
}

func TestConvertAndRate(t *testing.T) {
	r, err := ParseRate("0.8534")
	if err != nil {
		t.Fatal(err)
	}
	if r.String() != "0.8534000000" {
		t.Errorf("rate string %s", r)
	}
	cases := []struct {
		amt  string
		dec  int
		rate string
		out  int
		want string
	}{
		{"100.00", 2, "0.8534", 2, "85.34"},
		{"0.01", 2, "0.8534", 2, "0.00"}, // truncated, never rounded up
		{"1000.00", 2, "1.0800000000", 6, "1080.000000"},
		{"1.000000", 6, "0.0000153846", 8, "0.00001538"},
		{"2.000000000000000001", 18, "2", 18, "4.000000000000000002"},
		{"-10.00", 2, "0.5", 2, "-5.00"},
	}
	for _, c := range cases {
		rate, err := ParseRate(c.rate)
		if err != nil {
			t.Fatal(err)
		}
		if got := MustParse(c.amt, c.dec).Convert(rate, c.out).String(); got != c.want {
			t.Errorf("%s × %s = %s, want %s", c.amt, c.rate, got, c.want)
		}
	}
	if got := RateFromRat(big.NewRat(1, 3)).String(); got != "0.3333333333" {
		t.Errorf("1/3 = %s", got)
	}
	if got := r.Reciprocal().String(); got != "1.1717834544" {
		t.Errorf("1/0.8534 = %s", got)
	}
	for _, bad := range []string{"0", "-1", "abc", "0.00000000001"} {
		if _, err := ParseRate(bad); err == nil {
			t.Errorf("ParseRate(%q) accepted", bad)
		}
	}
}
