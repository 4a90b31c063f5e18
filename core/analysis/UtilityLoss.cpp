#include "core/analysis/UtilityLoss.h"

#include "core/data/Errors.h"
#include "core/estimation/Distances.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

namespace rr {

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

} // namespace rr
