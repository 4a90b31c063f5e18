#!/usr/bin/env bash
# Installs the Debian 12 packages RR Explorer needs (only those missing), then configures and
# builds everything (GUI, CLI, tests, benchmarks) in Release mode into build/ (or $RR_BUILD_DIR).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

source "$ROOT/scripts/packages.sh"
# Extra packages a caller needs (e.g. xvfb for a headless start).
PACKAGES=("${RR_PACKAGES[@]}" ${RR_EXTRA_PACKAGES:-})
rr_ensure_packages "${PACKAGES[@]}"

echo "== configuring and building in $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD" -j"$(nproc)"
