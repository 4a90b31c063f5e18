#pragma once
#include "core/anonymization/InformationLoss.h"

namespace rr {

// Discernibility (Bayardo and Agrawal): sum over released classes of |E|^2, plus |T| for every
// suppressed record (it is indistinguishable from the whole table). Monotone without suppression
// ((a + b)^2 >= a^2 + b^2); with suppression a generalization can release suppressed records.
class DiscernibilityMetric : public InformationLossMetric {
public:
    std::string name() const override { return "discernibility"; }
    double value(const Partition& partition, const NodeAssessment& assessment) const override;
    bool monotone(bool withSuppression) const override { return !withSuppression; }
};

} // namespace rr
