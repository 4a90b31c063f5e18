#include "ui/compute/Utility.h"

#include "core/data/Errors.h"
#include "core/estimation/Distances.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

namespace rr::ui {

std::string metricKey(UtilityMetric m)
{
    switch (m) {
    case UtilityMetric::TraceCovariance: return "trace";
    case UtilityMetric::Objective: return "objective";
    case UtilityMetric::VariationalDistance: return "variational";
    }
    return "trace";
}

UtilityMetric parseMetric(const std::string& key)
{
    if (key == "trace")
        return UtilityMetric::TraceCovariance;
    if (key == "objective")
        return UtilityMetric::Objective;
    if (key == "variational")
        return UtilityMetric::VariationalDistance;
    throw InputError("unknown utility metric '" + key + "' (expected trace, objective or variational)");
}

std::string metricLabel(UtilityMetric m)
{
    switch (m) {
    case UtilityMetric::TraceCovariance:
        return "Utility loss tr \u03A3 = E\u2016\u03C0_est \u2212 \u03C0\u2016\u00B2 (squared proportion)";
    case UtilityMetric::Objective:
        return "Objective \u220F\u1D62 \u2016P\u1D62\u207B\u00B9\u2016\u00B2_F (dimensionless)";
    case UtilityMetric::VariationalDistance: return "Variational distance d_V(\u03C0, \u03C0_est) (proportion)";
    }
    return {};
}

double utilityLoss(const PreparedAnalysis& analysis, const std::vector<double>& p, UtilityMetric metric,
                   std::uint64_t seed)
{
    const auto mats = analysis.matrices(p);
    switch (metric) {
    case UtilityMetric::TraceCovariance: return expectedSquaredError(mats, analysis.model.pi(), analysis.records);
    case UtilityMetric::Objective: return utilityObjective(mats);
    case UtilityMetric::VariationalDistance: {
        RandomSource rng = RandomSource::seeded(seed);
        const Eigen::VectorXd randomized = randomizeCounts(analysis.joint.counts(), analysis.dims, mats, rng);
        const Eigen::VectorXd estimate = reconstruct(mats, randomized / randomized.sum());
        const DistanceValue d = variationalDistance(analysis.model.pi(), estimate);
        if (!d.defined)
            throw DomainError("variational distance undefined: " + d.note);
        return d.value;
    }
    }
    return 0.0;
}

} // namespace rr::ui
