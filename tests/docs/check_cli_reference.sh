#!/usr/bin/env bash
# docs/CLI-REFERENCE.md is what scripts/man-page.py --markdown makes from the CLI's own --help (no drift).
# Usage: check_cli_reference.sh SOURCE_DIR CLI_BINARY
set -euo pipefail
src=$1 cli=$2
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
python3 "$src/scripts/man-page.py" "$cli" "$tmp" "randomized response on categorical microdata, from the command line" \
  --commands --markdown
if ! diff -u "$src/docs/CLI-REFERENCE.md" "$tmp" >&2; then
  echo "docs/CLI-REFERENCE.md is out of date: python3 scripts/man-page.py build/app/rr-explorer-cli docs/CLI-REFERENCE.md" \
       "\"randomized response on categorical microdata, from the command line\" --commands --markdown" >&2
  exit 1
fi
echo "docs/CLI-REFERENCE.md matches $(basename "$cli") --help ($(grep -c '^## ' "$src/docs/CLI-REFERENCE.md") commands)"
