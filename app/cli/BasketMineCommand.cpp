// `basket mine`: frequent itemsets of a release by 004's modified Apriori (Sec. 4.5), and with the original
// the comparison of 004 Tables 1-3 and 002's accuracy. The options become one api::BasketMineRequest;
// core/api/BasketMine.h mines and writes the JSON.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"

#include "core/api/BasketMine.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// A number in (0, 1] for --min-support, in [0, 10] for --candidate-sigmas (the text quoted otherwise).
void setMinSupport(BasketMiningOptions& m, const std::string& text)
{
    m.minSupport = parseNumber(text, "--min-support");
    if (!(m.minSupport > 0.0 && m.minSupport <= 1.0))
        throw InputError("--min-support must lie in (0, 1] (a fraction of the baskets), got " + text);
}

void setCandidateSigmas(BasketMiningOptions& m, const std::string& text)
{
    m.candidateSigmas = parseNumber(text, "--candidate-sigmas");
    if (!(m.candidateSigmas >= 0.0 && m.candidateSigmas <= 10.0))
        throw InputError("--candidate-sigmas must lie in [0, 10], got " + text);
}

// The release and the original (read by core), then the mining options, each checked as it is read.
api::BasketMineRequest mineRequestFrom(const Options& options)
{
    using M = BasketMiningOptions;
    api::BasketMineRequest request;
    request.release = basketReleaseRequest(options);
    readOptions<M>(options, request.mining,
                   {{"min-support", setMinSupport, true}, integerOption("max-itemset-size", &M::maxItemsetSize, 1, 16),
                    {"candidate-sigmas", setCandidateSigmas}});
    return request;
}

Json runMine(const Options& options)
{
    return api::basketMineJson(api::basketMineOf(mineRequestFrom(options)));
}

} // namespace

Command basketMineCommand()
{
    Command c;
    c.name = "mine";
    c.summary = "frequent itemsets of a release (004's modified Apriori), compared with the original";
    c.description =
        "Mines the itemsets whose recovered support is at least --min-support from a release by 004's modified "
        "Apriori (Sec. 4.5): supports and sigmas recovered per original basket size (Statement 3), candidates "
        "kept down to s_min - c sigma (--candidate-sigmas, 004 found c = 1 better than 2), up to "
        "--max-itemset-size. With --original (the data the release came from), also mines the original exactly "
        "and prints precision, recall, 002's accuracy and per itemset size the false positives and drops with the "
        "support bins of 004 Tables 2-3 (0.5, 0.75 and 1 x s_min).";
    c.options = basketDataOptions("the release (FIMI, or 0/1 columns if the name ends in .csv), with FILE.sizes / "
                                  "FILE.frequent beside it as its operator needs");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    c.options.push_back({"min-support", "S", "the minimum support s_min in (0, 1], a fraction of the baskets"});
    c.options.push_back({"max-itemset-size", "K", "the largest itemset size mined, 1..16 (default 6)"});
    c.options.push_back({"candidate-sigmas", "C",
                         "candidates are kept down to s_min - C sigma, C in [0, 10] (default 1, 004 Sec. 4.5)"});
    c.options.push_back({"original", "FILE", "the original baskets: adds the comparison with their exact mining"});
    c.run = runMine;
    return c;
}

} // namespace rr::cli
