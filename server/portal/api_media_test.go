package portal

import (
	"fmt"
	"slices"
	"testing"
)

// TestAPIDocumentsEveryMediaType: the bodies that are not JSON are
// described as what they are: the batch upload's multipart form with its
// parts, and the downloads' media types. (The tours' contract check holds
// the replies to them.)
func TestAPIDocumentsEveryMediaType(t *testing.T) {
	h := newHarness(t)
	doc := h.Document()
	obj := func(v any) map[string]any { m, _ := v.(map[string]any); return m }
	ops := map[string]map[string]any{}
	for _, item := range obj(doc["paths"]) {
		for _, o := range obj(item) {
			ops[obj(o)["operationId"].(string)] = obj(o)
		}
	}
	for _, c := range []struct {
		op    string
		media []string
	}{
		{"downloadPayoutReport", []string{"text/csv"}},
		{"downloadStatement", []string{"application/xml", "text/csv"}},
		{"getSchemaCSVTemplate", []string{"text/csv"}},
	} {
		var got []string
		for mt := range obj(obj(obj(ops[c.op]["responses"])["200"])["content"]) {
			got = append(got, mt)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.media) {
			t.Errorf("%s 200: %v, want %v", c.op, got, c.media)
		}
	}
	form := obj(obj(obj(ops["uploadPayoutBatch"]["requestBody"])["content"])["multipart/form-data"])
	schema := obj(obj(obj(doc["components"])["schemas"])["BatchUploadForm"])
	if form == nil || obj(form["schema"])["$ref"] != "#/components/schemas/BatchUploadForm" {
		t.Fatalf("upload body: %v", ops["uploadPayoutBatch"]["requestBody"])
	}
	props := obj(schema["properties"])
	if obj(props["file"])["format"] != "binary" || props["name"] == nil || fmt.Sprint(schema["required"]) != "[file]" {
		t.Errorf("upload form: %v", schema)
	}
	// Its refusals carry the one error shape's items.
	failed := obj(obj(obj(doc["components"])["schemas"])["BatchUploadFailed"])
	if obj(obj(obj(failed["properties"])["errors"])["items"])["$ref"] != "#/components/schemas/Error" {
		t.Errorf("upload refusal errors: %v", failed["properties"])
	}
}
