#include "core/baskets/MiningComparison.h"

#include "core/baskets/ExpectedRecovery.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <map>

namespace rr {

namespace {

std::size_t binOf(double v, const std::vector<double>& edges)
{
    return static_cast<std::size_t>(std::upper_bound(edges.begin(), edges.end(), v) - edges.begin());
}

MiningRatio ratio(std::size_t num, std::size_t den, const char* what)
{
    if (den == 0)
        return {0, false, std::string("no ") + what};
    return {static_cast<double>(num) / static_cast<double>(den), true, ""};
}

using ItemsetSupports = std::map<std::vector<std::uint32_t>, double>;

// The frequent itemsets of up to maxK items, with their supports.
ItemsetSupports itemsetsUpTo(const BasketMiningResult& result, int maxK)
{
    ItemsetSupports out;
    for (const auto& s : result.frequent)
        if (static_cast<int>(s.items.size()) <= maxK)
            out[s.items] = s.support;
    return out;
}

// Table 2: every true itemset by its predicted support (found: its found support; dropped: the estimator's).
void trueByPredicted(MiningComparison& c, const ItemsetSupports& trueSet, const ItemsetSupports& foundSet,
                     SupportEstimator& estimator, const std::vector<double>& edges)
{
    std::vector<std::vector<std::uint32_t>> dropped;
    for (const auto& [items, support] : trueSet) {
        SizeComparison& row = c.bySize[items.size() - 1];
        ++row.trueItemsets;
        if (const auto it = foundSet.find(items); it != foundSet.end()) {
            ++row.truePositives;
            ++row.trueByPredicted[binOf(it->second, edges)];
        } else {
            ++row.falseDrops;
            dropped.push_back(items);
        }
    }
    const std::vector<BasketSupportEstimate> predicted = estimator.estimateAll(dropped);
    for (const auto& e : predicted) {
        SizeComparison& row = c.bySize[e.items.size() - 1];
        if (e.defined)
            ++row.trueByPredicted[binOf(e.estimate, edges)];
        else
            ++row.trueUnpredictable;
    }
}

// Table 3: every output itemset by its true support in the original.
void foundByTrue(MiningComparison& c, const ItemsetSupports& trueSet, const ItemsetSupports& foundSet,
                 const Transactions& original, const std::vector<double>& edges)
{
    std::vector<std::vector<std::uint32_t>> output;
    for (const auto& [items, support] : foundSet)
        output.push_back(items);
    const std::vector<double> supports = trueSupports(original, output);
    for (std::size_t i = 0; i < output.size(); ++i) {
        SizeComparison& row = c.bySize[output[i].size() - 1];
        ++row.foundByTrue[binOf(supports[i], edges)];
        if (!trueSet.count(output[i]))
            ++row.falsePositives;
    }
}

// The totals over the sizes, and precision, recall and accuracy from them.
void addTotals(MiningComparison& c)
{
    for (const auto& row : c.bySize) {
        c.trueItemsets += row.trueItemsets;
        c.truePositives += row.truePositives;
        c.falseDrops += row.falseDrops;
        c.falsePositives += row.falsePositives;
    }
    c.found = c.truePositives + c.falsePositives;
    c.precision = ratio(c.truePositives, c.found, "itemsets were found");
    c.recall = ratio(c.truePositives, c.trueItemsets, "frequent itemsets in the original");
    c.accuracy = c.recall;
    c.accuracy.value *= 100;
}

} // namespace

MiningComparison compareMining(const BasketMiningResult& truth, const BasketMiningResult& found, double minSupport,
                               int maxK, SupportEstimator& estimator, const Transactions& original,
                               std::vector<double> edges)
{
    if (edges.empty())
        edges = {0.5 * minSupport, 0.75 * minSupport, minSupport};
    if (!std::is_sorted(edges.begin(), edges.end()))
        throw InputError("the support bins' edges must ascend");
    if (maxK < 1 || maxK > 16)
        throw InputError("itemsets are compared up to a size in 1..16, got " + std::to_string(maxK));
    MiningComparison c;
    c.binEdges = edges;
    const ItemsetSupports trueSet = itemsetsUpTo(truth, maxK), foundSet = itemsetsUpTo(found, maxK);
    c.bySize.resize(static_cast<std::size_t>(std::max(maxK, 0)));
    for (int k = 1; k <= maxK; ++k) {
        c.bySize[static_cast<std::size_t>(k - 1)].k = k;
        c.bySize[static_cast<std::size_t>(k - 1)].trueByPredicted.assign(edges.size() + 1, 0);
        c.bySize[static_cast<std::size_t>(k - 1)].foundByTrue.assign(edges.size() + 1, 0);
    }
    trueByPredicted(c, trueSet, foundSet, estimator, edges);
    foundByTrue(c, trueSet, foundSet, original, edges);
    addTotals(c);
    return c;
}

} // namespace rr
