#pragma once
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace rr {

// s_max(k, m): the largest support of a k-itemset among the baskets of size m, as a fraction of those
// baskets (004 Sec. 4.4, step 1). The worst-case itemset model (eq. 15-16) builds its priors from it.
//
// Text format (the `--max-supports FILE` of the CLI), one line per basket size:
//     # comment                       ('#' starts a comment; blank lines are ignored)
//     5 0.553 0.212 0.0714            (m, then s_max(1, m), s_max(2, m), ... up to at most k = m)
//     * 0.575 0.331                   ('*': all baskets together, for operators blind to the size)
// Values are fractions in [0, 1] that do not increase with k (a superset is never more frequent);
// each m appears once; a line is at most 64 KiB. Sizes not listed have no maximum supports.
struct MaxSupports {
    std::vector<std::vector<double>> bySize; // bySize[m][k-1] = s_max(k, m); empty: size m not given
    std::vector<double> all;                 // s_max(k) over all baskets; empty: not given
    // Per size m: false when the search budget cut it short; its row then holds upper bounds
    // (s_max(k, m) <= s_max(k-1, m)), which only make the worst-case breach more pessimistic.
    std::vector<bool> exact;
    bool allExact = true;

    bool hasSize(int m) const { return m >= 0 && m < static_cast<int>(bySize.size()) && !bySize[m].empty(); }
    // s_max(k, m); 0 when k > m (a basket of size m holds no larger itemset). InputError when m is not
    // given or k is beyond its row while k <= m. m = -1 reads the all-baskets row (then k has no bound).
    double at(int k, int m) const;
    // The row s_max(1..K, m) with zeros appended up to `k` (k > m), for eq. 15.
    std::vector<double> row(int m, int k) const;
};

struct MaxSupportOptions {
    int maxItemsetSize = 7;                  // k = 1..this (and at most m for size m)
    std::vector<std::uint8_t> excludedItems; // items left out of every itemset (1 = excluded), e.g. public ones
    std::size_t maxNodes = 2'000'000;        // search nodes per basket size; beyond, upper bounds (see `exact`)
    double maxSubsets = 1'000'000;           // k-subsets counted at once per size (16 bytes each)
};

// Exact maximum supports by a depth-first search over itemsets in decreasing item frequency, pruned by
// anti-monotonicity against the best supports found so far; per basket size and over all baskets.
MaxSupports computeMaxSupports(const Transactions& baskets, const MaxSupportOptions& options = {},
                               const BasketProgress& progress = {});

MaxSupports parseMaxSupports(std::istream& in, const std::string& sourceName = "max supports");
void writeMaxSupports(std::ostream& out, const MaxSupports& maxSupports);

} // namespace rr
