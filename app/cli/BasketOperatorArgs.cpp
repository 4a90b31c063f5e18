#include "app/cli/BasketOperatorArgs.h"

#include "app/cli/BasketParameterTables.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <sstream>

namespace rr::cli {
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

} // namespace

std::string shortNumber(double v)
{
    std::ostringstream os;
    os.precision(10);
    os << v;
    return os.str();
}

double numberInRange(const std::string& text, const std::string& what, double lo, double hi, bool loOpen, bool hiOpen)
{
    const double v = parseNumber(text, what);
    const bool above = loOpen ? v > lo : v >= lo;
    const bool below = hiOpen ? v < hi : v <= hi;
    if (!above || !below)
        throw InputError(what + " must lie in " + (loOpen ? "(" : "[") + shortNumber(lo) + ", " + shortNumber(hi) +
                         (hiOpen ? ")" : "]") + ", got " + text);
    return v;
}

int integerInRange(const std::string& text, const std::string& what, long long lo, long long hi)
{
    const unsigned long long v = parseUnsigned(text, what);
    if (v < static_cast<unsigned long long>(lo) || v > static_cast<unsigned long long>(hi))
        throw InputError(what + " must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                         text);
    return static_cast<int>(v);
}

int intOption(const Options& options, const std::string& name, int lo, int hi, int fallback)
{
    const auto v = options.value(name);
    return v ? integerInRange(*v, "--" + name, lo, hi) : fallback;
}

std::vector<OptionSpec> operatorOptions()
{
    return {
        {"operator", "NAME",
         "the randomization operator: item-bits (each item's bit kept with p, flipped otherwise; 003 Ch. 3, 001), "
         "uniform (004 Sec. 2), select-a-size (004 Def. 7), cut-and-paste (004 Def. 8), frequency-aware (002 Alg. 2)"},
        {"p", "P",
         "item-bits: the keep probability p of each item's bit, in (0.5, 1]; uniform: the probability p that an "
         "item is replaced by one not in the basket, in [0, 1) (004 Sec. 2)"},
        {"cutoff", "K", "cut-and-paste: the cutoff K_m, an integer 1..100000, for every basket size (004 Def. 8)"},
        {"rho", "R",
         "select-a-size, cut-and-paste: the randomization level rho_m in (0, 1), the chance that an item not kept "
         "is inserted, for every basket size (004 Def. 7, 8)"},
        {"rho-table", "FILE",
         "cut-and-paste per basket size: lines 'm K_m rho_m', '#' comments (004 Def. 8, Sec. 5.4); instead of "
         "--cutoff and --rho"},
        {"sizes", "P0,..,PM",
         "select-a-size: p_m[0..m] for baskets of size m, m+1 probabilities summing to 1 (004 Def. 7), with --rho"},
        {"sizes-table", "FILE",
         "select-a-size per basket size: lines 'm rho_m p_m[0] .. p_m[m]' (004 Def. 7); instead of --sizes and --rho"},
        {"fp", "F", "frequency-aware: the keep probability of frequent items' bits, in (0.5, 1] (002 Alg. 2)"},
        {"nfp", "N", "frequency-aware: the keep probability of the other items' bits, in (0.5, 1] (002 Alg. 2)"},
        {"frequent-support", "S",
         "frequency-aware: items in at least a fraction S in (0, 1] of the original baskets are frequent (002 "
         "Sec. 3.3)"},
    };
}

bool OperatorArgs::hasParameters() const
{
    switch (kind) {
    case OperatorKind::ItemBits:
    case OperatorKind::Uniform: return p.has_value();
    case OperatorKind::CutAndPaste: return (cutoff && rho) || !rhoTableFile.empty();
    case OperatorKind::SelectASize: return (rho && sizes) || !sizesTableFile.empty();
    case OperatorKind::FrequencyAware: return fp && nfp;
    }
    return false;
}

OperatorArgs operatorArgs(const Options& options)
{
    OperatorArgs a;
    a.kind = parseOperatorKind(options.required("operator"));
    const std::string name = operatorName(a.kind);
    const auto only = [&](const std::string& option, std::initializer_list<OperatorKind> kinds, const char* who) {
        if (options.has(option) && std::find(kinds.begin(), kinds.end(), a.kind) == kinds.end())
            throw InputError("--" + option + " applies to " + who + ", not to " + name);
    };
    using K = OperatorKind;
    only("p", {K::ItemBits, K::Uniform}, "item-bits and uniform");
    only("cutoff", {K::CutAndPaste}, "cut-and-paste");
    only("rho-table", {K::CutAndPaste}, "cut-and-paste");
    only("rho", {K::CutAndPaste, K::SelectASize}, "cut-and-paste and select-a-size");
    only("sizes", {K::SelectASize}, "select-a-size");
    only("sizes-table", {K::SelectASize}, "select-a-size");
    only("fp", {K::FrequencyAware}, "frequency-aware");
    only("nfp", {K::FrequencyAware}, "frequency-aware");
    only("frequent-support", {K::FrequencyAware}, "frequency-aware");

    if (auto p = options.value("p"))
        a.p = a.kind == K::ItemBits
                  ? numberInRange(*p, "--p (item-bits keep probability, 003 Ch. 3)", 0.5, 1.0, true, false)
                  : numberInRange(*p, "--p (uniform replacement probability, 004 Sec. 2)", 0.0, 1.0, false, true);
    if (auto k = options.value("cutoff"))
        a.cutoff = parseCutoff(*k, "--cutoff (K_m, 004 Def. 8)");
    if (auto r = options.value("rho"))
        a.rho = parseRho(*r, "--rho (randomization level rho_m, 004 Def. 7, 8)");
    if (auto t = options.value("rho-table")) {
        if (a.cutoff || a.rho)
            throw InputError("give --cutoff and --rho (one pair for every basket size) or --rho-table FILE, not both");
        a.rhoTableFile = *t;
        a.rhoTable = readRhoTable(*t);
    }
    if (auto s = options.value("sizes")) {
        const std::vector<std::string> fields = splitList(*s, "sizes");
        if (fields.size() > static_cast<std::size_t>(kMaxBasketSize) + 1)
            throw InputError("--sizes gives more than " + std::to_string(kMaxBasketSize + 1) + " probabilities");
        a.sizes = parseSizeProbabilities(fields, "--sizes");
    }
    if (auto t = options.value("sizes-table")) {
        if (a.rho || a.sizes)
            throw InputError("give --rho and --sizes (one basket size) or --sizes-table FILE, not both");
        a.sizesTableFile = *t;
        a.sizesTable = readSizesTable(*t);
    }
    if (auto f = options.value("fp"))
        a.fp = numberInRange(*f, "--fp (frequent items' keep probability, 002 Alg. 2)", 0.5, 1.0, true, false);
    if (auto f = options.value("nfp"))
        a.nfp = numberInRange(*f, "--nfp (other items' keep probability, 002 Alg. 2)", 0.5, 1.0, true, false);
    if (auto s = options.value("frequent-support"))
        a.frequentSupport = numberInRange(*s, "--frequent-support", 0.0, 1.0, true, false);
    return a;
}

BasketOperator buildOperator(const OperatorArgs& a, const std::vector<std::size_t>& histogram, std::uint32_t n,
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
    case OperatorKind::CutAndPaste: {
        if (a.rhoTableFile.empty()) {
            if (!a.cutoff || !a.rho)
                throw InputError("cut-and-paste needs --cutoff K and --rho R, or --rho-table FILE (004 Def. 8)");
            op = cutAndPasteOperator(*a.cutoff, *a.rho, static_cast<std::uint32_t>(sizes - 1));
            break;
        }
        const long m = uncoveredSize(histogram, [&](std::size_t s) { return s < a.rhoTable.size() && a.rhoTable[s]; });
        if (m >= 0)
            throw InputError("--rho-table " + a.rhoTableFile + " has no line for basket size " + std::to_string(m) +
                             " (the data has " + basketsOfSize(histogram, m) + ")");
        std::vector<CutAndPasteLevel> levels(sizes, CutAndPasteLevel{1, 0.5}); // sizes without baskets: unused
        for (std::size_t s = 0; s < sizes && s < a.rhoTable.size(); ++s)
            if (a.rhoTable[s])
                levels[s] = *a.rhoTable[s];
        op = cutAndPasteOperator(std::move(levels));
        break;
    }
    case OperatorKind::SelectASize: {
        std::vector<std::optional<SelectASizeLevel>> table = a.sizesTable;
        if (a.sizesTableFile.empty()) {
            if (!a.rho || !a.sizes)
                throw InputError("select-a-size needs --rho R and --sizes p0,..,pm (one basket size m), or "
                                 "--sizes-table FILE (004 Def. 7)");
            const std::size_t m = a.sizes->size() - 1;
            table.assign(m + 1, std::nullopt);
            table[m] = SelectASizeLevel{*a.rho, *a.sizes};
        }
        const long m = uncoveredSize(histogram, [&](std::size_t s) { return s < table.size() && table[s]; });
        if (m >= 0)
            throw InputError(a.sizesTableFile.empty()
                                 ? "--sizes gives p_m[0.." + std::to_string(a.sizes->size() - 1) +
                                       "] for baskets of size " + std::to_string(a.sizes->size() - 1) +
                                       " only, but the data has " + basketsOfSize(histogram, m) +
                                       "; give every size's parameters with --sizes-table FILE"
                                 : "--sizes-table " + a.sizesTableFile + " has no line for basket size " +
                                       std::to_string(m) + " (the data has " + basketsOfSize(histogram, m) + ")");
        std::vector<SelectASizeLevel> levels(std::max(sizes, table.size()));
        for (std::size_t s = 0; s < levels.size(); ++s) {
            if (s < table.size() && table[s]) {
                levels[s] = *table[s];
                continue;
            }
            levels[s].rho = 0.5; // sizes without baskets: unused, but valid
            levels[s].sizeProbabilities.assign(s + 1, 0.0);
            levels[s].sizeProbabilities[s] = 1.0;
        }
        op = selectASizeOperator(std::move(levels));
        break;
    }
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

Json operatorJson(const OperatorArgs& a)
{
    Json j;
    j["name"] = operatorName(a.kind);
    switch (a.kind) {
    case OperatorKind::ItemBits:
        if (a.p)
            j["keep_probability"] = *a.p;
        break;
    case OperatorKind::Uniform:
        if (a.p)
            j["replacement_probability"] = *a.p;
        break;
    case OperatorKind::CutAndPaste:
        if (a.cutoff)
            j["cutoff"] = *a.cutoff;
        if (a.rho)
            j["rho"] = *a.rho;
        if (!a.rhoTableFile.empty())
            j["rho_table"] = a.rhoTableFile;
        break;
    case OperatorKind::SelectASize:
        if (a.rho)
            j["rho"] = *a.rho;
        if (a.sizes)
            j["size_probabilities"] = *a.sizes;
        if (!a.sizesTableFile.empty())
            j["sizes_table"] = a.sizesTableFile;
        break;
    case OperatorKind::FrequencyAware:
        if (a.fp)
            j["fp"] = *a.fp;
        if (a.nfp)
            j["nfp"] = *a.nfp;
        if (a.frequentSupport)
            j["frequent_support"] = *a.frequentSupport;
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

} // namespace rr::cli
