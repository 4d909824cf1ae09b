package daterange

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"testing"
	"time"
)

// vectors are shared with islands/lib/daterange.test.ts: the picker island
// computes and checks the same ranges the server does.
type vectors struct {
	Presets []struct{ Now, Type, From, To string } `json:"presets"`
	Parse   []struct {
		Now, Input, Date, Error string
	} `json:"parse"`
	Form []struct {
		Now, Type, From, To string
		Range               *struct{ Type, From, To string }
		Errors              map[string]string
	} `json:"form"`
}

func load(t *testing.T) vectors {
	t.Helper()
	b, err := os.ReadFile("../testdata/daterange/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Presets) == 0 || len(v.Parse) == 0 || len(v.Form) == 0 {
		t.Fatal("empty vectors")
	}
	return v
}

func at(t *testing.T, s string) time.Time {
	t.Helper()
	d, err := time.Parse(APILayout, s)
	if err != nil {
		t.Fatal(err)
	}
	// Any hour of the day is the same day.
	return d.Add(17*time.Hour + 3*time.Minute)
}

func TestPresetVectors(t *testing.T) {
	for _, c := range load(t).Presets {
		r, err := ForPreset(c.Type, at(t, c.Now))
		if err != nil {
			t.Fatalf("%s %s: %v", c.Now, c.Type, err)
		}
		if got := [2]string{r.From.Format(APILayout), r.To.Format(APILayout)}; got != [2]string{c.From, c.To} {
			t.Errorf("%s as of %s = %v, want %s..%s", c.Type, c.Now, got, c.From, c.To)
		}
		if r.Type != c.Type || r.From.After(r.To) {
			t.Errorf("%s as of %s: %+v", c.Type, c.Now, r)
		}
	}
}

func TestParseVectors(t *testing.T) {
	for _, c := range load(t).Parse {
		d, err := ParseDisplay(c.Input, at(t, c.Now))
		switch {
		case c.Error != "" && (err == nil || err.Error() != c.Error):
			t.Errorf("ParseDisplay(%q) error %v, want %q", c.Input, err, c.Error)
		case c.Error != "" && !errors.As(err, new(Message)):
			t.Errorf("ParseDisplay(%q) error %T, want a Message to show the user", c.Input, err)
		case c.Error == "" && err != nil:
			t.Errorf("ParseDisplay(%q): %v", c.Input, err)
		case c.Error == "" && d.Format(APILayout) != c.Date:
			t.Errorf("ParseDisplay(%q) = %s, want %s", c.Input, d.Format(APILayout), c.Date)
		}
	}
}

func TestFormVectors(t *testing.T) {
	for _, c := range load(t).Form {
		r, errs := FromForm(c.Type, c.From, c.To, at(t, c.Now))
		if !maps.Equal(errs, c.Errors) {
			t.Errorf("FromForm(%q, %q, %q) errors %v, want %v", c.Type, c.From, c.To, errs, c.Errors)
			continue
		}
		if c.Range == nil {
			continue
		}
		if got := [3]string{r.Type, r.From.Format(APILayout), r.To.Format(APILayout)}; got != [3]string{c.Range.Type, c.Range.From, c.Range.To} {
			t.Errorf("FromForm(%q, %q, %q) = %v, want %+v", c.Type, c.From, c.To, got, *c.Range)
		}
	}
}

func TestEncodeDecode(t *testing.T) {
	now := at(t, "2026-11-22")
	later := at(t, "2026-12-05")
	custom := CustomRange(at(t, "2026-11-10"), at(t, "2026-11-01"))
	for _, tc := range []struct {
		name string
		in   string
		at   time.Time
		want Range
	}{
		{"empty is the default", "", now, DefaultRange(now)},
		{"garbage is the default", "nonsense", now, DefaultRange(now)},
		{"bad custom is the default", "custom:2026-13-01:2026-11-01", now, DefaultRange(now)},
		{"custom keeps its days", custom.Encode(), later, custom},
		{"a preset is recomputed each day", "d7", later, Range{Type: D7, From: at(t, "2026-11-29").Truncate(24 * time.Hour), To: at(t, "2026-12-05").Truncate(24 * time.Hour)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Decode(tc.in, tc.at)
			if got.Type != tc.want.Type || !got.From.Equal(tc.want.From) || !got.To.Equal(tc.want.To) {
				t.Errorf("Decode(%q) = %+v, want %+v", tc.in, got, tc.want)
			}
		})
	}
	if got := custom.Encode(); got != "custom:2026-11-01:2026-11-10" {
		t.Errorf("Encode = %q", got)
	}
	for _, p := range Presets() {
		if p.Type == Custom {
			continue
		}
		r, _ := ForPreset(p.Type, now)
		if back := Decode(r.Encode(), now); back != r {
			t.Errorf("%s: round trip %+v != %+v", p.Type, back, r)
		}
	}
}

func TestBounds(t *testing.T) {
	r := CustomRange(at(t, "2026-11-01"), at(t, "2026-11-10"))
	if got := r.After().Format(time.RFC3339); got != "2026-11-01T00:00:00Z" {
		t.Errorf("After = %s", got)
	}
	// Before is exclusive: the first instant after the last day.
	if got := r.Before().Format(time.RFC3339); got != "2026-11-11T00:00:00Z" {
		t.Errorf("Before = %s", got)
	}
	if r.IsDefault() || !DefaultRange(at(t, "2026-11-22")).IsDefault() {
		t.Error("IsDefault is true only for d30")
	}
	if got := r.Display(); got != "01-11-2026 – 10-11-2026" {
		t.Errorf("Display = %q", got)
	}
	if Label(D7) != "Past 7 days" || Label("x") != "" {
		t.Error("labels")
	}
}
