#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"
#include "core/randomization/RandomSource.h"

#include <cstdint>
#include <vector>

namespace rr {

// A randomized release: the randomized baskets and each basket's original size m, which 004's
// recovery needs (Sec. 4.4: the server knows m; written beside the release as FILE.sizes).
struct BasketRelease {
    Transactions baskets;                     // same universe and labels as the original
    std::vector<std::uint32_t> originalSizes; // one per basket
};

struct RandomizeOptions {
    // A release is refused before any allocation when its expected item occurrences exceed this
    // (select-a-size adds about rho * n items to every basket: rho = 0.3 on 16,470 items is ~5,000 a basket).
    double maxOccurrences = 200'000'000;
};

// Expected item occurrences of the release (sum over baskets of the expected randomized size).
double expectedReleaseOccurrences(const BasketSummary& summary, const BasketOperator& op);

// Randomizes every basket independently (004 Def. 5) with `rng` (RandomSource::secure() for a
// release, seeded only for exploration). Validates the operator first (InputError), refuses a
// release above options.maxOccurrences (DomainError stating the expected size and the limit).
BasketRelease randomizeBaskets(const Transactions& transactions, const BasketOperator& op, RandomSource& rng,
                               const RandomizeOptions& options = {}, const BasketProgress& progress = {});

// The release as it is written: its baskets in a uniformly random order (Fisher-Yates with `rng`), each
// basket's original size moving with it, so a line's position says nothing about which original basket it
// is (the input is often sorted by customer, store or date). randomizeBaskets keeps the input's order for the
// analyses that pair each basket with its randomized one.
BasketRelease inRandomOrder(const BasketRelease& release, RandomSource& rng);

} // namespace rr
