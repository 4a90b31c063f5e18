// The weakest parameters that keep the worst-case breach under a level (004 Sec. 4.4): per basket size for
// cut-and-paste (each cutoff, then the one with the lowest discoverable supports, 004 Sec. 5.1), select-a-size
// and uniform randomization; over all baskets for per-item bits and frequency-aware distortion's two classes.
#include "core/api/BasketBreach.h"

#include "core/data/AtomicWrite.h"

namespace rr::api {
namespace {

constexpr std::size_t kShownItems = 10;

// The first ten blocking items as {"item", "baskets", "share"}.
Json blockingJson(const BasketFile& file, const Transactions& t, const Blocking& b)
{
    Json list = Json::array();
    for (std::size_t i = 0; i < b.items.size() && i < kShownItems; ++i)
        list.push_back({{"item", itemJson(file, t, b.items[i].first)},
                        {"baskets", b.items[i].second},
                        {"share", static_cast<double>(b.items[i].second) / static_cast<double>(b.baskets)}});
    return list;
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

// Per basket size: the weakest parameter of a size-driven operator meeting the level.
struct SizeResult {
    int m = 0;
    bool feasible = false;
    Json json;
};

std::vector<SizeResult> searchSizes(const OperatorParameters& args, const BreachSource& src, const BreachTarget& target,
                                    const CutAndPasteSearch& cutoffs)
{
    std::vector<SizeResult> out;
    const MaxSupports& s = src.maxSupports;
    if (args.kind == OperatorKind::CutAndPaste) {
        for (const SizeChoice& c : chooseCutAndPaste(s, src.histogram, target, cutoffs)) {
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
    const auto pm = [&](std::size_t m) -> const std::vector<double>* {
        if (m < args.sizesTable.size() && args.sizesTable[m])
            return &args.sizesTable[m]->sizeProbabilities;
        return args.sizes && args.sizes->size() == m + 1 ? &*args.sizes : nullptr;
    };
    const bool uniform = args.kind == OperatorKind::Uniform;
    const std::vector<SizeParameter> sizes =
        uniform ? smallestReplacementPerSize(s, src.histogram, target, src.itemCount) // 004 Sec. 4.4
                : smallestRhoPerSize(s, src.histogram, target, pm); // select-a-size with the given p_m[j]
    for (const SizeParameter& p : sizes) {
        SizeResult r;
        r.m = p.m;
        if (!p.notSearched.empty()) {
            r.json = {{"m", p.m}, {"feasible", false}, {"reason", p.notSearched}};
        } else {
            r.feasible = p.choice.feasible;
            r.json = choiceJson(p.choice, uniform ? "replacement_probability" : "rho");
            r.json["m"] = p.m;
            r.json["baskets"] = p.baskets;
        }
        out.push_back(r);
    }
    return out;
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

// Per size; sizes that cannot reach the level get their blocking items.
BreachSearch sizeSearch(const BasketBreachRequest& request, const BreachSource& src)
{
    const BreachTarget& target = request.target;
    const std::vector<SizeResult> sizes = searchSizes(request.op, src, target, request.cutoffs);
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
    BreachSearch out;
    out.parameters["sizes"] = list;
    out.parameters["infeasible_sizes"] = infeasible;
    out.parameters["infeasible_baskets"] = infeasibleBaskets;
    out.feasible = infeasible.empty();
    if (!infeasible.empty())
        out.notes.add("the level " + percent(target.level) + " cannot be reached for " + std::to_string(infeasible.size()) +
                  " basket size(s) holding " + std::to_string(infeasibleBaskets) +
                  " basket(s): see each size's reason and blocking_items (in a size with few baskets every item is "
                  "in a large share of them, 004 Sec. 5.1: long baskets are hard to protect); declare items public "
                  "with --public, or withhold the sizes (--max-basket-size)");
    if (request.rhoTableFile)
        writeRhoTable(*request.rhoTableFile, sizes);
    return out;
}

// The largest keep probability of one class; a class without items needs none.
std::pair<Json, bool> keepSearch(const std::vector<double>& row, const BreachTarget& target, const char* what)
{
    if (row.empty() || row.front() == 0.0) {
        Json none;
        none["feasible"] = true;
        none["value"] = nullptr;
        none["reason"] = std::string("no ") + what + " occur: any keep probability meets the level";
        return {none, true};
    }
    const ParameterChoice c = largestKeep(row, target);
    return {choiceJson(c, "value"), c.feasible};
}

} // namespace

BreachSearch breachSearchOf(const BasketBreachRequest& request, const BreachSource& src)
{
    const OperatorParameters& args = request.op;
    const BreachTarget& target = request.target;
    BreachSearch out;
    if (args.kind == OperatorKind::ItemBits) {
        const auto [keep, ok] = keepSearch(src.maxSupports.all, target, "items");
        out.parameters["keep_probability"] = keep;
        out.feasible = ok;
        return out;
    }
    if (args.kind == OperatorKind::FrequencyAware) {
        const FrequencyClasses classes = breachFrequencyClasses(src, *args.frequentSupport, target.maxItemsetSize);
        const auto [fp, fpOk] = keepSearch(classes.frequentRow, target, "frequent items");
        const auto [nfp, nfpOk] = keepSearch(classes.otherRow, target, "other items");
        out.parameters["fp"] = fp;
        out.parameters["nfp"] = nfp;
        out.feasible = fpOk && nfpOk;
        return out;
    }
    return sizeSearch(request, src);
}

} // namespace rr::api
