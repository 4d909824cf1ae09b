#!/usr/bin/env bash
# Moves every use of the demo's names from the store (reference.DemoOrg1ID, reference.SeedOptions,
# store.Seed(ctx, reference.SeedOptions{}) ...) to reference/demo (demo.Org1ID, demo.Options,
# demo.Seed(ctx, store, demo.Options{}) ...), the store's own files included, and deletes the
# store's transitional aliases (reference/demo_aliases.go).
#
# Re-runnable: a file already moved has nothing left to match, so a second run changes
# nothing; run it again after merging a branch that still names the old ones. Needs sed,
# grep and gofmt only.
#
# The rule is one: reference.DemoX becomes demo.X (DemoPassword -> Password, DemoOrg1ID ->
# Org1ID, DemoReceiverProducts -> ReceiverProducts), and in the store's own package the
# unqualified DemoX does the same. The seed's types have their own names:
#   SeedOptions -> demo.Options   SeedReport -> demo.Report   SeedLogin -> demo.Login
#   SeedInvitation -> demo.Invitation   SeedMembership -> seeddata.Membership
#   MaintenanceAlert -> demo.MaintenanceAlert
set -euo pipefail
cd "$(dirname "$0")/.."

demo_import='"portal/reference/demo"'
seeddata_import='"portal/reference/seeddata"'

# add_import FILE NAME IMPORT: adds IMPORT (as NAME when that is not its own name) to FILE's
# imports when FILE uses NAME. and does not import it yet (into the block, after
# "portal/reference" when there; gofmt sorts).
add_import() {
  local f=$1 name=$2 imp=$3 line
  grep -q "\b$name\.[A-Z]" "$f" || return 0
  grep -qF "$imp" "$f" && return 0
  line=$imp
  [ "$name" = "$(basename "${imp//\"/}")" ] || line="$name $imp"
  line=$(printf '%s' "$line" | sed 's/[\/&]/\\&/g')
  if grep -q '^import "' "$f"; then
    sed -i -E "0,/^import (\".*\")$/s//import (\n\t\1\n\t$line\n)/" "$f"
  elif grep -q '^	"portal/reference"$' "$f"; then
    sed -i "0,/^\t\"portal\/reference\"$/s//\t\"portal\/reference\"\n\t$line/" "$f"
  else
    sed -i "0,/^import ($/s//import (\n\t$line/" "$f"
  fi
}

# qualifier DIR: the name demo's package goes by in DIR: demodata where the package already
# declares a demo of its own (server/search's tests do).
qualifier() {
  if grep -qE '^(type|var|const|func) demo\b' "$1"/*.go 2>/dev/null; then echo demodata; else echo demo; fi
}

# Outside the store's package: qualified names.
outside=$(grep -rlE --include='*.go' 'reference\.(Demo[A-Z]|MaintenanceAlert\b|Seed(Options|Report|Login|Invitation|Membership)\b)' . \
  | grep -vE '^\./reference/[^/]+\.go$' | grep -vE '^\./reference/(demo|seeddata)/' || true)
for f in $outside; do
  q=$(qualifier "$(dirname "$f")")
  sed -i -E \
    -e '/reference\.SeedOptions/ s/\b([A-Za-z_][A-Za-z0-9_]*)\.Seed\((ctx|context\.Background\(\)), /'$q'.Seed(\2, \1, /g' \
    -e 's/\b'$q'\.Seed\(([^,]+), '$q', /'$q'.Seed(\1, /g' \
    -e 's/\breference\.SeedOptions\b/'$q'.Options/g' \
    -e 's/\breference\.SeedReport\b/'$q'.Report/g' \
    -e 's/\breference\.SeedLogin\b/'$q'.Login/g' \
    -e 's/\breference\.SeedInvitation\b/'$q'.Invitation/g' \
    -e 's/\breference\.SeedMembership\b/seeddata.Membership/g' \
    -e 's/\breference\.MaintenanceAlert\b/'$q'.MaintenanceAlert/g' \
    -e 's/\breference\.Demo([A-Z][A-Za-z0-9_]*)\b/'$q'.\1/g' \
    "$f"
  add_import "$f" "$q" "$demo_import"
  add_import "$f" seeddata "$seeddata_import"
  # The store's import goes when nothing of it is left.
  if ! grep -q '\breference\.[A-Z]' "$f"; then
    sed -i '/^\t"portal\/reference"$/d; /^import "portal\/reference"$/d' "$f"
  fi
  gofmt -w "$f"
done

# The store's own package: unqualified names (the aliases' file goes).
rm -f reference/demo_aliases.go
inside=$(grep -lE '(^|[^.A-Za-z0-9_])(Demo[A-Z][A-Za-z0-9_]*|MaintenanceAlert|Seed(Options|Report|Login|Invitation|Membership))\b' reference/*.go || true)
for f in $inside; do
  sed -i -E \
    -e 's/(^|[^.A-Za-z0-9_])SeedOptions\b/\1demo.Options/g' \
    -e 's/(^|[^.A-Za-z0-9_])SeedReport\b/\1demo.Report/g' \
    -e 's/(^|[^.A-Za-z0-9_])SeedLogin\b/\1demo.Login/g' \
    -e 's/(^|[^.A-Za-z0-9_])SeedInvitation\b/\1demo.Invitation/g' \
    -e 's/(^|[^.A-Za-z0-9_])SeedMembership\b/\1seeddata.Membership/g' \
    -e 's/(^|[^.A-Za-z0-9_])MaintenanceAlert\b/\1demo.MaintenanceAlert/g' \
    -e 's/(^|[^.A-Za-z0-9_])Demo([A-Z][A-Za-z0-9_]*)\b/\1demo.\2/g' \
    "$f"
  add_import "$f" demo "$demo_import"
  add_import "$f" seeddata "$seeddata_import"
  gofmt -w "$f"
done
echo "demo-rename: $(echo "$outside" | grep -c . || true) files outside the store, $(echo "$inside" | grep -c . || true) in it"
