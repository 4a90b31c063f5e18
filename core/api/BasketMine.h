#pragma once
// `basket mine` of the typed layer (issue 43): frequent itemsets of a release by 004's modified Apriori (Sec.
// 4.5), and with the original the comparison of 004 Tables 1-3 and 002's accuracy. basketMineJson is the one
// place the result becomes the CLI's JSON.
#include "core/api/BasketRecovery.h"
#include "core/api/JsonValues.h"
#include "core/baskets/Apriori.h"

#include <optional>

namespace rr::api {

struct BasketMineRequest {
    BasketReleaseRequest release;
    BasketMiningOptions mining; // s_min, the largest itemset size, the candidate sigmas
};

struct BasketMineResult {
    RecoveryInput input;
    BasketMiningOptions mining;
    BasketMiningResult found;
    std::optional<MiningRun> run; // with the original: both mined and compared
};

// InputError for a release or an original that does not fit (recoveryInputOf).
BasketMineResult basketMineOf(const BasketMineRequest& request);

Json basketMineJson(const BasketMineResult& result);

} // namespace rr::api
