// The one place a `basket breach` result becomes JSON: the CLI prints it (its keys, their order and the notes
// as the command has always written them).
#include "core/api/BasketBreach.h"

#include <algorithm>

namespace rr::api {
namespace {

constexpr std::size_t kShownItems = 10;

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

// The items no operator can protect at `level` (unprotectableItems, public ones left out) with their support
// and the sizes (holding >= 1% of the baskets) where they reach it; a note names them.
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

// Where the maximum supports came from: the baskets (those withheld, the public and the blocking items), or
// the maximum supports file.
void addSourceJson(Json& j, const BasketBreachResult& r, Notes& notes)
{
    const BreachSource& src = r.source;
    if (!src.data) {
        j["max_supports"] = src.maxSupportsFile;
        return;
    }
    j["data"] = basketFileJson(src.data->file, src.data->baskets, notes);
    if (src.basketsWithheld) {
        j["withheld_baskets"] = src.withheldBaskets;
        notes.add(std::to_string(src.withheldBaskets) +
                  " basket(s) longer than --max-basket-size are left out, as 004 Sec. 5.3 discards long "
                  "transactions: they are not to be released");
    }
    Json pub = Json::array();
    for (std::uint32_t a = 0; a < src.publicItems.size(); ++a)
        if (src.publicItems[a])
            pub.push_back(itemJson(src.data->file, src.data->baskets, a));
    j["public_items"] = pub;
    j["blocking_items"] = blockingItemsJson(src, r.target.level, notes);
}

} // namespace

Json basketBreachJson(const BasketBreachResult& r)
{
    Notes notes;
    if (r.onlySize)
        notes.add("--sizes gives p_m[j] for baskets of size " + std::to_string(*r.onlySize) +
                  ": only that size is evaluated (--sizes-table covers several)");
    Json j;
    j["level"] = r.target.level;
    j["max_itemset_size"] = r.target.maxItemsetSize;
    j["operator"] = operatorJson(r.op);
    addSourceJson(j, r, notes);
    if (r.op.kind != OperatorKind::FrequencyAware && !r.source.maxSupports.allExact)
        notes.add("the maximum supports search hit its budget for some sizes: their s_max are upper bounds, which "
                  "only make the breaches more pessimistic");
    if (r.breaches)
        j["breaches"] = reportJson(*r.breaches, r.source.histogram, r.target.level);
    j["parameters"] = r.search.parameters;
    if (r.rhoTableFile)
        j["rho_table"] = *r.rhoTableFile;
    j["feasible"] = r.search.feasible;
    for (const std::string& note : r.search.notes.lines())
        notes.add(note);
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
