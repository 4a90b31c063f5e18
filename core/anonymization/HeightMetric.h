#pragma once
#include "core/anonymization/InformationLoss.h"

namespace rr {

// Generalization steps (Samarati): the sum of the node's levels. Monotone, suppression or not.
class HeightMetric : public InformationLossMetric {
public:
    std::string name() const override { return "height"; }
    double value(const Partition& partition, const NodeAssessment& assessment) const override;
    bool monotone(bool) const override { return true; }
};

} // namespace rr
