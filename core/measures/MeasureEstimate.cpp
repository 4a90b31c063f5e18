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

void attachRanges(MeasureEstimate& e, double alpha, double lowest, double highest)
{
    if (!e.estimate.defined || !e.variance.defined)
        return;
    e.normal = interquantileRange(e.estimate.value, e.variance.value, alpha, IntervalKind::Normal, lowest, highest);
    e.chebyshev =
        interquantileRange(e.estimate.value, e.variance.value, alpha, IntervalKind::Chebyshev, lowest, highest);
}

} // namespace rr
