package session

import "encoding/json"

// Flash kinds, matching the portal's alert styles.
const (
	FlashSuccess = "success"
	FlashInfo    = "info"
	FlashWarning = "warning"
	FlashError   = "error"
)

// Flash is a one-shot message shown on the next page, after a
// Post/Redirect/Get.
type Flash struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

const (
	flashKey = "flash"
	// maxFlashes keeps a loop of redirects that never renders a page from
	// growing the session without bound.
	maxFlashes = 5
)

// AddFlash queues a message for the next page. An unknown kind is shown as
// "info" rather than dropped: losing a message is worse than its colour.
// Beyond five queued messages the oldest is dropped. The caller must Save
// the session.
func AddFlash(s *Session, kind, text string) {
	switch kind {
	case FlashSuccess, FlashInfo, FlashWarning, FlashError:
	default:
		kind = FlashInfo
	}
	fs := append(flashes(s), Flash{Kind: kind, Text: text})
	if len(fs) > maxFlashes {
		fs = fs[len(fs)-maxFlashes:]
	}
	b, _ := json.Marshal(fs) // a slice of string pairs always encodes
	if s.Values == nil {
		s.Values = make(map[string]string, 1)
	}
	s.Values[flashKey] = string(b)
}

// PopFlashes returns the queued messages, oldest first, and removes them.
// When it returns messages the caller must Save the session, or they come
// back on the next page; when it returns nil there is nothing worth saving,
// so a page without messages costs no write.
func PopFlashes(s *Session) []Flash {
	fs := flashes(s)
	delete(s.Values, flashKey)
	return fs
}

func flashes(s *Session) []Flash {
	raw, ok := s.Values[flashKey]
	if !ok {
		return nil
	}
	var fs []Flash
	if json.Unmarshal([]byte(raw), &fs) != nil {
		// Unreadable state is dropped rather than shown.
		return nil
	}
	if len(fs) == 0 {
		return nil
	}
	return fs
}
