package provider

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorCodeAndMessage(t *testing.T) {
	notFound := Errorf(ENOTFOUND, "organisation %s not found", "x")
	tests := []struct {
		name     string
		err      error
		wantCode string
		wantMsg  string
	}{
		{"nil", nil, "", ""},
		{"typed", notFound, ENOTFOUND, "organisation x not found"},
		{"wrapped", fmt.Errorf("loading dashboard: %w", notFound), ENOTFOUND, "organisation x not found"},
		{"credentials", ErrInvalidCredentials, EUNAUTHORIZED, "Invalid email or password."},
		// Untyped errors may carry SQL or file paths; they must not surface as user text.
		{"untyped", errors.New("sqlite: disk I/O error at /var/data/x.db"), EINTERNAL, "Internal error."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ErrorCode(tt.err); got != tt.wantCode {
				t.Errorf("ErrorCode = %q, want %q", got, tt.wantCode)
			}
			if got := ErrorMessage(tt.err); got != tt.wantMsg {
				t.Errorf("ErrorMessage = %q, want %q", got, tt.wantMsg)
			}
		})
	}
}

func TestErrInvalidCredentialsSurvivesWrapping(t *testing.T) {
	err := fmt.Errorf("login: %w", ErrInvalidCredentials)
	if !errors.Is(err, ErrInvalidCredentials) {
		t.Fatal("errors.Is lost ErrInvalidCredentials through wrapping")
	}
}

func TestFeatureFlagsOn(t *testing.T) {
	var none FeatureFlags
	if none.On(FlagCanaryUI) {
		t.Error("nil flags: a missing flag must read as off")
	}
	f := FeatureFlags{FlagBatchesPage: true, FlagCanaryUI: false}
	if !f.On(FlagBatchesPage) || f.On(FlagCanaryUI) || f.On(FlagABTesting) {
		t.Errorf("On gave wrong answers for %v", f)
	}
	if len(KnownFlags()) != 9 {
		t.Errorf("KnownFlags has %d names, want the spec's 9", len(KnownFlags()))
	}
}
