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

enum class LossMetricKind { Height, Aecs, Discernibility };

// The one mapping between option names and kinds: "height", "aecs", "discernibility" (or "dm");
// InputError naming the choices otherwise.
LossMetricKind parseLossMetricKind(const std::string& name);
std::string toString(LossMetricKind kind);

std::unique_ptr<InformationLossMetric> makeInformationLossMetric(LossMetricKind kind);

} // namespace rr
