#pragma once
// The privacy read-out of one operator on one data set: 002's reconstruction probability where the operator
// keeps each item's bit with one probability per item class, and local differential privacy (epsilon) per
// basket size. Plain data for the CLI's JSON and the GUI's read-out.
#include "core/baskets/BasketOperator.h"
#include "core/baskets/PrivacyMeasures.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// Items whose presence bits are kept with one probability (per-item bits: all items; frequency-aware: the
// frequent and the other items).
struct KeepClass {
    std::string label; // "all items", "frequent items", "other items"
    double keep = 1.0;
    std::size_t items = 0; // items of the universe in the class
};

struct ReconstructionReadout {
    bool defined = false;
    std::string reason;   // why R(p, s) does not apply to the operator
    double overall = 0;   // R(p) (002 eq. 16) or R(fp, nfp) (002 eq. 17) over the items' supports
    std::string equation; // "002 eq. 16" or "002 eq. 17"
    std::vector<KeepClass> classes;
};

// Item supports s_i = itemCounts[i] / baskets. Defined for per-item bits and frequency-aware distortion
// only: 002's R(p, s) assumes each bit is kept with p and flipped otherwise.
ReconstructionReadout reconstructionReadout(const BasketOperator& op, const BasketSummary& summary);

struct SizeEpsilon {
    int m = -1; // -1: the operator is blind to the size (all baskets)
    std::size_t baskets = 0;
    BasketEpsilon epsilon;
};

struct EpsilonReadout {
    bool ldp = false; // every size with baskets has a finite epsilon
    double value = 0; // the largest finite epsilon over the sizes (0 when none)
    int worstM = -1;  // its size (-1: all baskets)
    std::string note; // why not LDP (the first unbounded size), or the scope of the value
    std::vector<SizeEpsilon> bySize;
};

// basketEpsilon for every basket size with baskets (or once for size-blind operators); a size where core
// refuses the bound (e.g. uniform with n < 2m) is unbounded with core's message as its note.
EpsilonReadout epsilonReadout(const BasketOperator& op, const BasketSummary& summary);

} // namespace rr
