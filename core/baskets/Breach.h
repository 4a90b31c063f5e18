#pragma once
#include "core/baskets/BasketOperator.h"
#include "core/baskets/MaxSupports.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

// A probability that may be undefined (never NaN): `reason` says why.
struct BreachValue {
    double value = 0;
    bool defined = true;
    std::string reason;
};

// Priors of one itemset A (|A| = k) and one item a in A among baskets of one size (004 Sec. 4.4):
// s[l] = P(|t n A| = l), sPlus[l] = P(|t n A| = l, a in t), l = 0..k.
struct BreachPriors {
    Eigen::VectorXd s, sPlus;
    bool clamped = false; // negative partial supports of the model were set to 0
    std::string note;
};

// The worst-case itemset of 004 eq. 15-16: every l-subset of A has the maximum support s_max(l, m)
// (sMax = s_max(1..k); zeros where l > m), s_l from Statement 4, s_l^+ = l/k s_l. The model is not
// always a distribution (e.g. s_max(1) = 0.6, s_max(2) = 0.1 gives s_0 = -0.1): a negative s_l is
// set to 0, the most pessimistic valid choice for s_0 (s_0^+ = 0), and reported in `note`.
BreachPriors worstCasePriors(const std::vector<double>& sMax, int k);

// P[a in t | A in t'] = sum_{l>=1} s_l^+ p[l -> k] / sum_l s_l p[l -> k] (004 Sec. 4.4), with
// toWhole = p[l -> k], l = 0..L; priors beyond L must be 0. Undefined when A never shows in t'.
BreachValue breachPosterior(const BreachPriors& priors, const Eigen::VectorXd& toWhole);

// Worst-case breaches of one basket size (m = -1: all baskets, for operators blind to the size).
struct BreachCell {
    int k = 0;
    BreachValue breach;
    std::string priorNote; // non-empty when the model's priors were clamped
};
struct SizeBreach {
    int m = -1;
    std::string label; // "size 5", "all baskets", "frequent items", "other items"
    std::vector<BreachCell> byItemsetSize;
    int worstK = 0;
    double worst = 0; // largest defined breach over k
};
struct BreachReport {
    std::vector<SizeBreach> sizes;
    double worst = 0;
    int worstM = -1, worstK = 0;
    std::string worstLabel;
};

// For every basket size with maximum supports (and, if given, baskets: sizeHistogram[m] > 0), the
// worst-case breach of k-itemsets, k = 1..maxItemsetSize, under an item-invariant operator. Per-item
// bits use the all-baskets row (MaxSupports::all).
BreachReport worstCaseBreaches(const BasketOperator& op, const MaxSupports& maxSupports, int maxItemsetSize,
                               std::uint32_t itemCount, const std::vector<std::size_t>& sizeHistogram = {});

// Frequency-aware distortion: the worst-case breach of itemsets made only of frequent items (maximum
// supports among them, kept with fp) and only of other items (with nfp). Mixed itemsets are not
// modelled (the symmetric model of eq. 15-16 assumes alike items).
BreachReport frequencyAwareBreaches(const BasketOperator& op, const std::vector<double>& sMaxFrequent,
                                    const std::vector<double>& sMaxOther, int maxItemsetSize);

// The worst defined breach over k = 1..maxItemsetSize for one size and its s_max row (zeros past m).
// s_max(1..K, m) with zeros past m, as long as the given row reaches min(K, m): the row a size's breach and
// its parameter search take.
std::vector<double> paddedRow(const MaxSupports& s, int m, int K);
BreachCell worstBreachOfSize(const BasketOperator& op, int m, const std::vector<double>& sMaxRow, int maxItemsetSize,
                             std::uint32_t itemCount);

} // namespace rr
