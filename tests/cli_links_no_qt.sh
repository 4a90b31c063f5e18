#!/usr/bin/env bash
# The CLI (and the Python module) links no Qt library (issue 18): databases are read through their own C libraries, so nothing
# headless needs Qt. Fails when ldd lists any libQt for the binary given.
set -euo pipefail
cli=${1:?usage: cli_links_no_qt.sh PATH/TO/rr-explorer-cli-or-module}
libraries=$(ldd "$cli")
if qt=$(grep -i 'libQt' <<<"$libraries"); then
  echo "$cli links Qt:"
  echo "$qt"
  exit 1
fi
echo "$cli links no Qt library"
