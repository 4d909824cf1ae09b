package reference

import (
	"io"
	"testing"

	"portal/provider"
)

// exportText takes what one of the store's Open calls returned and gives the file's name
// and text, closing it; an error fails the test.
func exportText(t *testing.T) func(*provider.ExportFile, error) (string, string) {
	return func(f *provider.ExportFile, err error) (string, string) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			t.Fatalf("reading %s: %v", f.Filename, err)
		}
		return f.Filename, string(b)
	}
}
