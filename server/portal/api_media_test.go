package portal

import (
	"fmt"
	"slices"
	"testing"

	"portal/server/servertest"
)

// TestAPIDocumentsEveryMediaType: the bodies that are not JSON are
// described as what they are: the batch upload's multipart form with its
// parts, and the downloads' media types. (The tours' contract check holds
// the replies to them.)
func TestAPIDocumentsEveryMediaType(t *testing.T) {
	h := newHarness(t)
	doc := h.Document()
	obj := servertest.Obj
	for _, c := range []struct {
		op    string
		media []string
	}{
		{"downloadPayoutReport", []string{"text/csv"}},
		{"downloadStatement", []string{"application/xml", "text/csv", "text/plain"}},
		{"getSchemaCSVTemplate", []string{"text/csv"}},
	} {
		var got []string
		for mt := range obj(obj(obj(doc.Op(c.op)["responses"])["200"])["content"]) {
			got = append(got, mt)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.media) {
			t.Errorf("%s 200: %v, want %v", c.op, got, c.media)
		}
	}
	upload := doc.Op("uploadPayoutBatch")["requestBody"]
	form := obj(obj(obj(upload)["content"])["multipart/form-data"])
	schema := doc.Schema(form["schema"])
	if form == nil || obj(form["schema"])["$ref"] != "#/components/schemas/BatchUploadForm" {
		t.Fatalf("upload body: %v", upload)
	}
	props := obj(schema["properties"])
	if obj(props["file"])["format"] != "binary" || props["name"] == nil || fmt.Sprint(schema["required"]) != "[file]" {
		t.Errorf("upload form: %v", schema)
	}
	// Its refusals carry the one error shape's items.
	failed := doc.Schema(map[string]any{"$ref": "#/components/schemas/BatchUploadFailed"})
	if obj(obj(obj(failed["properties"])["errors"])["items"])["$ref"] != "#/components/schemas/Error" {
		t.Errorf("upload refusal errors: %v", failed["properties"])
	}
}
