package server

// authRoutes are the multi-factor authentication screens and actions
// (spec 000 §2 "Routes open to scope login or dashboard").
func (s *Server) authRoutes() []*Route {
	return []*Route{
		{Name: "mfa.verify", Method: "GET", Path: "/mfa-verify", Access: LoginOrDashboard},
		{Name: "mfa.setup", Method: "GET", Path: "/mfa-setup", Access: LoginOrDashboard},
		{Name: "mfa.new", Method: "GET", Path: "/new-mfa-setup", Access: LoginOrDashboard},
		{Name: "mfa.totp", Method: "GET", Path: "/totp-validate", Access: LoginOrDashboard},
	}
}
