package main

import (
	"errors"
	"reflect"
	"testing"
)

func TestCompare(t *testing.T) {
	pages := map[string]string{
		"b1/same": "<p>a</p>", "b2/same": "<p>a</p>", "h/same": "<p>a</p>",
		"b1/key":    `<input name="idempotency_key" value="81dbe24b-363d-4abe-afed-4b594b554400"/>`,
		"b2/key":    `<input name="idempotency_key" value="601a0d96-5eac-4afc-bae1-c1df4adba257"/>`,
		"h/key":     `<input name="idempotency_key" value="5939b7a7-7249-49a3-8e7a-2885b2c8828b"/>`,
		"b1/idle":   `{"endsIn":297,"idle":283,"absoluteIn":28797}`,
		"b2/idle":   `{"endsIn":298,"idle":283,"absoluteIn":28798}`,
		"h/idle":    `{"endsIn":296,"idle":283,"absoluteIn":28796}`,
		"b1/random": "<p>1</p>", "b2/random": "<p>2</p>", "h/random": "<p>3</p>",
		"b1/changed": "<p>a</p>", "b2/changed": "<p>a</p>", "h/changed": "<p>b</p>",
		"b1/gone": "<p>a</p>", "b2/gone": "<p>a</p>",
	}
	read := func(dir, name string) ([]byte, error) {
		if s, ok := pages[dir+"/"+name]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no page")
	}
	got := compare(read, []string{"same", "key", "idle", "random", "changed", "gone"}, "b1", "b2", "h")
	want := Result{Same: 3, Unstable: 1, Differ: []string{"changed"}, Missing: []string{"gone"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%+v, want %+v", got, want)
	}
}

func TestMaskAssets(t *testing.T) {
	a := []byte(`<script type="module" src="/assets/js/boot-AB12CD34.js"></script><link href="/assets/css/app-DF6909AD.css">{"Menu":"js/islands/Menu-3KQ2X7ZA.js"}`)
	b := []byte(`<script type="module" src="/assets/js/boot-ZZ99YY88.js"></script><link href="/assets/css/app-00000000.css">{"Menu":"js/islands/Menu-QQQQQQQQ.js"}`)
	for _, tc := range []struct {
		mask bool
		same bool
	}{{false, false}, {true, true}} {
		maskAssets = tc.mask
		if got := string(normalize(a)) == string(normalize(b)); got != tc.same {
			t.Errorf("assets masked %v: same %v, want %v (%s)", tc.mask, got, tc.same, normalize(a))
		}
	}
	maskAssets = false
	if c := []byte(`<p>See js/islands/Menu-3KQ2X7ZA.js-like text, or a word-ABCDEFGH.</p>`); string(normalize(c)) != string(c) {
		t.Errorf("text changed without -assets: %s", normalize(c))
	}
}
