// Package collation orders names the way people read them: Unicode collation for English,
// so "Åland Islands" comes after "Afghanistan" rather than after "Zimbabwe", as a byte
// order would put it. Every list of country or other names a person scans uses it.
package collation

import (
	"slices"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// SortFunc sorts items by name, stably (items with names that collate equal keep their
// order). A collator is not safe for concurrent use, so each call makes its own.
func SortFunc[T any](items []T, name func(T) string) {
	c := collate.New(language.English, collate.Loose)
	slices.SortStableFunc(items, func(a, b T) int { return c.CompareString(name(a), name(b)) })
}
