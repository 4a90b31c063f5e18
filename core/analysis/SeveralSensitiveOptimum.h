#pragma once
// The optimizer with several sensitive attributes (issue 22): one p per attribute of the analysis' table, the
// cheapest by 003 eq. 5.18 under max risk <= tau for every sensitive attribute at once (one constraint each, each
// over its own table: core/analysis/SeveralSensitive.h), and, when tau is out of reach, which attributes keep it so.
#include "core/analysis/SeveralSensitive.h"
#include "core/optimization/OptimalParameters.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace rr {

// One sensitive attribute's share of the answer.
struct SensitiveTargetOptimum {
    std::string attribute;
    double maxRisk = 0; // its max risk at the returned p
    // The lowest max risk any p reaches for it (its randomized attributes at p -> 1/d; 003 Property 1 on its
    // table), and its records that stay at or above tau whatever p is: tau is out of reach when there are any.
    double lowestMaxRisk = 0;
    double blockingRecords = 0;
    std::size_t blockingCells = 0;
    std::string reason; // why this attribute keeps tau out of reach; empty when it does not
};

struct SeveralSensitiveOptimum {
    // p per attribute of analysis.all (the QIs, then what is known, then the targets); lowestMaxRisk is the
    // largest of the targets'; blockingRecords/Cells are those of the target with the most blocking records.
    OptimizationResult result;
    std::vector<SensitiveTargetOptimum> targets; // in the analysis' order
    std::vector<int> randomized;                 // axes of analysis.all the mode randomizes
};

// The mode over several targets: RR-S randomizes the sensitive attributes, RR-QI every other attribute (the QIs
// and what attackers know), RR-Both all. With one target and nothing known, the answer is optimizeParameters'
// bit for bit. Throws InputError as optimizeParameters does.
// keepRunning: asked before every risk pass; false stops the search with Cancelled (the CLI's Ctrl+C).
SeveralSensitiveOptimum optimizeSeveralSensitive(const SeveralSensitiveAnalysis& analysis,
                                                 const OptimizationOptions& options,
                                                 std::function<bool()> keepRunning = {});

} // namespace rr
