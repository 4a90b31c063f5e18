#pragma once
// `basket transition` of the typed layer (issue 43): the operator's p[l -> l'] for baskets of size m and
// k-itemsets (004 Def. 10, Statement 2), and its size probabilities p_m[j] (004, after Remark 4.2).
// basketTransitionJson is the one place the result becomes the CLI's JSON.
#include "core/api/JsonValues.h"
#include "core/basketpipeline/OperatorParameters.h"

#include <Eigen/Dense>

#include <cstdint>
#include <optional>
#include <vector>

namespace rr::api {

struct BasketTransitionRequest {
    OperatorParameters op;
    std::optional<int> m, k;                // the basket and the itemset size (both needed)
    std::optional<std::uint32_t> itemCount; // the universe n: uniform only, which needs it
};

struct BasketTransitionResult {
    OperatorParameters op;
    int m = 0, k = 0;
    std::uint32_t itemCount = 0;
    Eigen::MatrixXd matrix;                          // matrix(l', l) = p[l -> l']
    std::optional<std::vector<double>> sizeProbabilities; // cut-and-paste and select-a-size
};

// InputError for frequency-aware distortion (not item-invariant), a missing size, parameters for another m, and
// a universe missing for uniform or given for another operator.
BasketTransitionResult basketTransitionOf(const BasketTransitionRequest& request);

Json basketTransitionJson(const BasketTransitionResult& result);

} // namespace rr::api
