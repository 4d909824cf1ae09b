package server_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A page rendered with props of another type must not compile: the compiler,
// not a test of each page, holds handlers to their pages' props. The check
// builds a small package inside the module (a folder starting with "_",
// which ./... leaves out) with one right and one wrong use of a page, and
// wants exactly one error: the wrong props.
func TestWrongPropsDoNotCompile(t *testing.T) {
	dir, err := os.MkdirTemp(".", "_wrongprops")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	src := `package wrongprops

import "portal/server"

var plain = server.NewPage[server.PlainProps]("WrongPropsProbe")

var right = server.View{Title: "right", Page: plain.With(server.PlainProps{Home: "/"})}

var wrong = server.View{Title: "wrong", Page: plain.With(server.SavedFormProps{})}
`
	if err := os.WriteFile(filepath.Join(dir, "probe.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "./"+filepath.Base(dir))
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("a page given another page's props type compiled")
	}
	var errs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.Contains(line, "probe.go:") {
			errs = append(errs, line)
		}
	}
	want := "cannot use server.SavedFormProps{} (value of struct type server.SavedFormProps) as server.PlainProps value"
	if len(errs) != 1 || !strings.Contains(errs[0], "probe.go:9:") || !strings.Contains(errs[0], want) {
		t.Fatalf("want one error on line 9, %q; go build said:\n%s", want, out)
	}
}
