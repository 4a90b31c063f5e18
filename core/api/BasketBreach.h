#pragma once
// `basket breach` of the typed layer (issue 43): worst-case privacy breaches of an operator (004 Def. 4, Sec.
// 4.4, eq. 15-16) per basket size and itemset size, and the weakest parameters that keep them under a level
// (004 Sec. 4.4, 5.1), with the items whose prior already reaches the level named. basketBreachJson is the one
// place the result becomes the CLI's JSON.
#include "core/api/BasketFiles.h"
#include "core/api/JsonValues.h"
#include "core/basketpipeline/OperatorParameters.h"
#include "core/basketpipeline/ParameterSearch.h"
#include "core/baskets/Breach.h"
#include "core/baskets/BreachParameters.h"
#include "core/baskets/MaxSupports.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rr::api {

// Exactly one of `data` and `maxSupportsFile`; the options of the other are refused by the front end.
struct BasketBreachRequest {
    OperatorParameters op;
    BreachTarget target{0.5, 5};
    std::optional<BasketDataRequest> data;      // the original baskets (s_max computed, 004 Sec. 4.4 step 1)
    std::optional<std::string> maxSupportsFile; // or their maximum supports s_max(k, m) as given
    std::optional<std::size_t> basketsPerSize;  // with the file: the baskets of each size listed
    std::uint32_t universe = 0;                 // with the file: uniform's item universe n
    std::vector<std::string> publicItems;       // with data: left out of the requirement
    std::optional<int> maxBasketSize;           // with data: longer baskets withheld (004 Sec. 5.3)
    CutAndPasteSearch cutoffs;                  // cut-and-paste: the cutoffs searched
    std::optional<std::string> rhoTableFile;    // cut-and-paste: where the chosen 'm K_m rho_m' lines go
};

// What the breach works on: the maximum supports and, from the data, the baskets behind them.
struct BreachSource {
    std::optional<LoadedBaskets> data;
    std::string maxSupportsFile;           // when there is no data
    std::size_t withheldBaskets = 0;       // longer than maxBasketSize
    bool basketsWithheld = false;          // maxBasketSize was given
    std::vector<std::uint8_t> publicItems; // one flag per item
    MaxSupports maxSupports;
    std::vector<std::size_t> histogram; // baskets per size (basketsPerSize with a file)
    std::uint32_t itemCount = 0;
};

// InputError for what does not fit the source or the operator; the maximum supports file read and parsed.
BreachSource breachSourceOf(const BasketBreachRequest& request);

// Frequency-aware distortion's classes among the items not declared public (core's frequencyClasses).
FrequencyClasses breachFrequencyClasses(const BreachSource& src, double frequentSupport, int maxItemsetSize);

// The weakest parameters meeting the level (004 Sec. 4.4), as the CLI writes them: per operator "sizes" /
// "keep_probability" / "fp" and "nfp"; the notes on sizes that cannot reach it.
struct BreachSearch {
    Json parameters;
    bool feasible = false; // every size (or class) has parameters
    Notes notes;
};
// Writes cut-and-paste's choice to request.rhoTableFile when given.
BreachSearch breachSearchOf(const BasketBreachRequest& request, const BreachSource& src);

struct BasketBreachResult {
    OperatorParameters op;
    BreachTarget target;
    BreachSource source;
    std::optional<std::size_t> onlySize;    // select-a-size with one size's p_m[j]: only that size
    std::optional<BreachReport> breaches;   // the given operator's (004 eq. 15-16)
    BreachSearch search;
    std::optional<std::string> rhoTableFile;
};

BasketBreachResult basketBreachOf(const BasketBreachRequest& request);

Json basketBreachJson(const BasketBreachResult& result);

} // namespace rr::api
