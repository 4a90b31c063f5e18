#include "core/api/Reconstruct.h"
#include "core/api/Names.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/estimation/Distances.h"
#include "core/estimation/Reconstruction.h"
#include "core/models/SimplexMle.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace rr::api {
namespace {

// The free cells' covariance over every cell, NaN where a cell (at zero) has none.
Eigen::MatrixXd overAllCells(const Eigen::MatrixXd& cov, const std::vector<Eigen::Index>& cells, Eigen::Index size)
{
    Eigen::MatrixXd out = Eigen::MatrixXd::Constant(size, size, std::numeric_limits<double>::quiet_NaN());
    for (std::size_t a = 0; a < cells.size(); ++a)
        for (std::size_t b = 0; b < cells.size(); ++b)
            out(cells[a], cells[b]) = cov(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b));
    return out;
}

// The maximum-likelihood shares (core/models/SimplexMle.h), their fit and, when asked, the free cells' covariance.
void mleEstimates(const ReconstructRequest& request, const ProgressFunction& progress, ReconstructResult& out)
{
    SimplexMleRequest mle{out.distortions.matrices, out.table->joint.counts()};
    mle.keepRunning = keepRunningOf(progress);
    const SimplexMleResult r = simplexMle(mle);
    const SimplexMleVariance v = simplexMleVariance(mle, r, request.covariance);
    out.estimate = r.shares;
    out.variance = v.variance;
    out.atZero = r.atZero;
    const auto zeros = static_cast<std::size_t>(std::count(r.atZero.begin(), r.atZero.end(), char(1)));
    for (Eigen::Index u = 0; u < out.variance.size(); ++u)
        if (!v.available || r.atZero[static_cast<std::size_t>(u)])
            out.variance[u] = std::numeric_limits<double>::quiet_NaN();
    out.fit = MleFit{r.iterations, r.converged, r.tolerance, r.gap, r.logLikelihood, zeros};
    std::vector<std::string>& notes = out.fitNotes;
    notes.push_back("estimates are the maximum-likelihood shares on the simplex (EM; the log-likelihood is within "
                    "\"gap\" of its maximum); variances come from the observed information of the cells not at 0");
    if (!r.converged)
        notes.push_back("the maximum likelihood did not converge within its iterations: the estimates are EM's last");
    if (zeros > 0)
        notes.push_back(std::to_string(zeros) + " cell(s) lie at 0, on the face of the simplex (\"at_zero\"): they "
                        "have no standard error, so their variance and ranges are null");
    if (!v.available)
        notes.push_back("no variances: " + v.note);
    if (request.covariance && v.available)
        out.covariance = overAllCells(v.covariance, v.freeCells, out.estimate.size());
}

// The cells' estimates and variances by the estimator (003 eq. 5.15, 5.16 for the moment and projected ones).
void estimateCells(const ReconstructRequest& request, const ProgressFunction& progress, ReconstructResult& out)
{
    const std::vector<DistortionMatrix>& matrices = out.distortions.matrices;
    out.observed = out.table->joint.proportions();
    if (request.estimator == Estimator::Mle) {
        mleEstimates(request, progress, out);
    } else {
        out.estimate = reconstruct(matrices, out.observed);              // 003 eq. 5.15
        out.variance = varianceDiagonal(matrices, out.observed, out.n); // 003 eq. 5.16
    }
    out.anyNegative = (out.estimate.array() < 0).any();
    if (request.estimator == Estimator::Projected)
        out.estimate = projectToSimplex(out.estimate);
    // A non-finite number found now is an internal failure before anything is printed, not halfway.
    if (!out.observed.allFinite() || !out.estimate.allFinite() ||
        (request.estimator != Estimator::Mle && !out.variance.allFinite()))
        throw std::logic_error("a non-finite estimate or variance in reconstruct's cells");
    if (request.covariance && request.estimator != Estimator::Mle) // the moment estimate's full matrix
        out.covariance = covarianceMatrix(matrices, out.observed, out.n, kMaxCovarianceCells);
}

} // namespace

Estimator estimatorOf(const std::string& text)
{
    if (text == "moment")
        return Estimator::Moment;
    if (text == "mle")
        return Estimator::Mle;
    if (text == "projected")
        return Estimator::Projected;
    throw InputError("--estimator must be moment, mle or projected, got '" + text + "'");
}

void checkAlpha(double value)
{
    if (value > 0.0 && value < 1.0)
        return;
    std::ostringstream text;
    text << value;
    throw InputError("--alpha must lie in (0, 1) (the ranges have level 1 - alpha), got " + text.str());
}

ReconstructResult reconstructOf(const ReconstructRequest& request, const ProgressFunction& progress)
{
    checkAlpha(request.alpha);
    const auto source = openData(request.data);
    ReconstructResult out;
    const MissingPolicy policy = missingPolicyOf(request.dropIncomplete);
    out.table = std::make_shared<const PreparedTable>(prepareTable(*source, request.attributes, policy, progress));
    out.distortions = distortionsOf(request.distortions, out.table->names, out.table->categories);
    const ContingencyTable& observed = out.table->joint;
    if (request.covariance && observed.cellCount() > kMaxCovarianceCells)
        throw InputError("--covariance needs a table of at most 4,096 cells; " + joinNames(request.attributes) +
                         " give " + std::to_string(observed.cellCount()) +
                         " cells (omit --covariance: the variances are reported for any size)");
    out.attributes = request.attributes;
    out.n = observed.total();
    out.rows = out.table->keptRows();
    out.droppedRows = out.table->droppedRows;
    out.alpha = request.alpha;
    out.estimator = request.estimator;
    estimateCells(request, progress, out);
    return out;
}

} // namespace rr::api
