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

double utilityLoss(const PreparedAnalysis& analysis, const std::vector<DistortionMatrix>& matrices,
                   UtilityMetric metric, std::uint64_t seed)
{
    switch (metric) {
    case UtilityMetric::TraceCovariance: return expectedSquaredError(matrices, analysis.model.pi(), analysis.records);
    case UtilityMetric::Objective: return utilityObjective(matrices);
    case UtilityMetric::VariationalDistance: {
        RandomSource rng = RandomSource::seeded(seed);
        const Eigen::VectorXd randomized = randomizeCounts(analysis.joint.counts(), analysis.dims, matrices, rng);
        const Eigen::VectorXd estimate = reconstruct(matrices, randomized / randomized.sum());
        const DistanceValue d = variationalDistance(analysis.model.pi(), estimate);
        if (!d.defined)
            throw DomainError("variational distance undefined: " + d.note);
        return d.value;
    }
    }
    return 0.0;
}

} // namespace rr
