#!/usr/bin/env bash
# Set up (packages, build) and start the desktop application with the bundled Adult sample.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  # No screen: start it on a virtual one (screenshots with ImageMagick's `import -window root`).
  RR_EXTRA_PACKAGES="xvfb xauth imagemagick" bash "$ROOT/scripts/setup.sh"
  echo "== no display found: starting rr-explorer under xvfb-run"
  exec xvfb-run -a -s "-screen 0 1440x900x24" "$BUILD/app/rr-explorer" "$@"
fi
bash "$ROOT/scripts/setup.sh"
exec "$BUILD/app/rr-explorer" "$@"
