// `basket breach`: worst-case privacy breaches of an operator (004 Def. 4, Sec. 4.4, eq. 15-16) per basket size
// and itemset size, and the weakest parameters that keep them under a level (004 Sec. 4.4, 5.1), with the items
// whose prior already reaches the level named. The options become one api::BasketBreachRequest;
// core/api/BasketBreach.h searches and writes the JSON.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "app/cli/BasketParameterTables.h"
#include "app/cli/Dataset.h"

#include "core/api/BasketBreach.h"
#include "core/data/Errors.h"

#include <functional>
#include <optional>
#include <tuple>

namespace rr::cli {
namespace {

using R = api::BasketBreachRequest;

void setLevel(R& r, const std::string& text)
{
    r.target.level = parseNumber(text, "--level");
    if (!(r.target.level > 0.0 && r.target.level < 1.0))
        throw InputError("--level (the breach level of 004 Def. 4) must lie in (0, 1), got " + text);
}

void setBaskets(R& r, const std::string& text)
{
    const unsigned long long perSize = parseUnsigned(text, "--baskets");
    if (perSize < 1 || perSize > 100'000'000'000ULL)
        throw InputError("--baskets must lie in 1..100000000000, got " + text);
    r.basketsPerSize = static_cast<std::size_t>(perSize);
}

// An option of cut-and-paste's search, refused for another operator.
OptionBinding<R> cutAndPasteOnly(const std::string& name, std::function<void(R&, const std::string&)> set)
{
    return {name, [name, set](R& r, const std::string& text) {
                if (r.op.kind != OperatorKind::CutAndPaste)
                    throw InputError("--" + name + " applies to cut-and-paste, not to " + operatorName(r.op.kind));
                set(r, text);
            }};
}

// The options of each source of the maximum supports, as given.
struct BreachSourceOptions {
    std::optional<std::string> data, maxSupports, publicItems, maxBasketSize, columns, baskets;
};

// --data ORIGINAL (with --columns, --items, --public, --max-basket-size) or --max-supports FILE (with
// --baskets, and --items for uniform); the options of the other source are refused.
void readSource(const Options& options, R& r)
{
    using G = BreachSourceOptions;
    G g;
    readOptions<G>(options, g,
                   {textOption("data", &G::data), textOption("max-supports", &G::maxSupports),
                    textOption("public", &G::publicItems), textOption("max-basket-size", &G::maxBasketSize),
                    textOption("columns", &G::columns), textOption("baskets", &G::baskets)});
    if (g.data.has_value() == g.maxSupports.has_value()) { // core says it needs exactly one
        r.data = g.data ? std::optional(api::BasketDataRequest{*g.data, {}, {}}) : std::nullopt;
        r.maxSupportsFile = g.maxSupports;
        return;
    }
    if (g.maxSupports) {
        for (const auto& [name, given] : {std::pair{"public", g.publicItems}, std::pair{"max-basket-size", g.maxBasketSize},
                                          std::pair{"columns", g.columns}})
            if (given)
                throw InputError(std::string("--") + name +
                                 " needs --data: the maximum supports of a file are taken as given");
        r.maxSupportsFile = g.maxSupports;
        readOptions<R>(options, r, {{"baskets", setBaskets}});
        if (r.op.kind == OperatorKind::Uniform)
            readOptions<R>(options, r, {integerOption("items", &R::universe, 1, 16777216)});
        return;
    }
    if (g.baskets)
        throw InputError("--baskets applies to a --max-supports file; with --data the baskets are counted");
    r.data = basketDataRequest(options);
    readOptions<R>(options, r,
                   {integerOption("max-basket-size", &R::maxBasketSize, 1, 100000), listOption("public", &R::publicItems)});
}

// Read in the order the checks always ran: the operator, --level, --max-itemset-size, the rho table's path
// (not an input), cut-and-paste's options, the source (read by core).
R breachRequestFrom(const Options& options)
{
    R request;
    request.op = operatorArgs(options);
    if (request.op.cutoff) // --cutoff K searches K only
        request.cutoffs.cutoffMin = request.cutoffs.cutoffMax = *request.op.cutoff;
    readOptions<R>(
        options, request,
        {{"level", setLevel, true},
         {"max-itemset-size",
          [](R& r, const std::string& k) { r.target.maxItemsetSize = integerInRange(k, "--max-itemset-size", 1, 10); }},
         {"write-rho-table", [&options](R&, const std::string& path) { checkOutputsAreNotInputs(options, {path}); }},
         cutAndPasteOnly("cutoffs",
                         [](R& r, const std::string& range) {
                             std::tie(r.cutoffs.cutoffMin, r.cutoffs.cutoffMax) = parseCutoffRange(range);
                         }),
         cutAndPasteOnly("write-rho-table", [](R& r, const std::string& path) { r.rhoTableFile = path; })});
    readSource(options, request);
    return request;
}

Json runBreach(const Options& options)
{
    return api::basketBreachJson(api::basketBreachOf(breachRequestFrom(options)));
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
