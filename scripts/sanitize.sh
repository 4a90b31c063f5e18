#!/usr/bin/env bash
# Sanitizer runs with Clang:
#  1. build-asan/ (-DRR_SANITIZE=address,undefined, plus float-cast-overflow): the whole ctest suite, leaks
#     included (LeakSanitizer);
#  2. build-tsan/ (-DRR_SANITIZE=thread): the UI tests (ctest -R '^ui_'), where the background jobs run.
# Any report fails the test that produced it (-fno-sanitize-recover=all, halt_on_error). Reports that come
# from Qt's own uninstrumented code only are suppressed by tests/sanitizers/*.supp, each entry with its
# reason; our code is never suppressed.
# Usage: scripts/sanitize.sh [asan|tsan ...]   (default both). RR_JOBS sets the build parallelism (2).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${RR_JOBS:-2}
STEPS=("$@")
if ((${#STEPS[@]} == 0)); then STEPS=(asan tsan); fi

source "$ROOT/scripts/packages.sh"
rr_ensure_packages "${RR_PACKAGES[@]}" "${RR_CLANG_PACKAGES[@]}"

# The SQL tests run against a real server here too (not skipped).
# shellcheck source=scripts/pg-for-tests.sh
source "$ROOT/scripts/pg-for-tests.sh"
rr_start_test_pg

SUPP="$ROOT/tests/sanitizers"
export QT_QPA_PLATFORM=offscreen
summary=()
status=0

configure() { # build-dir sanitizers
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$1" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRR_SANITIZE="$2" \
    -DRR_BUILD_BENCH=OFF >/dev/null
}

run_ctest() { # label build-dir ctest-args...
  local label=$1 dir=$2 log
  shift 2
  log="$dir/ctest.log"
  set +e
  ctest --test-dir "$dir" --output-on-failure -j"$JOBS" "$@" >"$log" 2>&1
  local rc=$?
  set -e
  local line
  line=$(grep -E 'tests passed|No tests were found' "$log" | tail -1)
  summary+=("$label: ${line:-no ctest summary (see $log)}")
  if [ $rc -ne 0 ]; then
    status=1
    summary+=("$label: failed: $(grep -E '^\s+[0-9]+ - ' "$log" | tr -s ' ' | paste -sd ';' -)")
  fi
  echo "== $label done (log: $log)"
}

for step in "${STEPS[@]}"; do
  case "$step" in
  asan)
    echo "== ASan + UBSan build in $ROOT/build-asan"
    configure "$ROOT/build-asan" "address,undefined"
    cmake --build "$ROOT/build-asan" -j"$JOBS"
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1" \
      LSAN_OPTIONS="suppressions=$SUPP/lsan.supp:print_suppressions=0" \
      UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
      run_ctest "ASan+UBSan (whole suite)" "$ROOT/build-asan"
    ;;
  tsan)
    echo "== TSan build in $ROOT/build-tsan (UI tests)"
    configure "$ROOT/build-tsan" "thread"
    mapfile -t uiTests < <(ctest --test-dir "$ROOT/build-tsan" -N -R '^ui_' | sed -n 's/^ *Test *#[0-9]*: *//p')
    cmake --build "$ROOT/build-tsan" -j"$JOBS" --target rr-explorer-cli rr-explorer "${uiTests[@]}"
    TSAN_OPTIONS="suppressions=$SUPP/tsan.supp:halt_on_error=1:second_deadlock_stack=1:report_signal_unsafe=0" \
      run_ctest "TSan (UI tests)" "$ROOT/build-tsan" -R '^ui_'
    ;;
  *)
    echo "unknown step '$step' (asan or tsan)" >&2
    exit 2
    ;;
  esac
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
