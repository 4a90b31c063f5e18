#pragma once
// Utility loss of a parameter vector on the analysed joint table: the trade-off's y axis.
#include "core/analysis/PreparedAnalysis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

enum class UtilityMetric {
    TraceCovariance,    // E||pi-hat - pi||^2 = trace(Sigma) (003 Lemma 4)
    Objective,          // prod_i ||P_i^-1||_F^2 (003 eq. 5.18, the optimizer's objective)
    VariationalDistance // d_V(pi, pi-hat) for one simulated randomization (seeded)
};

std::string metricKey(UtilityMetric m);            // "trace", "objective", "variational"
UtilityMetric parseMetric(const std::string& key); // throws InputError naming the choices

// Utility loss at the matrices of every axis of the joint table (analysis.matrices(p)). The variational
// distance randomizes the joint counts once with a seeded generator (reproducible exploration);
// DomainError when it is undefined.
double utilityLoss(const PreparedAnalysis& analysis, const std::vector<DistortionMatrix>& matrices,
                   UtilityMetric metric, std::uint64_t seed);

} // namespace rr
