#pragma once
// `basket estimate` of the typed layer (issue 43): itemset supports recovered from a release with their
// variances and partial supports (004 Sec. 4.3, Statement 3; 003 eq. 3.3 for per-item bits), and ranges (004
// Sec. 4.5, 003 Result 1). basketEstimateJson is the one place the result becomes the CLI's JSON.
#include "core/api/BasketRecovery.h"
#include "core/api/JsonValues.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct BasketEstimateRequest {
    BasketReleaseRequest release;
    std::string itemsets;        // "1 2;3 4 5": ids or a CSV's column names, itemsets separated by ';'
    std::optional<double> alpha; // ranges at level 1 - alpha; none without
};

struct BasketEstimateResult {
    RecoveryInput input;
    std::optional<double> alpha;
    std::vector<RecoveredItemset> recovered; // in the order asked, with the true support given the original
};

// InputError for a release or an original that does not fit, and for itemsets that name no item of it.
BasketEstimateResult basketEstimateOf(const BasketEstimateRequest& request);

Json basketEstimateJson(const BasketEstimateResult& result);

} // namespace rr::api
