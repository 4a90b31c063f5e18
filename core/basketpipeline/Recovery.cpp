#include "core/basketpipeline/Recovery.h"

#include <algorithm>

namespace rr {

std::vector<std::size_t> originalSizeHistogram(const BasketRelease& release)
{
    const auto& sizes = release.originalSizes;
    const std::uint32_t maxSize = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
    std::vector<std::size_t> histogram(maxSize + 1, 0);
    for (std::uint32_t m : sizes)
        ++histogram[m];
    return histogram;
}

BasketOperator releaseOperator(const OperatorParameters& parameters, const BasketRelease& release,
                               std::vector<std::uint8_t> frequentItems)
{
    const std::vector<std::size_t> histogram =
        needsSizes(parameters.kind) ? originalSizeHistogram(release) : std::vector<std::size_t>{};
    return buildOperator(parameters, histogram, release.baskets.itemCount, std::move(frequentItems));
}

std::vector<RecoveredItemset> recoverItemsets(SupportEstimator& estimator,
                                              const std::vector<std::vector<std::uint32_t>>& itemsets,
                                              const std::vector<double>& trueSupports, double alpha)
{
    const std::vector<BasketSupportEstimate> estimates = estimator.estimateAll(itemsets);
    std::vector<RecoveredItemset> out;
    for (std::size_t j = 0; j < itemsets.size(); ++j) {
        RecoveredItemset r;
        r.items = itemsets[j];
        if (j < trueSupports.size())
            r.trueSupport = trueSupports[j];
        r.estimate = estimates[j];
        r.rangeDefined = r.estimate.defined && r.estimate.varianceDefined;
        if (r.rangeDefined) {
            r.range = supportRange(r.estimate, alpha, IntervalKind::Normal);
            r.chebyshev = supportRange(r.estimate, alpha, IntervalKind::Chebyshev);
        } else {
            r.reason = r.estimate.reason;
        }
        out.push_back(std::move(r));
    }
    return out;
}

MiningRun mineAgainstOriginal(const Transactions& original, const BasketRelease& release, const BasketOperator& op,
                              SupportEstimator& estimator, const BasketMiningOptions& options,
                              const BasketProgress& progress)
{
    const auto half = [&](double from) -> BasketProgress {
        if (!progress)
            return {};
        return [progress, from](double f) { return progress(from + 0.5 * f); };
    };
    MiningRun run;
    run.truth = mineOriginal(original, options, half(0));
    run.found = mineRelease(release, op, options, half(0.5)); // 004 Sec. 4.5
    run.comparison =
        compareMining(run.truth, run.found, options.minSupport, options.maxItemsetSize, estimator, original);
    return run;
}

} // namespace rr
