#include "core/baskets/Apriori.h"

#include "core/baskets/ItemsetCounter.h"
#include "core/baskets/SupportEstimator.h"
#include "core/data/Errors.h"
#include "core/itemsets/Levelwise.h"

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

// 004 Sec. 4.5, one candidate: dropped below the candidate limit s_min - c sigma, else kept to generate the
// next size, and output at or above s_min.
bool keepItemset(const Itemset& s, const Judged& j, const BasketMiningOptions& o, double candidateSigmas,
                 BasketMiningResult& result)
{
    MiningLevel& level = result.levels.back();
    if (!j.defined) {
        ++level.undefinedEstimate;
        return false;
    }
    const double sigma = j.sigmaDefined ? j.sigma : 0.0;
    level.undefinedSigma += !j.sigmaDefined;
    if (j.support < o.minSupport - candidateSigmas * sigma)
        return false;
    if (j.support >= o.minSupport) {
        result.frequent.push_back({s, j.support, sigma, j.sigmaDefined});
        ++level.frequent;
    }
    return true;
}

std::string stopReason(const LevelwiseRun& run, const BasketMiningResult& result, int maxItemsetSize)
{
    if (run.stop == LevelwiseStop::MaxSize)
        return "reached the largest itemset size " + std::to_string(maxItemsetSize);
    const MiningLevel* last = result.levels.empty() ? nullptr : &result.levels.back();
    if (last && last->undefinedEstimate == last->candidates)
        return "no support of size " + std::to_string(last->k) + " can be recovered (singular p[l -> l'])";
    return "no candidates of size " + std::to_string(run.stopSize) + " are left";
}

// Apriori (core/itemsets) with the baskets' judgement, shared by exact and recovered mining.
BasketMiningResult mineLevels(ItemsetCounter& counter, const BasketMiningOptions& o, double candidateSigmas,
                              const std::function<Judged(const Itemset&)>& judge, const BasketProgress& progress)
{
    LevelwiseOptions search;
    search.maxSize = o.maxItemsetSize;
    search.limit = {o.maxCandidates, false, "raise the minimum support or lower the candidate sigmas"};
    search.progress = [&](double fraction) { reportProgress(progress, fraction); };
    BasketMiningResult result;
    const auto startLevel = [&](int k, const std::vector<Itemset>& candidates) {
        if (k == 2) { // count pairs and beyond with the bitsets of the kept items only
            Itemset items;
            for (const auto& c : candidates)
                items.insert(items.end(), c.begin(), c.end());
            counter.index(items);
        }
        MiningLevel level;
        level.k = k;
        level.candidates = candidates.size();
        result.levels.push_back(level);
    };
    const LevelwiseRun run = levelwise<std::uint32_t>(counter.itemCount(), search, startLevel, [&](const Itemset& s) {
        return keepItemset(s, judge(s), o, candidateSigmas, result);
    });
    for (std::size_t i = 0; i < run.levels.size(); ++i)
        static_cast<LevelCount&>(result.levels[i]) = run.levels[i];
    result.stopReason = stopReason(run, result, o.maxItemsetSize);
    return result;
}

} // namespace

BasketMiningResult mineOriginal(const Transactions& baskets, const BasketMiningOptions& o,
                                const BasketProgress& progress)
{
    checkOptions(o);
    ItemsetCounter counter(baskets, std::vector<std::uint32_t>(baskets.size(), 0), 1, o.maxIndexBytes);
    const double N = std::max<double>(1.0, static_cast<double>(baskets.size()));
    return mineLevels(
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
    return mineLevels(
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
