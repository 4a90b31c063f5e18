#pragma once
// The weakest parameters that keep the worst-case breach under a level (004 Sec. 4.4): per basket size for
// cut-and-paste (each cutoff, then the one with the lowest discoverable supports, 004 Sec. 5.1), select-a-size
// and uniform randomization; over all baskets for per-item bits and frequency-aware distortion's two classes.
#include "app/cli/BasketBreachSource.h"
#include "core/baskets/BreachParameters.h"

namespace rr::cli {

struct BreachSearch {
    Json parameters;       // per operator: "sizes" / "keep_probability" / "fp" and "nfp"
    bool feasible = false; // every size (or class) has parameters
};

// Sizes that cannot reach the level name the items that block them (from --data) and add a note;
// --write-rho-table writes cut-and-paste's choice for --rho-table.
BreachSearch searchParameters(const OperatorParameters& args, const BreachSource& src, const BreachTarget& target,
                              const Options& options, Notes& notes);

} // namespace rr::cli
