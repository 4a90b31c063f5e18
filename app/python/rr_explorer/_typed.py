"""The typed calls' arguments as core's request pieces: the data as a Source, lists and dicts as pairs. No CLI
strings for the action itself; files and databases are opened by the CLI's one parser of data options, so their
checks and messages stay the CLI's."""
import os

from . import _core

MISSING = ("?", "")  # the CLI's default --missing tokens

# Shared text of every typed call's data parameters (numpy style).
DATA_PARAMETERS = """\
data : str, os.PathLike, list of them, pandas.DataFrame, dict or Counts, optional
    The records: CSV files (one header; several are concatenated), one SPSS/Stata/SAS file, a DataFrame,
    a dict ``{name: (labels, codes)}`` of NumPy code arrays (-1 missing), or ``Counts`` (``count(...)``;
    ``rows`` then counts cells). None with ``sql_url`` (a database) or ``session``.
missing : sequence of str, default ("?", "")
    The values that mean missing (the CLI's --missing).
count_column : str, optional
    A column holding a record count (aggregated input); not an attribute.
delimiter : str, optional
    The field delimiter: ',', ';', 'tab' or one character (default: detected in the header).
no_header : bool, default False
    The first line is a record; the columns are named 1, 2, ...
names : str, optional
    A file of column names in file order, replacing the header's.
format : str, optional
    Read the files as csv, sav, zsav, por, dta, sas7bdat or xpt whatever their extension.
bin : dict, optional
    Numeric attributes cut into bins: ``{"age": "0,18,30,inf"}``, ``"width:K"`` or ``"quantiles:K"``.
max_field_bytes, max_record_bytes : int, optional
    The longest field (default 1 MiB) and record (default 16 MiB) accepted.
sql_url : str, optional
    A database instead of files (sqlite:, postgresql:, odbc:), with ``sql_table`` or ``sql_query``.
sql_table, sql_query : str, optional
    The table (schema.table) or a SELECT query of ``sql_url``.
sql_user : str, optional
    The database user (overrides the URL's).
sql_timeout : float, optional
    Seconds a database statement may take.
session : str, optional
    An RR Explorer session file: its data, roles and p fill what the arguments leave out.
allow_session_sql : bool, default False
    Run a session's SQL query (refused otherwise; the message shows it).
progress : callable, optional
    Called now and then with the fraction done (-1 when unknown); returning False stops the call
    (rr_explorer.Cancelled), as Ctrl+C does (KeyboardInterrupt)."""


def names(value):
    """An attribute list given as a list or as 'A,B'."""
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",")]
    return [str(v) for v in value]


def pairs(value, kind=float):
    """{name: value}, (name, value) pairs, or the CLI's text 'A=0.8,B=0.9' as a list of (name, value)."""
    if not value:
        return []
    if isinstance(value, str):  # the CLI's parser, so its messages too
        return [(k, kind(v)) for k, v in _core.retention_pairs(value)]
    items = value.items() if isinstance(value, dict) else value
    return [(str(k), kind(v)) for k, v in items]


def matrix_pairs(value):
    """{name: file} or ['NAME=FILE', ...] as (name, file) pairs."""
    if not value:
        return []
    if isinstance(value, dict):
        return [(str(k), os.fspath(v)) for k, v in value.items()]
    out = []
    for item in [value] if isinstance(value, str) else value:
        name, eq, path = str(item).partition("=")
        if not eq or not name:
            raise ValueError(f"--matrix: '{item}' is not NAME=FILE")
        out.append((name, path))
    return out


def assignments(value, option):
    """{name: value} given as a dict, (name, value) pairs or the CLI's text 'A=x,B=y' (by its parser and words)."""
    if not value:
        return {}
    if isinstance(value, str):
        return dict(_core.assignment_pairs(value, option))
    items = value.items() if isinstance(value, dict) else value
    return {str(k): str(v) for k, v in items}


def knows_pairs(value):
    """{S: [A, B]} (what an attacker targeting S knows) as (S, [A, B]) pairs."""
    return [(str(s), names(known)) for s, known in (value or {}).items()]


def bin_texts(value):
    if not value:
        return []
    if isinstance(value, dict):
        return [f"{k}={v}" for k, v in value.items()]
    return [str(v) for v in ([value] if isinstance(value, str) else value)]


def source(data, missing, bins, options, option_args, frame_codes, code_arrays, is_frame):
    """`data` as a bound Source: Counts and code arrays directly, files and databases through the CLI's parser
    of its data options (the only strings left, and the same checks as the CLI's)."""
    if isinstance(data, _core.Counts):
        return _core.source_of_counts(data, bin_texts(bins))
    if is_frame(data):
        return _core.source_of_records(*frame_codes(data, list(data.columns), set(missing)), [], bin_texts(bins))
    if isinstance(data, dict):
        columns = list(data)
        return _core.source_of_records(columns, *code_arrays(data, columns), [], bin_texts(bins))
    files = [] if data is None else [data] if isinstance(data, (str, os.PathLike)) else list(data)
    args = option_args({"data": [os.fspath(f) for f in files], "missing": ",".join(missing), "bin": bins, **options})
    return _core.source_of_options(args)
