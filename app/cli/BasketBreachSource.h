#pragma once
// What `basket breach` works on: the maximum supports s_max(k, m) (004 Sec. 4.4, step 1) from the original
// baskets (public items left out) or from a file, and the items whose share of the baskets reaches a level,
// which no operator can protect (004 Def. 4: the posterior never falls below the prior).
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorArgs.h"
#include "core/baskets/MaxSupports.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rr::cli {

// What the breach works on: the maximum supports and, from --data, the baskets behind them.
struct BreachSource {
    std::optional<LoadedBaskets> data;
    std::size_t withheldBaskets = 0;       // longer than --max-basket-size
    std::vector<std::uint8_t> publicItems; // --public, one flag per item
    MaxSupports maxSupports;
    std::vector<std::size_t> histogram; // baskets per size (from --baskets with a --max-supports file)
    std::uint32_t itemCount = 0;
};

// --data (with --columns, --items, --public, --max-basket-size) or --max-supports (with --baskets, --items);
// InputError for options that do not fit the source or the operator.
BreachSource breachSource(const Options& options, const OperatorArgs& args, int maxItemsetSize);

// s_max(1..K, m) with zeros past m, as far as the row of size m reaches (the core's convention).
std::vector<double> sizeRow(const MaxSupports& s, int m, int K);

// Frequency-aware distortion's classes (002 Alg. 2) with the all-baskets s_max row among each one's
// non-public items.
struct FrequencyClasses {
    std::vector<std::uint8_t> frequent;
    std::vector<double> frequentRow, otherRow;
};
FrequencyClasses frequencyClasses(const BreachSource& src, double frequentSupport, int maxItemsetSize);

// Items whose share among the baskets of size m (m = -1: all) reaches the level, public ones left out.
struct Blocking {
    std::vector<std::pair<std::uint32_t, std::size_t>> items; // (item, baskets), most frequent first
    std::size_t baskets = 0;
};
std::map<int, Blocking> blockingBySize(const Transactions& t, const std::vector<std::uint8_t>& publicItems,
                                       const std::vector<int>& sizes, double level);
// The first ten as {"item", "baskets", "share"}.
Json blockingJson(const BasketFile& file, const Transactions& t, const Blocking& b);

// The items no operator can protect at `level` (unprotectableItems, public ones left out) with their support
// and the sizes (holding >= 1% of the baskets) where they reach it; a note names them.
Json blockingItemsJson(const BreachSource& src, double level, Notes& notes);

// "57.48%" for messages.
std::string percent(double v);

} // namespace rr::cli
