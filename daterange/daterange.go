// Package daterange is the portal's global date range (spec 000 §2 "Global date range
// picker", §4 date range types, §9 constants): the presets, the custom range, and the two
// forms a range takes on the wire. The range is a whole number of UTC days, From and To
// both included; the provider calls take it as a half-open instant interval
// [After, Before).
package daterange

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Range types (spec 000 §4).
const (
	Today     = "today"
	Yesterday = "yesterday"
	D7        = "d7"
	D30       = "d30"
	LastWeek  = "last_week"
	LastMonth = "last_month"
	LastYear  = "last_year"
	ThisWeek  = "this_week"
	ThisMonth = "this_month"
	ThisYear  = "this_year"
	Custom    = "custom"
)

// Default is the range type a session starts with.
const Default = D30

// Display and API date layouts (spec 000 §9).
const (
	DisplayLayout = "02-01-2006"
	APILayout     = "2006-01-02"
)

// MinYear is the first year a date input accepts; the last is next year.
const MinYear = 2000

// Preset is one entry of the picker's list.
type Preset struct {
	Type  string `json:"type"`
	Label string `json:"label"`
}

// Presets lists the picker's choices in the spec's order.
func Presets() []Preset {
	return []Preset{
		{Today, "Today"}, {Yesterday, "Yesterday"}, {D7, "Past 7 days"}, {D30, "Past 30 days"},
		{LastWeek, "Last week"}, {LastMonth, "Last month"}, {LastYear, "Last year"},
		{ThisWeek, "This week"}, {ThisMonth, "This month"}, {ThisYear, "This year"},
		{Custom, "Custom range"},
	}
}

// Label is the picker's text for a type ("" for an unknown one).
func Label(typ string) string {
	for _, p := range Presets() {
		if p.Type == typ {
			return p.Label
		}
	}
	return ""
}

// Range is a chosen date range: whole UTC days, From and To included.
type Range struct {
	Type string    `json:"type"`
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// After is the first instant of the range (created_after, inclusive).
func (r Range) After() time.Time { return r.From }

// Before is the first instant after the range (created_before, exclusive).
func (r Range) Before() time.Time { return r.To.AddDate(0, 0, 1) }

// IsDefault reports whether the range is the last 30 days (the dashboard shows its content
// only then).
func (r Range) IsDefault() bool { return r.Type == D30 }

// Display is "DD-MM-YYYY – DD-MM-YYYY".
func (r Range) Display() string {
	return r.From.Format(DisplayLayout) + " – " + r.To.Format(DisplayLayout)
}

func day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// monday is the Monday of d's week (weeks start on Monday).
func monday(d time.Time) time.Time {
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// ErrUnknownType is returned for a type that is neither a preset nor custom.
var ErrUnknownType = errors.New("daterange: unknown range type")

// ForPreset computes a preset's days as of now (UTC).
func ForPreset(typ string, now time.Time) (Range, error) {
	t := day(now)
	r := Range{Type: typ, To: t}
	switch typ {
	case Today:
		r.From = t
	case Yesterday:
		r.From, r.To = t.AddDate(0, 0, -1), t.AddDate(0, 0, -1)
	case D7:
		r.From = t.AddDate(0, 0, -6)
	case D30:
		r.From = t.AddDate(0, 0, -29)
	case LastWeek:
		m := monday(t)
		r.From, r.To = m.AddDate(0, 0, -7), m.AddDate(0, 0, -1)
	case LastMonth:
		first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
		r.From, r.To = first.AddDate(0, -1, 0), first.AddDate(0, 0, -1)
	case LastYear:
		r.From = time.Date(t.Year()-1, 1, 1, 0, 0, 0, 0, time.UTC)
		r.To = time.Date(t.Year()-1, 12, 31, 0, 0, 0, 0, time.UTC)
	case ThisWeek:
		r.From = monday(t)
	case ThisMonth:
		r.From = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	case ThisYear:
		r.From = time.Date(t.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	default:
		return Range{}, ErrUnknownType
	}
	return r, nil
}

// DefaultRange is the range a session starts with.
func DefaultRange(now time.Time) Range {
	r, _ := ForPreset(Default, now)
	return r
}

// Date input errors, as the picker shows them beside the field.
const (
	MsgFormat   = "Enter the date as DD-MM-YYYY"
	MsgDay      = "Day must be between 1 and 31"
	MsgMonth    = "Month must be between 1 and 12"
	MsgNoDate   = "This date does not exist"
	MsgRequired = "A range needs both a from and a to date"
)

// Message is a date input error in the words a user reads beside the field
// (a sentence, so capitalised, which Go's error-string convention is not for).
type Message string

func (m Message) Error() string { return string(m) }

// ParseDisplay reads a DD-MM-YYYY date typed into a masked input. The year must be between
// MinYear and next year (as of now). Its errors are Messages.
func ParseDisplay(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if len(s) != 10 || s[2] != '-' || s[5] != '-' {
		return time.Time{}, Message(MsgFormat)
	}
	var d, m, y int
	if _, err := fmt.Sscanf(s, "%02d-%02d-%04d", &d, &m, &y); err != nil || !digitsAt(s) {
		return time.Time{}, Message(MsgFormat)
	}
	if d < 1 || d > 31 {
		return time.Time{}, Message(MsgDay)
	}
	if m < 1 || m > 12 {
		return time.Time{}, Message(MsgMonth)
	}
	if last := day(now).Year() + 1; y < MinYear || y > last {
		return time.Time{}, Message(fmt.Sprintf("Year must be between %d and %d", MinYear, last))
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, Message(MsgNoDate)
	}
	return t, nil
}

func digitsAt(s string) bool {
	for i, c := range s {
		if i == 2 || i == 5 {
			continue
		}
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// CustomRange builds a custom range from two dates in either order (the calendar's second
// click may come before the first).
func CustomRange(a, b time.Time) Range {
	a, b = day(a), day(b)
	if b.Before(a) {
		a, b = b, a
	}
	return Range{Type: Custom, From: a, To: b}
}

// Encode is the session form of a range: "type" for a preset (recomputed each day),
// "custom:YYYY-MM-DD:YYYY-MM-DD" for a custom one.
func (r Range) Encode() string {
	if r.Type != Custom {
		return r.Type
	}
	return Custom + ":" + r.From.Format(APILayout) + ":" + r.To.Format(APILayout)
}

// Decode reads Encode's form as of now; anything unreadable (or empty) is the default.
func Decode(s string, now time.Time) Range {
	if strings.HasPrefix(s, Custom+":") {
		parts := strings.Split(s, ":")
		if len(parts) == 3 {
			a, errA := time.Parse(APILayout, parts[1])
			b, errB := time.Parse(APILayout, parts[2])
			if errA == nil && errB == nil {
				return CustomRange(a, b)
			}
		}
		return DefaultRange(now)
	}
	r, err := ForPreset(s, now)
	if err != nil {
		return DefaultRange(now)
	}
	return r
}

// Form field names of the picker (the no-JS form and the island post the same).
const (
	FieldType = "type"
	FieldFrom = "from"
	FieldTo   = "to"
)

// MsgType is the error of a range type that is not one of the picker's.
const MsgType = "Choose a date range"

// FromForm reads the picker's form as of now. From and To are read only for a custom
// range (a preset is computed); both are needed, in either order. The errors are keyed by
// field name, in the picker's words; the range is the zero Range when there are any.
func FromForm(typ, from, to string, now time.Time) (Range, map[string]string) {
	errs := map[string]string{}
	if typ != Custom {
		r, err := ForPreset(typ, now)
		if err != nil {
			errs[FieldType] = MsgType
			return Range{}, errs
		}
		return r, nil
	}
	read := func(field, s string) time.Time {
		if strings.TrimSpace(s) == "" {
			errs[field] = MsgRequired
			return time.Time{}
		}
		t, err := ParseDisplay(s, now)
		if err != nil {
			errs[field] = err.Error()
		}
		return t
	}
	a, b := read(FieldFrom, from), read(FieldTo, to)
	if len(errs) > 0 {
		return Range{}, errs
	}
	return CustomRange(a, b), nil
}

// DisplayDay shows a day sent as APILayout ("2026-11-27") the way the portal shows days
// ("27-11-2026"); anything else as it is.
func DisplayDay(s string) string {
	if t, err := time.Parse(APILayout, s); err == nil {
		return t.Format(DisplayLayout)
	}
	return s
}
