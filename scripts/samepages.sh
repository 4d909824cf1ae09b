#!/usr/bin/env bash
# Renders every page the server's tests render, twice at a base commit and
# once in the working tree, and compares them byte for byte (cmd/samepages):
# the proof that a refactor changed no page a user sees. Pages that differ
# between the two renders of the base (random ids drawn by the demo seed or a
# test) are counted and left out.
#
#   scripts/samepages.sh [BASE]          compare BASE (default main) with the working tree
#   scripts/samepages.sh record DIR      only record the working tree's pages into DIR
#                                        (then: go run ./cmd/samepages BASE1 BASE2 DIR)
#
# The CSP nonce and CSRF token (fresh per response) are masked, the demo
# store is seeded at one pinned instant for both renders, and the times the
# test run itself stamps are masked (server/internal/testkit/record.go).
# BASE must already contain that recorder. PACKAGES narrows what runs
# (default ./server/...).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
packages=${PACKAGES:-./server/...}
export PORTAL_RECORD_NOW=${PORTAL_RECORD_NOW:-$(date -u +%Y-%m-%dT%H:%M:00Z)}

record() { # tree dir
	rm -rf "$2" && mkdir -p "$2"
	# Failing tests still record; the comparison shows what they changed.
	(cd "$1" && PORTAL_RECORD_PAGES="$2" go test -count=1 $packages >"$2.log" 2>&1) ||
		echo "samepages: tests failed in $1 (see $2.log)" >&2
	find "$2" -type f | wc -l
}

if [ "${1:-}" = record ]; then
	record "$root" "$(realpath -m "$2")"
	exit 0
fi

base=${1:-main}
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach "$work/tree" "$base" >/dev/null
ln -s "$root/node_modules" "$work/tree/node_modules"
(cd "$work/tree" && go run ./cmd/build >/dev/null)
echo "base $base: $(record "$work/tree" "$work/base1") pages, again: $(record "$work/tree" "$work/base2") pages"
echo "working tree: $(record "$root" "$work/head") pages"
go run ./cmd/samepages "$work/base1" "$work/base2" "$work/head"
