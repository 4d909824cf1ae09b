package collation

import (
	"slices"
	"testing"
)

func TestSortFunc(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []string
		want []string
	}{
		{"accents sort with their letter", []string{"Zimbabwe", "Åland Islands", "Afghanistan", "Albania"},
			[]string{"Afghanistan", "Åland Islands", "Albania", "Zimbabwe"}},
		{"case does not come first", []string{"bahamas", "Belgium", "Côte d’Ivoire", "Curaçao", "Colombia"},
			[]string{"bahamas", "Belgium", "Colombia", "Côte d’Ivoire", "Curaçao"}},
		{"equal names keep their order", []string{"Réunion", "Reunion"}, []string{"Réunion", "Reunion"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := slices.Clone(tc.in)
			SortFunc(got, func(s string) string { return s })
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
