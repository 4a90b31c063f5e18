#!/usr/bin/env bash
# Installs the Debian 12 packages RR Explorer needs (only those missing), then configures and
# builds everything (GUI, CLI, tests, benchmarks) in Release mode into build/ (or $RR_BUILD_DIR).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_BUILD_DIR:-$ROOT/build}

PACKAGES=(
  build-essential cmake pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-datavisualization-dev qt6-declarative-dev qt6-qpa-plugins
  libgl-dev fonts-dejavu-core
  libeigen3-dev libnlopt-cxx-dev libboost-math-dev libcsv-dev nlohmann-json3-dev libbenchmark-dev
  # SQL sources (ui/sql): Qt SQL's SQLite, PostgreSQL and ODBC drivers; the PostgreSQL server and its
  # ODBC driver are for the tests (scripts/pg-test-server.sh).
  libqt6sql6-sqlite libqt6sql6-psql libqt6sql6-odbc unixodbc odbc-postgresql postgresql
)
# Extra packages a caller needs (e.g. xvfb for a headless start).
PACKAGES+=(${RR_EXTRA_PACKAGES:-})

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing missing Debian packages: ${missing[*]}"
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "== all Debian packages present"
fi

echo "== configuring and building in $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD" -j"$(nproc)"
