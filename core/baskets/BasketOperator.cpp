#include "core/baskets/BasketOperator.h"

#include "core/data/Errors.h"

#include <cmath>
#include <sstream>

namespace rr {

BasketOperator itemBitsOperator(double keep)
{
    BasketOperator op;
    op.kind = OperatorKind::ItemBits;
    op.keep = keep;
    return op;
}

BasketOperator uniformOperator(double replace)
{
    BasketOperator op;
    op.kind = OperatorKind::Uniform;
    op.replace = replace;
    return op;
}

BasketOperator cutAndPasteOperator(int cutoff, double rho, std::uint32_t maxSize)
{
    return cutAndPasteOperator(std::vector<CutAndPasteLevel>(maxSize + 1, CutAndPasteLevel{cutoff, rho}));
}

BasketOperator cutAndPasteOperator(std::vector<CutAndPasteLevel> perSize)
{
    BasketOperator op;
    op.kind = OperatorKind::CutAndPaste;
    op.cutAndPaste = std::move(perSize);
    return op;
}

BasketOperator selectASizeOperator(std::vector<SelectASizeLevel> perSize)
{
    BasketOperator op;
    op.kind = OperatorKind::SelectASize;
    op.selectASize = std::move(perSize);
    return op;
}

std::vector<double> binomialSizeProbabilities(int m, double q)
{
    if (m < 0 || m > 1'000'000 || !(q >= 0.0 && q <= 1.0))
        throw InputError(
            "binomial size probabilities need a size m in 0..1000000 and a keep share q in [0, 1], got m = " +
            std::to_string(m) + ", q = " + std::to_string(q));
    std::vector<double> p(static_cast<std::size_t>(m) + 1);
    for (int j = 0; j <= m; ++j) // in logs: C(m, j) overflows for large m
        p[static_cast<std::size_t>(j)] =
            std::exp(std::lgamma(m + 1.0) - std::lgamma(j + 1.0) - std::lgamma(m - j + 1.0) +
                     (j > 0 ? j * std::log(q) : 0.0) + (m - j > 0 ? (m - j) * std::log1p(-q) : 0.0));
    return p;
}

BasketOperator frequencyAwareOperator(double frequentKeep, double infrequentKeep, std::vector<std::uint8_t> frequent)
{
    BasketOperator op;
    op.kind = OperatorKind::FrequencyAware;
    op.frequentKeep = frequentKeep;
    op.infrequentKeep = infrequentKeep;
    op.frequentItems = std::move(frequent);
    return op;
}

std::vector<std::uint8_t> frequentItemFlags(const std::vector<std::size_t>& itemCounts, std::size_t baskets,
                                            double minSupport)
{
    std::vector<std::uint8_t> flags(itemCounts.size(), 0);
    for (std::size_t a = 0; a < itemCounts.size(); ++a)
        flags[a] = baskets > 0 && static_cast<double>(itemCounts[a]) >= minSupport * static_cast<double>(baskets);
    return flags;
}

std::string operatorName(OperatorKind kind)
{
    switch (kind) {
    case OperatorKind::ItemBits: return "item-bits";
    case OperatorKind::Uniform: return "uniform";
    case OperatorKind::SelectASize: return "select-a-size";
    case OperatorKind::CutAndPaste: return "cut-and-paste";
    case OperatorKind::FrequencyAware: return "frequency-aware";
    }
    return "unknown";
}

OperatorKind parseOperatorKind(const std::string& name)
{
    for (OperatorKind k : {OperatorKind::ItemBits, OperatorKind::Uniform, OperatorKind::SelectASize,
                           OperatorKind::CutAndPaste, OperatorKind::FrequencyAware})
        if (operatorName(k) == name)
            return k;
    throw InputError("unknown basket operator '" + name +
                     "'; expected cut-and-paste, select-a-size, uniform, item-bits or frequency-aware");
}

bool usesBasketSizes(const BasketOperator& op)
{
    return op.kind == OperatorKind::Uniform || op.kind == OperatorKind::SelectASize ||
           op.kind == OperatorKind::CutAndPaste;
}

double keepProbability(const BasketOperator& op, std::uint32_t item)
{
    if (op.kind == OperatorKind::ItemBits)
        return op.keep;
    if (op.kind != OperatorKind::FrequencyAware || item >= op.frequentItems.size())
        throw InputError("a per-item keep probability exists for per-item bits and frequency-aware distortion only");
    return op.frequentItems[item] ? op.frequentKeep : op.infrequentKeep;
}

bool isItemInvariant(const BasketOperator& op)
{
    return op.kind != OperatorKind::FrequencyAware;
}

namespace {

void checkKeep(const char* name, double p)
{
    if (!(p > 0.5 && p <= 1.0)) {
        std::ostringstream os;
        os << name << " = " << p << " is outside (0.5, 1]: a bit must be kept more often than flipped "
           << "(at 0.5 the randomized bit carries no information and the matrix has no inverse)";
        throw InputError(os.str());
    }
}

void checkRho(std::size_t m, double rho)
{
    if (!(rho > 0.0 && rho < 1.0)) {
        std::ostringstream os;
        os << "basket size " << m << ": rho = " << rho << " is outside (0, 1) (004 Def. 7, 8)";
        throw InputError(os.str());
    }
}

// The first size of the data beyond a per-size table of `tableSize` sizes (none: -1).
long firstSizeBeyond(const std::vector<std::size_t>& sizeHistogram, std::size_t tableSize)
{
    for (std::size_t m = tableSize; m < sizeHistogram.size(); ++m)
        if (sizeHistogram[m] > 0)
            return static_cast<long>(m);
    return -1;
}

// Uniform (004 Sec. 2): p in [0, 1), and a universe of at least 2m items for every size m with baskets.
void checkUniform(const BasketOperator& op, std::uint32_t itemCount, const std::vector<std::size_t>& sizeHistogram)
{
    if (!(op.replace >= 0.0 && op.replace < 1.0)) {
        std::ostringstream os;
        os << "replacement probability p = " << op.replace << " is outside [0, 1) (004 Sec. 2)";
        throw InputError(os.str());
    }
    for (std::size_t m = 0; m < sizeHistogram.size(); ++m)
        if (sizeHistogram[m] > 0 && op.replace > 0 && 2 * m > itemCount)
            throw InputError("uniform randomization of a basket of size " + std::to_string(m) + " needs at least " +
                             std::to_string(2 * m) + " items in the universe (it has " + std::to_string(itemCount) +
                             ")");
}

// Cut-and-paste (004 Def. 8): a level for every size with baskets, its cutoff in 1..100000, its rho in (0, 1).
void checkCutAndPaste(const BasketOperator& op, const std::vector<std::size_t>& sizeHistogram)
{
    if (const long m = firstSizeBeyond(sizeHistogram, op.cutAndPaste.size()); m >= 0)
        throw InputError("no cut-and-paste parameters for basket size " + std::to_string(m) + " (the table has " +
                         std::to_string(op.cutAndPaste.size()) + " sizes, 0.." +
                         std::to_string(static_cast<long>(op.cutAndPaste.size()) - 1) + ")");
    for (std::size_t m = 0; m < op.cutAndPaste.size(); ++m) {
        if (m < sizeHistogram.size() && sizeHistogram[m] == 0)
            continue;
        if (op.cutAndPaste[m].cutoff < 1 || op.cutAndPaste[m].cutoff > 100000)
            throw InputError("basket size " + std::to_string(m) + ": the cutoff K = " +
                             std::to_string(op.cutAndPaste[m].cutoff) + " is outside 1..100000 (004 Def. 8)");
        checkRho(m, op.cutAndPaste[m].rho);
    }
}

// Select-a-size (004 Def. 7) at size m: rho in (0, 1) and m + 1 size probabilities p_m[j] that sum to 1.
void checkSelectASizeLevel(std::size_t m, const SelectASizeLevel& level)
{
    checkRho(m, level.rho);
    if (level.sizeProbabilities.size() != m + 1)
        throw InputError("basket size " + std::to_string(m) + ": select-a-size needs " + std::to_string(m + 1) +
                         " size probabilities p_m[0.." + std::to_string(m) + "], got " +
                         std::to_string(level.sizeProbabilities.size()));
    double sum = 0;
    for (std::size_t j = 0; j <= m; ++j) {
        if (!(level.sizeProbabilities[j] >= 0.0) || !std::isfinite(level.sizeProbabilities[j]))
            throw InputError("basket size " + std::to_string(m) + ": p_m[" + std::to_string(j) +
                             "] must be a finite non-negative probability");
        sum += level.sizeProbabilities[j];
    }
    if (std::abs(sum - 1.0) > 1e-9) {
        std::ostringstream os;
        os << "basket size " << m << ": the size probabilities p_m[j] sum to " << sum << ", not 1 (004 Def. 7)";
        throw InputError(os.str());
    }
}

} // namespace

void checkOperator(const BasketOperator& op, std::uint32_t itemCount, const std::vector<std::size_t>& sizeHistogram)
{
    switch (op.kind) {
    case OperatorKind::ItemBits: checkKeep("keep probability p", op.keep); return;
    case OperatorKind::Uniform: checkUniform(op, itemCount, sizeHistogram); return;
    case OperatorKind::CutAndPaste: checkCutAndPaste(op, sizeHistogram); return;
    case OperatorKind::SelectASize:
        if (const long m = firstSizeBeyond(sizeHistogram, op.selectASize.size()); m >= 0)
            throw InputError("no select-a-size parameters for basket size " + std::to_string(m) + " (the table has " +
                             std::to_string(op.selectASize.size()) + " sizes)");
        for (std::size_t m = 0; m < op.selectASize.size(); ++m)
            if (!(m < sizeHistogram.size() && sizeHistogram[m] == 0))
                checkSelectASizeLevel(m, op.selectASize[m]);
        return;
    case OperatorKind::FrequencyAware:
        checkKeep("fp (frequent items' keep probability)", op.frequentKeep);
        checkKeep("nfp (other items' keep probability)", op.infrequentKeep);
        if (op.frequentItems.size() != itemCount)
            throw InputError("frequency-aware distortion needs a frequent/infrequent flag for each of the " +
                             std::to_string(itemCount) + " items, got " + std::to_string(op.frequentItems.size()));
        return;
    }
}

} // namespace rr
