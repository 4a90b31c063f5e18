// `basket breach`: worst-case privacy breaches of an operator (004 Def. 4, Sec. 4.4, eq. 15-16) per basket size
// and itemset size, and the weakest parameters that keep them under a level (004 Sec. 4.4, 5.1), with the items
// whose prior already reaches the level named.
#include "app/cli/BasketBreachSearch.h"
#include "app/cli/BasketBreachSource.h"
#include "app/cli/BasketCommands.h"
#include "app/cli/Dataset.h"

#include "core/baskets/Breach.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

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

BreachReport givenBreaches(const OperatorParameters& args, const BreachSource& src, int K)
{
    if (args.kind == OperatorKind::FrequencyAware) {
        const FrequencyClasses classes = frequencyClasses(src, *args.frequentSupport, K);
        const BasketOperator op = buildOperator(args, src.histogram, src.itemCount, classes.frequent);
        return frequencyAwareBreaches(op, classes.frequentRow, classes.otherRow, K);
    }
    const BasketOperator op = buildOperator(args, src.histogram, src.itemCount);
    return worstCaseBreaches(op, src.maxSupports, K, src.itemCount, src.histogram);
}

// --level and --max-itemset-size, and the options the operator's search needs (refused before the data is
// read).
BreachTarget breachTarget(const Options& options, const OperatorParameters& args)
{
    BreachTarget target;
    const std::string levelText = options.required("level");
    target.level = parseNumber(levelText, "--level");
    if (!(target.level > 0.0 && target.level < 1.0))
        throw InputError("--level (the breach level of 004 Def. 4) must lie in (0, 1), got " + levelText);
    target.maxItemsetSize = intOption(options, "max-itemset-size", 1, 10, 5);
    if (const auto path = options.value("write-rho-table"))
        checkOutputsAreNotInputs(options, {*path});
    for (const char* o : {"cutoffs", "write-rho-table"})
        if (options.has(o) && args.kind != OperatorKind::CutAndPaste)
            throw InputError(std::string("--") + o + " applies to cut-and-paste, not to " + operatorName(args.kind));
    if (args.kind == OperatorKind::SelectASize && !args.sizes && args.sizesTableFile.empty())
        throw InputError("select-a-size's breach needs the size probabilities p_m[j] (--sizes or --sizes-table): "
                         "the search finds rho_m for them (004 Def. 7)");
    if (args.kind == OperatorKind::FrequencyAware && !args.frequentSupport)
        throw InputError("frequency-aware needs --frequent-support S: items in at least a fraction S of the baskets "
                         "are frequent (002 Sec. 3.3)");
    return target;
}

// Where the maximum supports came from: the baskets (those withheld, the public and the blocking items), or
// the --max-supports file.
void addSourceJson(Json& j, const BreachSource& src, const Options& options, const BreachTarget& target, Notes& notes)
{
    if (!src.data) {
        j["max_supports"] = options.required("max-supports");
        return;
    }
    j["data"] = basketFileJson(src.data->file, src.data->baskets, notes);
    if (options.has("max-basket-size")) {
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
    j["blocking_items"] = blockingItemsJson(src, target.level, notes);
}

Json runBreach(const Options& options)
{
    const OperatorParameters args = operatorArgs(options);
    const BreachTarget target = breachTarget(options, args);
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
    addSourceJson(j, src, options, target, notes);
    if (args.kind != OperatorKind::FrequencyAware && !src.maxSupports.allExact)
        notes.add("the maximum supports search hit its budget for some sizes: their s_max are upper bounds, which "
                  "only make the breaches more pessimistic");

    if (args.hasParameters()) // the given operator's worst-case breaches (004 eq. 15-16)
        j["breaches"] = reportJson(givenBreaches(args, src, K), src.histogram, target.level);

    const BreachSearch search = searchParameters(args, src, target, options, notes); // 004 Sec. 4.4
    j["parameters"] = search.parameters;
    if (auto path = options.value("write-rho-table"))
        j["rho_table"] = *path;
    j["feasible"] = search.feasible;
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
