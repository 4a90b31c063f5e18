#include "core/analysis/RiskProfile.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace rr {

RiskProfile riskProfile(const PreparedTable& table, const Eigen::VectorXd& risk, const RiskProfileRequest& r)
{
    RiskProfile d;
    d.tau = r.tau;
    d.attributeNames = table.names;
    d.summary = summarizeRisk(risk, table.joint, r.tau);
    const int bins = std::max(1, r.histogramBins);
    d.histogram.assign(static_cast<std::size_t>(bins), 0.0);
    // Zoom to where the records are: the next tenth above max risk and tau.
    d.upper = std::clamp(std::ceil(std::max(d.summary.maxRisk, r.tau) * 10.0 * 1.02) / 10.0, 0.1, 1.0);
    const auto& counts = table.joint.counts();
    std::vector<Eigen::Index> present;
    std::vector<std::pair<double, double>> rw;
    for (Eigen::Index c = 0; c < counts.size(); ++c) {
        if (counts[c] <= 0)
            continue;
        present.push_back(c);
        const double v = risk[c], w = counts[c];
        const double at = std::isfinite(v) ? std::clamp(v / d.upper * bins, 0.0, bins - 1.0) : 0.0;
        const int b = static_cast<int>(at);
        d.histogram[static_cast<std::size_t>(b)] += w;
        rw.emplace_back(v, w);
    }
    std::sort(rw.begin(), rw.end());
    double acc = 0;
    const double total = std::max(d.summary.records, 1e-300);
    for (std::size_t k = 0; k < rw.size(); ++k) {
        acc += rw[k].second;
        if (k + 1 < rw.size() && rw[k + 1].first == rw[k].first)
            continue; // one point per distinct risk
        d.cdf.emplace_back(rw[k].first, acc / total);
    }
    const std::size_t k = std::min<std::size_t>(present.size(), static_cast<std::size_t>(std::max(0, r.riskiestCount)));
    std::partial_sort(
        present.begin(), present.begin() + static_cast<std::ptrdiff_t>(k), present.end(),
        [&](Eigen::Index x, Eigen::Index y) { return risk[x] != risk[y] ? risk[x] > risk[y] : counts[x] > counts[y]; });
    for (std::size_t i = 0; i < k; ++i) {
        RiskyRecord rec;
        rec.cell = present[i];
        rec.values = table.cellValues(static_cast<std::size_t>(present[i]));
        rec.records = counts[present[i]];
        rec.risk = risk[present[i]];
        d.riskiest.push_back(std::move(rec));
    }
    return d;
}

RiskBaseline riskBaseline(const PreparedTable& table, int sensitiveAxis, double maxRisk)
{
    if (sensitiveAxis < 0 || sensitiveAxis >= table.axisCount())
        throw InputError("risk baseline: axis " + std::to_string(sensitiveAxis) + " is not one of the table's " +
                         std::to_string(table.axisCount()));
    const Eigen::VectorXd counts = table.joint.marginal({sensitiveAxis}).counts();
    const double total = counts.sum();
    if (!(total > 0))
        throw InputError("risk baseline: the table has no records");
    Eigen::Index most = 0;
    counts.maxCoeff(&most);
    RiskBaseline b;
    b.value = table.categories[static_cast<std::size_t>(sensitiveAxis)][static_cast<std::size_t>(most)];
    b.prior = counts[most] / total;
    b.maxRisk = maxRisk;
    b.values = table.categories[static_cast<std::size_t>(sensitiveAxis)];
    if (sensitiveAxis == table.axisCount() - 1)
        b.shares = shareInference(table.joint);
    return b;
}

} // namespace rr
