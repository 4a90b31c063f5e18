#include "core/anonymization/InformationLoss.h"

#include "core/anonymization/AecsMetric.h"
#include "core/anonymization/DiscernibilityMetric.h"
#include "core/anonymization/HeightMetric.h"
#include "core/data/Errors.h"

namespace rr {

LossMetricKind parseLossMetricKind(const std::string& name)
{
    if (name == "height")
        return LossMetricKind::Height;
    if (name == "aecs")
        return LossMetricKind::Aecs;
    if (name == "discernibility" || name == "dm")
        return LossMetricKind::Discernibility;
    throw InputError("unknown information-loss metric '" + name + "' (expected height, aecs or discernibility)");
}

std::string toString(LossMetricKind kind)
{
    switch (kind) {
    case LossMetricKind::Height: return "height";
    case LossMetricKind::Aecs: return "aecs";
    case LossMetricKind::Discernibility: return "discernibility";
    }
    return "?";
}

std::unique_ptr<InformationLossMetric> makeInformationLossMetric(LossMetricKind kind)
{
    switch (kind) {
    case LossMetricKind::Height: return std::make_unique<HeightMetric>();
    case LossMetricKind::Aecs: return std::make_unique<AecsMetric>();
    case LossMetricKind::Discernibility: return std::make_unique<DiscernibilityMetric>();
    }
    throw InputError("unknown information-loss metric");
}

} // namespace rr
