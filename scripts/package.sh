#!/usr/bin/env bash
# Builds the Debian package of RR Explorer (cmake/Packaging.cmake): installs what is missing (Debian packages),
# makes a Release build in build/ (or $RR_BUILD_DIR) and runs cpack. Prints the package's path; install it with
#   sudo apt install ./build/rr-explorer_VERSION_amd64.deb
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

source "$ROOT/scripts/packages.sh"
rr_ensure_packages "${RR_PACKAGES[@]}"

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD" -j"$(nproc)" --target rr-explorer rr-explorer-cli man
(cd "$BUILD" && cpack --config CPackConfig.cmake -B "$BUILD")
ls "$BUILD"/rr-explorer_*.deb
