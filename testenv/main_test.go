package testenv

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) { os.Exit(PostgresMain(m)) }
