#!/usr/bin/env bash
# Set up (packages, build) and run every test with ctest. UI tests use the offscreen platform.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

bash "$ROOT/scripts/setup.sh"
echo "== running tests"
cd "$BUILD"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)"
