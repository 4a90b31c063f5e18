#include "app/cli/BasketParameterTables.h"

#include "app/cli/BasketOperatorOptions.h"
#include "app/cli/Options.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace rr::cli {
namespace {

constexpr std::size_t kMaxTableLineBytes = std::size_t(1) << 20;

// Lines of whitespace-separated fields with their numbers; '#' starts a comment, blank lines are skipped.
std::vector<std::pair<std::size_t, std::vector<std::string>>> tableLines(const std::string& path,
                                                                         const std::string& option)
{
    checkInputFile(path, option);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(option + ": cannot open " + path);
    std::vector<std::pair<std::size_t, std::vector<std::string>>> out;
    std::string line;
    std::size_t lineNo = 0;
    // Bounded: a line without end (/dev/zero, one 2 GB line) stops at the limit, not after being read whole.
    for (LineRead got; (got = readLineBounded(in, line, kMaxTableLineBytes)) != LineRead::End;) {
        ++lineNo;
        if (got == LineRead::TooLong)
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
        integerInRange(field, path + " line " + std::to_string(lineNo) + ": the basket size m", 0, kMaxBasketSize));
}

} // namespace

double parseRho(const std::string& text, const std::string& what)
{
    return numberInRange(text, what, 0.0, 1.0, true, true);
}

int parseCutoff(const std::string& text, const std::string& what)
{
    return integerInRange(text, what, 1, kMaxBasketSize);
}

std::pair<int, int> parseCutoffRange(const std::string& text)
{
    const auto dots = text.find("..");
    if (dots == std::string::npos)
        throw InputError("--cutoffs takes KMIN..KMAX (e.g. 3..10), got '" + text + "'");
    // Compared before narrowing: 4294967297 must not pass as 1.
    const unsigned long long lo = parseUnsigned(text.substr(0, dots), "--cutoffs KMIN");
    const unsigned long long hi = parseUnsigned(text.substr(dots + 2), "--cutoffs KMAX");
    if (lo < 1 || hi < lo || hi > 1000)
        throw InputError("--cutoffs must satisfy 1 <= KMIN <= KMAX <= 1000, got '" + text + "'");
    return {static_cast<int>(lo), static_cast<int>(hi)};
}

std::vector<double> parseSizeProbabilities(const std::vector<std::string>& fields, const std::string& what)
{
    std::vector<double> p;
    double sum = 0;
    for (std::size_t j = 0; j < fields.size(); ++j) {
        p.push_back(numberInRange(fields[j], what + " p_m[" + std::to_string(j) + "]", 0.0, 1.0, false, false));
        sum += p.back();
    }
    if (std::abs(sum - 1.0) > 1e-9)
        throw InputError(what + ": the size probabilities p_m[0.." + std::to_string(fields.size() - 1) + "] sum to " +
                         shortNumber(sum) + ", not 1 (004 Def. 7)");
    return p;
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
        const int K = parseCutoff(f[1], where + ": the cutoff K_m");
        const double rho = parseRho(f[2], where + ": rho_m");
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
        level.rho = parseRho(f[1], where + ": rho_m");
        level.sizeProbabilities = parseSizeProbabilities({f.begin() + 2, f.end()}, where);
        if (table.size() <= m)
            table.resize(m + 1);
        table[m] = std::move(level);
    }
    return table;
}

} // namespace rr::cli
