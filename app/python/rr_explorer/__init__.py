"""RR Explorer for Python: randomized response on categorical microdata.

``risk``, ``optimize``, ``describe``, ``reconstruct``, ``reidentification``, ``measures``, ``independence`` and
``loglinear`` call core's typed layer (core/api/Risk.h, Optimize.h, Describe.h, Reconstruct.h, Reidentification.h,
Measures.h, Independence.h, Loglinear.h) and return a RiskResult, OptimizeResult, DescribeResult, ReconstructResult,
ReidentificationResult, MeasuresResult, IndependenceResult or LoglinearResult: the C++ result's attributes
(``r.max_risk``), and as a dict exactly the CLI's JSON. The other analyses are the CLI's command of the same
name (``rr-explorer-cli describe ...``) run in this process: the parameters are its options
(``qi=["education", "sex"]`` is ``--qi education,sex``, ``drop_incomplete=True`` is ``--drop-incomplete``) and
the result is its JSON output as a dict, so a script gets the numbers the CLI prints. ``data`` is what ``--data`` reads (a file name or a list of them), a pandas DataFrame, or ``Counts``
(``count(...)``): the analyses need only the counts, so counts of data too large for one machine (or counted
on a Dask cluster, ``rr_explorer.dask``) give the same results as the records.

Errors: bad input raises ValueError with the CLI's message, a failed read or write OSError, no memory
MemoryError. The GIL is released while the core works; Ctrl+C during a long count or optimize stops it with
KeyboardInterrupt, and a ``progress`` callback returning False with rr_explorer.Cancelled.
"""
import inspect
import json
import os
import tempfile

from . import _core, _typed
from ._core import Cancelled, Counts
from ._results import (AnatomyResult, AnonymizeResult, DescribeResult, IndependenceResult, LoglinearResult,
                       MeasuresResult, OptimizeResult, RandomizeResult, ReconstructResult, RegressResult,
                       ReidentificationResult, RiskResult, RulesResult)
from ._signatures import DATA_DOC, data_parameter, with_options

__all__ = [
    "Counts", "Cancelled", "RiskResult", "OptimizeResult", "DescribeResult", "ReconstructResult",
    "ReidentificationResult", "MeasuresResult", "IndependenceResult", "LoglinearResult", "RulesResult", "RegressResult",
    "RandomizeResult", "AnonymizeResult", "AnatomyResult", "count", "describe", "risk", "reidentification", "optimize", "reconstruct",
    "measures", "rules", "loglinear", "independence", "compare", "anonymize", "anatomy", "randomize",
    "basket", "cli", "regress",
]

MISSING = _typed.MISSING  # the CLI's default --missing tokens


def cli(*args):
    """Runs ``rr-explorer-cli ARGS...`` in this process and returns its JSON output as a dict."""
    return json.loads(_core.run([str(a) for a in args]))


def _number(v):
    return repr(float(v)) if isinstance(v, float) else str(v)


def _option_args(options):
    args = []
    for key, value in options.items():
        if value is None or value is False:
            continue
        name = "--" + key.rstrip("_").replace("_", "-")  # for_= is --for (a keyword of Python's)
        if value is True:
            args.append(name)
        elif isinstance(value, dict) and key == "bin":  # bin={"age": "0,18,inf"}: one --bin per attribute
            for k, v in value.items():
                args += [name, f"{k}={v}"]
        elif isinstance(value, dict):
            args += [name, ",".join(f"{k}={_number(v)}" for k, v in value.items())]
        elif isinstance(value, (list, tuple)):
            if not value:  # nothing listed: the option's default
                continue
            if key in ("data", "matrix", "bin", "out"):  # repeatable options
                for v in value:
                    args += [name, str(v)]
            else:
                args += [name, ",".join(str(v) for v in value)]
        else:
            args += [name, _number(value)]
    return args


def _codes(frame, columns, missing):
    """Per column: its name, its labels and an int32-compatible code array (-1 missing), without a Python
    loop over the rows (pandas' categorical codes, or pd.factorize)."""
    import numpy as np
    import pandas as pd

    names, labels, codes = [], [], []
    for name in columns:
        if name not in frame.columns:
            raise ValueError(f"unknown attribute '{name}'")
        s = frame[name]
        if isinstance(s.dtype, pd.CategoricalDtype):
            c = s.cat.codes.to_numpy()
            cats = [str(v) for v in s.cat.categories]
        else:
            c, uniques = pd.factorize(s, use_na_sentinel=True)
            cats = [str(v) for v in uniques]
        miss = [i for i, v in enumerate(cats) if v in missing]
        if miss:  # the missing tokens' codes become -1
            remap = np.arange(len(cats) + 1, dtype=np.int32)
            remap[-1] = -1  # index -1 (already missing) stays -1
            for i in miss:
                remap[i] = -1
            c = remap[c]
        names.append(str(name))
        labels.append(cats)
        codes.append(np.ascontiguousarray(c))
    return names, labels, codes


def _code_arrays(data, names):
    """{name: (labels, codes)} as label lists and code arrays checked before core sees them as int32: integer
    arrays whose codes lie in -1..len(labels)-1 (a float or a code past 2^31 would otherwise be cast)."""
    import numpy as np

    labels, codes = [], []
    for n in names:
        lab, c = data[n]
        lab = list(map(str, lab))
        c = np.asarray(c)
        if c.dtype.kind not in "iu":
            raise ValueError(f"the codes of '{n}' must be integers (got {c.dtype})")
        if c.ndim == 1 and c.size:
            bad = np.flatnonzero((c < -1) | (c >= len(lab)))
            if bad.size:  # core's words (core/contingency/CodeCounts), before int32 could wrap the code
                r = int(bad[0])
                raise ValueError(f"column '{n}': code {int(c[r])} at row {r} is neither a category "
                                 f"(0..{len(lab) - 1}) nor -1")
        labels.append(lab)
        codes.append(c)
    return labels, codes


def _count(data=None, columns=None, *, missing=MISSING, progress=None, **source):
    """Counts records over ``columns``: a Counts object (cells in order of first appearance, as the CLI's
    CSV reader orders categories). ``data`` is a pandas DataFrame, a dict {name: (labels, codes)} of NumPy
    code arrays (-1 missing), or what --data reads (file names; or sql_url=..., sql_table=... as keywords).
    Counts add up: ``count(part1, cols) + count(part2, cols) == count(whole, cols)``. An analysis of counts
    equals the analysis of the records, except that ``rows`` then counts cells (as with the CLI's
    --count-column) and ``drop_incomplete`` sees only the counted columns."""
    if columns is None:
        raise ValueError("count needs the columns to count over")
    columns = [columns] if isinstance(columns, str) else list(columns)
    if isinstance(data, dict):
        names = list(columns)
        missing_name = [n for n in names if n not in data]
        if missing_name:
            raise ValueError(f"unknown attribute '{missing_name[0]}'")
        return _core.count_codes(names, *_code_arrays(data, names))
    if _is_frame(data):
        return _core.count_codes(*_codes(data, columns, set(missing)))
    args = _option_args({"data": [data] if isinstance(data, (str, os.PathLike)) else data,
                         "missing": ",".join(missing), **source})
    return _core.count_source(args, columns, progress)


count = with_options(
    [[]], _count.__doc__, skip=("missing",),
    leading=(data_parameter(), inspect.Parameter("columns", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None),
             inspect.Parameter("missing", inspect.Parameter.KEYWORD_ONLY, default=MISSING)),
    leading_docs=(DATA_DOC, "columns : list of str\n    The columns to count over.",
                  "missing : sequence of str, default ('?', '')\n    The values that mean missing."))(_count)


def _is_frame(data):
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover
        return False
    return isinstance(data, pd.DataFrame)


class _Source:
    """`data` as --data arguments: files as they are; a DataFrame or Counts registered in memory for the call."""

    def __init__(self, data, missing, categories=None):
        self.name = None
        if isinstance(data, Counts):
            self.name = data._register()
            self.args = ["--data", self.name]
        elif _is_frame(data):
            if categories:
                data = _with_domains(data, categories, missing)
            names, labels, codes = _codes(data, list(data.columns), set(missing))
            self.name = _core.register_records(names, labels, codes, [n in (categories or {}) for n in names])
            self.args = ["--data", self.name]
        elif isinstance(data, dict):  # {name: (labels, codes)}: a chunk of NumPy code arrays
            names = list(data)
            self.name = _core.register_records(names, *_code_arrays(data, names))
            self.args = ["--data", self.name]
        elif data is None:
            self.args = []
        else:
            files = [data] if isinstance(data, (str, os.PathLike)) else list(data)
            self.args = [a for f in files for a in ("--data", os.fspath(f))]

    def __enter__(self):
        return self.args

    def __exit__(self, *exc):
        if self.name:
            _core.unregister(self.name)


def _with_domains(frame, categories, missing):
    """`frame` with each column named in `categories` as a pandas categorical over exactly those labels (in that
    order; missing tokens become NaN); ValueError for a value outside them."""
    import pandas as pd

    frame = frame.copy()
    for name, labels in categories.items():
        if name not in frame.columns:
            raise ValueError(f"unknown attribute '{name}'")
        values = frame[name].where(~frame[name].isin(list(missing)))
        column = pd.Categorical(values, categories=[str(l) for l in labels])
        outside = values.notna().to_numpy() & (column.codes == -1)
        if outside.any():
            raise ValueError(f"attribute '{name}': value '{values[outside].iloc[0]}' is not among its categories "
                             f"({', '.join(map(str, labels))})")
        frame[name] = column
    return frame


def _command(command, data, options, categories=None):
    options = dict(options)
    progress = options.pop("progress", None)
    missing = options.get("missing")
    tokens = MISSING if missing is None else tuple(missing.split(",")) if isinstance(missing, str) else missing
    if missing is not None and not isinstance(missing, str):
        options = {**options, "missing": ",".join(missing)}
    with _Source(data, tokens, categories) as data_args:
        args = (command.split() if isinstance(command, str) else list(command)) + data_args + _option_args(options)
        return json.loads(_core.run(args, progress))


def _analysis(command, doc=None):
    def run(data=None, **options):
        return _command(command, data, options)

    doc = doc or (f"`rr-explorer-cli {command}` on `data` (files, a DataFrame or Counts); the parameters are its "
                  f"options (see `rr-explorer-cli {command} --help`); returns its JSON output as a dict.")
    run.__name__ = command
    return with_options([[command]], doc, leading=(data_parameter(),), leading_docs=(DATA_DOC,))(run)


# The commands that read data and print one JSON object: rr_explorer.risk(...) is `rr-explorer-cli risk ...`.
ANALYSES = ("compare",)
for _name in ANALYSES:
    globals()[_name] = _analysis(_name)
del _name

def _analysis_text(analysis):
    """optimize's --for as text: a string as it is; a dict naming a regression or a table's cells."""
    if analysis is None or isinstance(analysis, str):
        return analysis
    if isinstance(analysis, dict) and "cells" in analysis:
        cells = analysis["cells"]
        return "cells:" + (cells if isinstance(cells, str) else ",".join(map(str, cells)))
    if isinstance(analysis, dict) and {"outcome", "positive", "predictors"} <= set(analysis):
        predictors = analysis["predictors"]
        predictors = predictors if isinstance(predictors, str) else ",".join(map(str, predictors))
        return f"regress:{analysis['outcome']}={analysis['positive']}~{predictors}"
    raise ValueError("for_ is 'regress:Y=V~A,B', 'cells:A,B', {'outcome': Y, 'positive': V, 'predictors': [...]} "
                     f"or {{'cells': [...]}}; got {analysis!r}")


def _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes, sql_url,
                    sql_table, sql_query, sql_user, sql_timeout):
    """The data options other than the files, missing and bin, as the CLI's option names."""
    return {"count_column": count_column, "delimiter": delimiter, "no_header": no_header, "names": names,
            "format": format, "max_field_bytes": max_field_bytes, "max_record_bytes": max_record_bytes,
            "sql_url": sql_url, "sql_table": sql_table, "sql_query": sql_query, "sql_user": sql_user,
            "sql_timeout": sql_timeout}


def _typed_source(data, missing, bin, options):
    missing = tuple(missing.split(",")) if isinstance(missing, str) else tuple(missing)
    return _typed.source(data, missing, bin, options, _option_args, _codes, _code_arrays, _is_frame)


def _session_args(data, session, options):
    """A session call as the command's CLI options (the session's roles and p fill what is not given)."""
    files = [] if data is None else [data] if isinstance(data, (str, os.PathLike)) else list(data)
    if any(not isinstance(f, (str, os.PathLike)) for f in files):
        raise ValueError("with session=, data is files (or None: the session's own data)")
    return _option_args({"data": [os.fspath(f) for f in files], "session": session, **options})


def risk(data=None, qi=None, sensitive=None, *, p=None, matrix=None, tau=None, threshold=0.2, knows=None,
         drop_incomplete=False, missing=MISSING, count_column=None, delimiter=None, no_header=False, names=None,
         format=None, bin=None, max_field_bytes=None, max_record_bytes=None, sql_url=None, sql_table=None,
         sql_query=None, sql_user=None, sql_timeout=None, session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is not None:
        args = _session_args(data, session, {
            "qi": _typed.names(qi) or None, "sensitive": _typed.names(sensitive) or None, "p": p,
            "matrix": [f"{k}={v}" for k, v in _typed.matrix_pairs(matrix)], "tau": tau,
            "threshold": None if threshold == 0.2 else threshold,
            "knows": [f"{s}={','.join(k)}" for s, k in _typed.knows_pairs(knows)], "drop_incomplete": drop_incomplete,
            "missing": None if tuple(missing) == MISSING else ",".join(missing), "bin": bin,
            "allow_session_sql": allow_session_sql, **options})
        return RiskResult(_core.risk_from_args(args, progress))
    if qi is None:
        raise ValueError("'risk' needs --qi (see 'rr-explorer-cli risk --help')")
    if sensitive is None:
        raise ValueError("'risk' needs --sensitive (see 'rr-explorer-cli risk --help')")
    source = _typed_source(data, missing, bin, options)
    return RiskResult(_core.risk(source, _typed.names(qi), _typed.names(sensitive), _typed.knows_pairs(knows),
                      bool(drop_incomplete), _typed.pairs(p), _typed.matrix_pairs(matrix),
                      None if tau is None else float(tau), float(threshold), progress))


risk.__doc__ = """Attribute-disclosure risk Pr(S_r | QI_r) of every record for given p (003 eq. 5.6-5.8): the CLI's
``risk`` computed by core (core/api/Risk.h), no command line in between.

Parameters
----------
qi : list of str or str
    The quasi-identifiers (header names), the attributes an attacker may know.
sensitive : str or list of str
    The sensitive attribute; several (``["S1", "S2"]``, with ``knows``) give each one's risk over the table of
    the QIs, what its attacker knows and itself, and each record's largest (``overall``).
p : dict, optional
    Retention probability p in (1/d, 1] per attribute (Warner's matrix); unlisted attributes keep p = 1.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p (a CSV file, row u =
    randomized value, entry P(u | v)); also ``["NAME=FILE", ...]``.
tau : float, optional
    Risk threshold in (0, 1]: count the records whose risk exceeds it (``records_over_tau``).
threshold : float, default 0.2
    Re-identification risk threshold in (0, 1]: the share of records above it (ARX's default).
knows : dict, optional
    Several sensitive attributes: ``{S: [A, B]}``, what an attacker targeting S knows besides the QIs.
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
RiskResult
    Attributes ``rows``, ``dropped_rows``, ``records``, ``cells``, ``max_risk``, ``mean_risk``, ``quantiles``,
    ``records_over_tau``, ``tau``, ``worst`` (the riskiest cell's values), ``p``, ``epsilon``,
    ``reidentification`` (``original`` and ``randomized`` summaries, ``cells`` as NumPy arrays; None when refused
    for its size), ``inference``, ``warnings``; with several sensitive attributes ``sensitive`` (one TargetRisk
    each) and the figures are the ``overall`` ones. ``to_dict()`` is the CLI's JSON for the same arguments
    (``r["max_risk"]`` reads it too).
"""


def optimize(data=None, qi=None, sensitive=None, *, mode=None, l=None, tau=None, max_reidentification=None,
             mean_reidentification=None, knows=None, for_=None, drop_incomplete=False, missing=MISSING,
             count_column=None, delimiter=None, no_header=False, names=None, format=None, bin=None,
             max_field_bytes=None, max_record_bytes=None, sql_url=None, sql_table=None, sql_query=None, sql_user=None,
             sql_timeout=None, session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    analysis = _analysis_text(for_)
    if session is not None:
        args = _session_args(data, session, {
            "qi": _typed.names(qi) or None, "sensitive": _typed.names(sensitive) or None, "mode": mode, "l": l,
            "tau": tau, "max_reidentification": max_reidentification, "mean_reidentification": mean_reidentification,
            "knows": [f"{s}={','.join(k)}" for s, k in _typed.knows_pairs(knows)], "for_": analysis,
            "drop_incomplete": drop_incomplete, "missing": None if tuple(missing) == MISSING else ",".join(missing),
            "bin": bin, "allow_session_sql": allow_session_sql, **options})
        return OptimizeResult(_core.optimize_from_args(args, progress))
    source = _typed_source(data, missing, bin, options)
    return OptimizeResult(_core.optimize(  # None: core says what is missing, in the CLI's order and words
        source, None if qi is None else _typed.names(qi), None if sensitive is None else _typed.names(sensitive),
        _typed.knows_pairs(knows), bool(drop_incomplete), None if mode is None else str(mode),
        None if l is None else float(l), None if tau is None else float(tau),
        None if max_reidentification is None else float(max_reidentification),
        None if mean_reidentification is None else float(mean_reidentification), analysis, progress))


optimize.__doc__ = """The p that minimize the utility loss prod_i ||P_i^-1||_F^2 under max_r Pr(S_r | QI_r) <= tau
(003 Problem 1, Result 16): the CLI's ``optimize`` computed by core (core/api/Optimize.h), no command line in between.

Parameters
----------
qi : list of str or str
    The quasi-identifiers (header names), the attributes an attacker may know.
sensitive : str or list of str
    The sensitive attribute; several (``["S1", "S2"]``, with ``knows``) keep each one's max risk under tau over
    the table of the QIs, what its attacker knows and itself.
mode : {"qi", "s", "both"}
    Which attributes are randomized: the quasi-identifiers, the sensitive attribute(s) or both; the others keep
    p = 1. Required unless ``session`` gives it.
l : float, optional
    2 <= l <= 1000000: bound the risk by tau = 1/l (l-diversity). Exactly one of ``l`` and ``tau``.
tau : float, optional
    The risk bound tau in (0, 1] (instead of ``l``).
max_reidentification : float, optional
    Also keep the largest re-identification risk of a record at most this, in (0, 1].
mean_reidentification : float, optional
    Also keep the mean re-identification risk (the expected share of records re-identified) at most this, in (0, 1].
knows : dict, optional
    Several sensitive attributes: ``{S: [A, B]}``, what an attacker targeting S knows besides the QIs.
for_ : str or dict, optional
    Minimize instead the expected variance of one analysis' estimates (the CLI's --for): ``"regress:Y=V~A,B"`` or
    ``{"outcome": Y, "positive": V, "predictors": [A, B]}`` (a logistic model's coefficients), ``"cells:A,B"`` or
    ``{"cells": [A, B]}`` (a table's shares); today's optimum is beside it (``classic_optimum``).
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
OptimizeResult
    Attributes ``feasible``, ``mode``, ``p`` ({attribute: p}; None when infeasible), ``objective``, ``max_risk``,
    ``tau``, ``l``, ``rows``, ``dropped_rows``, ``evaluations``, ``reidentification`` (None without a bound);
    when infeasible ``reason``, ``lowest_max_risk``, ``blocking_records``, ``blocking_cells``, ``blocking_groups``,
    ``best_l``, ``best_l_per_mode``; ``analysis`` (with ``for_``), ``inference``, ``warnings``; with several
    sensitive attributes ``sensitive`` (one TargetOptimum each) and ``randomized``. ``to_dict()`` is the CLI's JSON
    for the same arguments (``r["p"]`` reads it too).
"""


def describe(data=None, attributes=None, *, drop_incomplete=False, missing=MISSING, count_column=None,
             delimiter=None, no_header=False, names=None, format=None, bin=None, max_field_bytes=None,
             max_record_bytes=None, sql_url=None, sql_table=None, sql_query=None, sql_user=None, sql_timeout=None,
             session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is not None:
        args = _session_args(data, session, {
            "attributes": _typed.names(attributes) or None, "drop_incomplete": drop_incomplete,
            "missing": None if tuple(missing) == MISSING else ",".join(missing), "bin": bin,
            "allow_session_sql": allow_session_sql, **options})
        return DescribeResult(_core.describe_from_args(args, progress))
    source = _typed_source(data, missing, bin, options)
    return DescribeResult(_core.describe(source, _typed.names(attributes), bool(drop_incomplete), progress))


describe.__doc__ = """Rows, dropped rows and every attribute's categories with their (weighted) counts: the CLI's
``describe`` computed by core (core/api/Describe.h), no command line in between.

Parameters
----------
attributes : list of str or str, optional
    Describe only these attributes, in this order (default: all, in the data's order).
drop_incomplete : bool, default False
    Keep only the records complete in every column (then no missing counts); default: every record, each
    attribute with its number of missing values.
""" + _typed.DATA_PARAMETERS + """

Returns
-------
DescribeResult
    Attributes ``rows``, ``dropped_rows``, ``records`` (weighted data; else None) and ``attributes``: one
    AttributeDescription each (``name``, ``categories``, ``counts``, ``missing``, ``numeric``, ``distinct``,
    ``needs_binning``, ``binning``, ``label``, and a statistical file's ``codes`` and ``missing_kinds``);
    ``r.attribute("sex")`` finds one by name. ``to_dict()`` is the CLI's JSON for the same arguments.
"""


def reconstruct(data=None, attributes=None, *, p=None, matrix=None, alpha=0.05, covariance=False, estimator="moment",
                drop_incomplete=False, missing=MISSING, count_column=None, delimiter=None, no_header=False, names=None,
                format=None, bin=None, max_field_bytes=None, max_record_bytes=None, sql_url=None, sql_table=None,
                sql_query=None, sql_user=None, sql_timeout=None, session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is not None:
        args = _session_args(data, session, {
            "attributes": _typed.names(attributes) or None, "p": p,
            "matrix": [f"{k}={v}" for k, v in _typed.matrix_pairs(matrix)],
            "alpha": None if alpha == 0.05 else alpha, "covariance": covariance,
            "estimator": None if estimator == "moment" else estimator, "drop_incomplete": drop_incomplete,
            "missing": None if tuple(missing) == MISSING else ",".join(missing), "bin": bin,
            "allow_session_sql": allow_session_sql, **options})
        return ReconstructResult(_core.reconstruct_from_args(args, progress))
    source = _typed_source(data, missing, bin, options)
    return ReconstructResult(_core.reconstruct(
        source, None if attributes is None else _typed.names(attributes), _typed.pairs(p), _typed.matrix_pairs(matrix),
        float(alpha), bool(covariance), str(estimator), bool(drop_incomplete), progress))


reconstruct.__doc__ = """The distribution of attributes reconstructed from a release (003 eq. 5.15, 5.16), with
interquantile ranges: the CLI's ``reconstruct`` computed by core (core/api/Reconstruct.h), no command line in
between.

Parameters
----------
attributes : list of str or str
    The attributes of the estimated table (its cells row-major, the last attribute fastest).
p : dict, optional
    Retention probability p per attribute the release randomized (Warner's matrix); unlisted attributes keep p = 1.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p; also ``["NAME=FILE", ...]``.
alpha : float, default 0.05
    The ranges' level 1 - alpha, alpha in (0, 1).
covariance : bool, default False
    Also give the full covariance matrix (tables of at most 4,096 cells).
estimator : {"moment", "mle", "projected"}, default "moment"
    'moment': pi-hat = P^-1 lambda-hat, unbiased, cells may be negative; 'mle': the maximum-likelihood shares on
    the simplex (EM; never negative, summing to 1, with its certificate in ``fit``); 'projected': the moment
    estimate's negative cells set to 0 and the rest rescaled.
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
ReconstructResult
    Attributes ``n``, ``rows``, ``dropped_rows``, ``attributes``, ``categories``, ``shape``, ``p``, ``alpha``,
    ``estimator``, ``fit`` (mle), and per cell NumPy arrays ``observed``, ``estimate``, ``variance`` (NaN: none),
    ``at_zero`` (mle); ``covariance`` (a NumPy matrix, NaN where a cell has none) with ``covariance=True``.
    ``to_dict()`` is the CLI's JSON for the same arguments (``r["cells"]``).
"""


def _typed_call(name, data, session, options, args, typed, result, missing, bin, allow_session_sql, progress):
    """A typed call: with ``session`` the CLI's reading of its options (``args``: the action's own, None for the
    ones left to the session); else core's function ``typed(source)`` on the data."""
    if session is not None:
        args = _session_args(data, session, {
            **args, "missing": None if tuple(missing) == MISSING else ",".join(missing), "bin": bin,
            "allow_session_sql": allow_session_sql, **options})
        return result(getattr(_core, name + "_from_args")(args, progress))
    return result(typed(_typed_source(data, missing, bin, options)))


def _needs(command, option, value):
    if value is None:
        raise ValueError(f"'{command}' needs --{option} (see 'rr-explorer-cli {command} --help')")


def _matrix_args(matrix):
    return [f"{k}={v}" for k, v in _typed.matrix_pairs(matrix)]


def reidentification(data=None, qi=None, *, p=None, matrix=None, threshold=0.2, cells=False, drop_incomplete=False,
                     missing=MISSING, count_column=None, delimiter=None, no_header=False, names=None, format=None,
                     bin=None, max_field_bytes=None, max_record_bytes=None, sql_url=None, sql_table=None,
                     sql_query=None, sql_user=None, sql_timeout=None, session=None, allow_session_sql=False,
                     progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        _needs("reidentification", "qi", qi)
    args = {"qi": _typed.names(qi) or None, "p": p, "matrix": _matrix_args(matrix),
            "threshold": None if threshold == 0.2 else threshold, "cells": cells, "drop_incomplete": drop_incomplete}
    return _typed_call("reidentification", data, session, options, args, lambda source: _core.reidentification(
        source, _typed.names(qi), bool(drop_incomplete), _typed.pairs(p), _typed.matrix_pairs(matrix),
        float(threshold), bool(cells), progress), ReidentificationResult, missing, bin, allow_session_sql, progress)


reidentification.__doc__ = """Re-identification risk under randomization (issue 22) of every QI cell with records,
original (ARX's prosecutor risk, 1 / class size) and randomized, with summaries over the records: the CLI's
``reidentification`` computed by core (core/api/Reidentification.h), no command line in between.

Parameters
----------
qi : list of str or str
    The quasi-identifiers (header names), the attributes an attacker may know.
p : dict, optional
    Retention probability p in (1/d, 1] per QI (Warner's matrix); unlisted QIs keep p = 1.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for a QI instead of its p (at most 20,000 QI cells with
    records); also ``["NAME=FILE", ...]``.
threshold : float, default 0.2
    Re-identification risk threshold in (0, 1]: the share of records above it (ARX's default).
cells : bool, default False
    Also list every QI cell with records in ``to_dict()`` (the attribute ``cells`` always has them).
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
ReidentificationResult
    Attributes ``rows``, ``dropped_rows``, ``records``, ``qi``, ``p``, ``threshold``, ``original`` and
    ``randomized`` (summaries: ``max``, ``mean``, ``above_threshold``, ``sample_uniques``, ``histogram``) and
    ``cells`` ('qi' values, NumPy arrays 'count', 'original', 'randomized'). ``to_dict()`` is the CLI's JSON for
    the same arguments.
"""


def measures(data=None, attributes=None, *, p=None, matrix=None, positive=None, alpha=0.05, drop_incomplete=False,
             missing=MISSING, count_column=None, delimiter=None, no_header=False, names=None, format=None, bin=None,
             max_field_bytes=None, max_record_bytes=None, sql_url=None, sql_table=None, sql_query=None, sql_user=None,
             sql_timeout=None, session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        _needs("measures", "attributes", attributes)
    present = _typed.assignments(positive, "positive")
    args = {"attributes": _typed.names(attributes) or None, "p": p, "matrix": _matrix_args(matrix),
            "positive": present or None, "alpha": None if alpha == 0.05 else alpha, "drop_incomplete": drop_incomplete}
    return _typed_call("measures", data, session, options, args, lambda source: _core.measures(
        source, _typed.names(attributes), bool(drop_incomplete), _typed.pairs(p), _typed.matrix_pairs(matrix), present,
        float(alpha), progress), MeasuresResult, missing, bin, allow_session_sql, progress)


measures.__doc__ = """The 21 association measures of two attributes estimated from their randomized table, with
delta-method variances and normal and Chebyshev ranges (003 Sec. 3.3, Table 3.6; 000 Sec. 3), the pooled cells, the
standardized residuals and, for many-category attributes, the whole-table measures (003 Table 4.1): the CLI's
``measures`` computed by core (core/api/Measures.h), no command line in between.

Parameters
----------
attributes : list of str or str
    The two attributes: rows (predictor), then columns (response).
p : dict, optional
    Retention probability p per attribute the release randomized (Warner's matrix); unlisted attributes keep p = 1.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p; also ``["NAME=FILE", ...]``.
positive : dict, optional
    ``{name: category}``: the category counted as present (default: '1' of a 0/1 attribute, else the second
    category in the data's order; required for more than two categories); also the CLI's text ``"A=x,B=y"``.
alpha : float, default 0.05
    The ranges' level 1 - alpha, alpha in (0, 1).
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
MeasuresResult
    Attributes ``attributes``, ``categories``, ``rows``, ``dropped_rows``, ``n``, ``positive``, ``p``, ``alpha``,
    ``measures`` ({key: MeasureEstimate}), ``cells`` and ``residuals`` (four MeasureEstimate each: 00, 01, 10, 11),
    ``covariance`` (the pooled cells', 4 x 4 NumPy) and ``table`` (more than two categories; else None). A
    MeasureEstimate has ``estimate``, ``variance``, ``normal``, ``chebyshev``, ``raw_normal``, ``raw_chebyshev``
    and ``randomized`` (None where undefined; ``to_dict()`` gives the reason). ``to_dict()`` is the CLI's JSON for
    the same arguments.
"""


def independence(data=None, attributes=None, *, given=None, p=None, matrix=None, randomized=False, alpha=0.05,
                 drop_incomplete=False, missing=MISSING, count_column=None, delimiter=None, no_header=False,
                 names=None, format=None, bin=None, max_field_bytes=None, max_record_bytes=None, sql_url=None,
                 sql_table=None, sql_query=None, sql_user=None, sql_timeout=None, session=None,
                 allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        _needs("independence", "attributes", attributes)
    args = {"attributes": _typed.names(attributes) or None, "given": _typed.names(given) or None, "p": p,
            "matrix": _matrix_args(matrix), "randomized": randomized, "alpha": None if alpha == 0.05 else alpha,
            "drop_incomplete": drop_incomplete}
    return _typed_call("independence", data, session, options, args, lambda source: _core.independence(
        source, _typed.names(attributes), _typed.names(given), bool(drop_incomplete), _typed.pairs(p),
        _typed.matrix_pairs(matrix), bool(randomized), float(alpha), progress), IndependenceResult, missing, bin,
        allow_session_sql, progress)


independence.__doc__ = """The chi-square test of (conditional) independence of two attributes (003 Sec. 4.2.2) and
whether, on randomized data, it is a valid test of the original hypothesis (003 Results 9, 10): the CLI's
``independence`` computed by core (core/api/Independence.h), no command line in between.

Parameters
----------
attributes : list of str or str
    The two attributes tested.
given : list of str or str, optional
    The conditioning attributes (default none): independence in every stratum.
p : dict, optional
    Retention probability p per attribute (Warner's matrix). Original data: the test on the expected randomized
    table N (P_1 x ... x P_k) pi beside the original test; with ``randomized``: which attributes were randomized.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p; also ``["NAME=FILE", ...]``.
randomized : bool, default False
    The data are already randomized (without p or matrix every attribute is taken as randomized).
alpha : float, default 0.05
    The level of the test, alpha in (0, 1).
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
IndependenceResult
    Attributes ``attributes``, ``given``, ``rows``, ``dropped_rows``, ``n``, ``p`` (None without p or matrix),
    ``alpha``, ``source``, ``chi_square``, ``g_square``, ``df``, ``p_value``, ``g_p_value``, ``rejected``,
    ``original`` and ``summary`` (original data with p; else None), ``valid``, ``validity_reason``. ``to_dict()`` is
    the CLI's JSON for the same arguments.
"""


def loglinear(data=None, attributes=None, *, model=None, search=False, p=None, matrix=None, randomized=False,
              alpha=None, criterion=None, drop_incomplete=False, missing=MISSING, count_column=None, delimiter=None,
              no_header=False, names=None, format=None, bin=None, max_field_bytes=None, max_record_bytes=None,
              sql_url=None, sql_table=None, sql_query=None, sql_user=None, sql_timeout=None, session=None,
              allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        _needs("loglinear", "attributes", attributes)
    args = {"attributes": _typed.names(attributes) or None, "model": model, "search": search, "p": p,
            "matrix": _matrix_args(matrix), "randomized": randomized, "alpha": alpha, "criterion": criterion,
            "drop_incomplete": drop_incomplete}
    return _typed_call("loglinear", data, session, options, args, lambda source: _core.loglinear(
        source, _typed.names(attributes), bool(drop_incomplete), _typed.pairs(p), _typed.matrix_pairs(matrix),
        bool(randomized), None if model is None else str(model), bool(search), None if alpha is None else float(alpha),
        None if criterion is None else str(criterion), progress), LoglinearResult, missing, bin, allow_session_sql,
        progress)


loglinear.__doc__ = """A hierarchical loglinear model fitted by IPF with its Pearson X2 and G2 (003 Sec. 4.3.1,
Tables 4.2-4.4) and Korn's verdict on whether randomization preserves it (003 Theorem 2), or the model chosen by
backward elimination: the CLI's ``loglinear`` computed by core (core/api/Loglinear.h), no command line in between.

Parameters
----------
attributes : list of str or str
    The attributes of the table (at most 12; at most 7 with ``search``).
model : str, optional
    The model's generators in letters, e.g. ``"AD,G"`` or ``"[AD][G]"`` (``letters`` in the result says which
    letter is which attribute). Exactly one of ``model`` and ``search``.
search : bool, default False
    Choose the model by backward elimination from the saturated model instead of ``model``.
p : dict, optional
    Retention probability p per attribute (Warner's matrix). Original data: the fit on the expected randomized
    counts N (P_1 x ... x P_k) pi; with ``randomized``: which attributes were randomized.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p; also ``["NAME=FILE", ...]``.
randomized : bool, default False
    The data are already randomized (without p or matrix every attribute is taken as randomized).
alpha : float, optional
    With ``search``: a deletion is accepted when its p-value is >= alpha (default 0.05).
criterion : {"fit", "lr"}, optional
    With ``search``: judge a deletion by the smaller model's X2 p-value ('fit', default) or by the G2 change ('lr').
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the used attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
LoglinearResult
    Attributes ``model``, ``attributes``, ``letters``, ``categories``, ``source``, ``rows``, ``dropped_rows``,
    ``n``, ``p`` (None without p or matrix), ``chi_square``, ``g_square``, ``df``, ``p_value``, ``g_p_value``,
    ``preserved`` and ``preserved_reason`` (None for the original counts), ``iterations``, ``converged``, per cell
    NumPy arrays ``observed`` and ``fitted``; with ``search`` also ``path`` and ``steps``. ``to_dict()`` is the CLI's
    JSON for the same arguments.
"""


def rules(data=None, items=None, *, min_support=None, min_confidence=None, decision="estimate", p=None, matrix=None,
          positive=None, original=None, alpha=0.05, drop_incomplete=False, missing=MISSING, count_column=None,
          delimiter=None, no_header=False, names=None, format=None, bin=None, max_field_bytes=None,
          max_record_bytes=None, sql_url=None, sql_table=None, sql_query=None, sql_user=None, sql_timeout=None,
          session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        _needs("rules", "items", items)
        _needs("rules", "min-support", min_support)
        _needs("rules", "min-confidence", min_confidence)
    present = _typed.assignments(positive, "positive")
    original = None if original is None else os.fspath(original)
    args = {"items": _typed.names(items) or None, "min_support": min_support, "min_confidence": min_confidence,
            "decision": None if decision == "estimate" else decision, "p": p, "matrix": _matrix_args(matrix),
            "positive": present or None, "original": original, "alpha": None if alpha == 0.05 else alpha,
            "drop_incomplete": drop_incomplete}
    # The original is a CSV file read with the data's CSV options (the CLI's parser of them).
    original_args = _option_args({"missing": ",".join(missing) if not isinstance(missing, str) else missing,
                                  "delimiter": delimiter, "no_header": no_header, "names": names,
                                  "max_field_bytes": max_field_bytes, "max_record_bytes": max_record_bytes})
    return _typed_call("rules", data, session, options, args, lambda source: _core.rules(
        source, _typed.names(items), float(min_support), float(min_confidence), str(decision), _typed.pairs(p),
        _typed.matrix_pairs(matrix), list(present.items()), original, original_args, float(alpha),
        bool(drop_incomplete), progress), RulesResult, missing, bin, allow_session_sql, progress)


rules.__doc__ = """Frequent itemsets and association rules mined level-wise (Apriori) from randomized 0/1 items
on estimated supports, with variances and normal and Chebyshev ranges (003 Sec. 3.2, eq. 3.3-3.5, Results 1-3);
with ``original`` (the same records before randomization), 003 Table 3.3's metrics: the CLI's ``rules`` computed
by core (core/api/Rules.h), no command line in between.

Parameters
----------
items : list of str or str
    The item columns: 0/1, or two-valued columns whose present value ``positive`` names.
min_support : float
    The minimum support, a share in (0, 1].
min_confidence : float
    The minimum confidence, a share in [0, 1].
decision : {"estimate", "lower", "upper"}, default "estimate"
    What must reach the thresholds: the estimate, or the lower (fewer false positives) or upper (fewer false
    negatives) bounds of the support's normal and the confidence's Chebyshev range.
p : dict, optional
    Retention probability p per item the release randomized (Warner's matrix); unlisted items keep p = 1.
matrix : dict, optional
    ``{name: FILE}``: a 2 x 2 column-stochastic matrix for an item instead of its p; also ``["NAME=FILE", ...]``.
positive : dict, optional
    ``{name: value}``: the value counted as present for a two-valued item column that is not 0/1; also the CLI's
    text ``"A=x,B=y"``.
original : str or os.PathLike, optional
    A CSV file of the same records before randomization (read with the data's CSV options): adds the comparison.
alpha : float, default 0.05
    The ranges' level 1 - alpha, alpha in (0, 1).
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the items).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
RulesResult
    Attributes ``items``, ``rows``, ``dropped_rows``, ``positive``, ``p``, ``min_support``, ``min_confidence``,
    ``decision``, ``alpha``, ``candidates_counted``, ``itemsets`` and ``rules`` (lists of dicts with item names and
    estimates), ``comparison`` (with ``original``; else None). ``to_dict()`` is the CLI's JSON for the same
    arguments.
"""


def regress(data=None, *, outcome=None, positive=None, predictors=None, reference=None, p=None, matrix=None,
            original=None, alpha=0.05, drop_incomplete=False, missing=MISSING, count_column=None, delimiter=None,
            no_header=False, names=None, format=None, bin=None, max_field_bytes=None, max_record_bytes=None,
            sql_url=None, sql_table=None, sql_query=None, sql_user=None, sql_timeout=None, session=None,
            allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        for option, value in (("outcome", outcome), ("positive", positive), ("predictors", predictors)):
            if value is None:
                raise TypeError(f"regress() needs the keyword argument '{option}'")
    if isinstance(original, (list, tuple)):
        raise ValueError("original is one file, a DataFrame or Counts")
    refs = _typed.assignments(reference, "--reference")
    args = {"outcome": outcome, "positive": positive, "predictors": _typed.names(predictors) or None,
            "reference": refs or None, "p": p, "matrix": _matrix_args(matrix),
            "original": os.fspath(original) if isinstance(original, (str, os.PathLike)) else None,
            "alpha": None if alpha == 0.05 else alpha, "drop_incomplete": drop_incomplete}
    files_only = {k: v for k, v in options.items() if not k.startswith("sql_")}  # the original is not the database
    before = None if original is None else _typed_source(original, missing, bin, files_only)
    name = os.fspath(original) if isinstance(original, (str, os.PathLike)) else "the original in memory"
    return _typed_call("regress", data, session, options, args, lambda source: _core.regress(
        source, str(outcome), str(positive), _typed.names(predictors), list(refs.items()), _typed.pairs(p),
        _typed.matrix_pairs(matrix), before, name, float(alpha), bool(drop_incomplete), progress), RegressResult,
        missing, bin, allow_session_sql, progress)


regress.__doc__ = """Logistic regression of the event ``outcome == positive`` on the dummy-coded categorical
``predictors`` from a release, where the outcome and any predictor may be randomized (``p`` or ``matrix``;
attributes given neither are in clear), fitted on the counts by the observed-data likelihood (EM, then Newton):
the CLI's ``regress`` computed by core (core/api/Regress.h), no command line in between.

Parameters
----------
outcome : str
    The outcome attribute Y.
positive : str
    The outcome's category V whose probability is modelled (the event Y = V).
predictors : list of str or str
    The categorical predictors (dummy coded).
reference : dict, optional
    ``{predictor: category}``: the categories left out of the coding (default: each predictor's first, in the
    data's order); also the CLI's text ``"A=a,B=b"``.
p : dict, optional
    Retention probability p per randomized attribute (Warner's matrix).
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p; also ``["NAME=FILE", ...]``.
original : str, os.PathLike, pandas.DataFrame or Counts, optional
    The original data (one file read with the same data options, a DataFrame or Counts): the same model fitted on
    it beside the release's, with how many times wider each interval is.
alpha : float, default 0.05
    The Wald ranges' level 1 - alpha, alpha in (0, 1).
drop_incomplete : bool, default False
    Drop records with a missing value in any column, as the papers do (default: only in the model's attributes).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
RegressResult
    Attributes ``outcome``, ``positive``, ``predictors``, ``reference``, ``rows``, ``dropped_rows``, ``p``,
    ``alpha``, ``coefficients`` (per term ``estimate``, ``se``, ``z``, ``p_value``, ``ci``), ``fit`` (a LogitFit:
    ``terms``, NumPy ``estimate`` and ``covariance``, ``log_likelihood``, ``n``, ``iterations``, ``converged``) and
    ``original`` (a LogitFit with ``original``; else None). ``to_dict()`` is the CLI's JSON for the same arguments.
    ValueError, with the reason, for a model the data do not identify (naming the coefficient).
"""

BASKET_SUBCOMMANDS = ("transition", "randomize", "estimate", "mine", "breach", "privacy")


def _basket(subcommand, data=None, **options):
    return _command(["basket", subcommand], data, options)


basket = with_options(
    [["basket", s] for s in BASKET_SUBCOMMANDS],
    "`rr-explorer-cli basket SUBCOMMAND` (transition, randomize, estimate, mine, breach, privacy); the parameters "
    "are the subcommands' options (each takes its own: see `rr-explorer-cli basket SUBCOMMAND --help`); returns "
    "its JSON output as a dict.",
    leading=(inspect.Parameter("subcommand", inspect.Parameter.POSITIONAL_OR_KEYWORD), data_parameter()),
    leading_docs=("subcommand : str\n    " + ", ".join(BASKET_SUBCOMMANDS) + ".", DATA_DOC))(_basket)


def _files_of(data):
    """The files `data` names (none for a DataFrame, code arrays or Counts): no release output may replace one."""
    if isinstance(data, (str, os.PathLike)):
        return [os.fspath(data)]
    if isinstance(data, (list, tuple)) and all(isinstance(f, (str, os.PathLike)) for f in data):
        return [os.fspath(f) for f in data]
    return []


def _missing_token(missing):
    """How a release writes a missing value: the first missing token (the CLI's rule)."""
    return (missing.split(",") if isinstance(missing, str) else list(missing or MISSING))[0]


def _release_source(data, missing, bin, options, categories):
    """The data of a release: as every typed call's, and a DataFrame with `categories` over exactly those domains
    (for other data `categories` means nothing, as before)."""
    if categories and _is_frame(data):
        tokens = tuple(missing.split(",")) if isinstance(missing, str) else tuple(missing)
        frame = _with_domains(data, categories, tokens)
        names, labels, codes = _codes(frame, list(frame.columns), set(tokens))
        return _core.source_of_records(names, labels, codes, [n in categories for n in names],
                                       _typed.bin_texts(bin))
    return _typed_source(data, missing, bin, options)


def _needs_sql_for_table(out_sql_table, sql_url, session):
    if out_sql_table is not None and sql_url is None and session is None:
        raise ValueError("--out-sql-table writes into the database of --sql-url; give --sql-url with --sql-table or "
                         "--sql-query (or --out FILE for a file)")


def _out_files(out):
    return [] if out is None else [os.fspath(o) for o in out] if isinstance(out, (list, tuple)) else [os.fspath(out)]


def randomize(data=None, attributes=None, *, p=None, matrix=None, keep=None, keep_order=False, seed=None, out=None,
              out_sql_table=None, note=None, audit_note=None, force=False, release_log=None, no_release_log=False,
              categories=None, missing=MISSING, count_column=None, delimiter=None, no_header=False, names=None,
              format=None, bin=None, max_field_bytes=None, max_record_bytes=None, sql_url=None, sql_table=None,
              sql_query=None, sql_user=None, sql_timeout=None, session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        _needs("randomize", "attributes", attributes)
    _needs_sql_for_table(out_sql_table, sql_url, session)
    note, audit_note = (None if n is None else os.fspath(n) for n in (note, audit_note))
    with tempfile.TemporaryDirectory(prefix="rr-explorer-") as tmp:
        to_frame = out is None and out_sql_table is None  # the release comes back as a DataFrame
        files = [os.path.join(tmp, "release.csv")] if to_frame else _out_files(out)
        if session is not None:
            args = _session_args(data, session, {
                "attributes": _typed.names(attributes) or None, "p": p, "matrix": _matrix_args(matrix),
                "keep": _typed.names(keep) or None, "keep_order": keep_order, "seed": seed, "secure": seed is None,
                "out": files, "out_sql_table": out_sql_table, "note": note, "audit_note": audit_note, "force": force,
                "release_log": None if release_log is None else os.fspath(release_log),
                "no_release_log": no_release_log, "missing": None if tuple(missing) == MISSING else ",".join(missing),
                "bin": bin, "allow_session_sql": allow_session_sql, **options})
            core = _core.randomize_from_args(args, progress)
        else:
            where = _core.ReleaseWhere(files, out_sql_table or "", bool(force), note, audit_note)
            core = _core.randomize(
                _release_source(data, missing, bin, options, categories), _files_of(data), _typed.names(attributes),
                _typed.pairs(p), _typed.matrix_pairs(matrix), _typed.names(keep), bool(keep_order),
                _missing_token(missing), where, None if release_log is None else os.fspath(release_log),
                bool(no_release_log), None if seed is None else int(seed), progress)
        result = RandomizeResult(core, without=("out",) if to_frame else ())
        if not to_frame:
            return (out_sql_table if out is None else files if isinstance(out, (list, tuple)) else files[0]), result
        import pandas as pd

        token = _missing_token(missing)
        frame = pd.read_csv(files[0], dtype=str, keep_default_na=False, na_values=[token] if token else None)
    return frame, result


randomize.__doc__ = """A randomized release of ``data``: each of ``attributes`` through its Warner matrix at ``p`` (003
eq. 5.2) or a matrix from a file (003 eq. 2.1), records in a uniformly random order: the CLI's ``randomize``
released by core (core/api/Randomize.h), no command line in between. The generator is the operating system's CSPRNG
(ChaCha20 streams, for release; the release is checked against and added to the release log) unless ``seed`` is
given (a reproducible run, labelled so in the notes; exploration only, never logged).

Parameters
----------
attributes : list of str or str
    The attributes to randomize; only they and ``keep`` are released (in the source's column order).
p : dict, optional
    Retention probability p per attribute (Warner's matrix); an attribute given neither p nor a matrix keeps p = 1.
matrix : dict, optional
    ``{name: FILE}``: any column-stochastic matrix for an attribute instead of its p; also ``["NAME=FILE", ...]``.
keep : list of str or str, optional
    Columns written in clear beside the randomized ones (default: none; every other column is dropped).
keep_order : bool, default False
    Keep the source's record order (a risk: records can be aligned with the source).
seed : int, optional
    A reproducible generator (exploration only, not for release); default: the secure one.
out : str, os.PathLike or list of them, optional
    Where the release is written (CSV, or .sav, .dta or .xpt by the extension); a list writes the same records in
    the same order to each file (one draw), all or none. Default: returned as a DataFrame.
out_sql_table : str, optional
    Instead of ``out``: a new table in the database of ``sql_url`` (one transaction; the summary as its comment).
note : str or os.PathLike, optional
    Also write the public release note to this file (p, q or matrix and epsilon per column, how to reconstruct;
    no source, no risk). Its text is ``result.public_note`` either way.
audit_note : str or os.PathLike, optional
    Also write the internal audit note (the summary with the source, who released and when, the public note) to
    this file. Its text is ``result.audit_note`` either way.
force : bool, default False
    With ``out_sql_table``: replace an existing table of that name (never one the source reads).
release_log : str or os.PathLike, optional
    The release log a secure release is checked against and added to (default
    $XDG_DATA_HOME/rr-explorer/releases.jsonl); never inside the release's folder.
no_release_log : bool, default False
    Neither check nor log this release.
categories : dict, optional
    ``{name: labels}``, DataFrames only: an attribute's domain (the rows of its matrix) instead of the categories
    the data show; a part of a larger table must be randomized over the whole table's domain.
""" + _typed.DATA_PARAMETERS + """

Returns
-------
(release, RandomizeResult)
    The release: a DataFrame of strings (missing values NaN) without ``out`` and ``out_sql_table``, else the path
    ``out`` (the list of paths for a list) or the table's name. The result has the attributes ``rows``,
    ``dropped_rows``, ``changed_values``, ``generator``, ``order``, ``columns``, ``p``, ``distortion``, ``source``,
    ``keep``, ``out``, ``out_sql_table``, ``release_log`` (None unless logged), ``previous_releases``,
    ``combined_epsilon``, ``notes``, and the notes' texts ``public_note`` and ``audit_note``. ``to_dict()`` is the
    CLI's JSON for the same arguments (without ``out`` when the release is a DataFrame: a temporary file, gone).
"""


def anonymize(data=None, qi=None, sensitive=None, *, model=None, l=None, k=None, c=None, t=None, t_measure=None,
              metric="discernibility", suppression=0.0, hierarchies=None, threshold=0.2, keep=None, keep_order=False,
              out=None, out_sql_table=None, force=False, drop_incomplete=False, missing=MISSING, count_column=None,
              delimiter=None, no_header=False, names=None, format=None, bin=None, max_field_bytes=None,
              max_record_bytes=None, sql_url=None, sql_table=None, sql_query=None, sql_user=None, sql_timeout=None,
              session=None, allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        for option, value in (("qi", qi), ("sensitive", sensitive), ("model", model)):
            _needs("anonymize", option, value)
    _needs_sql_for_table(out_sql_table, sql_url, session)
    hierarchies = None if hierarchies is None else os.fspath(hierarchies)
    out = None if out is None else os.fspath(out)
    args = {"qi": _typed.names(qi) or None, "sensitive": _typed.names(sensitive) or None, "model": model, "l": l,
            "k": k, "c": c, "t": t, "t_measure": t_measure, "metric": None if metric == "discernibility" else metric,
            "suppression": suppression or None, "hierarchies": hierarchies,
            "threshold": None if threshold == 0.2 else threshold, "keep": _typed.names(keep) or None,
            "keep_order": keep_order, "out": out, "out_sql_table": out_sql_table, "force": force,
            "drop_incomplete": drop_incomplete}
    model_args = (str(model), *(None if v is None else float(v) for v in (k, l, c, t)),
                  None if t_measure is None else str(t_measure))
    return _typed_call("anonymize", data, session, options, args, lambda source: _core.anonymize(
        source, _files_of(data), _typed.names(qi), _typed.names(sensitive), bool(drop_incomplete), model_args,
        str(metric or "discernibility"), float(suppression or 0), hierarchies or "", float(threshold), _typed.names(keep), bool(keep_order),
        _missing_token(missing), _core.ReleaseWhere([] if out is None else [out], out_sql_table or "", bool(force),
                                                    None, None), progress),
        AnonymizeResult, missing, bin, allow_session_sql, progress)


anonymize.__doc__ = """The optimal full-domain generalization of the quasi-identifiers under k-anonymity, an
l-diversity variant or t-closeness (the lattice searched over the counts of QI x S), written in a second pass into a
file or a database table: the CLI's ``anonymize`` released by core (core/api/Anonymize.h), no command line in
between.

Parameters
----------
qi : list of str or str
    The quasi-identifiers, generalized by their hierarchies.
sensitive : str
    The sensitive attribute (released as it is).
model : {"entropy", "distinct", "recursive", "t-closeness", "k"}
    The privacy model every class must satisfy.
l : float, optional
    l of the l-diversity models, 2 <= l <= 1000000 (whole for distinct and recursive); required by them.
k : float, optional
    k of k-anonymity (with an l-diversity model: required in addition).
c : float, optional
    c of recursive (c,l)-diversity.
t : float, optional
    t of t-closeness, in (0, 1]: every class's earth mover's distance to the whole table's sensitive distribution
    is at most t.
t_measure : {"equal", "hierarchical"}, optional
    t-closeness's ground distance (default equal); hierarchical needs the sensitive attribute's hierarchy.
metric : {"height", "aecs", "discernibility"}, default "discernibility"
    The information loss to minimize.
suppression : float, default 0
    The fraction of records that may be suppressed, in [0, 1).
hierarchies : str or os.PathLike, optional
    A folder of ARX hierarchy files (ATTRIBUTE.csv or *hierarchy_ATTRIBUTE.csv); attributes without one are only
    suppressed (value -> *).
threshold : float, default 0.2
    Re-identification risk threshold in (0, 1]: the share of records above it.
keep : list of str or str, optional
    Columns written in clear beside the QIs and S (default: none).
keep_order : bool, default False
    Keep the source's record order (a risk: records can be aligned with the source).
out : str or os.PathLike
    Where the generalized release is written (atomically): .csv, or .sav, .dta or .xpt by the extension.
out_sql_table : str, optional
    Instead of ``out``: a new table in the database of ``sql_url``.
force : bool, default False
    With ``out_sql_table``: replace an existing table of that name.
drop_incomplete : bool, default False
    Drop records with a missing value in any column (default: only in the QIs and S).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
AnonymizeResult
    Attributes ``out``, ``out_sql_table``, ``model``, ``node`` ({attribute: level}), ``metric``, ``nodes_checked``,
    ``lattice_size``, ``rows``, ``dropped_rows``, ``rows_written``, ``suppressed``, ``equivalence_classes``,
    ``max_risk``, ``reidentification``, ``hierarchies``, ``t``, ``t_measure`` and ``sensitive_hierarchy``
    (t-closeness; else None), ``order``, ``columns``, ``seconds``. ``to_dict()`` is the CLI's JSON for the same
    arguments.
"""


def anatomy(data=None, qi=None, sensitive=None, *, l=None, keep_order=False, out=None, out_format=None,
            out_sql_table=None, force=False, drop_incomplete=False, missing=MISSING, count_column=None, delimiter=None,
            no_header=False, names=None, format=None, bin=None, max_field_bytes=None, max_record_bytes=None,
            sql_url=None, sql_table=None, sql_query=None, sql_user=None, sql_timeout=None, session=None,
            allow_session_sql=False, progress=None):
    options = _source_options(count_column, delimiter, no_header, names, format, max_field_bytes, max_record_bytes,
                              sql_url, sql_table, sql_query, sql_user, sql_timeout)
    if session is None:
        for option, value in (("qi", qi), ("sensitive", sensitive), ("l", l)):
            _needs("anatomy", option, value)
    _needs_sql_for_table(out_sql_table, sql_url, session)
    out = None if out is None else os.fspath(out)
    args = {"qi": _typed.names(qi) or None, "sensitive": _typed.names(sensitive) or None, "l": l,
            "keep_order": keep_order, "out": out, "out_format": out_format, "out_sql_table": out_sql_table,
            "force": force, "drop_incomplete": drop_incomplete}
    return _typed_call("anatomy", data, session, options, args, lambda source: _core.anatomy(
        source, _files_of(data), _typed.names(qi), _typed.names(sensitive), bool(drop_incomplete), float(l),
        bool(keep_order), _missing_token(missing), out, out_format, out_sql_table, bool(force), progress),
        AnatomyResult, missing, bin, allow_session_sql, progress)


anatomy.__doc__ = """An l-diverse partition (Xiao and Tao's anatomy) published as a QI table (the QI columns and each
record's group) and a sensitive table (group, sensitive value, count), as two files or two tables of the source's
database, both or neither: the CLI's ``anatomy`` released by core (core/api/Anatomy.h), no command line in between.

Parameters
----------
qi : list of str or str
    The quasi-identifiers (written as they are, with each record's group).
sensitive : str
    The sensitive attribute (its counts per group go to the sensitive table).
l : int
    The number of distinct sensitive values per group, a whole number 2..1000000.
keep_order : bool, default False
    Keep the source's record order in the QI table (a risk: records can be aligned).
out : str or os.PathLike
    The prefix of the two files: PREFIX.qit.EXT and PREFIX.st.EXT.
out_format : {"csv", "sav", "dta", "xpt"}, optional
    The format of both files (default csv).
out_sql_table : str, optional
    Instead of ``out``: the tables PREFIX_qit and PREFIX_st in the database of ``sql_url``.
force : bool, default False
    With ``out_sql_table``: replace existing tables of those names.
drop_incomplete : bool, default False
    Drop records with a missing value in any column (default: only in the QIs and S).
""" + _typed.DATA_PARAMETERS + """

Returns
-------
AnatomyResult
    Attributes ``qit`` and ``st`` (the files or tables), ``to_tables``, ``l``, ``rows``, ``dropped_rows``,
    ``groups``, ``residue_records``, ``max_risk``, ``order``, ``seconds``. ``to_dict()`` is the CLI's JSON for the
    same arguments.
"""


def _counts_array(self):
    """The counts as a dense NumPy array, one axis per column in ``names`` over its ``labels`` (records
    with a missing value left out)."""
    import numpy as np

    shape = tuple(len(l) for l in self.labels)
    out = np.zeros(shape, dtype=float)
    cells, counts = self.cells, self.counts
    keep = (cells >= 0).all(axis=1)
    np.add.at(out, tuple(cells[keep].T), counts[keep])
    return out


def _counts_frame(self):
    """The cells as a DataFrame: one column per attribute (labels, None for missing) and 'count'."""
    import pandas as pd

    cells = self.cells
    data = {}
    for j, (name, labels) in enumerate(zip(self.names, self.labels)):
        lab = list(labels) + [None]
        data[name] = [lab[c] for c in cells[:, j]]
    data["count"] = self.counts
    return pd.DataFrame(data)


def _counts_eq(self, other):
    if not isinstance(other, Counts):
        return NotImplemented
    return (self.names == other.names and self.labels == other.labels and self.cells.tolist() ==
            other.cells.tolist() and self.counts.tolist() == other.counts.tolist())


def _counts_repr(self):
    return f"Counts({', '.join(self.names)}: {len(self.counts)} cells, {self.total:g} records)"


Counts.to_array = _counts_array
Counts.to_frame = _counts_frame
Counts.__eq__ = _counts_eq
Counts.__repr__ = _counts_repr
Counts.__radd__ = lambda self, other: self if other == 0 else NotImplemented  # sum([...])
