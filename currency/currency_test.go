package currency

import (
	"slices"
	"testing"
)

func TestCountryAndDecimals(t *testing.T) {
	tests := []struct {
		code, country string
		decimals      int
	}{
		{"EUR", "XX", 2}, {"gbp", "GB", 2}, {"DKK", "DK", 2}, {"USD", "US", 2},
		{"USDT", "XX", 6}, {"USDC", "XX", 6}, {"BTC", "XX", 8}, {"ETH", "XX", 18}, {"QQQ", "XX", 2}, {"", "XX", 2},
	}
	for _, tt := range tests {
		if got := Country(tt.code); got != tt.country {
			t.Errorf("Country(%q) = %q, want %q", tt.code, got, tt.country)
		}
		if got := Decimals(tt.code); got != tt.decimals {
			t.Errorf("Decimals(%q) = %d, want %d", tt.code, got, tt.decimals)
		}
		if got, want := Crypto(tt.code), tt.decimals != 2; got != want {
			t.Errorf("Crypto(%q) = %v, want %v", tt.code, got, want)
		}
	}
}

func TestFlagCountries(t *testing.T) {
	got := FlagCountries()
	if !slices.IsSorted(got) || slices.Contains(got, Unknown) || !slices.Contains(got, "DK") || len(got) != len(slices.Compact(slices.Clone(got))) {
		t.Errorf("FlagCountries() = %v", got)
	}
}
