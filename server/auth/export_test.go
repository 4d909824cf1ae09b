package auth

// The internals that the tests of package auth_test check against: its
// tests run on servertest, which mounts this area by default, so they are
// of the external test package.

const (
	APICodeReauth        = apiCodeReauth
	APIMsgPhoneConfirmed = apiMsgPhoneConfirmed
	APIMsgReauth         = apiMsgReauth
	APIMsgSetupClosed    = apiMsgSetupClosed
	APIMsgTOTPSetUp      = apiMsgTOTPSetUp
	APINextDone          = apiNextDone
	APINextSetup         = apiNextSetup
	APINextVerify        = apiNextVerify
	DefaultLoginIPLimit  = defaultLoginIPLimit
	LoginAccountLimit    = loginAccountLimit
	LoginScopeTTL        = loginScopeTTL
	MFAMaxAttempts       = mfaMaxAttempts
	MsgCodeRequired      = msgCodeRequired
	MsgEmailRequired     = msgEmailRequired
	MsgMFARegistered     = msgMFARegistered
	MsgMissingScope      = msgMissingScope
	MsgNumberRequired    = msgNumberRequired
	MsgTOTPFailed        = msgTOTPFailed
	MsgTOTPFormat        = msgTOTPFormat
	MsgUnknownError      = msgUnknownError
	PushLimit            = pushLimit
	ReauthWindow         = reauthWindow
	RefreshSessionLimit  = refreshSessionLimit
	SMSSendLimit         = smsSendLimit
)

type MFANext = mfaNext

var (
	LoginDelay      = loginDelay
	MsgSMSCodeShort = msgSMSCodeShort
	// The waits after wrong passwords and wrong codes, which tests replace.
	LoginSlowDown = &loginSlowDown
	MFASlowDown   = &mfaSlowDown
)
