# The two commands of the README: `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin
GO ?= go
# Every recipe's `time` names its target, so a CI log says what each phase took (bash's time
# keyword reads TIMEFORMAT; make expands $@ for each recipe).
export TIMEFORMAT = phase $@: %R s (user %U s, sys %S s)

.PHONY: run test hygiene assets deps system-deps vet staticcheck typecheck apilint generate unit go-test race race-beside-e2e e2e deploy-test bench dev clean

# The portal runs as production unless told otherwise; the demo is the sandbox.
run: assets
	PORTAL_ENV=sandbox $(GO) run ./cmd/portal

# Everything CI runs: static checks (go vet, staticcheck, tsc), Go tests with a real
# redis-server (with the check that the generated TS props types are
# current), the race detector where goroutines meet, island unit tests
# (vitest), browser flows (Playwright + Debian chromium): in turn, but for the
# race detector's phase, which runs beside the flows (below).
test: hygiene system-deps assets vet staticcheck typecheck apilint go-test unit race-beside-e2e

# The race phase beside the browser flows, with its output kept apart (scripts/beside.sh): the
# flows spend their time waiting on the portal's timers, which the race detector's build and
# tests fill. Every budget of the flows scales under CI and their waits are on events, so a
# loaded machine slows them without failing them (docs/ci-and-bench.md). The phases before it
# run in turn: staticcheck beside the Go tests, cold, took longer than the two one after the
# other (each compiled what the other was compiling: 640 s against 597 s).
race-beside-e2e: assets
	@time MAKE="$(MAKE)" scripts/beside.sh $@ race e2e

# npm 11 writes lockfiles without the optional per-platform packages and
# then refuses them in `npm ci`; `npm install --no-save` installs exactly
# the locked versions and leaves the lockfile alone.
node_modules: package.json package-lock.json
	npm install --no-audit --no-fund --no-save
	@touch node_modules

deps: node_modules

# No binaries and no oversized files in git (scripts/hygiene.sh).
hygiene:
	@time scripts/hygiene.sh

system-deps:
	@time scripts/system-deps.sh

assets: node_modules
	time $(GO) run ./cmd/build

# go test vets every package it tests, with every analyzer of go vet (VET_CHECKS, the
# analyzers of the Go release go.mod names), while it builds the tests anyway; a separate
# `go vet ./...` type-checked the whole tree a second time (two and a half minutes of a cold
# CI run). So vet runs here only over the packages without tests, which go test skips.
VET_CHECKS := appends,asmdecl,assign,atomic,bools,buildtag,cgocall,composites,copylocks,defers,directive,errorsas,framepointer,hostport,httpresponse,ifaceassert,loopclosure,lostcancel,nilfunc,printf,shift,sigchanyzer,slog,stdmethods,stdversion,stringintconv,structtag,testinggoroutine,tests,timeformat,unmarshal,unreachable,unsafeptr,unusedresult,waitgroup
vet:
	time $(GO) vet $$($(GO) list -f '{{if not (or .TestGoFiles .XTestGoFiles)}}{{.ImportPath}}{{end}}' ./...)

# staticcheck at a pinned release (go run fetches and caches it: no install
# step, and every machine checks with the same rules). It must find nothing.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
staticcheck:
	time $(GO) run $(STATICCHECK) ./...

# The TSX against the props types generated from the Go structs.
typecheck: node_modules
	time npx tsc --noEmit -p .

# Redocly's lint of the document the portal serves (`portal -openapi` prints it), with the
# recommended-strict rules: every warning of recommended is an error, so it must find
# nothing. Telemetry off and no update check: the run has no network.
apilint: node_modules
	time (f=$$(mktemp --suffix=.json) && $(GO) run ./cmd/portal -openapi > $$f && \
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --no-install redocly lint \
		--extends=recommended-strict --format=summary $$f; rc=$$?; rm -f $$f; exit $$rc)

# templates/generated/*.ts from the Go props structs (cmd/gentypes); flags.json from
# node_modules' flag-icons (cmd/genflags).
generate: node_modules
	$(GO) generate ./cmd/gentypes ./cmd/genflags

# Every package once; then the race detector where goroutines share memory:
# the packages built around it (sessions, limits, kept forms, the renderer
# pool, tokens) whole, and the tests that drive the store and the API from
# many goroutines at once in the store (money movements, approvals,
# refunds, one-time codes, seeding). Over the whole tree it slows the
# goja-rendered page tests tenfold and finds nothing the sequential page
# tests could show. The server core's tests are all sequential (108 s of a
# CI run for nothing to see), and the area packages' concurrent API tests
# (approvals, creates, MFA lockout) run in the plain pass, where they check
# that each movement happens once; under the race detector they cost a
# minute and a half of a two-core CI for the same store code.
RACE_PACKAGES := ./ratelimit ./session ./savedform ./ssr ./token
RACE_TESTS := Concurrent|Race|Mixed|Twice|BatchRowErrorsAndReport
# ./... includes deploytest: two portals behind HAProxy restarted one after the other while
# the user flows run through the proxy (about a minute; docs/deploy.md). It needs the built
# assets (the binary embeds them) and haproxy (system-deps).
# The store's packages run a second time on PostgreSQL (PORTAL_TEST_ENGINE=postgres: every
# test store is a database of its own on a server testenv starts), so both engines pass the
# same tests.
go-test:
	time $(GO) test -count=1 -vet=$(VET_CHECKS) ./...
	time PORTAL_TEST_ENGINE=postgres $(GO) test -count=1 -vet=off ./reference/...

# The deployment test alone, with its log (restarts, request counts, invariants).
deploy-test: system-deps assets
	time $(GO) test -count=1 -v -run TestRollingRestart ./deploytest

# The two halves in turn: side by side (and beside the flows) they took as long and more CPU.
race:
	time $(GO) test -race -count=1 $(RACE_PACKAGES)
	time $(GO) test -race -count=1 -run '$(RACE_TESTS)' ./reference

unit: node_modules
	time npx vitest run

e2e: assets
	time node e2e/run.mjs

# Render times, pages/s, page weights and Lighthouse scores against the budgets (docs/ci-and-bench.md).
bench: system-deps assets
	# Every bench page (cmd/renderbench/bench.Pages; go-test renders each once as a smoke).
	$(GO) run ./cmd/renderbench
	$(GO) run ./cmd/httpbench
	# Pages/s and writes/s with one portal and with two on one PostgreSQL database, one CPU each
	# (budgets: two ≥ 1.6× one on pages, ≥ 1.3× on writes).
	$(GO) test -run '^$$' -bench BenchmarkScale -benchtime 1x ./deploytest
	# 50-row pages of a 1,000,000-entry account (seeding it takes about a minute), and
	# statement files of 100,000 entries written in constant memory, filtered 100-row pages of 100,000 payouts,
	# a 2 MB batch CSV (about 10,000 rows) checked and stored, with its peak heap.
	$(GO) test -run '^$$' -bench 'BenchmarkMovementsPage1M|BenchmarkStatementStore100k|BenchmarkPayoutsPage100k|BenchmarkBatchUpload2MB' ./reference
	$(GO) test -run '^$$' -bench BenchmarkStatement100k ./statement
	# The reference store's write budgets: write transactions per payout from creation to completed (budget 2),
	# the longest write transaction while a 10,000-row batch is approved and published (budget 200 ms).
	$(GO) test -run '^$$' -bench 'BenchmarkPayoutWrites|BenchmarkBatchApprove10k' -benchtime 1x ./reference
	# Lighthouse, mobile profile, on login, dashboard, account transactions, a list and a dialog page.
	node e2e/lighthouse.mjs

# Rebuilds assets on change and restarts the portal with them.
dev: node_modules
	$(GO) run ./cmd/build -watch & PORTAL_ENV=sandbox PORTAL_ASSETS_DIR=assets/dist PORTAL_DEV=1 $(GO) run ./cmd/portal; kill %1

clean:
	rm -rf assets/dist/js assets/dist/css assets/dist/*.js assets/dist/*.json bin
