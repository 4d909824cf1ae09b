package server_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"testing"

	"portal/server/servertest"
)

// TestIslandsRenderAsInNode renders each page of the island vectors
// testdata/islands/{island}.json that hold whole pages through goja (the
// server's renderer) and checks the island it holds: the props the page
// gives it, and markup equal byte for byte to preact-render-to-string's
// under node (the vitest side writes and checks those), which is what the
// browser's hydration expects.
func TestIslandsRenderAsInNode(t *testing.T) {
	r := servertest.Renderer(t)
	for _, island := range []string{"PasswordStrength", "EmailForm", "TransferDialog", "CopyText", "PayoutWizard"} {
		var v struct {
			Cases []struct {
				Name      string          `json:"name"`
				Page      string          `json:"page"`
				PageProps json.RawMessage `json:"pageProps"`
				Props     any             `json:"props"`
				HTML      string          `json:"html"`
			} `json:"cases"`
		}
		servertest.ReadVectors(t, "islands/"+island+".json", &v)
		if len(v.Cases) == 0 {
			t.Fatalf("%s: no cases", island)
		}
		marker := regexp.MustCompile(`(?s)<div data-island="` + island + `" data-props="(island-\d+)"(?: data-[a-z]+="[^"]*")*>(.*?)</div><script type="application/json" id="island-\d+">(.*?)</script>`)
		for _, c := range v.Cases {
			t.Run(island+"/"+c.Name, func(t *testing.T) {
				if c.HTML == "" {
					t.Fatal("no html: regenerate with UPDATE_VECTORS=1 npx vitest run islands/" + island + ".test.tsx")
				}
				res, err := r.Render(t.Context(), c.Page, c.PageProps)
				if err != nil {
					t.Fatal(err)
				}
				m := marker.FindSubmatch(res.HTML)
				if m == nil {
					t.Fatalf("no %s island in %s", island, res.HTML)
				}
				var props any
				if err := json.Unmarshal(m[3], &props); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(props, c.Props) {
					t.Errorf("island props %v, want %v", props, c.Props)
				}
				if string(m[2]) != c.HTML {
					t.Errorf("goja markup differs from node's:\n got %s\nwant %s", m[2], c.HTML)
				}
			})
		}
	}
}
