#pragma once
#include "core/baskets/Progress.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <vector>

namespace rr {

// The breach measured on the data (004 Sec. 5.4, Table 4): for an itemset A that occurs in randomized
// baskets of original size m, the share of those baskets whose original held item b, for the b in A that
// makes it largest.
struct EmpiricalBreachOptions {
    std::size_t minOccurrences = 1;          // itemsets seen in fewer randomized baskets of a size are skipped
    std::vector<std::uint8_t> excludedItems; // items b not considered (e.g. public ones); 1 = excluded
};

struct EmpiricalBreachCell {
    int m = 0;                // original basket size; -1 = all baskets together
    int k = 0;                // itemset size
    std::size_t itemsets = 0; // itemsets evaluated (occurring at least minOccurrences times)
    double worst = 0, average = 0;
    std::vector<std::uint32_t> worstItemset;
    std::uint32_t worstItem = 0;
    std::size_t worstOccurrences = 0; // randomized baskets holding the worst itemset
};

// Cells for every (m, k) with evaluated itemsets, plus m = -1 over all baskets. `itemsets`: ascending ids.
std::vector<EmpiricalBreachCell> empiricalBreaches(const Transactions& original, const BasketRelease& release,
                                                   const std::vector<std::vector<std::uint32_t>>& itemsets,
                                                   const EmpiricalBreachOptions& options = {},
                                                   const BasketProgress& progress = {});

// Table 4's two lines per size: the itemset size with the worst average, and with the worst single breach.
struct BreachSummaryRow {
    int m = 0;
    int worstAverageK = 0;
    double worstAverage = 0;
    int worstK = 0;
    double worst = 0;
};
std::vector<BreachSummaryRow> summarizeBySize(const std::vector<EmpiricalBreachCell>& cells);

} // namespace rr
