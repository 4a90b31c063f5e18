// `basket breach`: worst-case privacy breaches of an operator (004 Def. 4, Sec. 4.4, eq. 15-16) per basket size
// and itemset size, and the weakest parameters that keep them under a level (004 Sec. 4.4, 5.1), with the items
// whose prior already reaches the level named.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketOptions.h"

#include "core/baskets/Breach.h"
#include "core/baskets/BreachParameters.h"
#include "core/baskets/MaxSupports.h"
#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace rr::cli {
namespace {

constexpr std::size_t kShownItems = 10;

std::string percent(double v)
{
    std::ostringstream os;
    os.precision(4);
    os << 100 * v << "%";
    return os.str();
}

// What the breach works on: the maximum supports and, from --data, the baskets behind them.
struct BreachSource {
    std::optional<LoadedBaskets> data;
    std::size_t withheldBaskets = 0;       // longer than --max-basket-size
    std::vector<std::uint8_t> publicItems; // --public, one flag per item
    MaxSupports maxSupports;
    std::vector<std::size_t> histogram; // baskets per size (from --baskets with a --max-supports file)
    std::uint32_t itemCount = 0;
};

Transactions withoutLongBaskets(const Transactions& t, std::uint32_t maxSize, std::size_t& withheld)
{
    Transactions out;
    out.itemCount = t.itemCount;
    out.labels = t.labels;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t.basketSize(i) > maxSize) {
            ++withheld;
            continue;
        }
        out.append(t.basket(i));
    }
    return out;
}

BreachSource breachSource(const Options& options, const OperatorArgs& args, int maxItemsetSize)
{
    BreachSource src;
    const auto dataPath = options.value("data");
    const auto smaxPath = options.value("max-supports");
    if (dataPath.has_value() == smaxPath.has_value())
        throw InputError("'basket breach' needs exactly one of --data ORIGINAL (maximum supports computed from the "
                         "baskets) and --max-supports FILE");
    if (smaxPath) {
        for (const char* o : {"public", "max-basket-size", "columns"})
            if (options.has(o))
                throw InputError(std::string("--") + o +
                                 " needs --data: the maximum supports of a file are taken as given");
        if (args.kind == OperatorKind::FrequencyAware)
            throw InputError("frequency-aware distortion needs the maximum supports of frequent and of other items "
                             "apart: give --data ORIGINAL and --frequent-support S");
        std::ifstream in(*smaxPath, std::ios::binary);
        if (!in)
            throw InputError("cannot open the maximum supports file " + *smaxPath);
        src.maxSupports = parseMaxSupports(in, *smaxPath);
        std::size_t perSize = 1;
        if (auto b = options.value("baskets")) {
            perSize = static_cast<std::size_t>(parseUnsigned(*b, "--baskets"));
            if (perSize < 1 || perSize > 100'000'000'000ULL)
                throw InputError("--baskets must lie in 1..100000000000, got " + *b);
        } else if (args.kind == OperatorKind::CutAndPaste) {
            throw InputError("with --max-supports, cut-and-paste's choice of cutoff needs --baskets N, the number of "
                             "baskets of each size (the lowest discoverable support depends on it, 004 Sec. 5.1)");
        }
        src.histogram.assign(src.maxSupports.bySize.size(), 0);
        for (std::size_t m = 1; m < src.maxSupports.bySize.size(); ++m)
            if (!src.maxSupports.bySize[m].empty())
                src.histogram[m] = perSize;
        if (args.kind == OperatorKind::Uniform) {
            if (!options.has("items"))
                throw InputError("uniform randomization's breach depends on the item universe: give --items N");
            src.itemCount = static_cast<std::uint32_t>(intOption(options, "items", 1, 16777216, 0));
        }
        return src;
    }
    if (options.has("baskets"))
        throw InputError("--baskets applies to a --max-supports file; with --data the baskets are counted");
    LoadedBaskets data = loadBaskets(*dataPath, options);
    if (options.has("max-basket-size")) {
        const int M = intOption(options, "max-basket-size", 1, 100000, 0);
        data.baskets = withoutLongBaskets(data.baskets, static_cast<std::uint32_t>(M), src.withheldBaskets);
    }
    const Transactions& t = data.baskets;
    src.itemCount = t.itemCount;
    src.publicItems.assign(t.itemCount, 0);
    if (auto p = options.value("public"))
        for (const std::string& item : splitList(*p, "public"))
            src.publicItems[parseItem(data.file, t, item, "--public")] = 1;
    src.histogram = summarize(t).sizeHistogram;
    if (args.kind != OperatorKind::FrequencyAware) {
        MaxSupportOptions o;
        o.maxItemsetSize = maxItemsetSize;
        o.excludedItems = src.publicItems;
        src.maxSupports = computeMaxSupports(t, o); // 004 Sec. 4.4, step 1
    }
    src.data = std::move(data);
    return src;
}

// s_max(1..K, m) with zeros past m, as far as the row of size m reaches (the core's convention).
std::vector<double> sizeRow(const MaxSupports& s, int m, int K)
{
    std::vector<double> row;
    for (int k = 1; k <= K; ++k) {
        if (k <= m && k > static_cast<int>(s.bySize[static_cast<std::size_t>(m)].size()))
            break;
        row.push_back(s.at(k, m));
    }
    return row;
}

// Items whose share among the baskets of size m (m = -1: all) reaches the level, public ones left out.
struct Blocking {
    std::vector<std::pair<std::uint32_t, std::size_t>> items; // (item, baskets), most frequent first
    std::size_t baskets = 0;
};
std::map<int, Blocking> blockingBySize(const Transactions& t, const std::vector<std::uint8_t>& publicItems,
                                       const std::vector<int>& sizes, double level)
{
    std::map<int, std::map<std::uint32_t, std::size_t>> counts;
    std::map<int, Blocking> out;
    for (int m : sizes)
        out[m];
    for (std::size_t i = 0; i < t.size(); ++i) {
        const int m = static_cast<int>(t.basketSize(i));
        for (int key : {m, -1}) {
            auto it = out.find(key);
            if (it == out.end())
                continue;
            ++it->second.baskets;
            for (std::uint32_t a : t.basket(i))
                if (!publicItems[a])
                    ++counts[key][a];
        }
    }
    for (auto& [m, b] : out) {
        for (const auto& [a, c] : counts[m])
            if (static_cast<double>(c) >= level * static_cast<double>(b.baskets))
                b.items.emplace_back(a, c);
        std::sort(b.items.begin(), b.items.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    }
    return out;
}

Json blockingJson(const BasketFile& file, const Transactions& t, const Blocking& b)
{
    Json list = Json::array();
    for (std::size_t i = 0; i < b.items.size() && i < kShownItems; ++i)
        list.push_back({{"item", itemJson(file, t, b.items[i].first)},
                        {"baskets", b.items[i].second},
                        {"share", static_cast<double>(b.items[i].second) / static_cast<double>(b.baskets)}});
    return list;
}

Json breachValueJson(const BreachValue& v)
{
    return v.defined ? Json(v.value) : Json(nullptr);
}

Json reportJson(const BreachReport& r, const std::vector<std::size_t>& histogram, double level)
{
    Json sizes = Json::array();
    for (const SizeBreach& sb : r.sizes) {
        Json s;
        s["m"] = sb.m >= 0 ? Json(sb.m) : Json(nullptr);
        s["label"] = sb.label;
        if (sb.m >= 0 && static_cast<std::size_t>(sb.m) < histogram.size())
            s["baskets"] = histogram[static_cast<std::size_t>(sb.m)];
        Json cells = Json::array();
        for (const BreachCell& c : sb.byItemsetSize) {
            Json cell;
            cell["k"] = c.k;
            cell["breach"] = breachValueJson(c.breach);
            if (!c.breach.defined)
                cell["reason"] = c.breach.reason;
            if (!c.priorNote.empty())
                cell["prior_note"] = c.priorNote;
            cells.push_back(cell);
        }
        s["by_itemset_size"] = cells;
        s["worst"] = sb.worst;
        s["worst_k"] = sb.worstK;
        s["below_level"] = sb.worst < level;
        sizes.push_back(s);
    }
    Json j;
    j["sizes"] = sizes;
    j["worst"] = r.worst;
    j["worst_label"] = r.worstLabel;
    j["worst_k"] = r.worstK;
    j["below_level"] = r.worst < level;
    return j;
}

Json discoverableJson(const std::vector<DiscoverabilityValue>& values)
{
    Json list = Json::array();
    for (std::size_t k = 0; k < values.size(); ++k) {
        Json v;
        v["k"] = k + 1;
        v["support"] = values[k].defined ? Json(values[k].support) : Json(nullptr);
        if (!values[k].defined)
            v["reason"] = values[k].reason;
        list.push_back(v);
    }
    return list;
}

// A searched parameter: its value, or why none meets the level and the lowest breach reachable.
Json choiceJson(const ParameterChoice& c, const char* name)
{
    Json j;
    j["feasible"] = c.feasible;
    j[name] = c.feasible ? Json(c.value) : Json(nullptr);
    j[c.feasible ? "worst_breach" : "lowest_reachable_breach"] = c.worstBreach;
    j["worst_k"] = c.worstK;
    j["reason"] = c.feasible ? Json(nullptr) : Json(c.reason);
    return j;
}

// KMIN..KMAX, or the single --cutoff, or 004 Sec. 4.4's 3..10.
CutAndPasteSearch cutoffSearch(const Options& options, const OperatorArgs& args)
{
    CutAndPasteSearch search;
    if (auto range = options.value("cutoffs")) {
        const auto dots = range->find("..");
        if (dots == std::string::npos)
            throw InputError("--cutoffs takes KMIN..KMAX (e.g. 3..10), got '" + *range + "'");
        search.cutoffMin = static_cast<int>(parseUnsigned(range->substr(0, dots), "--cutoffs KMIN"));
        search.cutoffMax = static_cast<int>(parseUnsigned(range->substr(dots + 2), "--cutoffs KMAX"));
        if (search.cutoffMin < 1 || search.cutoffMax < search.cutoffMin || search.cutoffMax > 1000)
            throw InputError("--cutoffs must satisfy 1 <= KMIN <= KMAX <= 1000, got '" + *range + "'");
    } else if (args.cutoff) {
        search.cutoffMin = search.cutoffMax = *args.cutoff;
    }
    return search;
}

// Per basket size: the weakest parameter of a size-driven operator meeting the level.
struct SizeResult {
    int m = 0;
    bool feasible = false;
    Json json;
};

std::vector<SizeResult> searchSizes(const OperatorArgs& args, const BreachSource& src, const BreachTarget& target,
                                    const Options& options)
{
    std::vector<SizeResult> out;
    const MaxSupports& s = src.maxSupports;
    if (args.kind == OperatorKind::CutAndPaste) {
        for (const SizeChoice& c : chooseCutAndPaste(s, src.histogram, target, cutoffSearch(options, args))) {
            Json j;
            j["m"] = c.m;
            j["baskets"] = c.baskets;
            j["feasible"] = c.feasible;
            j["cutoff"] = c.feasible ? Json(c.cutoff) : Json(nullptr);
            j["rho"] = c.feasible ? Json(c.rho) : Json(nullptr);
            j[c.feasible ? "worst_breach" : "lowest_reachable_breach"] = c.worstBreach;
            j["worst_k"] = c.worstK;
            j["lowest_discoverable"] = discoverableJson(c.lowestDiscoverable);
            j["reason"] = c.feasible ? Json(nullptr) : Json(c.reason);
            Json cutoffs = Json::array();
            for (const CutoffChoice& k : c.cutoffs) {
                Json kj = choiceJson(k.rho, "rho");
                kj["cutoff"] = k.cutoff;
                kj["lowest_discoverable"] = discoverableJson(k.lowestDiscoverable);
                cutoffs.push_back(kj);
            }
            j["cutoffs"] = cutoffs;
            out.push_back({c.m, c.feasible, j});
        }
        return out;
    }
    for (std::size_t m = 1; m < src.histogram.size(); ++m) {
        if (src.histogram[m] == 0)
            continue;
        const int mi = static_cast<int>(m);
        SizeResult r;
        r.m = mi;
        if (!s.hasSize(mi)) {
            r.json = {{"m", mi}, {"feasible", false}, {"reason", "no maximum supports for this size"}};
            out.push_back(r);
            continue;
        }
        const std::vector<double> row = sizeRow(s, mi, target.maxItemsetSize);
        ParameterChoice c;
        const char* name = "rho";
        if (args.kind == OperatorKind::Uniform) {
            name = "replacement_probability";
            c = smallestReplacement(mi, row, target, src.itemCount);
        } else { // select-a-size with the given p_m[j]
            const std::vector<double>* pm = nullptr;
            if (args.sizes && args.sizes->size() == m + 1)
                pm = &*args.sizes;
            if (m < args.sizesTable.size() && args.sizesTable[m])
                pm = &args.sizesTable[m]->sizeProbabilities;
            if (!pm) {
                r.json = {{"m", mi},
                          {"feasible", false},
                          {"reason", "no size probabilities p_m[j] for this size (--sizes or --sizes-table)"}};
                out.push_back(r);
                continue;
            }
            c = smallestRho(mi, *pm, row, target);
        }
        r.feasible = c.feasible;
        r.json = choiceJson(c, name);
        r.json["m"] = mi;
        r.json["baskets"] = src.histogram[m];
        out.push_back(r);
    }
    return out;
}

// The all-baskets s_max row among the items `excluded` leaves in (frequency-aware's two classes).
std::vector<double> classRow(const Transactions& t, std::vector<std::uint8_t> excluded, int K)
{
    MaxSupportOptions o;
    o.maxItemsetSize = K;
    o.excludedItems = std::move(excluded);
    return computeMaxSupports(t, o).all;
}

void writeRhoTable(const std::string& path, const std::vector<SizeResult>& sizes)
{
    writeFileAtomically(path, [&](std::ostream& out) {
        out << "# cut-and-paste per basket size: m K_m rho_m (004 Def. 8), from 'basket breach'\n";
        out.precision(17);
        for (const SizeResult& s : sizes) {
            if (s.feasible)
                out << s.m << ' ' << s.json["cutoff"].get<int>() << ' ' << s.json["rho"].get<double>() << '\n';
            else
                out << "# size " << s.m << ": no parameters meet the level\n";
        }
    });
}

Json runBreach(const Options& options)
{
    const OperatorArgs args = operatorArgs(options);
    BreachTarget target;
    const std::string levelText = options.required("level");
    target.level = parseNumber(levelText, "--level");
    if (!(target.level > 0.0 && target.level < 1.0))
        throw InputError("--level (the breach level of 004 Def. 4) must lie in (0, 1), got " + levelText);
    target.maxItemsetSize = intOption(options, "max-itemset-size", 1, 10, 5);
    if (options.has("cutoffs") && args.kind != OperatorKind::CutAndPaste)
        throw InputError("--cutoffs applies to cut-and-paste, not to " + operatorName(args.kind));
    if (options.has("write-rho-table") && args.kind != OperatorKind::CutAndPaste)
        throw InputError("--write-rho-table applies to cut-and-paste, not to " + operatorName(args.kind));
    if (args.kind == OperatorKind::SelectASize && !args.sizes && args.sizesTableFile.empty())
        throw InputError("select-a-size's breach needs the size probabilities p_m[j] (--sizes or --sizes-table): "
                         "the search finds rho_m for them (004 Def. 7)");
    if (args.kind == OperatorKind::FrequencyAware && !options.has("data"))
        throw InputError("frequency-aware distortion needs --data ORIGINAL and --frequent-support S");
    if (args.kind == OperatorKind::FrequencyAware && !args.frequentSupport)
        throw InputError("frequency-aware needs --frequent-support S: items in at least a fraction S of the baskets "
                         "are frequent (002 Sec. 4)");
    BreachSource src = breachSource(options, args, target.maxItemsetSize);
    const int K = target.maxItemsetSize;

    Notes notes;
    if (args.kind == OperatorKind::SelectASize && args.sizes) { // --sizes is one size's p_m[j]
        const std::size_t m = args.sizes->size() - 1;
        for (std::size_t s = 0; s < src.histogram.size(); ++s)
            if (s != m)
                src.histogram[s] = 0;
        notes.add("--sizes gives p_m[j] for baskets of size " + std::to_string(m) +
                  ": only that size is evaluated (--sizes-table covers several)");
    }
    Json j;
    j["level"] = target.level;
    j["max_itemset_size"] = K;
    j["operator"] = operatorJson(args);
    if (src.data) {
        j["data"] = basketFileJson(src.data->file, src.data->baskets, notes);
        if (options.has("max-basket-size")) {
            j["withheld_baskets"] = src.withheldBaskets;
            notes.add(std::to_string(src.withheldBaskets) +
                      " basket(s) longer than --max-basket-size are left out, "
                      "as 004 Sec. 5.3 discards long transactions: they are not to be released");
        }
        Json pub = Json::array();
        for (std::uint32_t a = 0; a < src.publicItems.size(); ++a)
            if (src.publicItems[a])
                pub.push_back(itemJson(src.data->file, src.data->baskets, a));
        j["public_items"] = pub;
    } else {
        j["max_supports"] = options.required("max-supports");
    }
    if (args.kind != OperatorKind::FrequencyAware && !src.maxSupports.allExact)
        notes.add("the maximum supports search hit its budget for some sizes: their s_max are upper bounds, which "
                  "only make the breaches more pessimistic");

    // Items that no operator can protect: the posterior never falls below the prior (004 Def. 4).
    std::vector<std::uint32_t> blocking;
    if (src.data) {
        const Transactions& t = src.data->baskets;
        const std::vector<std::uint8_t> flags = unprotectableItems(t, target.level);
        std::vector<int> sizes;
        for (std::uint32_t a = 0; a < flags.size(); ++a)
            if (flags[a] && !src.publicItems[a])
                blocking.push_back(a);
        Json list = Json::array();
        if (!blocking.empty()) {
            const BasketSummary summary = summarize(t);
            for (std::size_t m = 1; m < summary.sizeHistogram.size(); ++m)
                if (summary.sizeHistogram[m] > 0)
                    sizes.push_back(static_cast<int>(m));
            const auto bySize = blockingBySize(t, src.publicItems, sizes, target.level);
            for (std::uint32_t a : blocking) {
                Json item;
                item["item"] = itemJson(src.data->file, t, a);
                item["baskets"] = summary.itemCounts[a];
                item["support"] = static_cast<double>(summary.itemCounts[a]) / static_cast<double>(t.size());
                Json at = Json::array();
                for (const auto& [m, b] : bySize)
                    if (static_cast<double>(b.baskets) >= 0.01 * static_cast<double>(t.size()) &&
                        std::any_of(b.items.begin(), b.items.end(), [&](const auto& x) { return x.first == a; }))
                        at.push_back(m);
                item["sizes_at_level"] = at;
                list.push_back(item);
            }
            std::string names;
            for (std::size_t i = 0; i < blocking.size() && i < kShownItems; ++i) {
                const Json id = itemJson(src.data->file, t, blocking[i]);
                names += (names.empty() ? "" : ", ") + (id.is_string() ? id.get<std::string>() : id.dump());
            }
            notes.add("the level " + percent(target.level) + " cannot be reached for item(s) " + names +
                      ": each is in at least that share of all baskets, or of the baskets of a size holding 1% of "
                      "them or more, and the posterior P[a in t | A in t'] never falls below the prior, whatever "
                      "the operator (004 Def. 4). Declare them public with --public ITEMS (left out of the "
                      "requirement) or raise --level");
        }
        j["blocking_items"] = list;
    }

    // The given operator's worst-case breaches (004 eq. 15-16).
    if (args.hasParameters()) {
        BreachReport report;
        if (args.kind == OperatorKind::FrequencyAware) {
            const Transactions& t = src.data->baskets;
            const BasketSummary summary = summarize(t);
            const auto frequent = frequentItemFlags(summary.itemCounts, t.size(), *args.frequentSupport);
            std::vector<std::uint8_t> notFrequent(t.itemCount), notOther(t.itemCount);
            for (std::uint32_t a = 0; a < t.itemCount; ++a) {
                notFrequent[a] = !frequent[a] || src.publicItems[a];
                notOther[a] = frequent[a] || src.publicItems[a];
            }
            const BasketOperator op = buildOperator(args, summary.sizeHistogram, t.itemCount, frequent);
            report = frequencyAwareBreaches(op, classRow(t, notFrequent, K), classRow(t, notOther, K), K);
        } else {
            const BasketOperator op = buildOperator(args, src.histogram, src.itemCount);
            report = worstCaseBreaches(op, src.maxSupports, K, src.itemCount, src.histogram);
        }
        j["breaches"] = reportJson(report, src.histogram, target.level);
    }

    // The weakest parameters meeting the level (004 Sec. 4.4).
    Json parameters;
    bool feasible = true;
    if (args.kind == OperatorKind::ItemBits) {
        const ParameterChoice c = largestKeep(src.maxSupports.all, target);
        parameters["keep_probability"] = choiceJson(c, "value");
        feasible = c.feasible;
    } else if (args.kind == OperatorKind::FrequencyAware) {
        const Transactions& t = src.data->baskets;
        const BasketSummary summary = summarize(t);
        const auto frequent = frequentItemFlags(summary.itemCounts, t.size(), *args.frequentSupport);
        std::vector<std::uint8_t> notFrequent(t.itemCount), notOther(t.itemCount);
        for (std::uint32_t a = 0; a < t.itemCount; ++a) {
            notFrequent[a] = !frequent[a] || src.publicItems[a];
            notOther[a] = frequent[a] || src.publicItems[a];
        }
        const std::vector<double> rowF = classRow(t, notFrequent, K), rowO = classRow(t, notOther, K);
        const auto choose = [&](const std::vector<double>& row, const char* what) {
            if (row.empty() || row.front() == 0.0) {
                Json none;
                none["feasible"] = true;
                none["value"] = nullptr;
                none["reason"] = std::string("no ") + what + " occur: any keep probability meets the level";
                return std::make_pair(none, true);
            }
            const ParameterChoice c = largestKeep(row, target);
            return std::make_pair(choiceJson(c, "value"), c.feasible);
        };
        const auto [fp, fpOk] = choose(rowF, "frequent items");
        const auto [nfp, nfpOk] = choose(rowO, "other items");
        parameters["fp"] = fp;
        parameters["nfp"] = nfp;
        feasible = fpOk && nfpOk;
    } else {
        const std::vector<SizeResult> sizes = searchSizes(args, src, target, options);
        Json list = Json::array(), infeasible = Json::array();
        std::size_t infeasibleBaskets = 0;
        std::vector<int> blockedSizes;
        for (const SizeResult& s : sizes) {
            list.push_back(s.json);
            if (!s.feasible) {
                infeasible.push_back(s.m);
                blockedSizes.push_back(s.m);
                infeasibleBaskets += src.histogram[static_cast<std::size_t>(s.m)];
            }
        }
        if (src.data && !blockedSizes.empty()) {
            const auto bySize = blockingBySize(src.data->baskets, src.publicItems, blockedSizes, target.level);
            for (auto& s : list)
                if (!s["feasible"].get<bool>()) {
                    const Blocking& b = bySize.at(s["m"].get<int>());
                    s["blocking_items"] = blockingJson(src.data->file, src.data->baskets, b);
                    s["blocking_item_count"] = b.items.size();
                }
        }
        parameters["sizes"] = list;
        parameters["infeasible_sizes"] = infeasible;
        parameters["infeasible_baskets"] = infeasibleBaskets;
        feasible = infeasible.empty();
        if (!infeasible.empty())
            notes.add("the level " + percent(target.level) + " cannot be reached for " +
                      std::to_string(infeasible.size()) + " basket size(s) holding " +
                      std::to_string(infeasibleBaskets) +
                      " basket(s): see each size's reason and blocking_items (in a size with few baskets every item "
                      "is in a large share of them, 004 Sec. 5.1: long baskets are hard to protect); declare items "
                      "public with --public, or withhold the sizes (--max-basket-size)");
        if (auto path = options.value("write-rho-table")) {
            writeRhoTable(*path, sizes);
            j["rho_table"] = *path;
        }
    }
    j["parameters"] = parameters;
    j["feasible"] = feasible;
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command basketBreachCommand()
{
    Command c;
    c.name = "breach";
    c.summary = "worst-case privacy breaches and the parameters that keep them under a level (004 Sec. 4.4)";
    c.description =
        "A breach of level rho happens when seeing an itemset A in a randomized basket makes P[a in t | A in t'] "
        ">= rho for an item a of A (004 Def. 4). From the maximum supports s_max(k, m) (computed from --data, or a "
        "--max-supports file: lines 'm s_max(1, m) s_max(2, m) ..', '*' for all baskets), the worst-case itemsets "
        "of 004 eq. 15-16 give, with the operator's parameters, its worst breach per basket size m and itemset size "
        "k = 1..--max-itemset-size. Whether or not they are given, the search finds the weakest parameters under "
        "--level: cut-and-paste the smallest rho_m per size for each cutoff and the cutoff with the lowest "
        "discoverable supports (004 Sec. 4.4, 5.1); select-a-size the smallest rho_m for the given p_m[j]; uniform "
        "the smallest replacement probability per size; item-bits the largest keep probability; frequency-aware "
        "the largest fp and nfp (frequent and other items apart). An item whose share of the baskets reaches the "
        "level blocks it for any operator: such items are listed (blocking_items) and can be declared public with "
        "--public; sizes that cannot reach the level say why.";
    c.options = basketDataOptions("the original baskets (FIMI, or a CSV of 0/1 columns if the name ends in .csv)");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    c.options.push_back({"level", "L", "the breach level in (0, 1) to stay under (004 Def. 4; 004 Sec. 5.4 uses 0.5)"});
    c.options.push_back({"max-supports", "FILE", "maximum supports s_max(k, m) instead of --data"});
    c.options.push_back(
        {"baskets", "N", "with --max-supports: baskets of each size (cut-and-paste's discoverability)"});
    c.options.push_back({"public", "ITEMS", "comma list of items left out of the requirement (known to be common)"});
    c.options.push_back(
        {"max-itemset-size", "K", "itemset sizes k = 1..K whose breaches count, K in 1..10 (default 5)"});
    c.options.push_back({"cutoffs", "KMIN..KMAX",
                         "cut-and-paste cutoffs searched (default 3..10, 004 Sec. 4.4; "
                         "--cutoff K searches K only)"});
    c.options.push_back({"max-basket-size", "M", "leave baskets longer than M out (004 Sec. 5.3 discards them)"});
    c.options.push_back(
        {"write-rho-table", "FILE", "cut-and-paste: write the chosen 'm K_m rho_m' lines for --rho-table"});
    c.run = runBreach;
    return c;
}

} // namespace rr::cli
