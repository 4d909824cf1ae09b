package portal

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"portal/server"
)

// TestEveryAreaToursItsAPI: the API tour is each area's (servertest.Tour,
// whose Done fails for an operation left out), so an area with operations
// must have one, or its replies would go unchecked against the document.
func TestEveryAreaToursItsAPI(t *testing.T) {
	srv := server.New(server.Deps{}, Areas...)
	for _, f := range Areas {
		if len(f(srv).API) == 0 {
			continue
		}
		// portal/server/payouts.New → server/payouts
		fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
		pkg := strings.TrimPrefix(fn[:strings.LastIndex(fn, ".")], "portal/")
		files, err := filepath.Glob(filepath.Join("..", "..", pkg, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		toured := false
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(b), ".Tour(t,") && strings.Contains(string(b), ".Done()") {
				toured = true
				break
			}
		}
		if !toured {
			t.Errorf("%s has API operations and no test calling servertest's Tour … Done", pkg)
		}
	}
}
