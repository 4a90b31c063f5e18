# Sourced by the scripts: the Debian 12 packages RR Explorer needs, and rr_ensure_packages PKG... installs the Debian packages that are missing (apt-get,
# through sudo when not root) and does nothing when all are present.
RR_PACKAGES=(
  build-essential cmake pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-datavisualization-dev qt6-declarative-dev qt6-qpa-plugins
  libgl-dev fonts-dejavu-core
  libeigen3-dev libnlopt-cxx-dev libboost-math-dev libcsv-dev nlohmann-json3-dev libbenchmark-dev
  # libsodium: the ChaCha20 random streams of releases.
  libsodium-dev
  # SQL sources (core/sources): the engines' C libraries (libpq, sqlite3, unixODBC); the PostgreSQL
  # server and its ODBC driver are for the tests (scripts/pg-test-server.sh), SQLite's ODBC driver for the
  # test of an ODBC engine whose tables cannot be identified (tests/sql/test_sql_guard.cpp).
  libpq-dev libsqlite3-dev unixodbc-dev unixodbc odbc-postgresql postgresql libsqliteodbc
  # SPSS, Stata and SAS files (core/statfiles): ReadStat's library; its command-line tool and pandas write
  # the files the tests read (tests/cli/test_cli_statfiles.cpp, tests/core/test_statfile_source.cpp).
  libreadstat-dev readstat python3-pandas
  # The Python module (app/python, pybind11) for the system Python, its tests (pytest, Dask's LocalCluster,
  # SciPy's chi-square) and the README's example (matplotlib).
  pybind11-dev python3-dev python3-numpy python3-pytest python3-dask python3-distributed python3-scipy
  # statsmodels: the ordinary logistic regression regress is checked against at p = 1 (tests/python/test_models.py).
  python3-statsmodels
  python3-matplotlib
  # The PDF report's test renders its pages (pdftoppm) and reads its text (pdftotext).
  poppler-utils
  # The Debian package (scripts/package.sh): cpack's dpkg-deb and dpkg-shlibdeps; its test renders the man pages.
  dpkg-dev man-db
  # Qt Linguist's lupdate and lrelease: the translation template (target translations) and its test.
  qt6-l10n-tools
  # universal-ctags: the function-length lint (tests/check_function_length.sh) counts functions as issue 45 does.
  universal-ctags
)
# Sanitizer and libFuzzer builds (scripts/sanitize.sh, scripts/fuzz.sh): Clang and its runtime libraries.
RR_CLANG_PACKAGES=(clang libclang-rt-14-dev)

rr_ensure_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "== installing missing Debian packages: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "== all Debian packages present"
  fi
}
