#!/usr/bin/env bash
# Restarts the site's instances on this machine one at a time, with no request failing
# (docs/deployment.md, "Graceful reloads and rolling deploys"):
#
#   scripts/rolling-restart.sh 3001 3002
#
# For each port: the restart command (systemd sends SIGTERM; the instance drains, finishes what
# it has in flight and exits, and systemd starts it again), then wait until the new instance's
# /readyz answers 200, then SETTLE_SECONDS more, so that nginx has taken it back into turn (its
# `fail_timeout`, 2 s in deploy/nginx.conf) before the next instance goes: the next one takes
# itself out of nginx's turn as it stops, and nginx must have another to send to.
#
# Settings (environment), each with {port} replaced by the port:
#   RESTART_COMMAND        default: systemctl restart dispusip@{port}
#   READY_URL              default: http://127.0.0.1:{port}/readyz
#   READY_TIMEOUT_SECONDS  default: 60 (then the script stops, exit 1, the other instances untouched)
#   SETTLE_SECONDS         default: 3 (nginx's fail_timeout and one second)
set -euo pipefail

PORT_PLACEHOLDER='{port}'
RESTART_COMMAND="${RESTART_COMMAND:-systemctl restart dispusip@$PORT_PLACEHOLDER}"
READY_URL="${READY_URL:-http://127.0.0.1:$PORT_PLACEHOLDER/readyz}"
READY_TIMEOUT_SECONDS="${READY_TIMEOUT_SECONDS:-60}"
SETTLE_SECONDS="${SETTLE_SECONDS:-3}"

if [ "$#" -eq 0 ]; then
  echo "usage: $0 PORT [PORT...]" >&2
  exit 2
fi
for port in "$@"; do
  case "$port" in
    '' | *[!0-9]*) echo "rolling-restart: not a port: $port" >&2; exit 2 ;;
  esac
done

for port in "$@"; do
  command="${RESTART_COMMAND//"$PORT_PLACEHOLDER"/$port}"
  url="${READY_URL//"$PORT_PLACEHOLDER"/$port}"
  echo "rolling-restart: $port: $command"
  sh -c "$command"
  deadline=$((SECONDS + READY_TIMEOUT_SECONDS))
  until curl -fsS -o /dev/null --max-time 5 "$url" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "rolling-restart: $port: $url not ready after ${READY_TIMEOUT_SECONDS} s; stopping here" >&2
      exit 1
    fi
    sleep 0.2
  done
  echo "rolling-restart: $port: ready"
  sleep "$SETTLE_SECONDS"
done
echo "rolling-restart: done ($#)"
