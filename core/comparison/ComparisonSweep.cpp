#include "core/comparison/ComparisonSweep.h"

#include "core/data/Errors.h"

namespace rr {

ComparisonSweep compareAcrossL(const ComparisonRecords& records, const std::vector<AttributeGeneralization>& qi,
                               const ComparisonOptions& base, int lMin, int lMax,
                               const std::function<bool(int l, const std::string& stage)>& progress)
{
    if (lMin < 2 || lMax < lMin)
        throw InputError("the comparison needs 2 <= l_min <= l_max, got " + std::to_string(lMin) + ".." +
                         std::to_string(lMax));
    ComparisonSweep sweep;
    sweep.lMin = lMin;
    sweep.lMax = lMax;
    for (int l = lMin; l <= lMax; ++l) {
        ComparisonOptions o = base;
        o.l = l;
        if (progress)
            o.progress = [&progress, l](const std::string& stage) { return progress(l, stage); };
        sweep.results.push_back(compareReleases(records, qi, o));
    }
    return sweep;
}

} // namespace rr
