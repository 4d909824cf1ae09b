package server

// PasswordsArea is the forgotten password, reset and invitation screens and
// their API operations.
func PasswordsArea(s *Server) Area {
	return Area{Name: "passwords", Routes: s.passwordRoutes(), API: apiPasswordOperations()}
}

// passwordRoutes are the forgot/reset password and invitation screens
// (spec 000 §2, 001 §2). All are GuestOnly: a fully authenticated user is
// sent to "/". Handlers: passwords_forgot.go, passwords_reset.go,
// invitations.go.
func (s *Server) passwordRoutes() []*Route {
	return []*Route{
		{Name: "passwords.forgot", Method: "GET", Path: "/passwords/forgot", Access: GuestOnly, Handler: s.forgotGet},
		{Name: "passwords.forgot.submit", Method: "POST", Path: "/passwords/forgot", Access: GuestOnly, Handler: s.forgotPost},
		{Name: "passwords.reset", Method: "GET", Path: "/passwords/reset/:token", Access: GuestOnly, Handler: s.resetGet},
		{Name: "passwords.reset.submit", Method: "POST", Path: "/passwords/reset/:token", Access: GuestOnly, Handler: s.resetPost},
		{Name: "invitations.accept", Method: "GET", Path: "/invitations/accept/:token", Access: GuestOnly, Handler: s.invitationGet},
		{Name: "invitations.accept.submit", Method: "POST", Path: "/invitations/accept/:token", Access: GuestOnly, Handler: s.invitationPost},
		{Name: "invitations.expired", Method: "GET", Path: "/invitations/expired", Access: GuestOnly, Handler: s.invitationExpired},
	}
}
