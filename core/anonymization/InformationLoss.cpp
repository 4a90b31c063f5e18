#include "core/anonymization/InformationLoss.h"

#include "core/anonymization/AecsMetric.h"
#include "core/anonymization/DiscernibilityMetric.h"
#include "core/anonymization/HeightMetric.h"
#include "core/data/Errors.h"

namespace rr {

std::unique_ptr<InformationLossMetric> makeInformationLossMetric(const std::string& name)
{
    if (name == "height")
        return std::make_unique<HeightMetric>();
    if (name == "aecs")
        return std::make_unique<AecsMetric>();
    if (name == "discernibility" || name == "dm")
        return std::make_unique<DiscernibilityMetric>();
    throw InputError("unknown information-loss metric '" + name + "' (expected height, aecs or discernibility)");
}

} // namespace rr
