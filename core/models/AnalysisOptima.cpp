#include "core/models/AnalysisOptima.h"

namespace rr {

AnalysisOptima optimizeForAnalysis(const AnalysisObjective& analysis, OptimizationOptions options,
                                   const std::function<OptimizationResult(const OptimizationOptions&)>& search)
{
    AnalysisOptima o;
    options.objective = {};
    o.classic = search(options);
    o.classicAnalysisObjective = analysis.value(o.classic.p);
    options.objective = analysis.value;
    o.forAnalysis = search(options);
    return o;
}

} // namespace rr
