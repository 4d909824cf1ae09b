#!/usr/bin/env bash
# beside.sh NAME "BACKGROUND TARGETS" "FOREGROUND TARGETS": runs the background make targets
# while the foreground ones run, so two phases that each leave part of the two cores idle
# share them. The background's output goes to .tmp/NAME.log and is printed whole once the
# foreground is done, so neither log is interleaved; it fails when either side failed (the
# background keeps going past a failure, so one run reports every failing check).
set -u
name=$1 bg=$2 fg=$3
make=${MAKE:-make}
mkdir -p .tmp
log=.tmp/$name.log
# shellcheck disable=SC2086 # the target lists are words
$make --no-print-directory --keep-going $bg > "$log" 2>&1 &
bp=$!
$make --no-print-directory $fg
f=$?
wait $bp
b=$?
echo "--- $bg (ran beside $fg) ---"
cat "$log"
echo "$name: $fg exit $f, $bg exit $b"
test $f -eq 0 && test $b -eq 0
