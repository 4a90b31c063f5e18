#pragma once
#include "core/anonymization/InformationLoss.h"

namespace rr {

// Average equivalence class size (LeFevre et al., Mondrian; used by Machanavajjhala et al.):
// records / equivalence classes, the suppressed records counting as one class of their own
// (they are indistinguishable from each other). Monotone without suppression: a generalization
// merges classes. With suppression, a generalization can release more classes.
class AecsMetric : public InformationLossMetric {
public:
    std::string name() const override { return "aecs"; }
    double value(const Partition& partition, const NodeAssessment& assessment) const override;
    bool monotone(bool withSuppression) const override { return !withSuppression; }
};

} // namespace rr
