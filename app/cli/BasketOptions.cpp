#include "app/cli/BasketOptions.h"

#include "core/baskets/BinaryColumns.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

namespace rr::cli {
namespace {

constexpr int kMaxBasketSize = 100000;
constexpr std::size_t kMaxTableLineBytes = std::size_t(1) << 20;

std::string shortNumber(double v)
{
    std::ostringstream os;
    os.precision(10);
    os << v;
    return os.str();
}

double numberIn(const std::string& text, const std::string& what, double lo, double hi, bool loOpen, bool hiOpen)
{
    const double v = parseNumber(text, what);
    const bool above = loOpen ? v > lo : v >= lo;
    const bool below = hiOpen ? v < hi : v <= hi;
    if (!above || !below)
        throw InputError(what + " must lie in " + (loOpen ? "(" : "[") + shortNumber(lo) + ", " + shortNumber(hi) +
                         (hiOpen ? ")" : "]") + ", got " + text);
    return v;
}

int integerIn(const std::string& text, const std::string& what, long long lo, long long hi)
{
    const unsigned long long v = parseUnsigned(text, what);
    if (v < static_cast<unsigned long long>(lo) || v > static_cast<unsigned long long>(hi))
        throw InputError(what + " must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                         text);
    return static_cast<int>(v);
}

// --rho: 004 Def. 7-8 need rho_m in (0, 1).
double rhoValue(const std::string& text, const std::string& what)
{
    return numberIn(text, what, 0.0, 1.0, true, true);
}

int cutoffValue(const std::string& text, const std::string& what)
{
    return integerIn(text, what, 1, kMaxBasketSize);
}

// p_m[0..m] of select-a-size (004 Def. 7): non-negative, summing to 1.
std::vector<double> sizeProbabilities(const std::vector<std::string>& fields, const std::string& what)
{
    std::vector<double> p;
    double sum = 0;
    for (std::size_t j = 0; j < fields.size(); ++j) {
        p.push_back(numberIn(fields[j], what + " p_m[" + std::to_string(j) + "]", 0.0, 1.0, false, false));
        sum += p.back();
    }
    if (std::abs(sum - 1.0) > 1e-9)
        throw InputError(what + ": the size probabilities p_m[0.." + std::to_string(fields.size() - 1) + "] sum to " +
                         shortNumber(sum) + ", not 1 (004 Def. 7)");
    return p;
}

// Lines of whitespace-separated fields with their numbers; '#' starts a comment, blank lines are skipped.
std::vector<std::pair<std::size_t, std::vector<std::string>>> tableLines(const std::string& path,
                                                                         const std::string& option)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(option + ": cannot open " + path);
    std::vector<std::pair<std::size_t, std::vector<std::string>>> out;
    std::string line;
    std::size_t lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.size() > kMaxTableLineBytes)
            throw InputError(path + " line " + std::to_string(lineNo) + " is longer than the limit of 1 MiB");
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        std::istringstream fields(line);
        std::vector<std::string> f;
        for (std::string w; fields >> w;)
            f.push_back(w);
        if (f.empty())
            continue;
        if (out.size() > static_cast<std::size_t>(kMaxBasketSize))
            throw InputError(path + " has more than " + std::to_string(kMaxBasketSize + 1) + " basket sizes");
        out.emplace_back(lineNo, std::move(f));
    }
    if (out.empty())
        throw InputError(option + ": " + path + " holds no line (expected one line per basket size)");
    return out;
}

// The size m a table line is about.
std::size_t tableSize(const std::string& path, std::size_t lineNo, const std::string& field)
{
    return static_cast<std::size_t>(
        integerIn(field, path + " line " + std::to_string(lineNo) + ": the basket size m", 0, kMaxBasketSize));
}

// Cut-and-paste per size (004 Def. 8): "m K_m rho_m".
std::vector<std::optional<CutAndPasteLevel>> readRhoTable(const std::string& path)
{
    std::vector<std::optional<CutAndPasteLevel>> table;
    for (const auto& [lineNo, f] : tableLines(path, "--rho-table")) {
        const std::string where = path + " line " + std::to_string(lineNo);
        if (f.size() != 3)
            throw InputError(where + ": expected 'm K_m rho_m' (3 fields), got " + std::to_string(f.size()));
        const std::size_t m = tableSize(path, lineNo, f[0]);
        if (m < table.size() && table[m])
            throw InputError(where + ": basket size " + std::to_string(m) + " appears twice");
        const int K = cutoffValue(f[1], where + ": the cutoff K_m");
        const double rho = rhoValue(f[2], where + ": rho_m");
        if (table.size() <= m)
            table.resize(m + 1);
        table[m] = CutAndPasteLevel{K, rho};
    }
    return table;
}

// Select-a-size per size (004 Def. 7): "m rho_m p_m[0] .. p_m[m]".
std::vector<std::optional<SelectASizeLevel>> readSizesTable(const std::string& path)
{
    std::vector<std::optional<SelectASizeLevel>> table;
    for (const auto& [lineNo, f] : tableLines(path, "--sizes-table")) {
        const std::string where = path + " line " + std::to_string(lineNo);
        if (f.size() < 3)
            throw InputError(where + ": expected 'm rho_m p_m[0] .. p_m[m]'");
        const std::size_t m = tableSize(path, lineNo, f[0]);
        if (m < table.size() && table[m])
            throw InputError(where + ": basket size " + std::to_string(m) + " appears twice");
        if (f.size() != m + 3)
            throw InputError(where + ": basket size " + std::to_string(m) + " needs rho_m and " +
                             std::to_string(m + 1) + " size probabilities p_m[0.." + std::to_string(m) + "], got " +
                             std::to_string(f.size() - 2) + " numbers after m");
        SelectASizeLevel level;
        level.rho = rhoValue(f[1], where + ": rho_m");
        level.sizeProbabilities = sizeProbabilities({f.begin() + 2, f.end()}, where);
        if (table.size() <= m)
            table.resize(m + 1);
        table[m] = std::move(level);
    }
    return table;
}

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

// Blank lines of a CSV, which its reader skips (no record): counted so that none is dropped unreported.
void countBlankLines(const std::string& path, FimiReport& report)
{
    std::ifstream in(path, std::ios::binary);
    std::string line;
    for (std::size_t lineNo = 1; std::getline(in, line); ++lineNo) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (!line.empty())
            continue;
        ++report.emptyLines;
        if (report.firstEmptyLines.size() < 10)
            report.firstEmptyLines.push_back(lineNo);
    }
}

bool endsWithCsv(const std::string& path)
{
    if (path.size() < 4)
        return false;
    std::string tail = path.substr(path.size() - 4);
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
    return tail == ".csv";
}

} // namespace

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
         "Sec. 4)"},
    };
}

std::vector<OptionSpec> basketDataOptions(const std::string& dataHelp)
{
    return {
        {"data", "FILE", dataHelp},
        {"columns", "A,B,..",
         "a CSV's 0/1 columns that are the items (default: all columns; only for a file ending in .csv)"},
        {"items", "N",
         "the item universe 0..N-1 of a FIMI file (default: the largest id + 1); give the original's when reading "
         "a release back"},
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
                  ? numberIn(*p, "--p (item-bits keep probability, 003 Ch. 3)", 0.5, 1.0, true, false)
                  : numberIn(*p, "--p (uniform replacement probability, 004 Sec. 2)", 0.0, 1.0, false, true);
    if (auto k = options.value("cutoff"))
        a.cutoff = cutoffValue(*k, "--cutoff (K_m, 004 Def. 8)");
    if (auto r = options.value("rho"))
        a.rho = rhoValue(*r, "--rho (randomization level rho_m, 004 Def. 7, 8)");
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
        a.sizes = sizeProbabilities(fields, "--sizes");
    }
    if (auto t = options.value("sizes-table")) {
        if (a.rho || a.sizes)
            throw InputError("give --rho and --sizes (one basket size) or --sizes-table FILE, not both");
        a.sizesTableFile = *t;
        a.sizesTable = readSizesTable(*t);
    }
    if (auto f = options.value("fp"))
        a.fp = numberIn(*f, "--fp (frequent items' keep probability, 002 Alg. 2)", 0.5, 1.0, true, false);
    if (auto f = options.value("nfp"))
        a.nfp = numberIn(*f, "--nfp (other items' keep probability, 002 Alg. 2)", 0.5, 1.0, true, false);
    if (auto s = options.value("frequent-support"))
        a.frequentSupport = numberIn(*s, "--frequent-support", 0.0, 1.0, true, false);
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

LoadedBaskets loadBaskets(const std::string& path, const Options& options)
{
    if (path.empty())
        throw InputError("--data needs a file name");
    LoadedBaskets out;
    out.file.path = path;
    out.file.csv = endsWithCsv(path);
    if (out.file.csv) {
        if (options.has("items"))
            throw InputError("--items applies to FIMI files; the items of " + path + " are its columns");
        const Table table = readCsv({path});
        std::vector<int> columns;
        if (auto c = options.value("columns"))
            columns = table.attributeIndices(splitList(*c, "columns"));
        BinaryBaskets b = basketsFromBinaryColumns(table, columns);
        out.baskets = std::move(b.transactions);
        out.file.itemNames = std::move(b.itemNames);
        countBlankLines(path, out.file.report);
    } else {
        if (options.has("columns"))
            throw InputError("--columns applies to a CSV of 0/1 columns (a file ending in .csv), not to the FIMI "
                             "file " +
                             path);
        FimiOptions fimi;
        fimi.sourceName = path;
        fimi.emptyLines = EmptyLinePolicy::KeepAsEmptyBasket;
        if (auto n = options.value("items"))
            fimi.itemCount = static_cast<std::uint32_t>(
                integerIn(*n, "--items (the item universe)", 1, static_cast<long long>(fimi.limits.maxItemId) + 1));
        FimiData data = readFimiFile(path, fimi);
        out.baskets = std::move(data.transactions);
        out.file.report = data.report;
    }
    for (std::size_t i = 0; i < out.baskets.size(); ++i)
        out.file.emptyBaskets += out.baskets.basketSize(i) == 0;
    return out;
}

bool needsSizes(OperatorKind kind)
{
    BasketOperator op;
    op.kind = kind;
    return usesBasketSizes(op);
}

std::string sizesPathOf(const std::string& release)
{
    return release + ".sizes";
}

std::string frequentPathOf(const std::string& release)
{
    return release + ".frequent";
}

LoadedRelease loadRelease(const std::string& path, const Options& options, OperatorKind kind)
{
    LoadedBaskets loaded = loadBaskets(path, options);
    LoadedRelease r;
    r.file = std::move(loaded.file);
    r.release.baskets = std::move(loaded.baskets);
    const Transactions& t = r.release.baskets;
    const std::string name = operatorName(kind);
    if (needsSizes(kind)) {
        r.sizesPath = sizesPathOf(path);
        std::ifstream in(r.sizesPath, std::ios::binary);
        if (!in)
            throw InputError("cannot open " + r.sizesPath + ": " + name +
                             " recovery needs each basket's original size (004 Sec. 4.4), which 'basket randomize' "
                             "writes beside the release as FILE.sizes");
        r.release.originalSizes = readSizes(in, t.size(), r.sizesPath);
    }
    if (kind == OperatorKind::FrequencyAware) {
        r.frequentPath = frequentPathOf(path);
        std::ifstream in(r.frequentPath, std::ios::binary);
        if (!in)
            throw InputError("cannot open " + r.frequentPath +
                             ": frequency-aware recovery needs the frequent items, which 'basket randomize' writes "
                             "beside the release as FILE.frequent");
        r.frequentItems.assign(t.itemCount, 0);
        std::string line;
        for (std::size_t lineNo = 1; std::getline(in, line); ++lineNo) {
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            if (line.empty())
                continue;
            r.frequentItems[parseItem(r.file, t, line, r.frequentPath + " line " + std::to_string(lineNo))] = 1;
        }
    }
    return r;
}

Json basketFileJson(const BasketFile& file, const Transactions& baskets, Notes& notes)
{
    Json j;
    j["file"] = file.path;
    j["format"] = file.csv ? "csv" : "fimi";
    j["baskets"] = baskets.size();
    j["items"] = baskets.itemCount;
    if (file.csv)
        j["columns"] = file.itemNames;
    j["occurrences"] = baskets.occurrences();
    j["empty_baskets"] = file.emptyBaskets;
    const FimiReport& r = file.report;
    j["empty_lines"] = r.emptyLines;
    j["first_empty_lines"] = r.firstEmptyLines;
    j["duplicates_collapsed"] = r.duplicateItems;
    j["baskets_with_duplicates"] = r.basketsWithDuplicates;
    if (r.duplicateItems > 0)
        j["first_duplicate_line"] = r.firstDuplicateLine;
    if (r.emptyLines > 0)
        notes.add(file.path + ": " + std::to_string(r.emptyLines) + " empty line(s) (the first at line " +
                  std::to_string(r.firstEmptyLines.front()) +
                  (file.csv ? ") hold no record and are skipped (a row of 0s is an empty basket)"
                            : ") are kept as empty baskets, so that line i stays basket i"));
    if (r.duplicateItems > 0)
        notes.add(file.path + ": " + std::to_string(r.duplicateItems) + " repeated item(s) in " +
                  std::to_string(r.basketsWithDuplicates) + " basket(s) (the first at line " +
                  std::to_string(r.firstDuplicateLine) + ") were collapsed: a basket is a set of items");
    return j;
}

Json itemJson(const BasketFile& file, const Transactions& baskets, std::uint32_t item)
{
    if (file.csv)
        return file.itemNames[item];
    return baskets.label(item);
}

Json itemsJson(const BasketFile& file, const Transactions& baskets, std::span<const std::uint32_t> items)
{
    Json j = Json::array();
    for (std::uint32_t a : items)
        j.push_back(itemJson(file, baskets, a));
    return j;
}

std::uint32_t parseItem(const BasketFile& file, const Transactions& baskets, const std::string& token,
                        const std::string& what)
{
    if (file.csv) {
        const auto it = std::find(file.itemNames.begin(), file.itemNames.end(), token);
        if (it == file.itemNames.end()) {
            std::string names;
            for (const auto& n : file.itemNames)
                names += (names.empty() ? "" : ", ") + n;
            throw InputError(what + ": '" + token + "' is not one of the item columns (" + names + ")");
        }
        return static_cast<std::uint32_t>(it - file.itemNames.begin());
    }
    const bool digits = !token.empty() && token.size() <= 9 &&
                        std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits)
        throw InputError(what + ": '" + token + "' is not an item id (a non-negative integer below " +
                         std::to_string(baskets.itemCount) + ")");
    const auto id = static_cast<std::uint32_t>(std::stoul(token));
    if (id >= baskets.itemCount)
        throw InputError(what + ": item " + token + " is outside the universe of " + std::to_string(baskets.itemCount) +
                         " items (0.." + std::to_string(baskets.itemCount == 0 ? 0 : baskets.itemCount - 1) +
                         "); give --items N if the universe is larger");
    return id; // FIMI files read here carry no labels: the id is the item
}

std::vector<std::vector<std::uint32_t>> parseItemsets(const BasketFile& file, const Transactions& baskets,
                                                      const std::string& text, const std::string& option)
{
    constexpr std::size_t kMaxItemsets = 100000, kMaxItems = 16;
    std::vector<std::vector<std::uint32_t>> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t semi = std::min(text.find(';', start), text.size());
        std::string part = text.substr(start, semi - start);
        start = semi + 1;
        std::replace(part.begin(), part.end(), ',', ' ');
        std::replace(part.begin(), part.end(), '\t', ' ');
        const std::string what = "--" + option + " itemset " + std::to_string(out.size() + 1);
        std::istringstream tokens(part);
        std::vector<std::uint32_t> items;
        for (std::string tok; tokens >> tok;)
            items.push_back(parseItem(file, baskets, tok, what));
        if (items.empty())
            throw InputError(what + " is empty (itemsets are separated by ';', items by spaces or commas)");
        std::sort(items.begin(), items.end());
        if (std::adjacent_find(items.begin(), items.end()) != items.end())
            throw InputError(what + " names an item twice");
        if (items.size() > kMaxItems)
            throw InputError(what + " has " + std::to_string(items.size()) +
                             " items; support recovery handles 1..16 items");
        out.push_back(std::move(items));
        if (out.size() > kMaxItemsets)
            throw InputError("--" + option + " lists more than " + std::to_string(kMaxItemsets) + " itemsets");
    }
    return out;
}

int intOption(const Options& options, const std::string& name, int lo, int hi, int fallback)
{
    const auto v = options.value(name);
    return v ? integerIn(*v, "--" + name, lo, hi) : fallback;
}

} // namespace rr::cli
