#pragma once
// What `basket breach` works on: the maximum supports s_max(k, m) (004 Sec. 4.4, step 1) from the original
// baskets (public items left out) or from a file, and the items whose share of the baskets reaches a level,
// which no operator can protect (004 Def. 4: the posterior never falls below the prior).
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "core/basketpipeline/ParameterSearch.h"
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
BreachSource breachSource(const Options& options, const OperatorParameters& args, int maxItemsetSize);

// Frequency-aware distortion's classes among the items not declared --public (core's frequencyClasses).
FrequencyClasses frequencyClasses(const BreachSource& src, double frequentSupport, int maxItemsetSize);

// The first ten as {"item", "baskets", "share"}.
Json blockingJson(const BasketFile& file, const Transactions& t, const Blocking& b);

// The items no operator can protect at `level` (unprotectableItems, public ones left out) with their support
// and the sizes (holding >= 1% of the baskets) where they reach it; a note names them.
Json blockingItemsJson(const BreachSource& src, double level, Notes& notes);

} // namespace rr::cli
