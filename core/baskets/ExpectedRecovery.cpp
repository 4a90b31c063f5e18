#include "core/baskets/ExpectedRecovery.h"

#include "core/baskets/ItemsetCounter.h"
#include "core/baskets/PartialSupports.h"
#include "core/baskets/SupportRecovery.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/KroneckerFactor.h"

#include <map>

namespace rr {

namespace {

void checkItemset(const std::vector<std::uint32_t>& itemset, std::uint32_t itemCount)
{
    if (itemset.empty() || itemset.size() > 16)
        throw InputError("an itemset needs 1..16 items, got " + std::to_string(itemset.size()));
    for (std::size_t i = 0; i < itemset.size(); ++i)
        if (itemset[i] >= itemCount || (i > 0 && itemset[i] <= itemset[i - 1]))
            throw InputError("an itemset must list distinct items of the universe in ascending order");
}

// Per-item operators (or item-bits): the itemset's support and variance from its pattern counts over all
// baskets, through the Kronecker product of the items' Warner matrices.
void perItemRecovery(ExpectedRecovery& e, const BasketOperator& op, const std::vector<std::uint64_t>& subsets,
                     std::size_t C, double N)
{
    const std::vector<std::uint32_t>& itemset = e.items;
    const int k = static_cast<int>(itemset.size());
    const std::size_t S = std::size_t(1) << k;
    std::vector<std::uint64_t> all(S, 0);
    for (std::size_t c = 0; c < C; ++c)
        for (std::size_t mask = 0; mask < S; ++mask)
            all[mask] += subsets[c * S + mask];
    const auto pattern = patternCountsFromSubsetCounts(all, k);
    Eigen::VectorXd pi(static_cast<Eigen::Index>(S));
    for (std::size_t mask = 0; mask < S; ++mask)
        pi(static_cast<Eigen::Index>(mask)) = static_cast<double>(pattern[mask]) / N;
    std::vector<KroneckerFactor> P, q2;
    for (int axis = 0; axis < k; ++axis) {
        const DistortionMatrix d =
            DistortionMatrix::warner(2, keepProbability(op, itemset[static_cast<std::size_t>(k - 1 - axis)]));
        P.push_back(d.factor());
        q2.push_back(squaredElements(inverse(d)));
    }
    const auto ones = static_cast<Eigen::Index>(S - 1);
    e.support = pi(ones);
    e.variance = (kroneckerApply(q2, kroneckerApply(P, pi))(ones) - pi(ones)) / N;
}

// Item-invariant operators: each basket size's share of the support and, through its partial recovery, of the
// variance (undefined when a size's recovery is).
void bySizeRecovery(ExpectedRecovery& e, const BasketOperator& op, const std::vector<std::uint64_t>& subsets,
                    const ItemsetCounter& counter, double N, std::uint32_t itemCount,
                    std::map<std::pair<int, int>, PartialRecovery>& recoveries)
{
    const int k = static_cast<int>(e.items.size());
    const std::size_t S = std::size_t(1) << k, C = counter.classCount();
    for (std::size_t c = 0; c < C; ++c) {
        const auto Nc = static_cast<double>(counter.classSizes()[c]);
        if (Nc == 0)
            continue;
        const auto counts = partialCountsFromSubsetCounts(std::span<const std::uint64_t>(subsets.data() + c * S, S), k);
        const double w = Nc / N;
        e.support += w * static_cast<double>(counts[static_cast<std::size_t>(k)]) / Nc;
        const int m = static_cast<int>(c);
        if (m < k)
            continue;
        auto it = recoveries.find({m, k});
        if (it == recoveries.end())
            it = recoveries.emplace(std::make_pair(m, k), partialRecovery(transitionMatrix(op, m, k, itemCount))).first;
        if (!it->second.defined) {
            e.defined = false;
            e.reason = "basket size " + std::to_string(m) + ": " + it->second.reason;
            break;
        }
        Eigen::VectorXd s(k + 1);
        for (int l = 0; l <= k; ++l)
            s(l) = static_cast<double>(counts[static_cast<std::size_t>(l)]) / Nc;
        e.variance += w * w * supportVariance(it->second, s, Nc); // 004 Statement 3, Remark 4.4
    }
}

} // namespace

std::vector<ExpectedRecovery> expectedRecovery(const Transactions& original, const BasketOperator& op,
                                               const std::vector<std::vector<std::uint32_t>>& itemsets)
{
    const std::vector<std::uint32_t> sizes = basketSizes(original);
    const BasketClasses classes = classesBySize(sizes, original.size(), usesBasketSizes(op));
    ItemsetCounter counter(original, classes.basketClass, classes.classCount);
    std::vector<std::uint32_t> items;
    for (const auto& s : itemsets)
        if (s.size() > 1)
            items.insert(items.end(), s.begin(), s.end());
    counter.index(items);
    const double N = static_cast<double>(original.size());
    std::map<std::pair<int, int>, PartialRecovery> recoveries;
    std::vector<std::uint64_t> subsets;
    std::vector<ExpectedRecovery> out;
    for (const auto& itemset : itemsets) {
        checkItemset(itemset, original.itemCount);
        ExpectedRecovery e;
        e.items = itemset;
        counter.subsetCounts(itemset, subsets);
        if (!isItemInvariant(op) || op.kind == OperatorKind::ItemBits)
            perItemRecovery(e, op, subsets, counter.classCount(), N);
        else
            bySizeRecovery(e, op, subsets, counter, N, original.itemCount, recoveries);
        out.push_back(e);
    }
    return out;
}

std::vector<double> trueSupports(const Transactions& original, const std::vector<std::vector<std::uint32_t>>& itemsets)
{
    ItemsetCounter counter(original, std::vector<std::uint32_t>(original.size(), 0), 1);
    std::vector<std::uint32_t> items;
    for (const auto& s : itemsets)
        if (s.size() > 1)
            items.insert(items.end(), s.begin(), s.end());
    counter.index(items);
    std::vector<double> out;
    out.reserve(itemsets.size());
    for (const auto& s : itemsets)
        out.push_back(original.size() == 0
                          ? 0.0
                          : static_cast<double>(counter.count(s)[0]) / static_cast<double>(original.size()));
    return out;
}

} // namespace rr
