#include "app/cli/ReidentificationJson.h"

#include "app/cli/Dataset.h"

namespace rr::cli {

OptionSpec reidentificationThresholdOption()
{
    return {"threshold", "T",
            "re-identification risk threshold in (0, 1]: the share of records above it (default 0.2, ARX's default "
            "highest-risk threshold)"};
}

double reidentificationThresholdFrom(const Options& options)
{
    if (auto t = options.value("threshold"))
        return parseTau(*t, "--threshold");
    return kDefaultReidentificationThreshold;
}

Json reidentificationSummaryJson(const ReidentificationSummary& s)
{
    Json j;
    j["max"] = s.max;
    j["mean"] = s.mean;
    j["above_threshold"] = s.aboveThreshold;
    j["sample_uniques"] = countValue(s.sampleUniques);
    j["histogram"] = s.histogram;
    return j;
}

Json reidentificationJson(const ReidentificationRisk& r)
{
    Json j;
    j["original"] = reidentificationSummaryJson(r.original);
    j["randomized"] = reidentificationSummaryJson(r.randomized);
    j["threshold"] = r.threshold;
    return j;
}

} // namespace rr::cli
