#include "core/anonymization/HeightMetric.h"

#include <numeric>

namespace rr {

double HeightMetric::value(const Partition& partition, const NodeAssessment&) const
{
    return std::accumulate(partition.node.begin(), partition.node.end(), 0.0);
}

} // namespace rr
