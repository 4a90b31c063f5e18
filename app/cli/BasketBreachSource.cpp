#include "app/cli/BasketBreachSource.h"

#include "core/baskets/BreachParameters.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <algorithm>
#include <fstream>

namespace rr::cli {
namespace {

constexpr std::size_t kShownItems = 10;

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

} // namespace

namespace {

// --max-supports FILE: the maximum supports as given, --baskets N of each size listed, --items N for uniform.
BreachSource fromMaxSupportsFile(const Options& options, const OperatorParameters& args, const std::string& smaxPath)
{
    BreachSource src;
    for (const char* o : {"public", "max-basket-size", "columns"})
        if (options.has(o))
            throw InputError(std::string("--") + o + " needs --data: the maximum supports of a file are taken as given");
    if (args.kind == OperatorKind::FrequencyAware)
        throw InputError("frequency-aware distortion needs the maximum supports of frequent and of other items "
                         "apart: give --data ORIGINAL and --frequent-support S");
    checkInputFile(smaxPath, "--max-supports");
    std::ifstream in(smaxPath, std::ios::binary);
    if (!in)
        throw InputError("cannot open the maximum supports file " + smaxPath);
    src.maxSupports = parseMaxSupports(in, smaxPath);
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

// --data ORIGINAL: the baskets (without those over --max-basket-size), the --public items, and the maximum
// supports computed from them (004 Sec. 4.4, step 1; frequency-aware computes its own per class).
BreachSource fromBaskets(const Options& options, const OperatorParameters& args, int maxItemsetSize,
                         const std::string& dataPath)
{
    BreachSource src;
    if (options.has("baskets"))
        throw InputError("--baskets applies to a --max-supports file; with --data the baskets are counted");
    LoadedBaskets data = loadBaskets(dataPath, options);
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

} // namespace

BreachSource breachSource(const Options& options, const OperatorParameters& args, int maxItemsetSize)
{
    const auto dataPath = options.value("data");
    const auto smaxPath = options.value("max-supports");
    if (dataPath.has_value() == smaxPath.has_value())
        throw InputError("'basket breach' needs exactly one of --data ORIGINAL (maximum supports computed from the "
                         "baskets) and --max-supports FILE");
    if (smaxPath)
        return fromMaxSupportsFile(options, args, *smaxPath);
    return fromBaskets(options, args, maxItemsetSize, *dataPath);
}

FrequencyClasses frequencyClasses(const BreachSource& src, double frequentSupport, int K)
{
    const Transactions& t = src.data->baskets;
    return rr::frequencyClasses(t, summarize(t), src.publicItems, frequentSupport, K);
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

Json blockingItemsJson(const BreachSource& src, double level, Notes& notes)
{
    Json list = Json::array();
    const Transactions& t = src.data->baskets;
    const std::vector<std::uint8_t> flags = unprotectableItems(t, level);
    std::vector<std::uint32_t> blocking;
    for (std::uint32_t a = 0; a < flags.size(); ++a)
        if (flags[a] && !src.publicItems[a])
            blocking.push_back(a);
    if (blocking.empty())
        return list;
    const BasketSummary summary = summarize(t);
    std::vector<int> sizes;
    for (std::size_t m = 1; m < summary.sizeHistogram.size(); ++m)
        if (static_cast<double>(summary.sizeHistogram[m]) >= 0.01 * static_cast<double>(t.size()))
            sizes.push_back(static_cast<int>(m));
    const auto bySize = blockingBySize(t, src.publicItems, sizes, level);
    std::string names;
    for (std::uint32_t a : blocking) {
        Json item;
        item["item"] = itemJson(src.data->file, t, a);
        item["baskets"] = summary.itemCounts[a];
        item["support"] = static_cast<double>(summary.itemCounts[a]) / static_cast<double>(t.size());
        Json at = Json::array();
        for (const auto& [m, b] : bySize)
            if (std::any_of(b.items.begin(), b.items.end(), [&](const auto& x) { return x.first == a; }))
                at.push_back(m);
        item["sizes_at_level"] = at;
        if (list.size() < kShownItems)
            names += (names.empty() ? "" : ", ") +
                     (item["item"].is_string() ? item["item"].get<std::string>() : item["item"].dump());
        list.push_back(item);
    }
    notes.add("the level " + percent(level) + " cannot be reached for item(s) " + names +
              ": each is in at least that share of all baskets, or of the baskets of a size holding 1% of them or "
              "more, and the posterior P[a in t | A in t'] never falls below the prior, whatever the operator (004 "
              "Def. 4). Declare them public with --public ITEMS (left out of the requirement) or raise --level");
    return list;
}

} // namespace rr::cli
