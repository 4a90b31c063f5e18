#!/usr/bin/env bash
# Installs the Python module rr_explorer for the system Python (Debian 12's /usr/bin/python3), offline from
# Debian packages alone: the packages that are missing (apt-get), a Release build of the module alone in
# build/ (or $RR_BUILD_DIR), then `cmake --install --component python` into the site-packages Debian's Python
# reads for local installs (/usr/local/lib/python3.11/dist-packages). Afterwards: python3 -c "import rr_explorer"
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

source "$ROOT/scripts/packages.sh"
rr_ensure_packages "${RR_PACKAGES[@]}"

echo "== building the Python module in $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DRR_BUILD_PYTHON=ON
cmake --build "$BUILD" -j"$(nproc)" --target rr_explorer_core rr-explorer-cli
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
"${sudo[@]}" cmake --install "$BUILD" --component python
cd /  # not the source tree: the installed package is imported
/usr/bin/python3 -c "import rr_explorer; print('rr_explorer installed in', rr_explorer.__path__[0])"
