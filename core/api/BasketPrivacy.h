#pragma once
// `basket privacy` of the typed layer (issue 43): 002's reconstruction probability R(p, s) (eq. 13-17) and the
// operator's local differential privacy epsilon per basket size, on the original baskets. basketPrivacyJson is
// the one place the result becomes the CLI's JSON.
#include "core/api/BasketFiles.h"
#include "core/api/JsonValues.h"
#include "core/basketpipeline/OperatorParameters.h"
#include "core/baskets/OperatorPrivacy.h"

#include <optional>
#include <vector>

namespace rr::api {

struct BasketPrivacyRequest {
    OperatorParameters op;
    BasketDataRequest data;                                    // the original baskets
    std::vector<double> supports{0.0001, 0.001, 0.01, 0.1, 0.5}; // where R(p, s) is listed
};

struct BasketPrivacyResult {
    OperatorParameters op;
    LoadedBaskets data;
    std::vector<double> supports;
    std::optional<std::size_t> onlySize; // select-a-size with one size's p_m[j]: only that size
    ReconstructionReadout reconstruction;
    EpsilonReadout epsilon;
};

// InputError for frequency-aware distortion without its frequent support, and for data or parameters that do
// not fit.
BasketPrivacyResult basketPrivacyOf(const BasketPrivacyRequest& request);

Json basketPrivacyJson(const BasketPrivacyResult& result);

} // namespace rr::api
