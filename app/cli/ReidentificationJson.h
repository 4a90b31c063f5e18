#pragma once
// The re-identification threshold option of `reidentification` and `risk` (their JSON: core/analysis/ReidentificationStep.h).
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/analysis/ReidentificationStep.h"

namespace rr::cli {

// --threshold T: the share of records above T (ARX's default highest-risk threshold, 0.2, when not given).
OptionSpec reidentificationThresholdOption();
// T in (0, 1] from --threshold, kDefaultReidentificationThreshold when not given; InputError otherwise.
double reidentificationThresholdFrom(const Options& options);

} // namespace rr::cli
