#include "core/optimization/RiskConstraint.h"

namespace rr {

std::string ModelRiskConstraint::attributeName(int axis) const
{
    const auto& names = m_model.joint().names();
    if (axis < static_cast<int>(names.size()) && !names[static_cast<std::size_t>(axis)].empty())
        return names[static_cast<std::size_t>(axis)];
    return "attribute " + std::to_string(axis + 1);
}

} // namespace rr
