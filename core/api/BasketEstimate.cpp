#include "core/api/BasketEstimate.h"

#include "core/baskets/ExpectedRecovery.h"

namespace rr::api {

BasketEstimateResult basketEstimateOf(const BasketEstimateRequest& request)
{
    BasketEstimateResult out;
    out.input = recoveryInputOf(request.release);
    out.alpha = request.alpha;
    const RecoveryInput& in = out.input;
    const auto itemsets = parseItemsets(in.release.file, in.release.release.baskets, request.itemsets, "itemsets");
    std::vector<double> truth;
    if (in.original)
        truth = trueSupports(in.original->baskets, itemsets);
    SupportEstimator estimator(in.release.release, in.op);
    out.recovered = recoverItemsets(estimator, itemsets, truth, request.alpha.value_or(0.05));
    return out;
}

} // namespace rr::api
