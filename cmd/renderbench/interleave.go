package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"time"
)

// contender is one renderer of a page. run renders the page k times and
// returns each render's time in ms; a contender without run is not measured
// (note says why).
type contender struct {
	name string
	note string
	// goMem: its renders allocate in this process, so the bytes are counted.
	goMem bool
	run   func(k int) ([]float64, error)
}

// interleave warms every contender up, then lets them take turns in rounds
// (who goes first rotates) until each has n timed renders, so a machine that
// gets busier or quieter during the run slows or speeds all of them alike and
// their ratio holds. It returns one series per contender, in order.
func interleave(cs []*contender, n, warmup, rounds int) ([]series, error) {
	active := slices.DeleteFunc(slices.Clone(cs), func(c *contender) bool { return c.run == nil })
	for _, c := range active {
		if warmup > 0 {
			if _, err := c.run(warmup); err != nil {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
		}
	}
	runtime.GC()
	rounds = max(1, min(rounds, n))
	times := map[*contender][]float64{}
	alloc := map[*contender]uint64{}
	var before, after runtime.MemStats
	for r := range rounds {
		k := n*(r+1)/rounds - n*r/rounds
		for i := range active {
			c := active[(r+i)%len(active)]
			if c.goMem {
				runtime.ReadMemStats(&before)
			}
			ms, err := c.run(k)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
			if c.goMem {
				runtime.ReadMemStats(&after)
				alloc[c] += after.TotalAlloc - before.TotalAlloc
			}
			times[c] = append(times[c], ms...)
		}
	}
	out := make([]series, len(cs))
	for i, c := range cs {
		if c.run == nil {
			out[i] = series{Name: c.name, Note: c.note}
			continue
		}
		out[i] = summarize(c.name, times[c])
		if c.goMem {
			out[i].AllocMiB = float64(alloc[c]) / float64(n) / (1 << 20)
		}
	}
	return out, nil
}

// timedLoop is a contender's run for a Go renderer: render k times, timing each.
func timedLoop(render func() error) func(k int) ([]float64, error) {
	return func(k int) ([]float64, error) {
		ms := make([]float64, k)
		for i := range ms {
			t0 := time.Now()
			if err := render(); err != nil {
				return nil, err
			}
			ms[i] = float64(time.Since(t0)) / float64(time.Millisecond)
		}
		return ms, nil
	}
}

// nodeServer is ssr/node-render.mjs in serve mode: one node process for the
// whole run, asked for k renders of a page at a time.
type nodeServer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// startNode starts node on the bundle, or says why node is not measured.
func startNode(o options, bundlePath string) (*nodeServer, string, error) {
	if o.node == "" {
		return nil, `skipped (-node "")`, nil
	}
	exe, err := exec.LookPath(o.node)
	if err != nil {
		return nil, "skipped: " + o.node + " not found", nil
	}
	cmd := exec.Command(exe, filepath.Join(o.root, "ssr", "node-render.mjs"), "serve", bundlePath)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, "", err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("node: %w", err)
	}
	return &nodeServer{cmd: cmd, in: in, out: bufio.NewReader(out)}, "", nil
}

// render has node render page k times; it returns the times and the last HTML.
func (s *nodeServer) render(page string, props []byte, k int) ([]float64, string, error) {
	req, err := json.Marshal(struct {
		Page  string `json:"page"`
		Props string `json:"props"`
		N     int    `json:"n"`
	}{page, string(props), k})
	if err != nil {
		return nil, "", err
	}
	if _, err := s.in.Write(append(req, '\n')); err != nil {
		return nil, "", fmt.Errorf("node: %w", err)
	}
	line, err := s.out.ReadBytes('\n')
	if err != nil {
		return nil, "", fmt.Errorf("node stopped (its error is above): %w", err)
	}
	var res struct {
		TimesMS []float64 `json:"times_ms"`
		HTML    string    `json:"html"`
	}
	if err := json.Unmarshal(line, &res); err != nil {
		return nil, "", fmt.Errorf("node output: %w", err)
	}
	return res.TimesMS, res.HTML, nil
}

func (s *nodeServer) close() error {
	s.in.Close()
	return s.cmd.Wait()
}
