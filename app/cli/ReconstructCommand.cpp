// `reconstruct`: estimates of the original proportions from a randomized table (003 eq. 5.15, 5.16)
// with interquantile ranges (003 Sec. 3.2); or the maximum-likelihood shares on the simplex (issue 44).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"

#include "core/data/Errors.h"
#include "core/estimation/Intervals.h"
#include "core/estimation/Distances.h"
#include "core/estimation/Reconstruction.h"
#include "core/models/SimplexMle.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <memory>
#include <stdexcept>

namespace rr::cli {
namespace {

constexpr std::size_t kMaxCovarianceCells = 4096;

Json interval(const Interval& i)
{
    return Json::array({i.lo, i.hi});
}
Json rawInterval(const Interval& i)
{
    return Json::array({i.rawLo, i.rawHi});
}

enum class Estimator { Moment, Mle, Projected };

Estimator estimatorFrom(const Options& options)
{
    const std::string e = options.value("estimator").value_or("moment");
    if (e == "moment")
        return Estimator::Moment;
    if (e == "mle")
        return Estimator::Mle;
    if (e == "projected")
        return Estimator::Projected;
    throw InputError("--estimator must be moment, mle or projected, got '" + e + "'");
}

// What each cell shows: the estimate and its variance (NaN: none, written as null), and whether it lies on the
// face of the simplex (the maximum-likelihood estimate only).
struct CellEstimates {
    Eigen::VectorXd lambdaHat, estimate, variance;
    std::vector<char> atZero; // empty unless mle
};

Json covarianceRows(const Eigen::MatrixXd& cov, const std::vector<Eigen::Index>& cells, Eigen::Index size)
{
    std::vector<Eigen::Index> at(static_cast<std::size_t>(size), -1);
    for (std::size_t i = 0; i < cells.size(); ++i)
        at[static_cast<std::size_t>(cells[i])] = static_cast<Eigen::Index>(i);
    Json rows = Json::array();
    for (Eigen::Index r = 0; r < size; ++r) {
        Json row = Json::array();
        for (Eigen::Index k = 0; k < size; ++k) {
            const Eigen::Index a = at[static_cast<std::size_t>(r)], b = at[static_cast<std::size_t>(k)];
            row.push_back(a < 0 || b < 0 ? Json(nullptr) : Json(cov(a, b)));
        }
        rows.push_back(row);
    }
    return rows;
}

// The maximum-likelihood shares (core/models/SimplexMle.h), their fit in `fit` and, with --covariance, the free
// cells' covariance in `covariance`.
CellEstimates mleEstimates(const std::vector<DistortionMatrix>& matrices, const ContingencyTable& observed,
                           bool withCovariance, Json& fit, Json& covariance, Notes& notes)
{
    SimplexMleRequest request{matrices, observed.counts()};
    request.keepRunning = keepRunning();
    const SimplexMleResult r = simplexMle(request);
    const SimplexMleVariance v = simplexMleVariance(request, r, withCovariance);
    CellEstimates e{observed.proportions(), r.shares, v.variance, r.atZero};
    const auto zeros = std::count(r.atZero.begin(), r.atZero.end(), char(1));
    for (Eigen::Index u = 0; u < e.variance.size(); ++u)
        if (!v.available || r.atZero[static_cast<std::size_t>(u)])
            e.variance[u] = std::numeric_limits<double>::quiet_NaN();
    fit = {{"iterations", r.iterations}, {"converged", r.converged}, {"tolerance", r.tolerance},
           {"gap", r.gap},           {"log_likelihood", r.logLikelihood}, {"cells_at_zero", zeros}};
    notes.add("estimates are the maximum-likelihood shares on the simplex (EM; the log-likelihood is within \"gap\" "
              "of its maximum); variances come from the observed information of the cells not at 0");
    if (!r.converged)
        notes.add("the maximum likelihood did not converge within its iterations: the estimates are EM's last");
    if (zeros > 0)
        notes.add(std::to_string(zeros) + " cell(s) lie at 0, on the face of the simplex (\"at_zero\"): they have "
                  "no standard error, so their variance and ranges are null");
    if (!v.available)
        notes.add("no variances: " + v.note);
    if (withCovariance && v.available)
        covariance = covarianceRows(v.covariance, v.freeCells, e.estimate.size());
    return e;
}

// One cell: its values, observed share, estimate, variance and ranges (null where it has no variance).
Json cellJson(const PreparedTable& table, const CellEstimates& cells, double alpha, std::size_t i)
{
    const auto e = static_cast<Eigen::Index>(i);
    const double est = cells.estimate[e], var = cells.variance[e];
    const bool ranges = !std::isnan(var);
    Json c;
    c["values"] = cellValues(table, i);
    c["observed"] = cells.lambdaHat[e];
    c["estimate"] = est;
    c["variance"] = ranges ? Json(var) : Json(nullptr);
    if (!cells.atZero.empty())
        c["at_zero"] = bool(cells.atZero[i]);
    const Interval normal = ranges ? interquantileRange(est, var, alpha, IntervalKind::Normal) : Interval{};
    const Interval cheb = ranges ? interquantileRange(est, var, alpha, IntervalKind::Chebyshev) : Interval{};
    c["normal"] = ranges ? interval(normal) : Json(nullptr);
    c["chebyshev"] = ranges ? interval(cheb) : Json(nullptr);
    c["raw_normal"] = ranges ? rawInterval(normal) : Json(nullptr);
    c["raw_chebyshev"] = ranges ? rawInterval(cheb) : Json(nullptr);
    return c;
}

// The notes of the moment and projected estimates.
void estimateNotes(Estimator estimator, bool anyNegative, Notes& notes)
{
    if (estimator == Estimator::Moment && anyNegative)
        notes.add("some estimates are negative: pi-hat = P^-1 lambda-hat is the unbiased moment estimate, not a "
                  "projection onto proportions; the intervals are clipped to [0, 1], raw_* keep the unclipped bounds");
    if (estimator == Estimator::Projected)
        notes.add(std::string(anyNegative ? "the moment estimate's negative cells are set to 0 and the rest rescaled "
                                            "to sum 1"
                                          : "the moment estimate has no negative cell: the projection leaves it as "
                                            "it is") +
                  "; the variances, ranges and covariance are the moment estimate's (003 eq. 5.16)");
}

// The cells' estimates and variances by the estimator (the MLE's fit and covariance into `fit` and
// `mleCovariance`); `anyNegative`: whether the moment estimate has a negative cell (before a projection).
std::shared_ptr<CellEstimates> estimateCells(Estimator estimator, const std::vector<DistortionMatrix>& matrices,
                                             const ContingencyTable& observed, bool withCovariance, Json& fit,
                                             Json& mleCovariance, Notes& notes, bool& anyNegative)
{
    const double n = observed.total();
    auto cells = std::make_shared<CellEstimates>();
    if (estimator == Estimator::Mle) {
        *cells = mleEstimates(matrices, observed, withCovariance, fit, mleCovariance, notes);
    } else {
        cells->lambdaHat = observed.proportions();
        cells->estimate = reconstruct(matrices, cells->lambdaHat);                  // 003 eq. 5.15
        cells->variance = varianceDiagonal(matrices, cells->lambdaHat, n);          // 003 eq. 5.16
    }
    anyNegative = (cells->estimate.array() < 0).any();
    if (estimator == Estimator::Projected)
        cells->estimate = projectToSimplex(cells->estimate);
    // A non-finite number found now is an internal failure before anything is printed, not halfway.
    if (!cells->lambdaHat.allFinite() || !cells->estimate.allFinite() ||
        (estimator != Estimator::Mle && !cells->variance.allFinite()))
        throw std::logic_error("a non-finite estimate or variance in reconstruct's cells");
    return cells;
}

// --covariance: the MLE's, or the moment estimate's full matrix (003 eq. 5.16), after the cells.
void addCovariance(Json& tail, Estimator estimator, const Json& mleCovariance,
                   const std::vector<DistortionMatrix>& matrices, const CellEstimates& cells, double n)
{
    if (estimator == Estimator::Mle) {
        if (!mleCovariance.is_null())
            tail["covariance"] = mleCovariance;
        return;
    }
    const Eigen::MatrixXd cov = covarianceMatrix(matrices, cells.lambdaHat, n, kMaxCovarianceCells);
    std::vector<Eigen::Index> all(static_cast<std::size_t>(cov.rows()));
    std::iota(all.begin(), all.end(), Eigen::Index(0));
    tail["covariance"] = covarianceRows(cov, all, cov.rows());
}

// The cells are written as they are computed (about 2.5 KB of JSON each: 24M cells held as one Json
// needed about 60 GB): what is held is the table and its D-sized vectors, never the output.
StreamedJson runReconstruct(const Options& options)
{
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    const double alpha = alphaFrom(options);
    const bool withCovariance = options.flag("covariance");
    const Estimator estimator = estimatorFrom(options);

    const auto source = openSource(options);
    // Shared with the cell generator, which needs the categories of each cell.
    const auto records = std::make_shared<const PreparedTable>(prepareTable(*source, names, missingPolicy(options), keepRunningProgress()));
    const Distortions distortions = distortionsFrom(options, records->names, records->categories);
    const std::vector<DistortionMatrix>& matrices = distortions.matrices;
    const ContingencyTable& observed = records->joint;
    if (withCovariance && observed.cellCount() > kMaxCovarianceCells)
        throw InputError("--covariance needs a table of at most 4,096 cells; " + joinNames(names) + " give " +
                         std::to_string(observed.cellCount()) +
                         " cells (omit --covariance: the variances are "
                         "reported for any size)");

    const double n = observed.total();
    Notes notes;
    Json fit, mleCovariance;
    bool anyNegative = false;
    const std::shared_ptr<CellEstimates> cells =
        estimateCells(estimator, matrices, observed, withCovariance, fit, mleCovariance, notes, anyNegative);

    StreamedJson out;
    Json& j = out.head;
    j["n"] = countValue(n);
    j["rows"] = records->keptRows();
    j["dropped_rows"] = records->droppedRows;
    j["attributes"] = names;
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["alpha"] = alpha;
    if (estimator != Estimator::Moment)
        j["estimator"] = estimator == Estimator::Mle ? "mle" : "projected";
    if (estimator == Estimator::Mle)
        j["fit"] = fit;
    out.arrayKey = "cells";
    out.arraySize = observed.cellCount();
    out.element = [table = records, cells, alpha](std::size_t i) { return cellJson(*table, *cells, alpha, i); };
    Json& tail = out.tail;
    if (withCovariance)
        addCovariance(tail, estimator, mleCovariance, matrices, *cells, n);
    estimateNotes(estimator, anyNegative, notes);
    if (!notes.empty())
        tail["notes"] = notes.toJson();
    return out;
}

} // namespace

Command reconstructCommand()
{
    Command c;
    c.name = "reconstruct";
    c.summary = "estimate the original proportions from a randomized table, with intervals";
    c.description =
        "The data is a randomized table. For the listed attributes and their retention p (Warner, 003 eq. 5.2) or "
        "any column-stochastic matrix from a --matrix file (003 Sec. 2.2), estimates the original proportions pi-hat = "
        "P^-1 lambda-hat (003 eq. 5.15) of every cell (row-major, last attribute fastest), "
        "their variances (N-1)^-1 [(P^-1 o P^-1) lambda-hat - pi-hat o pi-hat] (003 eq. 5.16) and interquantile "
        "ranges at level 1 - alpha: normal (z_{alpha/2}) and Chebyshev (1/sqrt(alpha)), clipped to [0, 1]. "
        "--estimator mle gives instead the shares that maximize the likelihood sum n log (P pi) on the simplex (EM, "
        "never negative; \"fit\" reports its iterations and how close to the maximum it is), with variances from "
        "the observed information of the cells not at 0 (\"at_zero\" cells have none); --estimator projected sets "
        "the moment estimate's negative cells to 0 and rescales the rest.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "the attributes of the estimated table"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back(alphaOption());
    c.options.push_back({"covariance", "", "also print the full covariance matrix (tables of at most 4,096 cells)"});
    c.options.push_back({"estimator", "moment|mle|projected",
                         "moment (default): pi-hat = P^-1 lambda-hat, unbiased, cells may be negative; mle: the "
                         "maximum-likelihood shares on the simplex (EM), >= 0 and summing to 1, variances from the "
                         "observed information (none for cells at 0); projected: the moment estimate's negative "
                         "cells set to 0 and the rest rescaled"});
    c.runStreamed = runReconstruct;
    return c;
}

} // namespace rr::cli
