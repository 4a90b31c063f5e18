#include "core/baskets/SupportEstimator.h"

#include "core/baskets/Combinatorics.h"
#include "core/baskets/PartialSupports.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/KroneckerFactor.h"

#include <algorithm>
#include <bit>
#include <sstream>

namespace rr {

namespace {

constexpr int kMaxItemsetSize = 16;

void checkItemset(std::span<const std::uint32_t> itemset, std::uint32_t itemCount)
{
    if (itemset.empty() || static_cast<int>(itemset.size()) > kMaxItemsetSize)
        throw InputError("an itemset to estimate needs 1.." + std::to_string(kMaxItemsetSize) + " items, got " +
                         std::to_string(itemset.size()));
    for (std::size_t i = 0; i < itemset.size(); ++i) {
        if (itemset[i] >= itemCount)
            throw InputError("item " + std::to_string(itemset[i]) + " is outside the universe of " +
                             std::to_string(itemCount) + " items");
        if (i > 0 && itemset[i] <= itemset[i - 1])
            throw InputError("an itemset must list distinct items in ascending order");
    }
}

// Each subset mask's number of items, for masks below S (grown, never shrunk).
void fillMaskSizes(std::vector<std::uint8_t>& maskSize, std::size_t S)
{
    if (maskSize.size() < S) {
        maskSize.resize(S);
        for (std::size_t mask = 0; mask < S; ++mask)
            maskSize[mask] = static_cast<std::uint8_t>(std::popcount(mask));
    }
}

// One size class's partial supports s'_l from its subset counts `sub` (Nc baskets): 004 Statement 4 in
// integers, cumulative counts N Sigma_j, then partial counts N s'_l.
inline void partialSupports(const std::uint64_t* sub, const std::uint8_t* maskSize, std::size_t S, int k, double Nc,
                            Eigen::VectorXd& sPrime)
{
    std::int64_t cumulative[kMaxItemsetSize + 1];
    std::fill(cumulative, cumulative + k + 1, 0);
    for (std::size_t mask = 0; mask < S; ++mask)
        cumulative[maskSize[mask]] += static_cast<std::int64_t>(sub[mask]);
    for (int l = 0; l <= k; ++l) {
        double count = 0;
        for (int j = l; j <= k; ++j)
            count += ((j - l) % 2 ? -1.0 : 1.0) * kPascal[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)] *
                     static_cast<double>(cumulative[j]);
        sPrime(l) = count / Nc;
    }
}

// A size class's share (weight w = Nc / N) of the support estimate and its variance.
inline void addClassEstimate(const PartialRecovery& r, const Eigen::VectorXd& sPrime, int k, double w, double Nc,
                             SupportValue& v)
{
    double est = 0, var = 0;
    for (int lp = 0; lp <= k; ++lp) {
        const double q = r.Q(k, lp);
        est += q * sPrime(lp);           // 004 Statement 3, s~
        var += sPrime(lp) * (q * q - q); // 004 Statement 3, (Var s~)_est
    }
    v.estimate += w * est; // 004 Remark 4.4: sizes are independent parts
    v.variance += w * w * var / Nc;
}

// partial += w Q s', without Eigen's dynamic-size product overhead on these tiny matrices.
inline void addClassPartials(const PartialRecovery& r, const Eigen::VectorXd& sPrime, int k, double w,
                             Eigen::VectorXd& partial)
{
    for (int l = 0; l <= k; ++l) {
        double sum = 0;
        for (int lp = 0; lp <= k; ++lp)
            sum += r.Q(l, lp) * sPrime(lp);
        partial(l) += w * sum;
    }
}

} // namespace

SupportEstimator::SupportEstimator(const BasketRelease& release, const BasketOperator& op, double maxIndexBytes)
    : m_release(release), m_op(op),
      m_classes(classesBySize(release.originalSizes, release.baskets.size(), usesBasketSizes(op))),
      m_counter(release.baskets, m_classes.basketClass, m_classes.classCount, maxIndexBytes)
{
    std::vector<std::size_t> histogram(m_counter.classSizes());
    if (!m_classes.bySize)
        histogram.clear(); // per-size tables are not used
    checkOperator(op, release.baskets.itemCount, histogram);
}

const PartialRecovery& SupportEstimator::recovery(int m, int k)
{
    const auto key = std::make_pair(m, k);
    auto it = m_recoveries.find(key);
    if (it == m_recoveries.end())
        it =
            m_recoveries.emplace(key, partialRecovery(transitionMatrix(m_op, m, k, m_release.baskets.itemCount))).first;
    return it->second;
}

SupportValue SupportEstimator::itemInvariantValue(int k, BasketSupportEstimate* full)
{
    SupportValue v;
    const std::size_t C = m_counter.classCount(), S = std::size_t(1) << k;
    const double N = static_cast<double>(m_counter.baskets());
    const auto& sizes = m_counter.classSizes();
    if (m_byK.size() <= static_cast<std::size_t>(k))
        m_byK.resize(static_cast<std::size_t>(k) + 1);
    auto& byM = m_byK[static_cast<std::size_t>(k)];
    if (byM.empty()) {
        byM.assign(C, nullptr);
        for (std::size_t c = 0; c < C; ++c)
            if (sizes[c] > 0)
                byM[c] = &recovery(static_cast<int>(c), k);
    }
    Eigen::VectorXd randomized, partial;
    if (full) {
        randomized = Eigen::VectorXd::Zero(k + 1);
        partial = Eigen::VectorXd::Zero(k + 1);
    }
    fillMaskSizes(m_maskSize, S);
    Eigen::VectorXd sPrime(k + 1);
    for (std::size_t c = 0; c < C; ++c) {
        if (sizes[c] == 0)
            continue;
        const int m = static_cast<int>(c);
        if (m < k && !full)
            continue; // a basket of size m < k cannot hold A: its share of the support is exactly 0
        const double Nc = static_cast<double>(sizes[c]), w = Nc / N;
        partialSupports(m_subsets.data() + c * S, m_maskSize.data(), S, k, Nc, sPrime);
        const PartialRecovery& r = *byM[c];
        if (full)
            randomized += w * sPrime;
        if (m < k) {
            if (r.defined)
                partial.head(m + 1) += w * (r.Q * sPrime);
            continue;
        }
        if (!r.defined) {
            v.defined = false;
            if (full)
                full->reason = "basket size " + std::to_string(m) + ": " + r.reason;
            return v;
        }
        addClassEstimate(r, sPrime, k, w, Nc, v);
        if (full)
            addClassPartials(r, sPrime, k, w, partial);
    }
    v.varianceDefined = v.variance >= 0;
    if (full) {
        full->randomizedPartialSupports.assign(randomized.data(), randomized.data() + randomized.size());
        full->partialSupports.assign(partial.data(), partial.data() + partial.size());
    }
    return v;
}

SupportValue SupportEstimator::perItemValue(std::span<const std::uint32_t> itemset, BasketSupportEstimate* full)
{
    SupportValue v;
    const int k = static_cast<int>(itemset.size());
    const std::size_t C = m_counter.classCount(), S = std::size_t(1) << k;
    const double N = static_cast<double>(m_counter.baskets());
    std::vector<std::uint64_t> all(S, 0);
    for (std::size_t c = 0; c < C; ++c)
        for (std::size_t mask = 0; mask < S; ++mask)
            all[mask] += m_subsets[c * S + mask];
    const std::vector<std::int64_t> pattern = patternCountsFromSubsetCounts(all, k);
    Eigen::VectorXd lambda(static_cast<Eigen::Index>(S));
    for (std::size_t mask = 0; mask < S; ++mask)
        lambda(static_cast<Eigen::Index>(mask)) = static_cast<double>(pattern[mask]) / N;
    if (!full) {
        // the all-ones row of (Q_1 x .. x Q_k): a product of each item's row "present"
        for (std::size_t mask = 0; mask < S; ++mask) {
            double coef = 1;
            for (int i = 0; i < k; ++i) {
                const double p = keepProbability(m_op, itemset[static_cast<std::size_t>(i)]);
                coef *= ((mask >> i) & 1u ? p : -(1.0 - p)) / (2.0 * p - 1.0);
            }
            v.estimate += coef * lambda(static_cast<Eigen::Index>(mask));
            v.variance += coef * coef * lambda(static_cast<Eigen::Index>(mask));
        }
        v.variance = (v.variance - v.estimate) / N;
        v.varianceDefined = v.variance >= 0;
        return v;
    }
    // 003 eq. 3.3 by Lemma 3: pi^ = (Q_1 x .. x Q_k) lambda^; the cell index is the mask, whose
    // most significant bit (item k-1) is the first Kronecker axis.
    std::vector<KroneckerFactor> q, q2;
    for (int axis = 0; axis < k; ++axis) {
        const double p = keepProbability(m_op, itemset[static_cast<std::size_t>(k - 1 - axis)]);
        q.push_back(inverse(DistortionMatrix::warner(2, p)));
        q2.push_back(squaredElements(q.back()));
    }
    const Eigen::VectorXd pi = kroneckerApply(q, lambda);
    const Eigen::VectorXd second = kroneckerApply(q2, lambda);
    const auto ones = static_cast<Eigen::Index>(S - 1);
    v.estimate = pi(ones);
    v.variance = (second(ones) - pi(ones)) / N; // (1/N)[(Q o Q) lambda - pi], as 004 Statement 3
    v.varianceDefined = v.variance >= 0;
    full->randomizedPartialSupports.assign(static_cast<std::size_t>(k) + 1, 0.0);
    full->partialSupports.assign(static_cast<std::size_t>(k) + 1, 0.0);
    for (std::size_t mask = 0; mask < S; ++mask) {
        const auto l = static_cast<std::size_t>(std::popcount(mask));
        full->randomizedPartialSupports[l] += lambda(static_cast<Eigen::Index>(mask));
        full->partialSupports[l] += pi(static_cast<Eigen::Index>(mask));
    }
    return v;
}

SupportValue SupportEstimator::value(std::span<const std::uint32_t> itemset)
{
    checkItemset(itemset, m_release.baskets.itemCount);
    m_counter.subsetCounts(itemset, m_subsets);
    if (isItemInvariant(m_op) && m_op.kind != OperatorKind::ItemBits)
        return itemInvariantValue(static_cast<int>(itemset.size()), nullptr);
    return perItemValue(itemset, nullptr);
}

BasketSupportEstimate SupportEstimator::estimate(std::span<const std::uint32_t> itemset)
{
    checkItemset(itemset, m_release.baskets.itemCount);
    BasketSupportEstimate e;
    e.items.assign(itemset.begin(), itemset.end());
    m_counter.subsetCounts(itemset, m_subsets);
    const SupportValue v = (isItemInvariant(m_op) && m_op.kind != OperatorKind::ItemBits)
                               ? itemInvariantValue(static_cast<int>(itemset.size()), &e)
                               : perItemValue(itemset, &e);
    e.estimate = v.estimate;
    e.variance = v.variance;
    e.defined = v.defined;
    if (!e.partialSupports.empty()) {
        const Eigen::VectorXd sigma = cumulativeFromPartial(Eigen::Map<const Eigen::VectorXd>(
            e.partialSupports.data(), static_cast<Eigen::Index>(e.partialSupports.size())));
        e.cumulativeSupports.assign(sigma.data(), sigma.data() + sigma.size());
    }
    e.varianceDefined = v.defined && v.varianceDefined;
    if (v.defined && !v.varianceDefined) {
        std::ostringstream os;
        os << "the variance estimate " << v.variance << " is negative (004 Statement 3 is unbiased, not always "
           << "positive): too few baskets hold the itemset's items for a range";
        e.reason = os.str();
    }
    if (!v.defined) {
        e.estimate = 0;
        e.variance = 0;
    }
    return e;
}

std::vector<BasketSupportEstimate>
SupportEstimator::estimateAll(const std::vector<std::vector<std::uint32_t>>& itemsets, const BasketProgress& progress)
{
    std::vector<std::uint32_t> items;
    for (const auto& s : itemsets)
        if (s.size() > 1)
            items.insert(items.end(), s.begin(), s.end());
    m_counter.index(items);
    std::vector<BasketSupportEstimate> out;
    out.reserve(itemsets.size());
    for (std::size_t i = 0; i < itemsets.size(); ++i) {
        out.push_back(estimate(itemsets[i]));
        if ((i & 255) == 255)
            reportProgress(progress, static_cast<double>(i + 1) / static_cast<double>(itemsets.size()));
    }
    reportProgress(progress, 1.0);
    return out;
}

Interval supportRange(const BasketSupportEstimate& e, double alpha, IntervalKind kind)
{
    if (!e.defined || !e.varianceDefined)
        throw InputError("no range for this itemset: " + e.reason);
    return interquantileRange(e.estimate, e.variance, alpha, kind);
}

} // namespace rr
