package profile

import "strings"

// Device names the browser and system of a User-Agent for the list of sessions ("Firefox
// on Linux"). It only has to tell a user's own devices apart, so it knows the common
// browsers and systems and says what it can of the rest.
func Device(ua string) string {
	if strings.TrimSpace(ua) == "" {
		return "Unknown device"
	}
	has := func(subs ...string) bool {
		for _, s := range subs {
			if strings.Contains(ua, s) {
				return true
			}
		}
		return false
	}
	browser := ""
	switch {
	case has("Edg/", "EdgA/", "EdgiOS/"):
		browser = "Edge"
	case has("OPR/", "Opera"):
		browser = "Opera"
	case has("Firefox/", "FxiOS/"):
		browser = "Firefox"
	case has("Chrome/", "CriOS/", "Chromium/"):
		browser = "Chrome"
	case has("Safari/") && has("Version/"):
		browser = "Safari"
	}
	system := ""
	switch {
	case has("Windows"):
		system = "Windows"
	case has("iPhone", "iPad", "iPod"):
		system = "iOS"
	case has("Android"):
		system = "Android"
	case has("CrOS"):
		system = "ChromeOS"
	case has("Macintosh", "Mac OS X"):
		system = "macOS"
	case has("Linux", "X11"):
		system = "Linux"
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return "Browser on " + system
	}
	// A client that is no browser (curl/8.5.0, a script): its first product token.
	name, _, _ := strings.Cut(ua, " ")
	if len(name) > 40 {
		name = strings.ToValidUTF8(name[:40], "")
	}
	return name
}
