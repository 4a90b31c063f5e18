#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace rr {

// The basket randomization operators of the seeds. Per-transaction operators; all but
// FrequencyAware are item-invariant (004 Def. 5, 6), so their effect on an itemset is a
// (k+1) x (k+1) matrix p[l -> l'] (004 Def. 10).
enum class OperatorKind {
    ItemBits,      // every item's presence bit kept with `keep`, flipped otherwise (003 Ch. 3, 001, 002 Alg. 1)
    Uniform,       // each item replaced with probability `replace` by an item not in the basket (004 Sec. 2)
    SelectASize,   // 004 Def. 7, parameters per basket size
    CutAndPaste,   // 004 Def. 8, (K_m, rho_m) per basket size
    FrequencyAware // 002 Alg. 2: frequent items' bits kept with fp, the others' with nfp
};

// Select-a-size parameters of one basket size m (004 Def. 7).
struct SelectASizeLevel {
    double rho = 0.0;                      // randomization level rho_m in (0, 1)
    std::vector<double> sizeProbabilities; // p_m[0..m], non-negative, sum 1
};

// Cut-and-paste parameters of one basket size m (004 Def. 8).
struct CutAndPasteLevel {
    int cutoff = 1;   // K_m > 0
    double rho = 0.0; // rho_m in (0, 1)
};

// One operator with its parameters. Per-size tables are indexed by the basket size m and must
// cover every size of the data (entries for absent sizes are ignored).
struct BasketOperator {
    OperatorKind kind = OperatorKind::CutAndPaste;
    double keep = 1.0;    // ItemBits: p in (1/2, 1]
    double replace = 0.0; // Uniform: p in [0, 1)
    std::vector<SelectASizeLevel> selectASize;
    std::vector<CutAndPasteLevel> cutAndPaste;
    double frequentKeep = 1.0;               // FrequencyAware: fp in (1/2, 1]
    double infrequentKeep = 1.0;             // FrequencyAware: nfp in (1/2, 1]
    std::vector<std::uint8_t> frequentItems; // FrequencyAware: 1 for a frequent item, one entry per item
};

BasketOperator itemBitsOperator(double keep);
BasketOperator uniformOperator(double replace);
// The same (K, rho) for every size 0..maxSize.
BasketOperator cutAndPasteOperator(int cutoff, double rho, std::uint32_t maxSize);
BasketOperator cutAndPasteOperator(std::vector<CutAndPasteLevel> perSize);
BasketOperator selectASizeOperator(std::vector<SelectASizeLevel> perSize);
// p_m[j] = C(m, j) q^j (1-q)^(m-j): select-a-size keeping each of the m items independently with q (004 Def. 7
// with a binomial j). InputError unless q in [0, 1] and m >= 0.
std::vector<double> binomialSizeProbabilities(int m, double q);
// 002: items with support >= minSupport (counts / baskets) are frequent.
BasketOperator frequencyAwareOperator(double frequentKeep, double infrequentKeep, std::vector<std::uint8_t> frequent);
std::vector<std::uint8_t> frequentItemFlags(const std::vector<std::size_t>& itemCounts, std::size_t baskets,
                                            double minSupport);

// "cut-and-paste", "select-a-size", "uniform", "item-bits", "frequency-aware".
std::string operatorName(OperatorKind kind);
// Parses the names above; InputError listing them otherwise.
OperatorKind parseOperatorKind(const std::string& name);

// The probability that an item's presence bit is kept: p for per-item bits, fp or nfp by the item's class
// for frequency-aware distortion (InputError for the other operators).
double keepProbability(const BasketOperator& op, std::uint32_t item);

// Whether recovery needs each basket's original size m (the release's `.sizes` file).
bool usesBasketSizes(const BasketOperator& op);
// Whether p[l -> l'] exists (004 Def. 6); FrequencyAware is recovered through per-item matrices.
bool isItemInvariant(const BasketOperator& op);

// Throws InputError naming the parameter (and size) that is out of range, or the first size of the
// data the per-size table lacks. `itemCount` is the universe n; sizeHistogram[m] = baskets of size m
// (sizes with no basket need no parameters).
void checkOperator(const BasketOperator& op, std::uint32_t itemCount, const std::vector<std::size_t>& sizeHistogram);

} // namespace rr
