#include "core/anonymization/AecsMetric.h"

namespace rr {

double AecsMetric::value(const Partition& partition, const NodeAssessment& assessment) const
{
    std::size_t classes = 0;
    for (std::size_t i = 0; i < partition.classes.size(); ++i)
        if (i >= assessment.suppressed.size() || !assessment.suppressed[i])
            ++classes;
    if (assessment.suppressedRecords > 0)
        ++classes;
    return classes == 0 ? 0.0 : partition.total / static_cast<double>(classes);
}

} // namespace rr
