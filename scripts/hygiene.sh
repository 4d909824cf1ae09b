#!/usr/bin/env bash
# The repository holds source, not build outputs: a committed binary once
# made a submission too large to land. Fails on any tracked file over
# 512 KiB and on any tracked file that git sees as binary.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=$((512 * 1024))
bad=0
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue
  size=$(stat -c %s "$f")
  if [ "$size" -gt "$limit" ]; then
    echo "hygiene: $f is $size bytes (limit $limit): build outputs and dumps stay out of git" >&2
    bad=1
  fi
done < <(git ls-files -z)
# numstat shows "-" for files git cannot diff as text.
binaries=$(git diff --numstat "$(git hash-object -t tree /dev/null)" HEAD -- . | awk '$1 == "-" {print $3}')
if [ -n "$binaries" ]; then
  echo "hygiene: binary files are tracked:" >&2
  echo "$binaries" >&2
  bad=1
fi
[ "$bad" -eq 0 ] && echo "hygiene: $(git ls-files | wc -l) tracked files, none binary, none over $limit bytes"
exit "$bad"
