#include "core/session/BasketsSessionJson.h"

#include "core/data/Errors.h"
#include "core/session/AnySession.h"
#include "core/session/SessionHeader.h"

#include <charconv>
#include <cmath>

namespace rr {
namespace {

using session::Json; // keys sorted, as the files have always been written

constexpr int kMaxSizes = 100'000;
constexpr int kMaxMinSupports = 50;

// A number, or `fallback` for anything else (as the files were read with Qt's toDouble(fallback)).
double numberOr(const Json& v, double fallback)
{
    return v.is_number() ? v.get<double>() : fallback;
}

// An array, or empty for anything else.
const Json& arrayOr(const Json& o, const char* key)
{
    static const Json empty = Json::array();
    const auto it = o.find(key);
    return it != o.end() && it->is_array() ? *it : empty;
}

double number(const Json& o, const char* key, double lo, double hi, double fallback, bool openLo = false,
              bool openHi = false)
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    const double x = numberOr(*it, -1e300);
    const bool ok = it->is_number() && (openLo ? x > lo : x >= lo) && (openHi ? x < hi : x <= hi);
    if (!ok)
        throw InputError(std::string("basket session: \"") + key + "\" must be a number in " + (openLo ? "(" : "[") +
                         std::to_string(lo) + ", " + std::to_string(hi) + (openHi ? ")" : "]"));
    return x;
}

int integer(const Json& o, const char* key, int lo, int hi, int fallback)
{
    const double x = number(o, key, lo, hi, fallback);
    if (x != static_cast<double>(static_cast<int>(x)))
        throw InputError(std::string("basket session: \"") + key + "\" must be an integer");
    return static_cast<int>(x);
}

std::string stringOr(const Json& o, const char* key, const std::string& fallback)
{
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::vector<CutAndPasteLevel> perSizeTable(const Json& o)
{
    const Json& perSize = arrayOr(o, "per_size");
    if (perSize.size() > kMaxSizes)
        throw InputError("basket session: \"per_size\" has more than " + std::to_string(kMaxSizes) + " sizes");
    std::vector<CutAndPasteLevel> table;
    for (std::size_t m = 0; m < perSize.size(); ++m) {
        const Json& row = perSize[m];
        const bool pair = row.is_array() && row.size() == 2;
        const double K = pair ? numberOr(row[0], -1) : -1, rho = pair ? numberOr(row[1], -1) : -1;
        if (!(K >= 1 && K <= 1000 && K == static_cast<int>(K) && rho > 0 && rho < 1))
            throw InputError("basket session: \"per_size\" entry for size " + std::to_string(m) +
                             " must be [K, rho] with K an integer >= 1 and rho in (0, 1)");
        table.push_back({static_cast<int>(K), rho});
    }
    return table;
}

// Select-a-size: the lines of the CLI's --sizes-table, [m, rho_m, p_m[0], .., p_m[m]], for edited sizes.
std::vector<SelectASizeLevel> sizesTable(const Json& o)
{
    const Json& rows = arrayOr(o, "sizes_table");
    if (rows.size() > kMaxSizes)
        throw InputError("basket session: \"sizes_table\" has more than " + std::to_string(kMaxSizes) + " sizes");
    std::vector<SelectASizeLevel> table;
    for (const Json& row : rows) {
        const bool long3 = row.is_array() && row.size() >= 3;
        const double m = long3 ? numberOr(row[0], -1) : -1, rho = long3 ? numberOr(row[1], -1) : -1;
        if (!(m >= 0 && m < kMaxSizes && m == static_cast<int>(m) && row.size() == static_cast<std::size_t>(m) + 3 &&
              rho > 0 && rho < 1))
            throw InputError("basket session: every \"sizes_table\" entry must be [m, rho_m, p_m[0], .., p_m[m]] "
                             "with m an integer in 0.." +
                             std::to_string(kMaxSizes - 1) + " and rho_m in (0, 1)");
        const auto size = static_cast<std::size_t>(m);
        if (table.size() <= size)
            table.resize(size + 1);
        if (!table[size].sizeProbabilities.empty())
            throw InputError("basket session: \"sizes_table\" gives size " + std::to_string(size) + " twice");
        SelectASizeLevel level{rho, {}};
        double sum = 0;
        for (std::size_t j = 2; j < row.size(); ++j) {
            const double p = numberOr(row[j], -1);
            if (!(p >= 0 && p <= 1))
                throw InputError("basket session: \"sizes_table\" size " + std::to_string(size) +
                                 ": every p_m[j] must lie in [0, 1]");
            level.sizeProbabilities.push_back(p);
            sum += p;
        }
        if (std::abs(sum - 1) > 1e-9)
            throw InputError("basket session: \"sizes_table\" size " + std::to_string(size) +
                             ": p_m[0..m] must sum to 1 (004 Def. 7)");
        table[size] = std::move(level);
    }
    return table;
}

// The seed is a string: JSON numbers lose 64-bit integers.
std::uint64_t seed(const std::string& text)
{
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw InputError("basket session: \"seed\" must be a non-negative integer in a string");
    return v;
}

// The operator and its parameters; an absent key keeps the default.
void readOperator(const Json& o, BasketsChoice& c)
{
    c.kind = parseOperatorKind(stringOr(o, "operator", "cut-and-paste"));
    c.keep = number(o, "keep", 0.5, 1, c.keep, true);
    c.replace = number(o, "replace", 0, 1, c.replace, false, true);
    c.cutoff = integer(o, "cutoff", 1, 1000, c.cutoff);
    c.rho = number(o, "rho", 0, 1, c.rho, true, true);
    c.perSize = perSizeTable(o);
    c.selectPerSize = sizesTable(o);
    c.selectKeep = number(o, "select_keep", 0, 1, c.selectKeep);
    c.fp = number(o, "fp", 0.5, 1, c.fp, true);
    c.nfp = number(o, "nfp", 0.5, 1, c.nfp, true);
    c.frequentSupport = number(o, "frequent_support", 0, 1, c.frequentSupport, true);
}

std::vector<double> minSupports(const Json& o)
{
    const Json& smin = arrayOr(o, "min_supports");
    if (smin.empty() || smin.size() > kMaxMinSupports)
        throw InputError("basket session: \"min_supports\" needs 1.." + std::to_string(kMaxMinSupports) + " values");
    std::vector<double> out;
    for (const Json& v : smin) {
        const double x = numberOr(v, -1);
        if (!(x > 0 && x < 1))
            throw InputError("basket session: every \"min_supports\" value must lie in (0, 1)");
        out.push_back(x);
    }
    return out;
}

// The breach level and the preview's settings.
void readPreview(const Json& o, BasketsChoice& c)
{
    c.level = number(o, "level", 0, 1, c.level, true, true);
    c.breachItemsets = integer(o, "breach_itemsets", 1, 7, c.breachItemsets);
    if (o.contains("seed"))
        c.seed = seed(stringOr(o, "seed", ""));
    c.topItemsets = integer(o, "top_itemsets", 1, 40, c.topItemsets);
    c.miningMaxSize = integer(o, "mining_max_size", 1, 6, c.miningMaxSize);
    if (o.contains("min_supports"))
        c.minSupports = minSupports(o);
}

BasketsChoice choice(const Json& o)
{
    BasketsChoice c;
    readOperator(o, c);
    readPreview(o, c);
    return c;
}

} // namespace

std::string basketsSessionJson(const BasketsSessionFile& session, const SessionPlaces& places)
{
    const BasketsChoice& c = session.choice;
    Json o = session::sessionHeader(SessionKind::Baskets);
    o["data"] = portableSessionPath(session.data, places.sampleDir);
    o["operator"] = operatorName(c.kind);
    o["keep"] = c.keep;
    o["replace"] = c.replace;
    o["cutoff"] = c.cutoff;
    o["rho"] = c.rho;
    o["per_size"] = Json::array();
    for (const CutAndPasteLevel& l : c.perSize)
        o["per_size"].push_back({l.cutoff, l.rho});
    o["sizes_table"] = Json::array();
    for (std::size_t m = 0; m < c.selectPerSize.size(); ++m) {
        if (c.selectPerSize[m].sizeProbabilities.empty())
            continue;
        Json row{static_cast<int>(m), c.selectPerSize[m].rho};
        for (double p : c.selectPerSize[m].sizeProbabilities)
            row.push_back(p);
        o["sizes_table"].push_back(row);
    }
    o["select_keep"] = c.selectKeep;
    // Frequency-aware: the CLI's --fp, --nfp and --frequent-support.
    o["fp"] = c.fp;
    o["nfp"] = c.nfp;
    o["frequent_support"] = c.frequentSupport;
    o["level"] = c.level;
    o["breach_itemsets"] = c.breachItemsets;
    o["seed"] = std::to_string(c.seed);
    o["top_itemsets"] = c.topItemsets;
    o["mining_max_size"] = c.miningMaxSize;
    o["min_supports"] = c.minSupports;
    return session::dumpSession(o);
}

BasketsSessionFile basketsSessionFromDocument(const Json& o, const SessionPlaces& places)
{
    BasketsSessionFile s;
    s.data = stringOr(o, "data", "");
    if (s.data.empty())
        throw InputError("basket session: \"data\" must name the .dat file");
    s.data = resolveSessionPath(s.data, places);
    s.choice = choice(o);
    return s;
}

BasketsSessionFile parseBasketsSession(const std::string& json, const SessionPlaces& places)
{
    return std::get<BasketsSessionFile>(parseAnySession(json, places, SessionKind::Baskets));
}

} // namespace rr
