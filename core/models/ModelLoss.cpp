#include "core/models/ModelLoss.h"

#include "core/data/Errors.h"
#include "core/distortion/KroneckerFactor.h"

#include <algorithm>
#include <cmath>

namespace rr {
namespace {

std::vector<int> modelAxes(const LogitModelSpec& spec, const std::vector<std::string>& names)
{
    std::vector<int> axes;
    for (const std::string& a : modelAttributes(spec)) {
        const auto it = std::find(names.begin(), names.end(), a);
        if (it == names.end())
            throw InputError("the model names '" + a + "', which is not among the analysed attributes (the QIs and "
                             "the sensitive attribute)");
        axes.push_back(static_cast<int>(it - names.begin()));
    }
    return axes;
}

CoefficientLoss lossRow(const WaldSummary& original, const WaldSummary& release)
{
    CoefficientLoss row;
    row.term = release.term;
    row.original = original.estimate;
    row.originalHalf = original.hi - original.estimate;
    row.release = release.estimate;
    row.releaseHalf = release.hi - release.estimate;
    row.widthRatio = row.originalHalf > 0 ? row.releaseHalf / row.originalHalf : 1.0;
    return row;
}

} // namespace

ModelLossModel prepareModelLoss(const LogitModelSpec& spec, const std::vector<std::string>& names,
                                const std::vector<std::vector<std::string>>& categories, const ContingencyTable& joint)
{
    checkLogitModel(spec);
    ModelLossModel m;
    m.spec = spec;
    m.axes = modelAxes(spec, names);
    const ContingencyTable table = joint.marginal(m.axes);
    std::vector<std::vector<std::string>> cats;
    std::vector<DistortionMatrix> identity;
    for (int a : m.axes) {
        cats.push_back(categories[static_cast<std::size_t>(a)]);
        identity.push_back(DistortionMatrix::identity(static_cast<int>(cats.back().size())));
    }
    m.original = logitRequest(spec, cats, table.counts(), std::move(identity));
    m.originalFit = fitRandomizedLogit(m.original);
    return m;
}

ModelLoss modelLossAt(const ModelLossModel& model, const std::vector<double>& p, double alpha)
{
    RandomizedLogitRequest release = model.original;
    std::vector<KroneckerFactor> factors;
    for (std::size_t k = 0; k < model.axes.size(); ++k) {
        const auto axis = static_cast<std::size_t>(model.axes[k]);
        if (axis >= p.size())
            throw InputError("model comparison: one p per analysed attribute is needed");
        const int d = release.matrices[k].size();
        if (p[axis] != 1.0)
            checkRetention(modelAttributes(model.spec)[k], d, p[axis]);
        release.matrices[k] = DistortionMatrix::warner(d, p[axis]);
        factors.push_back(release.matrices[k].factor());
    }
    release.counts = kroneckerApply(factors, model.original.counts); // lambda = P n: the expected release
    release.maxIterations = kModelLossIterations;
    ModelLoss loss;
    RandomizedLogitResult fit;
    try {
        fit = fitRandomizedLogit(release);
        if (!fit.converged)
            throw InputError("the fit did not converge within " + std::to_string(kModelLossIterations) + " steps");
    } catch (const InputError& e) { // the fit to the expected counts refuses: the data's values stand in
        loss.fitted = false;
        loss.fitProblem = e.what();
        loss.iterations = fit.iterations;
        fit = model.originalFit;
    }
    // The information a release of the table's records carries at p, at the release's values.
    fit.covariance = expectedLogitCovariance(release, fit.estimate, fit.shares, model.originalFit.n);
    const std::vector<WaldSummary> before = waldSummaries(model.originalFit, alpha);
    const std::vector<WaldSummary> after = waldSummaries(fit, alpha);
    loss.alpha = alpha;
    loss.n = fit.n;
    if (loss.fitted)
        loss.iterations = fit.iterations;
    loss.converged = loss.fitted;
    for (std::size_t j = 0; j < after.size(); ++j)
        loss.rows.push_back(lossRow(before[j], after[j]));
    return loss;
}

} // namespace rr
