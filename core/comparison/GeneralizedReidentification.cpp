#include "core/comparison/GeneralizedReidentification.h"

namespace rr {

ReidentificationSummary generalizedReidentification(const Partition& partition, const std::vector<char>& suppressed,
                                                    double threshold)
{
    // One "cell" per released class: its records share the risk 1 / size.
    std::vector<ReidentificationCell> classes;
    classes.reserve(partition.classes.size());
    for (std::size_t c = 0; c < partition.classes.size(); ++c) {
        const double size = partition.classes[c].size;
        if ((c < suppressed.size() && suppressed[c]) || size <= 0)
            continue;
        classes.push_back({c, size, 1.0 / size, 1.0 / size});
    }
    return summarizeReidentification(classes, false, threshold);
}

} // namespace rr
