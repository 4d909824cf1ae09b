#!/usr/bin/env bash
# Renders every page the server's tests render, twice at a base commit and
# once at the commit under review, and compares them byte for byte
# (cmd/samepages): the proof that a refactor changed no page a user sees.
# Pages that differ between the two renders of the base (random ids drawn by
# the demo seed or a test) are counted and left out. Both commits are built
# the same way, in checkouts of their own: esbuild names the island chunks
# by content and module paths, so a build elsewhere names them otherwise.
#
#   scripts/samepages.sh [BASE [HEAD]]   compare BASE (default main) with HEAD (default HEAD)
#   scripts/samepages.sh record DIR      only record the working tree's pages into DIR
#                                        (then: go run ./cmd/samepages BASE1 BASE2 DIR)
#
# The CSP nonce and CSRF token (fresh per response) are masked, the demo
# store is seeded at one pinned instant for both renders, and the times the
# test run itself stamps are masked (server/internal/testkit/record.go).
# BASE must already contain that recorder. PACKAGES narrows what runs
# (default ./server/...). ASSETS=1 masks the content hashes in the built
# files' names (a change to island or CSS code renames them by design).
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
head=$(git -C "$root" rev-parse "${2:-HEAD}")
work=$(mktemp -d)
checkout() { # rev dir
	git -C "$root" worktree add --detach "$2" "$1" >/dev/null
	ln -s "$root/node_modules" "$2/node_modules"
	(cd "$2" && go run ./cmd/build >/dev/null)
}
trap 'for t in base head; do git -C "$root" worktree remove --force "$work/$t" >/dev/null 2>&1 || true; done; rm -rf "$work"' EXIT
checkout "$base" "$work/base"
checkout "$head" "$work/head"
echo "base $base: $(record "$work/base" "$work/pages-base1") pages, again: $(record "$work/base" "$work/pages-base2") pages"
echo "head $head: $(record "$work/head" "$work/pages-head") pages"
(cd "$root" && go run ./cmd/samepages ${ASSETS:+-assets} "$work/pages-base1" "$work/pages-base2" "$work/pages-head")
