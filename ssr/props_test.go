package ssr

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// propsValue replaces JSON.parse on the render path, so what it builds must
// be what JSON.parse builds (checked value by value, key order included)
// and what encoding/json accepts and decodes (the handlers' side).

// deep nests n arrays.
func deep(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

var propsValid = []struct{ name, src string }{
	{"empty object", `{}`},
	{"empty array", `[]`},
	{"empty containers nested", ` { "a" : [ ] , "b" : { } , "c" : [ { } , [ ] ] } `},
	{"whitespace everywhere", "\t\r\n {\n\t\"a\"\r:\n1\t}\n "},
	{"scalars at top", `"top"`},
	{"true", `true`},
	{"false", `false`},
	{"null", `null`},
	{"order kept", `{"b":1,"a":2,"c":{"z":1,"y":2}}`},
	{"integer-like keys", `{"b":1,"2":2,"a":3,"1":4}`},
	{"duplicate keys, last wins", `{"a":1,"b":2,"a":3}`},
	{"__proto__ is an own property", `{"__proto__":{"polluted":true},"x":1}`},
	{"empty key", `{"":1}`},
	{"escapes", `"\" \\ \/ \b \f \n \r \t"`},
	{"unicode escapes", `"\u0041\u00e9\u4e2d\u2028\u2029\u0000"`},
	{"surrogate pair", `"\ud83d\ude00 \uD83D\uDE00"`},
	{"lone high surrogate", `"a\ud800b"`},
	{"lone high surrogate at end", `"\ud800"`},
	{"high surrogate then other escape", `"\ud800\u0041"`},
	{"high surrogate then newline escape", `"\ud800\n"`},
	{"lone low surrogate", `"\udc00x"`},
	{"low then high", `"\udc00\ud800"`},
	{"high high low", `"\ud800\ud800\udc00"`},
	{"raw non-ASCII", `"é 中文 😀 ` + "\u2028\u2029" + `"`},
	{"invalid UTF-8 becomes U+FFFD", "\"a\xffb\xc3\x28c\xe2\x82\""},
	{"DEL is not a control character", "\"\x7f\""},
	{"escape after plain text", `"plain text then \" quote"`},
	{"integers", `[0,1,-1,42,-42,9007199254740991,-9007199254740991]`},
	{"integers past 2^53", `[9007199254740993,12345678901234567890,-9223372036854775808,9223372036854775807,9223372036854775808]`},
	{"negative zero", `[-0,-0.0,0e5,-0E-2]`},
	{"floats", `[0.5,-0.5,1.25,3.141592653589793,0.1,1e-7,123456789012345680000]`},
	{"exponents", `[1e2,1E2,1e+2,1e-2,-1.5e3,2E-0,1e21,1e308,5e-324]`},
	{"exponent underflow is zero", `[1e-400]`},
	{"nested", `{"a":{"b":{"c":[1,{"d":[true,false,null,"s"]}]}}}`},
	{"depth at the limit", deep(maxDepth + 1)},
	{"props of a page", `{"title":"Account Transactions","rows":[{"id":"TX1","amount":"-1,250.00 EUR","credit":true,"ref":"INV & <co>"}]}`},
}

var propsInvalid = []struct{ name, src, err string }{
	{"empty", ``, "unexpected end"},
	{"only space", "  \n", "unexpected end"},
	{"trailing data", `{} x`, "trailing data"},
	{"two values", `1 2`, "trailing data"},
	{"extra brace", `{}}`, "trailing data"},
	{"bad escape", `"\x"`, "bad escape"},
	{"escaped quote only", `"\`, "bad escape"},
	{"short unicode escape", `"\u12"`, "bad \\u escape"},
	{"non-hex unicode escape", `"\u12G4"`, "bad \\u escape"},
	{"signed unicode escape", `"\u+123"`, "bad \\u escape"},
	{"0x in unicode escape", `"\u0x12"`, "bad \\u escape"},
	{"bad escape after surrogate", `"\ud800\x"`, "bad escape"},
	{"raw newline", "\"a\nb\"", "control character"},
	{"raw tab", "\"a\tb\"", "control character"},
	{"raw NUL after escape", "\"\\n\x00\"", "control character"},
	{"unterminated", `"abc`, "unterminated string"},
	{"unterminated after escape", `"a\n`, "unterminated string"},
	{"leading zero", `01`, "trailing data"},
	{"negative leading zero", `-01`, "trailing data"},
	{"trailing dot", `1.`, "bad number"},
	{"leading dot", `.5`, "unexpected character"},
	{"lone minus", `-`, "bad number"},
	{"minus then space", `- 1`, "bad number"},
	{"plus sign", `+1`, "unexpected character"},
	{"empty exponent", `1e`, "bad number"},
	{"signed empty exponent", `1e+`, "bad number"},
	{"double minus", `--1`, "bad number"},
	{"hex", `0x10`, "trailing data"},
	{"Infinity", `Infinity`, "unexpected character"},
	{"NaN", `NaN`, "unexpected character"},
	{"short true", `tru`, "unexpected character"},
	{"short null", `nul`, "unexpected character"},
	{"capital True", `True`, "unexpected character"},
	{"true with tail", `truex`, "trailing data"},
	{"missing colon", `{"a" 1}`, "expected colon"},
	{"trailing comma in object", `{"a":1,}`, "expected key"},
	{"trailing comma in array", `[1,]`, "unexpected character"},
	{"unquoted key", `{a:1}`, "expected key"},
	{"single quotes", `{'a':1}`, "expected key"},
	{"unclosed array", `[1`, "expected , or ]"},
	{"unclosed object", `{"a":1`, "expected , or }"},
	{"missing value", `{"a":}`, "unexpected character"},
	{"byte order mark", "\ufeff{}", "unexpected character"},
	{"comment", `{} // x`, "trailing data"},
	{"too deep", deep(maxDepth + 2), "nested too deeply"},
	// Valid JSON, but beyond float64: encoding/json and goja refuse it too.
	{"exponent overflow", `[1e400]`, "number out of range"},
	{"negative overflow", `-1e400`, "number out of range"},
}

func TestPropsValue(t *testing.T) {
	for _, tt := range propsValid {
		t.Run(tt.name, func(t *testing.T) {
			if !decodes(tt.src) {
				t.Fatalf("case is not valid for encoding/json")
			}
			rt := goja.New()
			got, err := propsValue(rt, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			want, err := jsonParse(rt, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			if d := jsDiff("$", got, want); d != "" {
				t.Errorf("differs from JSON.parse: %s", d)
			}
			var gw any
			if err := json.Unmarshal([]byte(tt.src), &gw); err != nil {
				t.Fatal(err)
			}
			if g := exportJSON(got); !reflect.DeepEqual(g, gw) {
				t.Errorf("differs from encoding/json:\n got %#v\nwant %#v", g, gw)
			}
		})
	}
	for _, tt := range propsInvalid {
		t.Run("error/"+tt.name, func(t *testing.T) {
			_, err := propsValue(goja.New(), tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("error = %v, want one containing %q", err, tt.err)
			}
			// Our own limit aside, what we refuse encoding/json refuses.
			if tt.err != "nested too deeply" && decodes(tt.src) {
				t.Errorf("encoding/json accepts %q", tt.src)
			}
		})
	}
}

// TestPropsValueSpecifics pins the cases whose point is easy to miss in a
// generic comparison.
func TestPropsValueSpecifics(t *testing.T) {
	rt := goja.New()
	tests := []struct {
		src, expr, want string
	}{
		// A prototype would make p.polluted true and hide the key.
		{`{"__proto__":{"polluted":true}}`, `p.polluted === undefined && Object.keys(p).join()`, "__proto__"},
		{`-0`, `String(1 / p)`, "-Infinity"},
		{`9007199254740993`, `String(p)`, "9007199254740992"},
		{`"\ud800\u0041"`, `p.length + ':' + p.charCodeAt(0) + ':' + p[1]`, "2:65533:A"},
		{`"\ud83d\ude00"`, `String(p.codePointAt(0))`, "128512"},
		{"\"\xff\"", `String(p.charCodeAt(0))`, "65533"},
	}
	for _, tt := range tests {
		v, err := propsValue(rt, tt.src)
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		rt.Set("p", v)
		got, err := rt.RunString(tt.expr)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != tt.want {
			t.Errorf("%s: %s = %s, want %s", tt.src, tt.expr, got, tt.want)
		}
	}
}

// decodes reports whether encoding/json decodes src into an any: valid
// JSON whose numbers fit a float64.
func decodes(src string) bool {
	var v any
	return json.Unmarshal([]byte(src), &v) == nil
}

// FuzzPropsValue checks that propsValue accepts exactly what encoding/json
// decodes (up to our depth limit) and builds what JSON.parse builds.
func FuzzPropsValue(f *testing.F) {
	for _, tt := range propsValid {
		f.Add(tt.src)
	}
	for _, tt := range propsInvalid {
		f.Add(tt.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		rt := goja.New()
		got, err := propsValue(rt, src)
		if !decodes(src) {
			if err == nil {
				t.Fatalf("accepted %q, which encoding/json refuses", src)
			}
			return
		}
		if err != nil {
			if strings.Contains(err.Error(), "nested too deeply") {
				return
			}
			t.Fatalf("rejected valid JSON %q: %v", src, err)
		}
		want, err := jsonParse(rt, src)
		if err != nil {
			t.Fatalf("JSON.parse rejects %q: %v", src, err)
		}
		if d := jsDiff("$", got, want); d != "" {
			t.Fatalf("%q differs from JSON.parse: %s", src, d)
		}
	})
}

// jsonParse is goja's JSON.parse over the same text; invalid UTF-8 is
// replaced first, as encoding/json (and propsValue) read it.
func jsonParse(rt *goja.Runtime, src string) (goja.Value, error) {
	if !utf8.ValidString(src) {
		src = replaceInvalidUTF8(src)
	}
	parse, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("parse"))
	return parse(goja.Undefined(), rt.ToValue(src))
}

// jsDiff compares two JS values as JSON.parse results: same kinds, same
// numbers (as JS prints them, and the sign of zero), same strings, same
// own keys in the same order. It returns where they differ, or "".
func jsDiff(path string, a, b goja.Value) string {
	ao, aObj := a.(*goja.Object)
	bo, bObj := b.(*goja.Object)
	switch {
	case aObj != bObj:
		return fmt.Sprintf("%s: %v vs %v", path, a, b)
	case aObj:
		if ao.ClassName() != bo.ClassName() {
			return fmt.Sprintf("%s: %s vs %s", path, ao.ClassName(), bo.ClassName())
		}
		if ak, bk := ao.Keys(), bo.Keys(); !slices.Equal(ak, bk) {
			return fmt.Sprintf("%s: keys %q vs %q", path, ak, bk)
		}
		for _, k := range ao.Keys() {
			if d := jsDiff(path+"."+k, ao.Get(k), bo.Get(k)); d != "" {
				return d
			}
		}
		return ""
	case goja.IsNumber(a) != goja.IsNumber(b), goja.IsString(a) != goja.IsString(b),
		goja.IsNull(a) != goja.IsNull(b), a.ExportType() != b.ExportType() && !goja.IsNumber(a):
		return fmt.Sprintf("%s: %v (%T) vs %v (%T)", path, a, a, b, b)
	case goja.IsNumber(a) && math.Signbit(a.ToFloat()) != math.Signbit(b.ToFloat()):
		return fmt.Sprintf("%s: sign of %v vs %v", path, a, b)
	case a.String() != b.String():
		return fmt.Sprintf("%s: %q vs %q", path, a.String(), b.String())
	}
	return ""
}

// exportJSON is a goja value as encoding/json would decode it into any.
func exportJSON(v goja.Value) any {
	if o, ok := v.(*goja.Object); ok {
		if o.ClassName() == "Array" {
			n := int(o.Get("length").ToInteger())
			out := make([]any, n)
			for i := range out {
				out[i] = exportJSON(o.Get(fmt.Sprint(i)))
			}
			return out
		}
		out := map[string]any{}
		for _, k := range o.Keys() {
			out[k] = exportJSON(o.Get(k))
		}
		return out
	}
	switch {
	case goja.IsNull(v):
		return nil
	case goja.IsNumber(v):
		return v.ToFloat()
	}
	return v.Export()
}
