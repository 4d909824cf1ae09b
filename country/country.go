// Package country names ISO 3166-1 countries for people: the CLDR English names of
// golang.org/x/text, the same the country lists are built from, so a code shown in a panel
// and the list it was picked from agree.
package country

import (
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

var names = display.English.Regions()

// Name is the English name of the two-letter code ("DE" → "Germany"), "" when it names no
// country.
func Name(iso string) string {
	r, err := language.ParseRegion(strings.TrimSpace(iso))
	if err != nil || !r.IsCountry() {
		return ""
	}
	return strings.ReplaceAll(names.Name(r), " & ", " and ")
}

// Shown is how a country code is shown where a country is meant: its name, the code
// after it ("Germany (DE)"); an unknown code as it is.
func Shown(iso string) string {
	if n := Name(iso); n != "" {
		return n + " (" + strings.ToUpper(strings.TrimSpace(iso)) + ")"
	}
	return iso
}
