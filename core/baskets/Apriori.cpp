#include "core/baskets/Apriori.h"

#include "core/baskets/ItemsetCounter.h"
#include "core/baskets/SupportEstimator.h"
#include "core/data/Errors.h"
#include "core/rules/AprioriCandidates.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace rr {

namespace {

using Itemset = std::vector<std::uint32_t>;

struct Judged {
    double support = 0, sigma = 0;
    bool defined = true, sigmaDefined = true;
};

void checkOptions(const BasketMiningOptions& o)
{
    if (!(o.minSupport > 0.0 && o.minSupport <= 1.0))
        throw InputError("the minimum support must lie in (0, 1] (a fraction of the baskets), got " +
                         std::to_string(o.minSupport));
    if (o.maxItemsetSize < 1 || o.maxItemsetSize > 16)
        throw InputError("the largest itemset size to mine must lie in 1..16, got " + std::to_string(o.maxItemsetSize));
    if (!(o.candidateSigmas >= 0.0))
        throw InputError("the candidate limit's number of sigmas must be non-negative");
}

// The next size's candidates, refused past the limit before the level is built whole.
std::vector<Itemset> nextCandidates(const std::vector<Itemset>& kept, std::size_t maxCandidates, int k)
{
    std::vector<Itemset> out = aprioriCandidates(kept, maxCandidates);
    if (out.size() > maxCandidates)
        throw DomainError("Apriori at itemset size " + std::to_string(k) + " has more than " +
                          std::to_string(maxCandidates) +
                          " candidates (the limit); raise the minimum support or lower the candidate sigmas");
    return out;
}

// The levelwise search shared by exact and recovered mining.
BasketMiningResult levelwise(ItemsetCounter& counter, const BasketMiningOptions& o, double candidateSigmas,
                             const std::function<Judged(const Itemset&)>& judge, const BasketProgress& progress)
{
    BasketMiningResult result;
    std::vector<Itemset> candidates;
    for (std::uint32_t a = 0; a < counter.itemCount(); ++a)
        candidates.push_back({a});
    for (int k = 1;; ++k) {
        if (candidates.empty()) {
            result.stopReason = "no candidates of size " + std::to_string(k) + " are left";
            break;
        }
        if (k > o.maxItemsetSize) {
            result.stopReason = "reached the largest itemset size " + std::to_string(o.maxItemsetSize);
            break;
        }
        if (k == 2) { // count pairs and beyond with the bitsets of the kept items only
            Itemset items;
            for (const auto& c : candidates)
                items.insert(items.end(), c.begin(), c.end());
            counter.index(items);
        }
        MiningLevel level;
        level.k = k;
        level.candidates = candidates.size();
        std::vector<Itemset> kept;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            const Judged j = judge(candidates[i]);
            if (!j.defined) {
                ++level.undefinedEstimate;
                continue;
            }
            const double sigma = j.sigmaDefined ? j.sigma : 0.0;
            level.undefinedSigma += !j.sigmaDefined;
            if (j.support >= o.minSupport - candidateSigmas * sigma) { // 004 Sec. 4.5, candidate limit
                kept.push_back(candidates[i]);
                if (j.support >= o.minSupport) {
                    result.frequent.push_back({candidates[i], j.support, sigma, j.sigmaDefined});
                    ++level.frequent;
                }
            }
            if ((i & 1023) == 1023)
                reportProgress(progress,
                               std::min(1.0, (k - 1 + static_cast<double>(i) / candidates.size()) / o.maxItemsetSize));
        }
        level.kept = kept.size();
        result.levels.push_back(level);
        if (level.undefinedEstimate == level.candidates && level.candidates > 0) {
            result.stopReason = "no support of size " + std::to_string(k) + " can be recovered (singular p[l -> l'])";
            break;
        }
        candidates = nextCandidates(kept, o.maxCandidates, k + 1);
    }
    reportProgress(progress, 1.0);
    return result;
}

} // namespace

BasketMiningResult mineOriginal(const Transactions& baskets, const BasketMiningOptions& o,
                                const BasketProgress& progress)
{
    checkOptions(o);
    ItemsetCounter counter(baskets, std::vector<std::uint32_t>(baskets.size(), 0), 1, o.maxIndexBytes);
    const double N = std::max<double>(1.0, static_cast<double>(baskets.size()));
    return levelwise(
        counter, o, 0.0,
        [&](const Itemset& s) {
            Judged j;
            j.support = static_cast<double>(counter.count(s)[0]) / N;
            return j;
        },
        progress);
}

BasketMiningResult mineRelease(const BasketRelease& release, const BasketOperator& op, const BasketMiningOptions& o,
                               const BasketProgress& progress)
{
    checkOptions(o);
    SupportEstimator estimator(release, op, o.maxIndexBytes);
    return levelwise(
        estimator.counter(), o, o.candidateSigmas,
        [&](const Itemset& s) {
            const SupportValue v = estimator.value(s);
            Judged j;
            j.defined = v.defined;
            j.support = v.estimate;
            j.sigmaDefined = v.varianceDefined;
            j.sigma = v.varianceDefined ? std::sqrt(v.variance) : 0.0;
            return j;
        },
        progress);
}

} // namespace rr
