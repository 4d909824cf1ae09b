package testenv

import "testing"

func TestTimeScale(t *testing.T) {
	for _, tc := range []struct {
		raw, ci string
		want    float64
	}{
		{"", "", 1},
		{"", "true", 3},
		{"", "1", 3},
		{"", "false", 1},
		{"", "0", 1},
		{"2.5", "true", 2.5},
		{"0.5", "", 0.5},
	} {
		if got := timeScale(tc.raw, tc.ci); got != tc.want {
			t.Errorf("timeScale(%q, %q) = %v, want %v", tc.raw, tc.ci, got, tc.want)
		}
	}
	for _, bad := range []string{"x", "0", "-1"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("E2E_TIME_SCALE=%q accepted", bad)
				}
			}()
			timeScale(bad, "")
		}()
	}
}
