package country

import "testing"

func TestName(t *testing.T) {
	for iso, want := range map[string]string{"DE": "Germany", "dk": "Denmark", "AX": "Åland Islands", "BA": "Bosnia and Herzegovina",
		"": "", "ZZ": "", "XX": "", "EU": ""} {
		if got := Name(iso); got != want {
			t.Errorf("Name(%q) = %q, want %q", iso, got, want)
		}
	}
	if Shown("GB") != "United Kingdom (GB)" || Shown("nowhere") != "nowhere" {
		t.Errorf("Shown: %q %q", Shown("GB"), Shown("nowhere"))
	}
}
