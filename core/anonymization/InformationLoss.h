#pragma once
#include "core/anonymization/EquivalenceClasses.h"
#include "core/anonymization/PrivacyModel.h"

#include <memory>
#include <string>

namespace rr {

// An information-loss metric of a generalized release (lower is better); the lattice search
// knows metrics only through this interface (one metric, one file).
class InformationLossMetric {
public:
    virtual ~InformationLossMetric() = default;
    virtual std::string name() const = 0;
    virtual double value(const Partition& partition, const NodeAssessment& assessment) const = 0;
    // Never decreases from a node to its generalizations (then the optimum lies on the
    // minimal anonymous nodes). `withSuppression`: when records may be suppressed.
    virtual bool monotone(bool withSuppression) const = 0;
};

// "height", "aecs" or "discernibility"; InputError otherwise.
std::unique_ptr<InformationLossMetric> makeInformationLossMetric(const std::string& name);

} // namespace rr
