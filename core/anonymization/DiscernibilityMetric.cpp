#include "core/anonymization/DiscernibilityMetric.h"

namespace rr {

double DiscernibilityMetric::value(const Partition& partition, const NodeAssessment& assessment) const
{
    double dm = 0;
    for (std::size_t i = 0; i < partition.classes.size(); ++i)
        if (i >= assessment.suppressed.size() || !assessment.suppressed[i])
            dm += partition.classes[i].size * partition.classes[i].size;
    return dm + assessment.suppressedRecords * partition.total;
}

} // namespace rr
