#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with Clang (-fsanitize=fuzzer,address,undefined) into
# build-fuzz/ (or $RR_FUZZ_BUILD_DIR) and runs each for SECONDS (default 60), starting from its seed corpus
# tests/fuzz/corpus/NAME (new inputs go to build-fuzz/corpus/NAME; the seeds in the tree are not touched).
# Usage: scripts/fuzz.sh [SECONDS] [NAME...]    (NAME: a harness tests/fuzz/fuzz_NAME.cpp, e.g. csv, fimi, cli_lists; default all)
# RR_FUZZ_RUNS=N stops a harness after N inputs instead (whichever of the two comes first).
# Exit code 1 when any harness finds a crash, a leak, undefined behaviour or a timeout; the input that did
# it is saved as build-fuzz/artifacts/NAME-crash-* (replay it: build-fuzz/tests/fuzz/fuzz_NAME FILE).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${RR_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
SECONDS_EACH=${1:-60}
shift || true
NAMES=("$@")
if ((${#NAMES[@]} == 0)); then
  NAMES=()
  for f in "$ROOT"/tests/fuzz/fuzz_*.cpp; do
    n=$(basename "$f" .cpp)
    NAMES+=("${n#fuzz_}")
  done
fi

source "$ROOT/scripts/packages.sh"
rr_ensure_packages "${RR_PACKAGES[@]}" "${RR_CLANG_PACKAGES[@]}"

echo "== configuring the libFuzzer build in $BUILD"
CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRR_BUILD_FUZZ=ON \
  -DRR_BUILD_GUI=OFF -DRR_BUILD_TESTS=OFF -DRR_BUILD_BENCH=OFF >/dev/null
targets=()
for n in "${NAMES[@]}"; do targets+=("fuzz_$n"); done
cmake --build "$BUILD" --target "${targets[@]}" -j"${RR_JOBS:-2}"

mkdir -p "$BUILD/artifacts"
status=0
summary=()
for n in "${NAMES[@]}"; do
  work="$BUILD/corpus/$n"
  mkdir -p "$work"
  log="$BUILD/fuzz_$n.log"
  echo "== fuzz_$n for ${SECONDS_EACH}s${RR_FUZZ_RUNS:+ or $RR_FUZZ_RUNS runs} (log: $log)"
  runs=()
  if [ -n "${RR_FUZZ_RUNS:-}" ]; then runs=(-runs="$RR_FUZZ_RUNS"); fi
  set +e
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
    "$BUILD/tests/fuzz/fuzz_$n" -max_total_time="$SECONDS_EACH" "${runs[@]}" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$BUILD/artifacts/$n-" "$work" "$ROOT/tests/fuzz/corpus/$n" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  if [ $rc -eq 0 ]; then
    summary+=("fuzz_$n: $execs inputs, no finding")
  else
    summary+=("fuzz_$n: FINDING after $execs inputs (exit $rc): $(grep -m1 -E 'ERROR|runtime error|deadly signal' "$log" || true)")
    status=1
  fi
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
