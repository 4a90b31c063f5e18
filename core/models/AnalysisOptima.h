#pragma once
// The p for one analysis beside today's (issue 44): `optimize --for` and the GUI's Optimize "for this analysis" run
// this one path. The same search twice under the same constraints: once for 003's prod_i ||P_i^-1||_F^2 (today's
// optimum), once for the analysis' expected variance (core/models/AnalysisObjective.h); both objectives at both.
#include "core/models/AnalysisObjective.h"
#include "core/optimization/OptimalParameters.h"

#include <functional>

namespace rr {

struct AnalysisOptima {
    OptimizationResult forAnalysis;      // objective (003's) and analysisObjective at the analysis' optimum
    OptimizationResult classic;          // today's optimum (003's objective alone)
    double classicAnalysisObjective = 0; // the analysis' objective at today's optimum
};

// `search` runs the optimizer (one sensitive attribute or several) under `options`; it is called for today's
// optimum first, then with options.objective = analysis.value.
AnalysisOptima optimizeForAnalysis(const AnalysisObjective& analysis, OptimizationOptions options,
                                   const std::function<OptimizationResult(const OptimizationOptions&)>& search);

} // namespace rr
