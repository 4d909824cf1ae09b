// Package ssr renders the portal's TSX pages on the server inside goja.
//
// One compiled program (the server bundle) is shared; each goja runtime is
// used by one goroutine at a time (a runtime is not goroutine-safe), so the
// Renderer keeps a pool of them, one per core by default. A render that runs
// past the time limit is interrupted and its runtime thrown away.
package ssr

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/dop251/goja"
)

// Result is one rendered page body and the islands it contains, in order.
type Result struct {
	HTML    []byte
	Islands []string
}

// ErrTimeout is returned when a render ran past the limit.
var ErrTimeout = errors.New("ssr: render timed out")

// ErrPropsTooLarge guards goja, which has no memory limit.
var ErrPropsTooLarge = errors.New("ssr: props too large")

// Config tunes the pool.
type Config struct {
	Size     int           // runtimes; default GOMAXPROCS
	Timeout  time.Duration // per render; default 2s
	MaxProps int           // bytes of props JSON; default 4 MiB
	// IslandCacheBytes bounds each runtime's cache of island markup
	// (ssr/runtime/island.js); default 4 MiB.
	IslandCacheBytes int
}

// Renderer is safe for concurrent use.
type Renderer struct {
	prog  *goja.Program
	cfg   Config
	slots chan *vm
}

type vm struct {
	rt     *goja.Runtime
	w      *elementWriter
	render goja.Callable
}

// New compiles the server bundle source and fills the pool.
func New(bundle string, cfg Config) (*Renderer, error) {
	if cfg.Size <= 0 {
		cfg.Size = runtime.GOMAXPROCS(0)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	if cfg.MaxProps <= 0 {
		cfg.MaxProps = 4 << 20
	}
	if cfg.IslandCacheBytes <= 0 {
		cfg.IslandCacheBytes = 4 << 20
	}
	prog, err := goja.Compile("server.js", bundle, true)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile bundle: %w", err)
	}
	r := &Renderer{prog: prog, cfg: cfg, slots: make(chan *vm, cfg.Size)}
	for i := 0; i < cfg.Size; i++ {
		v, err := r.newVM()
		if err != nil {
			return nil, err
		}
		r.slots <- v
	}
	return r, nil
}

func (r *Renderer) newVM() (*vm, error) {
	rt := goja.New()
	w := &elementWriter{rt: rt, htmlNames: map[string]string{}, svgNames: map[string]string{}}
	w.fragment = rt.NewObject()
	if err := rt.Set("__portal_Fragment", w.fragment); err != nil {
		return nil, err
	}
	if err := rt.Set("__portal_island_cache_bytes", r.cfg.IslandCacheBytes); err != nil {
		return nil, err
	}
	for name, fn := range map[string]func(goja.FunctionCall) goja.Value{
		"__portal_h":      w.h,
		"__portal_raw":    w.raw,
		"__portal_frag":   w.frag,
		"__portal_island": w.island,
	} {
		if err := rt.Set(name, fn); err != nil {
			return nil, err
		}
	}
	if _, err := rt.RunProgram(r.prog); err != nil {
		return nil, fmt.Errorf("ssr: run bundle: %w", err)
	}
	render, ok := goja.AssertFunction(rt.Get("__portal_render"))
	if !ok {
		return nil, errors.New("ssr: bundle does not define __portal_render")
	}
	return &vm{rt: rt, w: w, render: render}, nil
}

// Render renders page with props (a JSON document) and returns its HTML.
func (r *Renderer) Render(ctx context.Context, page string, props []byte) (Result, error) {
	if len(props) > r.cfg.MaxProps {
		return Result{}, ErrPropsTooLarge
	}
	var v *vm
	select {
	case v = <-r.slots:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	res, err := r.run(v, page, props)
	if errors.Is(err, ErrTimeout) {
		// The interrupted runtime may be mid-way through anything; replace it
		// off the request path so this caller gets its error at once.
		go r.replace()
		return Result{}, err
	}
	r.slots <- v
	return res, err
}

func (r *Renderer) replace() {
	for {
		v, err := r.newVM()
		if err == nil {
			r.slots <- v
			return
		}
		// The program ran before, so this is transient (memory); retry.
		time.Sleep(100 * time.Millisecond)
	}
}

func (r *Renderer) run(v *vm, page string, props []byte) (res Result, err error) {
	v.w.reset()
	// Props are parsed before the clock starts: parsing is Go code, which an
	// interrupt cannot stop, and bounded by MaxProps. A timer that fired
	// during a parse that then failed would leave the interrupt pending on a
	// runtime going back to the pool, failing the next render there.
	pv, err := propsValue(v.rt, string(props))
	if err != nil {
		return Result{}, err
	}
	timer := time.AfterFunc(r.cfg.Timeout, func() { v.rt.Interrupt(ErrTimeout) })
	out, err := v.render(goja.Undefined(), v.rt.ToValue(page), pv)
	if !timer.Stop() {
		// The timer fired: even if the render finished first, the interrupt
		// flag may be set and would hit the next render on this runtime.
		return Result{}, ErrTimeout
	}
	if err != nil {
		var ie *goja.InterruptedError
		if errors.As(err, &ie) {
			return Result{}, ErrTimeout
		}
		return Result{}, fmt.Errorf("ssr: render %s: %w", page, err)
	}
	h, ok := out.Export().(*handle)
	if !ok {
		return Result{}, fmt.Errorf("ssr: render %s returned no element", page)
	}
	html := make([]byte, 0, v.w.size(h.id))
	res.HTML = v.w.write(html, h.id)
	if len(v.w.islands) > 0 {
		res.Islands = append([]string(nil), v.w.islands...)
	}
	return res, nil
}

// Size is the number of runtimes in the pool.
func (r *Renderer) Size() int { return r.cfg.Size }
