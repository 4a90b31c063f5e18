#!/usr/bin/env bash
# Every class and struct defined at namespace level in core/, ui/ and app/ headers has a name of its own.
# Two definitions of one name in nested namespaces (rr and rr::ui) silently change meaning with the
# include order, and in one namespace they break the one-definition rule: both happened (a release
# dialog built with the baskets' ReleaseSummary wrote past its end).
set -euo pipefail
ROOT=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
dups=$(grep -rhoE '^(struct|class) [A-Za-z_][A-Za-z_0-9]* (final )?(: [^{;]*)?\{' \
         --include='*.h' "$ROOT/core" "$ROOT/ui" "$ROOT/app" |
       awk '{print $2}' | sort | uniq -d)
if [ -n "$dups" ]; then
  for name in $dups; do
    echo "type '$name' is defined more than once:"
    grep -rlE "^(struct|class) $name (final )?(: [^{;]*)?\{" --include='*.h' "$ROOT/core" "$ROOT/ui" "$ROOT/app" | sed 's/^/  /'
  done
  exit 1
fi
echo "all namespace-level types have names of their own"
