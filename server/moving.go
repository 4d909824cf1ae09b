package server

// Names under which the areas still in this package (auth, passwords) know
// parts of the core that other area packages now use exported. They go when
// those areas move to packages of their own.
var safeRedirect = SafeRedirect

const apiCodeUnavailable = APICodeUnavailable
