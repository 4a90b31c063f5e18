#include "core/models/AnalysisObjective.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

#include <algorithm>
#include <limits>
#include <memory>

namespace rr {
namespace {

std::vector<std::string> splitNames(const std::string& text)
{
    std::vector<std::string> names = splitModelList(text);
    for (const auto& n : names)
        if (n.empty())
            throw InputError("cells:A,B,... needs the names of the table's attributes, got an empty one");
    return names;
}

std::vector<int> axesOf(const std::vector<std::string>& wanted, const std::vector<std::string>& names)
{
    std::vector<int> axes;
    for (const auto& w : wanted) {
        const auto it = std::find(names.begin(), names.end(), w);
        if (it == names.end())
            throw InputError("the analysis names '" + w + "', which is not among the optimized attributes (the QIs "
                             "and sensitive attributes)");
        if (std::find(axes.begin(), axes.end(), int(it - names.begin())) != axes.end())
            throw InputError("the analysis names '" + w + "' twice");
        axes.push_back(static_cast<int>(it - names.begin()));
    }
    return axes;
}

std::vector<DistortionMatrix> warnerAt(const std::vector<int>& axes, const std::vector<int>& dims,
                                       const std::vector<double>& p)
{
    std::vector<DistortionMatrix> m;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const auto a = static_cast<std::size_t>(axes[k]);
        m.push_back(DistortionMatrix::warner(dims[k], p[a]));
    }
    return m;
}

AnalysisObjective logitObjective(const AnalysisTarget& target, const std::vector<int>& axes,
                                 const std::vector<std::vector<std::string>>& categories, const ContingencyTable& joint)
{
    const ContingencyTable table = joint.marginal(axes);
    std::vector<std::vector<std::string>> cats;
    std::vector<DistortionMatrix> identity;
    for (int a : axes) {
        cats.push_back(categories[static_cast<std::size_t>(a)]);
        identity.push_back(DistortionMatrix::identity(static_cast<int>(cats.back().size())));
    }
    auto request = std::make_shared<RandomizedLogitRequest>(logitRequest(target.model, cats, table.counts(), identity));
    const RandomizedLogitResult fit = fitRandomizedLogit(*request); // the original data's values
    AnalysisObjective o;
    o.terms.assign(fit.terms.begin() + 1, fit.terms.end());
    o.description = "the sum of the variances of the " + std::to_string(o.terms.size()) + " coefficients of " +
                    target.model.outcome + " = " + target.model.positive +
                    " (the intercept left out) expected from the release, at the original data's estimates";
    o.value = [request, fit, axes, dims = table.dims()](const std::vector<double>& p) {
        RandomizedLogitRequest r = *request;
        r.matrices = warnerAt(axes, dims, p);
        try {
            const Eigen::MatrixXd cov = expectedLogitCovariance(r, fit.estimate, fit.shares, fit.n);
            return cov.diagonal().tail(cov.rows() - 1).sum();
        } catch (const InputError&) {
            return std::numeric_limits<double>::max(); // no information at this p (next to 1/d)
        }
    };
    return o;
}

} // namespace

AnalysisTarget parseAnalysisTarget(const std::string& text)
{
    AnalysisTarget t;
    if (text.rfind("cells:", 0) == 0) {
        t.kind = AnalysisTarget::Kind::Cells;
        t.attributes = splitNames(text.substr(6));
        return t;
    }
    if (text.rfind("regress:", 0) == 0) {
        t.kind = AnalysisTarget::Kind::Logit;
        t.model = parseLogitFormula(text.substr(8));
        t.attributes = modelAttributes(t.model);
        return t;
    }
    throw InputError("an analysis is cells:A,B,... or regress:Y=V~A,B,...; got '" + text + "'");
}

AnalysisObjective analysisObjective(const AnalysisTarget& target, const std::vector<std::string>& names,
                                    const std::vector<std::vector<std::string>>& categories,
                                    const ContingencyTable& joint)
{
    const std::vector<int> axes = axesOf(target.attributes, names);
    if (target.kind == AnalysisTarget::Kind::Logit)
        return logitObjective(target, axes, categories, joint);
    const ContingencyTable table = joint.marginal(axes);
    AnalysisObjective o;
    o.description = "the sum of the variances of the " + std::to_string(table.cellCount()) +
                    " cells' shares expected from the release (003 Lemma 4: tr Sigma), at the original shares";
    o.value = [axes, dims = table.dims(), pi = table.proportions(), n = table.total()](const std::vector<double>& p) {
        return expectedSquaredError(warnerAt(axes, dims, p), pi, n); // 003 Lemma 4
    };
    return o;
}

} // namespace rr
