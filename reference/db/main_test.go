package db

import (
	"os"
	"testing"

	"portal/testenv"
)

// The PostgreSQL tests share one server, stopped when the package's tests are done.
func TestMain(m *testing.M) { os.Exit(testenv.PostgresMain(m)) }
