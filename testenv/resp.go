package testenv

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"
)

// command sends one command to addr and returns its reply flattened to
// text: a bulk or simple string as is, an array as its elements one a line
// (nested arrays too), an error reply as an error. It is what waiting on
// CLUSTER INFO, INFO and SENTINEL replies needs, and keeps this package
// free of a client dependency (see ping).
func command(addr string, args ...string) (string, error) {
	c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
	if err != nil {
		return "", err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	var b strings.Builder
	fmt.Fprintf(&b, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(&b, "$%d\r\n%s\r\n", len(a), a)
	}
	if _, err := c.Write([]byte(b.String())); err != nil {
		return "", err
	}
	var out strings.Builder
	if err := readReply(bufio.NewReader(c), &out); err != nil {
		return "", err
	}
	return strings.TrimSuffix(out.String(), "\n"), nil
}

func readReply(r *bufio.Reader, out *strings.Builder) error {
	line, err := r.ReadString('\n')
	if err != nil {
		return err
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return fmt.Errorf("empty reply line")
	}
	switch line[0] {
	case '+', ':':
		out.WriteString(line[1:] + "\n")
	case '-':
		return fmt.Errorf("redis: %s", line[1:])
	case '$':
		n, err := strconv.Atoi(line[1:])
		if err != nil {
			return fmt.Errorf("bad bulk length %q", line)
		}
		if n < 0 {
			return nil // nil reply: nothing
		}
		buf := make([]byte, n+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return err
		}
		out.Write(buf[:n])
		out.WriteString("\n")
	case '*':
		n, err := strconv.Atoi(line[1:])
		if err != nil {
			return fmt.Errorf("bad array length %q", line)
		}
		for range n {
			if err := readReply(r, out); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("unexpected reply %q", line)
	}
	return nil
}

// infoField returns field's value in an INFO or CLUSTER INFO reply.
func infoField(info, field string) string {
	for _, l := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), field+":"); ok {
			return v
		}
	}
	return ""
}

// waitFor polls cond every 20 ms until it holds or timeout passes; the
// error then says what was last seen.
func waitFor(timeout time.Duration, what string, cond func() (bool, string)) error {
	deadline := time.Now().Add(timeout)
	for {
		ok, seen := cond()
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not reached within %s; last seen: %s", what, timeout, seen)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
