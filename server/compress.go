package server

import (
	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"
)

// brotliLevel is the level pages and API replies are compressed at. Level 5 sends 7 % fewer
// bytes than 4, Fiber's default (the payouts list 11.3 KB instead of 12.2, the batches list
// 8.8 instead of 9.5, brotli), for about a tenth to a third more of the compressor's time:
// those bytes decide whether a list page and its stylesheet come in one TCP initial window
// on a first visit (docs/architecture.md, Budgets). Above 5 the pages shrink by under 1 %
// more while the time keeps growing. gzip, for browsers without brotli, stays at 6.
const brotliLevel = 5

// compressResponses compresses what a handler answered for a client that takes it (brotli,
// else gzip): Fiber's compress middleware offers only its three fixed levels. fasthttp
// leaves alone a body already encoded and a content type that does not compress.
func compressResponses() fiber.Handler {
	compress := fasthttp.CompressHandlerBrotliLevel(func(*fasthttp.RequestCtx) {}, brotliLevel, fasthttp.CompressDefaultCompression)
	return func(c fiber.Ctx) error {
		if err := c.Next(); err != nil {
			return err
		}
		c.Vary(fiber.HeaderAcceptEncoding)
		if c.Method() == fiber.MethodHead || len(c.Response().Body()) == 0 || c.Response().StatusCode() == fiber.StatusPartialContent {
			return nil
		}
		compress(c.RequestCtx())
		return nil
	}
}
