#!/usr/bin/env bash
# Installs the Debian packages the tests need (redis-server, redis-sentinel for
# the failover tests, postgresql, haproxy for the deployment test in deploytest/,
# chromium, and chromium-headless-shell, the same Blink without the desktop
# browser's shell, which runs the e2e flows in half the time and CPU) when they
# are missing. The portal itself needs none of
# them: without Redis it keeps sessions in process, and its store runs on
# SQLite. PostgreSQL's binaries are versioned and outside PATH
# (/usr/lib/postgresql/<major>/bin), which is where testenv.StartPostgres looks
# for them.
set -euo pipefail
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v redis-sentinel >/dev/null 2>&1 || need+=(redis-sentinel)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
# Debian installs it in /usr/sbin, outside a normal user's PATH.
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing: ${need[*]} — install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "installing ${need[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
