#!/usr/bin/env bash
# Installs plume-edge on a Debian/Ubuntu host from a built checkout of this
# repository (`npm ci && npx tsc -b` done there):
#
#   sudo deploy/install-edge.sh [--video-dir /srv/plume/videos] [--control-url https://plume.example.com]
#
# What it does: installs Chromium, creates the plume-edge user, copies the
# daemon to /opt/plume-edge, installs the systemd unit and the sd_notify
# wrapper, writes /etc/plume-edge/plume-edge.env (kept if present), creates
# the state and video directories, and a `plume-edge` command that runs the
# CLI as the service user. It does not enroll or start the node: the script
# prints those two steps at the end.
set -euo pipefail

VIDEO_DIR=/srv/plume/videos
CONTROL_URL=""
while [ $# -gt 0 ]; do
  case "$1" in
    --video-dir) VIDEO_DIR="$2"; shift 2 ;;
    --control-url) CONTROL_URL="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

[ "$(id -u)" -eq 0 ] || { echo "run as root (sudo)" >&2; exit 1; }
SRC="$(cd "$(dirname "$0")/.." && pwd)"
[ -f "$SRC/edge-node/dist/cli.js" ] || { echo "$SRC/edge-node/dist/cli.js missing: run npm ci && npx tsc -b in $SRC first" >&2; exit 1; }
case "$VIDEO_DIR" in /home/*) echo "the unit uses ProtectHome=yes: put the video directory outside /home" >&2; exit 1 ;; esac

NODE=$(command -v node || true)
if [ -z "$NODE" ] || ! "$NODE" -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "Node.js >= 20.19 is required at /usr/bin/node (Debian 12 ships 18: use the NodeSource or nodejs.org packages)" >&2
  exit 1
fi
[ "$NODE" = /usr/bin/node ] || ln -sf "$NODE" /usr/bin/node

export DEBIAN_FRONTEND=noninteractive
command -v chromium >/dev/null || { apt-get update -q && apt-get install -y -q chromium; }
command -v perl >/dev/null || apt-get install -y -q perl-base
# The platforms' pages are Chinese: without a CJK font the streamed login page and evidence screenshots show boxes.
[ -n "$(fc-list :lang=zh family 2>/dev/null)" ] || apt-get install -y -q --no-install-recommends fonts-noto-cjk

id plume-edge >/dev/null 2>&1 || useradd --system --home-dir /var/lib/plume-edge --shell /usr/sbin/nologin plume-edge

install -d -m 0755 /opt/plume-edge /opt/plume-edge/systemd
# The daemon, its shared package, and the production dependencies the workspace resolved.
cp -a "$SRC/package.json" "$SRC/README.md" /opt/plume-edge/
rm -rf /opt/plume-edge/shared /opt/plume-edge/edge-node /opt/plume-edge/node_modules
mkdir -p /opt/plume-edge/shared /opt/plume-edge/edge-node
cp -a "$SRC/shared/package.json" "$SRC/shared/dist" /opt/plume-edge/shared/
cp -a "$SRC/edge-node/package.json" "$SRC/edge-node/dist" /opt/plume-edge/edge-node/
cp -a "$SRC/node_modules" /opt/plume-edge/node_modules
install -m 0755 "$SRC/systemd/plume-sd-notify-exec" /opt/plume-edge/systemd/plume-sd-notify-exec
install -m 0644 "$SRC/systemd/plume-edge.service" /etc/systemd/system/plume-edge.service

install -d -m 0755 /etc/plume-edge
if [ ! -f /etc/plume-edge/plume-edge.env ]; then
  cat > /etc/plume-edge/plume-edge.env <<ENV
# plume-edge settings (see docs/operators.md, "Edge nodes").
PLUME_CONTROL_URL=${CONTROL_URL}
PLUME_EDGE_VIDEO_DIR=${VIDEO_DIR}
PLUME_CHROMIUM_PATH=/usr/bin/chromium
PLUME_EDGE_CONCURRENCY=2
LOG_LEVEL=info
# Read by systemd and by the plume-edge command (sh): a value with quotes or spaces goes in
# single quotes, e.g. PLUME_EDGE_PLATFORM_URLS='{"bilibili":"https://staging.example.com"}'.
ENV
fi
install -d -m 0700 -o plume-edge -g plume-edge /var/lib/plume-edge
install -d -m 0750 -o plume-edge -g plume-edge "$VIDEO_DIR"

cat > /usr/local/bin/plume-edge <<'WRAP'
#!/bin/sh
# Runs the plume-edge CLI as the service user, with the service's settings.
set -a
[ -r /etc/plume-edge/plume-edge.env ] && . /etc/plume-edge/plume-edge.env
set +a
export PLUME_EDGE_STATE_DIR=/var/lib/plume-edge
if [ "$(id -un)" = plume-edge ]; then exec /usr/bin/node /opt/plume-edge/edge-node/dist/cli.js "$@"; fi
exec runuser -u plume-edge --preserve-environment -- /usr/bin/node /opt/plume-edge/edge-node/dist/cli.js "$@"
WRAP
chmod 0755 /usr/local/bin/plume-edge
# In a chroot or an image build there is no running systemd to reload: it reads the unit at boot.
if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi

cat <<DONE
plume-edge installed. Next:
  1. sudo plume-edge enroll --url <control plane URL> --token <token from POST /api/admin/nodes/enrollment-tokens>
  2. sudo plume-edge accounts import --ref <platform account id> --platform <code> --storage-state <file.json> [--user <userId>]
  3. sudo plume-edge doctor && sudo systemctl enable --now plume-edge
Videos go in ${VIDEO_DIR}/<userId>/ (readable by the plume-edge user).
DONE
