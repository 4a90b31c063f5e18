"""The typed actions' results (risk, ...): today's dict (so scripts that index, compare or json.dumps it keep
working) whose attributes are the bound C++ result's (``r.max_risk``, ``r.reidentification.cells``). The dict is
the C++ result's ``to_dict()``, core's one JSON serializer: the CLI's output for the same arguments."""


class Result(dict):
    """A typed call's result: attributes from core's result object, items from its JSON."""

    __slots__ = ("_core",)

    def __init__(self, core, without=()):
        super().__init__(core.to_dict())
        for key in without:  # what the Python call hides (randomize's temporary file)
            self.pop(key, None)
        self._core = core

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._core, name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | {n for n in dir(self._core) if not n.startswith("_")})

    def to_dict(self):
        """The CLI's JSON for the same arguments, as a plain dict."""
        return dict(self)

    def __repr__(self):
        shown = [k for k in ("max_risk", "mean_risk", "records") if hasattr(self._core, k)]
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self._core, k)!r}' for k in shown)})"

    def __reduce__(self):  # pickles as the dict it is (the C++ object does not pickle)
        return (dict, (dict(self),))


class RiskResult(Result):
    """rr_explorer.risk's result: ``max_risk``, ``mean_risk``, ``quantiles``, ``worst``, ``p``, ``epsilon``,
    ``reidentification``, ``inference``, ``warnings``, ``sensitive`` (several sensitive attributes) ... as
    attributes; the CLI's JSON as items and ``to_dict()``."""


class OptimizeResult(Result):
    """rr_explorer.optimize's result: ``feasible``, ``p``, ``objective``, ``max_risk``, ``tau``, ``reason``,
    ``best_l``, ``reidentification``, ``analysis``, ``inference``, ``sensitive`` (several sensitive attributes) ...
    as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return f"OptimizeResult(feasible={self._core.feasible!r}, p={self._core.p!r}, max_risk={self._core.max_risk!r})"


class DescribeResult(Result):
    """rr_explorer.describe's result: ``rows``, ``dropped_rows``, ``records`` and ``attributes`` (one
    AttributeDescription each; ``attribute(name)``) as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return f"DescribeResult(rows={self._core.rows!r}, attributes={[a.name for a in self._core.attributes]!r})"


class ReconstructResult(Result):
    """rr_explorer.reconstruct's result: ``n``, ``p``, ``estimator``, ``fit`` and per cell NumPy arrays
    ``observed``, ``estimate``, ``variance`` (``shape`` gives the table's axes) as attributes; the CLI's JSON as items
    and ``to_dict()``."""

    def __repr__(self):
        return f"ReconstructResult(attributes={self._core.attributes!r}, estimator={self._core.estimator!r})"


class ReidentificationResult(Result):
    """rr_explorer.reidentification's result: ``original`` and ``randomized`` summaries (``max``, ``mean``, ...),
    ``threshold``, ``p`` and ``cells`` as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return (f"ReidentificationResult(qi={self._core.qi!r}, original_max={self._core.original.max!r}, "
                f"randomized_max={self._core.randomized.max!r})")


class MeasuresResult(Result):
    """rr_explorer.measures' result: ``measures`` ({key: MeasureEstimate}), ``cells``, ``residuals``,
    ``covariance``, ``positive``, ``p`` ... as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return f"MeasuresResult(attributes={self._core.attributes!r}, n={self._core.n!r})"


class IndependenceResult(Result):
    """rr_explorer.independence's result: ``chi_square``, ``df``, ``p_value``, ``rejected``, ``valid``, ``source``
    ... as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return (f"IndependenceResult(attributes={self._core.attributes!r}, p_value={self._core.p_value!r}, "
                f"valid={self._core.valid!r})")


class LoglinearResult(Result):
    """rr_explorer.loglinear's result: ``model``, ``chi_square``, ``df``, ``p_value``, ``preserved``, ``fitted``,
    ``path`` ... as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return f"LoglinearResult(model={self._core.model!r}, p_value={self._core.p_value!r})"


class RulesResult(Result):
    """rr_explorer.rules' result: ``itemsets``, ``rules``, ``comparison``, ``p``, ``positive``, ``rows`` ... as
    attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return (f"RulesResult(items={self._core.items!r}, itemsets={len(self._core.itemsets)}, "
                f"rules={len(self._core.rules)})")


class RegressResult(Result):
    """rr_explorer.regress' result: ``coefficients``, ``fit`` and ``original`` (LogitFit: NumPy ``estimate`` and
    ``covariance``), ``reference``, ``p``, ``rows`` ... as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return (f"RegressResult(outcome={self._core.outcome!r}, positive={self._core.positive!r}, "
                f"predictors={self._core.predictors!r})")


class RandomizeResult(Result):
    """rr_explorer.randomize's result: ``rows``, ``changed_values``, ``generator``, ``order``, ``columns``, ``p``,
    ``out``, ``release_log``, ``notes`` ... and the notes' texts ``public_note`` and ``audit_note`` as attributes;
    the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return (f"RandomizeResult(rows={self._core.rows!r}, p={self._core.p!r}, "
                f"generator={self._core.generator.split(' (')[0]!r})")


class AnonymizeResult(Result):
    """rr_explorer.anonymize's result: ``model``, ``node``, ``metric``, ``rows_written``, ``suppressed``,
    ``equivalence_classes``, ``max_risk``, ``reidentification`` ... as attributes; the CLI's JSON as items and
    ``to_dict()``."""

    def __repr__(self):
        return f"AnonymizeResult(model={self._core.model!r}, node={self._core.node!r}, max_risk={self._core.max_risk!r})"


class AnatomyResult(Result):
    """rr_explorer.anatomy's result: ``qit``, ``st``, ``l``, ``rows``, ``groups``, ``residue_records``,
    ``max_risk`` ... as attributes; the CLI's JSON as items and ``to_dict()``."""

    def __repr__(self):
        return f"AnatomyResult(l={self._core.l!r}, groups={self._core.groups!r}, max_risk={self._core.max_risk!r})"
