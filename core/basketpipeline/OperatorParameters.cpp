#include "core/basketpipeline/OperatorParameters.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {
namespace {

// The first size with baskets that `has` does not cover, or -1.
template <typename Has>
long uncoveredSize(const std::vector<std::size_t>& histogram, const Has& has)
{
    for (std::size_t m = 0; m < histogram.size(); ++m)
        if (histogram[m] > 0 && !has(m))
            return static_cast<long>(m);
    return -1;
}

std::string basketsOfSize(const std::vector<std::size_t>& histogram, long m)
{
    return std::to_string(histogram[static_cast<std::size_t>(m)]) + " basket(s) of size " + std::to_string(m);
}

// Cut-and-paste (004 Def. 8): --cutoff and --rho, or a table of them per basket size that covers every size
// with baskets (a session's table: the other sizes take cutoff and rho).
BasketOperator cutAndPasteFrom(const OperatorParameters& a, const std::vector<std::size_t>& histogram,
                               std::size_t sizes)
{
    if (a.rhoTable.empty()) {
        if (!a.cutoff || !a.rho)
            throw InputError("cut-and-paste needs --cutoff K and --rho R, or --rho-table FILE (004 Def. 8)");
        return cutAndPasteOperator(*a.cutoff, *a.rho, static_cast<std::uint32_t>(sizes - 1));
    }
    const bool fallback = a.cutoff && a.rho; // a session's table: the other sizes take cutoff and rho
    const long m = uncoveredSize(
        histogram, [&](std::size_t s) { return fallback || (s < a.rhoTable.size() && a.rhoTable[s]); });
    if (m >= 0)
        throw InputError("--rho-table " + a.rhoTableFile + " has no line for basket size " + std::to_string(m) +
                         " (the data has " + basketsOfSize(histogram, m) + ")");
    // Sizes without baskets are unused but must be valid.
    std::vector<CutAndPasteLevel> levels(sizes, fallback ? CutAndPasteLevel{*a.cutoff, *a.rho}
                                                         : CutAndPasteLevel{1, 0.5});
    for (std::size_t s = 0; s < sizes && s < a.rhoTable.size(); ++s)
        if (a.rhoTable[s])
            levels[s] = *a.rhoTable[s];
    return cutAndPasteOperator(std::move(levels));
}

// Select-a-size's table per basket size: --sizes-table, or --rho and --sizes for the one size given (a
// session's fallback: sizes without a line are binomial); it must cover every size with baskets.
std::vector<std::optional<SelectASizeLevel>> selectASizeTable(const OperatorParameters& a,
                                                              const std::vector<std::size_t>& histogram,
                                                              bool fallback)
{
    std::vector<std::optional<SelectASizeLevel>> table = a.sizesTable;
    if (a.sizesTable.empty() && !fallback) {
        if (!a.rho || !a.sizes)
            throw InputError("select-a-size needs --rho R and --sizes p0,..,pm (one basket size m), or "
                             "--sizes-table FILE (004 Def. 7)");
        const std::size_t m = a.sizes->size() - 1;
        table.assign(m + 1, std::nullopt);
        table[m] = SelectASizeLevel{*a.rho, *a.sizes};
    }
    const long m = uncoveredSize(histogram, [&](std::size_t s) { return fallback || (s < table.size() && table[s]); });
    if (m >= 0)
        throw InputError(a.sizesTable.empty()
                             ? "--sizes gives p_m[0.." + std::to_string(a.sizes->size() - 1) +
                                   "] for baskets of size " + std::to_string(a.sizes->size() - 1) +
                                   " only, but the data has " + basketsOfSize(histogram, m) +
                                   "; give every size's parameters with --sizes-table FILE"
                             : "--sizes-table " + a.sizesTableFile + " has no line for basket size " +
                                   std::to_string(m) + " (the data has " + basketsOfSize(histogram, m) + ")");
    return table;
}

// Select-a-size (004 Def. 7): a level for every size up to the largest, from the table, the binomial fallback,
// or (sizes without baskets) a valid unused one.
BasketOperator selectASizeFrom(const OperatorParameters& a, const std::vector<std::size_t>& histogram,
                               std::size_t sizes)
{
    const bool fallback = a.rho && a.sizesKeep; // a session: sizes without a line are binomial
    const std::vector<std::optional<SelectASizeLevel>> table = selectASizeTable(a, histogram, fallback);
    std::vector<SelectASizeLevel> levels(std::max(sizes, table.size()));
    for (std::size_t s = 0; s < levels.size(); ++s) {
        if (s < table.size() && table[s]) {
            levels[s] = *table[s];
            continue;
        }
        if (fallback) {
            levels[s] = {*a.rho, binomialSizeProbabilities(static_cast<int>(s), *a.sizesKeep)};
            continue;
        }
        levels[s].rho = 0.5; // sizes without baskets: unused, but valid
        levels[s].sizeProbabilities.assign(s + 1, 0.0);
        levels[s].sizeProbabilities[s] = 1.0;
    }
    return selectASizeOperator(std::move(levels));
}

} // namespace

bool OperatorParameters::hasParameters() const
{
    switch (kind) {
    case OperatorKind::ItemBits:
    case OperatorKind::Uniform: return p.has_value();
    case OperatorKind::CutAndPaste: return (cutoff && rho) || !rhoTable.empty();
    case OperatorKind::SelectASize: return (rho && (sizes || sizesKeep)) || !sizesTable.empty();
    case OperatorKind::FrequencyAware: return fp && nfp;
    }
    return false;
}

BasketOperator buildOperator(const OperatorParameters& a, const std::vector<std::size_t>& histogram, std::uint32_t n,
                             std::vector<std::uint8_t> frequentItems)
{
    const std::size_t sizes = std::max<std::size_t>(histogram.size(), 1);
    BasketOperator op;
    switch (a.kind) {
    case OperatorKind::ItemBits:
        if (!a.p)
            throw InputError("item-bits needs --p, the keep probability in (0.5, 1] (003 Ch. 3)");
        op = itemBitsOperator(*a.p);
        break;
    case OperatorKind::Uniform:
        if (!a.p)
            throw InputError("uniform needs --p, the replacement probability in [0, 1) (004 Sec. 2)");
        op = uniformOperator(*a.p);
        break;
    case OperatorKind::CutAndPaste:
        op = cutAndPasteFrom(a, histogram, sizes);
        break;
    case OperatorKind::SelectASize:
        op = selectASizeFrom(a, histogram, sizes);
        break;
    case OperatorKind::FrequencyAware:
        if (!a.fp || !a.nfp)
            throw InputError("frequency-aware needs --fp F and --nfp N, the keep probabilities of frequent and of "
                             "the other items, in (0.5, 1] (002 Alg. 2)");
        op = frequencyAwareOperator(*a.fp, *a.nfp, std::move(frequentItems));
        break;
    }
    checkOperator(op, n, histogram);
    return op;
}

namespace {

// A parameter's key only when it was given.
template <typename T>
void putGiven(nlohmann::ordered_json& j, const char* key, const std::optional<T>& v)
{
    if (v)
        j[key] = *v;
}

void putGiven(nlohmann::ordered_json& j, const char* key, const std::string& file)
{
    if (!file.empty())
        j[key] = file;
}

} // namespace

nlohmann::ordered_json operatorJson(const OperatorParameters& a)
{
    nlohmann::ordered_json j;
    j["name"] = operatorName(a.kind);
    switch (a.kind) {
    case OperatorKind::ItemBits: putGiven(j, "keep_probability", a.p); break;
    case OperatorKind::Uniform: putGiven(j, "replacement_probability", a.p); break;
    case OperatorKind::CutAndPaste:
        putGiven(j, "cutoff", a.cutoff);
        putGiven(j, "rho", a.rho);
        putGiven(j, "rho_table", a.rhoTableFile);
        break;
    case OperatorKind::SelectASize:
        putGiven(j, "rho", a.rho);
        putGiven(j, "size_probabilities", a.sizes);
        putGiven(j, "sizes_keep", a.sizesKeep);
        putGiven(j, "sizes_table", a.sizesTableFile);
        break;
    case OperatorKind::FrequencyAware:
        putGiven(j, "fp", a.fp);
        putGiven(j, "nfp", a.nfp);
        putGiven(j, "frequent_support", a.frequentSupport);
        break;
    }
    return j;
}

bool needsSizes(OperatorKind kind)
{
    BasketOperator op;
    op.kind = kind;
    return usesBasketSizes(op);
}

} // namespace rr
