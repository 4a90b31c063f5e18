#include "core/loglinear/KornCriterion.h"

#include <algorithm>

namespace rr {

KornVerdict kornCriterion(const HierarchicalModel& model, const std::vector<int>& randomizedAxes,
                          const std::vector<char>& letters)
{
    KornVerdict v;
    const std::string name = formatModel(model, letters);
    std::string detail;
    for (int axis : randomizedAxes) {
        std::vector<std::string> holders;
        for (const auto& g : model.generators)
            if (std::find(g.begin(), g.end(), axis) != g.end())
                holders.push_back(formatTerm(g, letters));
        if (holders.size() < 2)
            continue;
        v.preserved = false;
        v.repeatedAxes.push_back(axis);
        if (!detail.empty())
            detail += "; ";
        detail += std::string("randomized ") + letters.at(static_cast<std::size_t>(axis)) + " appears in ";
        for (std::size_t k = 0; k < holders.size(); ++k)
            detail += (k == 0 ? "" : (k + 1 == holders.size() ? " and " : ", ")) + holders[k];
    }
    if (v.preserved) {
        v.reason = randomizedAxes.empty() ? "no attribute is randomized: model (" + name + ") is trivially preserved"
                                          : "model (" + name +
                                                ") is preserved (Korn, 003 Theorem 2): no randomized attribute appears "
                                                "in more than one generator";
    } else {
        v.reason = "model (" + name + ") is not guaranteed to be preserved (Korn, 003 Theorem 2): " + detail +
                   ", so randomization may create associations the original data do not have";
    }
    return v;
}

} // namespace rr
