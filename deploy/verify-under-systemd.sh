#!/usr/bin/env bash
# Runs both units under a real systemd and publishes a video through them:
#
#   sudo deploy/verify-under-systemd.sh
#
# For a maintainer's machine or a CI runner that is not itself booted with
# systemd (the test suite checks the units with systemd-analyze and a fake
# NOTIFY_SOCKET; this runs them for real). Needs root, systemd-container
# (systemd-nspawn), jq, curl, Debian's chromium and a built checkout with its
# dev dependencies (`npm ci && npx tsc -b`), outside /home (the units use
# ProtectHome=yes).
#
# What it does: boots this host's own OS in systemd-nspawn on a throwaway
# overlay (nothing on the host changes), with the host's services disabled in
# the overlay. Inside, deploy/install-edge.sh installs the edge node, and the
# control plane unit runs this checkout on its embedded database. The
# container shares the host's network. Then, with plume-edge.service and
# plume-control-plane.service started by that systemd: enroll the node, import
# a simulator account (scripts/platform-simulator.mjs on the host), publish a
# video through the Open API with executor=edge, and check:
#   - both units active (Type=notify: READY=1 arrived), no restarts, watchdog
#     armed (the edge one shortened to 5 s here, so a missing ping would show);
#   - the daemon found a working Chromium under the unit's sandbox;
#   - the batch succeeded and the simulator holds exactly one post with the
#     file's bytes;
#   - `systemctl stop` ends both with Result=success.
# Exit 0 when every check passes. Options: --keep (leave the container
# running and print how to enter it), --port <control plane port> (18095).
set -euo pipefail

KEEP=0
PORT=18095
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) KEEP=1; shift ;;
    --port)
      case "${2:-}" in ''|*[!0-9]*) echo "--port needs a TCP port number (1-65535)" >&2; exit 64 ;; esac
      [ "$2" -ge 1 ] && [ "$2" -le 65535 ] || { echo "--port needs a TCP port number (1-65535)" >&2; exit 64; }
      PORT="$2"; shift 2 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
for c in systemd-nspawn jq curl node nsenter; do command -v "$c" >/dev/null || { echo "$c is missing (apt-get install systemd-container jq curl)" >&2; exit 1; }; done
SRC="$(cd "$(dirname "$0")/.." && pwd)"
case "$SRC" in /home/*) echo "the units use ProtectHome=yes: use a checkout outside /home" >&2; exit 1 ;; esac
[ -f "$SRC/control-plane/dist/main.js" ] && [ -f "$SRC/edge-node/dist/cli.js" ] || { echo "build first: npm ci && npx tsc -b" >&2; exit 1; }

WORK=$(mktemp -d /var/tmp/plume-systemd-verify.XXXXXX)
ROOT="$WORK/merged"
MACHINE=plume-verify-$$
BASE="http://127.0.0.1:$PORT"
ADMIN_TOKEN=$(node -e "console.log(require('node:crypto').randomBytes(24).toString('base64url'))")
ACCOUNT=30099077
NSPAWN_PID=""
SIM_PID=""
FAILED=0

check() { # check <description> <command...>
  local what="$1"; shift
  if "$@"; then echo "PASS  $what"; else echo "FAIL  $what"; FAILED=1; fi
}
inside() { nsenter -t "$INIT" -a "$@"; }

cleanup() {
  if [ "$KEEP" -eq 1 ] && [ -n "$NSPAWN_PID" ]; then
    echo "container left running: nsenter -t $INIT -a bash   (then: systemctl poweroff; umount $ROOT $WORK/lower; rm -rf $WORK)"
    return
  fi
  if [ -n "${INIT:-}" ] && kill -0 "$INIT" 2>/dev/null; then inside systemctl poweroff >/dev/null 2>&1 || true; fi
  [ -n "$NSPAWN_PID" ] && { timeout 30 tail --pid="$NSPAWN_PID" -f /dev/null || kill "$NSPAWN_PID" 2>/dev/null || true; }
  [ -n "$SIM_PID" ] && kill "$SIM_PID" 2>/dev/null || true
  umount "$ROOT" 2>/dev/null || true
  umount "$WORK/lower" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# 1. A writable overlay of this host's root filesystem.
mkdir -p "$WORK/lower" "$WORK/upper" "$WORK/ovl" "$ROOT"
mount --bind / "$WORK/lower"
mount -t overlay overlay -o "lowerdir=$WORK/lower,upperdir=$WORK/upper,workdir=$WORK/ovl" "$ROOT"
# The host's own services stay off inside (they would fight over its ports).
for d in multi-user.target.wants sockets.target.wants timers.target.wants graphical.target.wants default.target.wants; do
  rm -f "$ROOT/etc/systemd/system/$d/"* 2>/dev/null || true
done
echo "$MACHINE" > "$ROOT/etc/hostname"

# 2. The edge node, installed the way operators install it. The checkout is bound in at its own
#    path: it may live on another file system than / (the overlay holds only the root one).
mkdir -p "$ROOT$SRC"
mount --bind "$SRC" "$ROOT$SRC"; mount --bind /proc "$ROOT/proc"; mount --bind /dev "$ROOT/dev"
chroot "$ROOT" "$SRC/deploy/install-edge.sh" --video-dir /srv/plume/videos --control-url "$BASE" >/dev/null
umount "$ROOT/proc" "$ROOT/dev" "$ROOT$SRC"
mkdir -p "$ROOT/etc/systemd/system/plume-edge.service.d"
printf '[Service]\nWatchdogSec=5\n' > "$ROOT/etc/systemd/system/plume-edge.service.d/verify-watchdog.conf"

# 3. The control plane unit on this checkout (bound at /opt/plume at boot: a checkout under /tmp
#    would be hidden by the container's /tmp and the unit's PrivateTmp), embedded database in
#    its state directory.
install -d -m 0755 "$ROOT/etc/plume"
printf 'PORT=%s\nHOST=127.0.0.1\nPLUME_ADMIN_TOKEN=%s\n' "$PORT" "$ADMIN_TOKEN" > "$ROOT/etc/plume/control-plane.env"
cp "$SRC/systemd/plume-control-plane.service" "$ROOT/etc/systemd/system/"
ln -sf /etc/systemd/system/plume-control-plane.service "$ROOT/etc/systemd/system/multi-user.target.wants/"

# 4. The platform simulator on the host (the container shares its network).
node "$SRC/scripts/platform-simulator.mjs" --state "$WORK/sim.json" --login "bilibili:$ACCOUNT" >"$WORK/sim.log" 2>&1 &
SIM_PID=$!
for _ in $(seq 1 50); do [ -s "$WORK/sim.json" ] && break; sleep 0.2; done
SIM_URL=$(jq -r .url "$WORK/sim.json")
echo "PLUME_EDGE_PLATFORM_URLS='{\"bilibili\":\"$SIM_URL/bilibili\"}'" >> "$ROOT/etc/plume-edge/plume-edge.env"

# 5. Boot.
systemd-nspawn -D "$ROOT" -b --register=no --keep-unit -M "$MACHINE" --bind-ro="$SRC:/opt/plume" >"$WORK/boot.log" 2>&1 &
NSPAWN_PID=$!
INIT=""
for _ in $(seq 1 100); do
  INIT=$(pgrep -P "$NSPAWN_PID" | head -n1 || true)
  [ -n "$INIT" ] && [ "$(cat "/proc/$INIT/comm" 2>/dev/null)" = systemd ] && break
  sleep 0.2
done
[ -n "$INIT" ] || { echo "the container did not boot; see $WORK/boot.log" >&2; cat "$WORK/boot.log" >&2; exit 1; }
timeout 90 nsenter -t "$INIT" -a systemctl is-system-running --wait >/dev/null 2>&1 || true
for _ in $(seq 1 150); do curl -sf "$BASE/readyz" >/dev/null && break; sleep 0.2; done
check "control plane answers /readyz under systemd" curl -sf "$BASE/readyz" -o /dev/null
[ "$FAILED" -eq 0 ] || { inside journalctl -u plume-control-plane --no-pager -n 40 || true; exit 1; }

# 6. Operator steps: a user, an enrollment token, enroll, an account.
ADMIN=(-sS --fail-with-body -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json')
USER_ID=$(curl "${ADMIN[@]}" "$BASE/api/admin/users" -d '{"name":"systemd verification","plan":{"name":"pro","permissions":["publish","accounts:read"],"perMinuteLimit":600,"dailyLimit":1000,"cmsEnabled":false},"quotas":{"web":1,"desktop":1,"edge":10,"cms":1}}' | jq -r .user.id)
TOKEN=$(curl "${ADMIN[@]}" "$BASE/api/admin/nodes/enrollment-tokens" -d "{\"kind\":\"edge\",\"userIds\":[$USER_ID],\"name\":\"$MACHINE\"}" | jq -r .token)
inside /usr/local/bin/plume-edge enroll --url "$BASE" --token "$TOKEN" >/dev/null
jq -n --arg v "$ACCOUNT" '{cookies:[{name:"SESSDATA",value:$v,domain:"127.0.0.1",path:"/",expires:-1,httpOnly:false,secure:false,sameSite:"Lax"}],origins:[]}' > "$ROOT/srv/plume/state.json"
chmod 0644 "$ROOT/srv/plume/state.json"
inside /usr/local/bin/plume-edge accounts import --ref "$ACCOUNT" --platform bilibili --storage-state /srv/plume/state.json --user "$USER_ID" >/dev/null
inside /usr/local/bin/plume-edge accounts check >/dev/null
inside install -d -m 0750 -o plume-edge -g plume-edge "/srv/plume/videos/$USER_ID"
head -c $((8 * 1024 * 1024)) /dev/urandom > "$ROOT/srv/plume/videos/$USER_ID/clip.mp4"
inside chown plume-edge:plume-edge "/srv/plume/videos/$USER_ID/clip.mp4"
inside systemctl enable --now plume-edge.service >/dev/null 2>&1

# 7. Integrator: publish a video to the node's account, wait for the batch.
KEY=$(curl "${ADMIN[@]}" "$BASE/api/admin/users/$USER_ID/api-keys" -d '{"name":"verify"}' | jq -r .apiKey.key)
API=(-sS --fail-with-body -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json')
ACCOUNT_ID=""
for _ in $(seq 1 60); do
  ACCOUNT_ID=$(curl "${API[@]}" "$BASE/api/openapi/v1/accounts?contentType=video" | jq -r '[.accounts[] | select(.platform == "bilibili" and .executor_online and .publishable)][0].id // empty')
  [ -n "$ACCOUNT_ID" ] && break
  sleep 0.5
done
check "the node's account is online and publishable" test -n "$ACCOUNT_ID"
BATCH=$(curl "${API[@]}" -H "Idempotency-Key: $(node -p 'crypto.randomUUID()')" "$BASE/api/openapi/v1/publish/video" \
  -d "{\"executor\":\"edge\",\"accountIds\":[${ACCOUNT_ID:-0}],\"title\":\"plume-edge under systemd\",\"localVideoPath\":\"/srv/plume/videos/$USER_ID/clip.mp4\",\"platformSettings\":{\"bilibili\":{\"partitionName\":\"知识\",\"tags\":[\"Plume\"],\"copyright\":\"original\"}}}" | jq -r .batch_id)
STATE=queued
for _ in $(seq 1 120); do
  STATE=$(curl "${API[@]}" "$BASE/api/openapi/v1/publish/$BATCH" | jq -r .state)
  case "$STATE" in succeeded|failed|partial) break ;; esac
  sleep 1
done
check "the video batch succeeded (state: $STATE)" test "$STATE" = succeeded
sleep 0.6 # one more simulator state write
WANT=$(sha256sum "$ROOT/srv/plume/videos/$USER_ID/clip.mp4" | cut -d' ' -f1)
check "the simulator holds exactly one post, with the file's bytes" \
  test "$(jq --arg h "$WANT" '[.publishes[] | select(.platform == "bilibili" and (.media[] | select(.kind == "video") | .sha256) == $h)] | length' "$WORK/sim.json")" = 1

# 8. What systemd saw.
prop() { inside systemctl show "$1" -p "$2" --value; }
for unit in plume-control-plane plume-edge; do
  check "$unit: active ($(prop "$unit" ActiveState)), restarts $(prop "$unit" NRestarts), watchdog $(prop "$unit" WatchdogUSec)" \
    test "$(prop "$unit" ActiveState)/$(prop "$unit" NRestarts)" = active/0 -a "$(prop "$unit" WatchdogUSec)" != 0 -a "$(prop "$unit" WatchdogUSec)" != infinity
done
check "plume-edge found a working Chromium under its sandbox" sh -c "nsenter -t $INIT -a journalctl -u plume-edge -o cat | grep -q '\"chromium\":\"[0-9]'"
for unit in plume-edge plume-control-plane; do
  inside systemctl stop "$unit"
  check "$unit: systemctl stop ends it cleanly" test "$(inside systemctl show "$unit" -p Result --value)" = success
done

if [ "$FAILED" -ne 0 ]; then
  echo "--- plume-edge journal (last 30 lines)"; inside journalctl -u plume-edge --no-pager -n 30 || true
  echo "--- plume-control-plane journal (last 30 lines)"; inside journalctl -u plume-control-plane --no-pager -n 30 || true
  exit 1
fi
echo "all checks passed"
