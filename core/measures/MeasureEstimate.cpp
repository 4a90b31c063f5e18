#include "core/measures/MeasureEstimate.h"

#include <cmath>

namespace rr {

MeasureValue domainValue(double value, const Domain& domain, const std::string& where)
{
    if (!domain.defined())
        return MeasureValue::undefined(where + domain.undefined);
    if (!std::isfinite(value))
        return MeasureValue::undefined(where + "the value is not finite");
    return MeasureValue::of(value);
}

void attachRanges(MeasureEstimate& e, const CriticalValues& levels, double lowest, double highest)
{
    if (!e.estimate.defined || !e.variance.defined)
        return;
    e.normal = rangeAround(e.estimate.value, e.variance.value, levels.normal, lowest, highest);
    e.chebyshev = rangeAround(e.estimate.value, e.variance.value, levels.chebyshev, lowest, highest);
}

} // namespace rr
