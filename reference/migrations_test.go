package reference

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A migration that has run on someone's file is history: goose never runs it again, so an edit
// reaches new files only and old and new files part ways without an error. The sums are what
// each migration was when it landed; a change to the schema is a new migration, which is added
// to migrations/SHA256SUMS (`sha256sum sqlite/*.sql postgres/*.sql` in that folder) with it.
func TestReleasedMigrationsAreUnchanged(t *testing.T) {
	t.Parallel()
	sums, err := os.ReadFile(filepath.Join("migrations", "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	lines := bufio.NewScanner(bytes.NewReader(sums))
	for lines.Scan() {
		if sum, name, ok := strings.Cut(lines.Text(), "  "); ok {
			want[name] = sum
		}
	}
	for dir, files := range map[string]fs.FS{"sqlite": migrationFiles, "postgres": postgresMigrationFiles} {
		names, err := fs.Glob(files, "migrations/"+dir+"/*.sql")
		if err != nil || len(names) == 0 {
			t.Fatalf("no %s migrations (%v)", dir, err)
		}
		for _, path := range names {
			name := strings.TrimPrefix(path, "migrations/")
			body, err := fs.ReadFile(files, path)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(body)
			switch got, ok := want[name]; {
			case !ok:
				t.Errorf("%s is not in migrations/SHA256SUMS: add its sum as it lands", name)
			case got != hex.EncodeToString(sum[:]):
				t.Errorf("%s was edited after it landed: put the change in a new migration", name)
			}
			delete(want, name)
		}
	}
	for name := range want {
		t.Errorf("migrations/SHA256SUMS names %s, which is gone: a landed migration stays", name)
	}
}
