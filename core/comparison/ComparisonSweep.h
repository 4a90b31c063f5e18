#pragma once
#include "core/comparison/Comparison.h"

#include <functional>
#include <vector>

namespace rr {

// The comparison at every l of a range (003 Sec. 5.3.3 varies l from 2 to 7), for charts across l.
struct ComparisonSweep {
    std::vector<ComparisonResult> results; // one per l, in increasing l
    int lMin = 2, lMax = 2;
};

// Runs compareReleases for l = lMin..lMax with `base`'s other options (anatomy reads the records once per l).
// `progress(l, stage)` is called before each stage of each l; returning false cancels (ComparisonCancelled).
ComparisonSweep compareAcrossL(const ComparisonRecords& records, const std::vector<AttributeGeneralization>& qi,
                               const ComparisonOptions& base, int lMin, int lMax,
                               const std::function<bool(int l, const std::string& stage)>& progress = {});

} // namespace rr
