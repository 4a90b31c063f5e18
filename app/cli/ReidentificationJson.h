#pragma once
// Re-identification risk under randomization (issue 22) as JSON: what `reidentification` and `risk` print.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/risk/Reidentification.h"

namespace rr::cli {

// --threshold T: the share of records above T (ARX's default highest-risk threshold, 0.2, when not given).
OptionSpec reidentificationThresholdOption();
// T in (0, 1] from --threshold, kDefaultReidentificationThreshold when not given; InputError otherwise.
double reidentificationThresholdFrom(const Options& options);

// {"max", "mean", "above_threshold", "sample_uniques", "histogram"}: histogram = share of records in the bins
// [0, 0.1), [0.1, 0.2), ..., [0.9, 1].
Json reidentificationSummaryJson(const ReidentificationSummary& s);
// {"original": {...}, "randomized": {...}, "threshold": T}.
Json reidentificationJson(const ReidentificationRisk& r);

} // namespace rr::cli
