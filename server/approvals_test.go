package server

import "testing"

func TestApprovalsNeeded(t *testing.T) {
	for n, want := range map[int]string{-1: "", 0: "", 1: "Needs to be approved by 1 person", 3: "Needs to be approved by 3 people"} {
		if got := ApprovalsNeeded(n); got != want {
			t.Errorf("ApprovalsNeeded(%d) = %q, want %q", n, got, want)
		}
	}
}
