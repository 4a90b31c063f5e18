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

} // namespace rr::cli
