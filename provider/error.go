package provider

import (
	"errors"
	"fmt"
)

// Error codes. The HTTP layer maps each code to a status and a spec text in one place, so an
// implementation picks the code that says what happened and never a status.
const (
	ENOTFOUND     = "not_found"
	EINVALID      = "invalid"
	ECONFLICT     = "conflict"
	EUNAUTHORIZED = "unauthorized"
	// EFORBIDDEN: the caller may not make this change, whatever they send (another
	// person's names, the last admin's role).
	EFORBIDDEN = "forbidden"
	EINTERNAL  = "internal"
)

// Error is a failure the portal can explain to a user. Any other error is internal: its text
// may hold details (SQL, paths) that belong in logs, not on a page.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("provider error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrInvalidCredentials is the one answer to a failed login, whatever the cause, so the reply
// does not reveal which e-mail addresses have accounts.
var ErrInvalidCredentials = &Error{Code: EUNAUTHORIZED, Message: "Invalid email or password."}

// ErrorCode returns the code of the first *Error in err's chain, "" for nil, and EINTERNAL for
// anything else.
func ErrorCode(err error) string {
	return fromChain(err, func(e *Error) string { return e.Code }, EINTERNAL)
}

// ErrorMessage returns the message of the first *Error in err's chain, "" for nil, and a
// generic text for anything else so internal details never reach a user.
func ErrorMessage(err error) string {
	return fromChain(err, func(e *Error) string { return e.Message }, "Internal error.")
}

// fromChain reads one part of the first *Error in err's chain: "" for nil, other for an
// error that is none.
func fromChain(err error, part func(*Error) string, other string) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return part(e)
	}
	return other
}
