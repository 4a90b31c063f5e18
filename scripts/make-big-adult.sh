#!/usr/bin/env bash
# Writes a census-size test file: the bundled Adult records (train + test, 48,842 rows) repeated until
# ROWS data rows (default 10,000,000, about 1.08 GB). Used by the large-data benchmarks and the GUI test
# at scale; nothing is committed.  Usage: scripts/make-big-adult.sh OUT.csv [ROWS]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${1:?usage: make-big-adult.sh OUT.csv [ROWS]}
ROWS=${2:-10000000}
DATA="$ROOT/resources/data"
set +o pipefail # `head` ends the repetition early on purpose
{
  head -n 1 "$DATA/adult.data.csv"
  while :; do tail -n +2 "$DATA/adult.data.csv"; tail -n +2 "$DATA/adult.test.csv"; done | head -n "$ROWS"
} > "$OUT.tmp-$$"
set -o pipefail
mv "$OUT.tmp-$$" "$OUT"
