// `basket estimate`: itemset supports recovered from a release with their variances and partial supports
// (004 Sec. 4.3, Statement 3; 003 eq. 3.3 for per-item bits), and ranges (004 Sec. 4.5, 003 Result 1).
// The options become one api::BasketEstimateRequest; core/api/BasketEstimate.h recovers and writes the JSON.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "app/cli/Dataset.h"

#include "core/api/BasketEstimate.h"

namespace rr::cli {
namespace {

// The release and the original (read by core), then --itemsets and --alpha.
api::BasketEstimateRequest estimateRequestFrom(const Options& options)
{
    using R = api::BasketEstimateRequest;
    R request;
    request.release = basketReleaseRequest(options);
    readOptions<R>(options, request,
                   {{"alpha", [&options](R& r, const std::string&) { r.alpha = alphaFrom(options); }},
                    textOption("itemsets", &R::itemsets, true)});
    return request;
}

Json runEstimate(const Options& options)
{
    return api::basketEstimateJson(api::basketEstimateOf(estimateRequestFrom(options)));
}

} // namespace

Command basketEstimateCommand()
{
    Command c;
    c.name = "estimate";
    c.summary = "recover itemset supports from a release, with variances and partial supports";
    c.description =
        "Recovers the original support of each itemset from a release: for item-invariant operators the partial "
        "supports s = Q s' per original basket size m (FILE.sizes), combined with weights N_m / N (004 Sec. 4.3, "
        "Remark 4.4), with the variance estimated from the release alone (004 Statement 3); for per-item bits "
        "and frequency-aware distortion the 2^k table through the inverse per-item matrices (003 eq. 3.3). With "
        "--alpha also normal and Chebyshev ranges (003 Result 1); with --original the true support and the error "
        "in sigmas. An estimate or variance that does not exist is null with a reason.";
    c.options = basketDataOptions("the release (FIMI, or 0/1 columns if the name ends in .csv), with FILE.sizes / "
                                  "FILE.frequent beside it as its operator needs");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    c.options.push_back({"itemsets", "\"1 2;3 4 5\"",
                         "the itemsets: items (ids, or a CSV's column names) separated by spaces or commas, itemsets "
                         "by ';'"});
    c.options.push_back(alphaOption("ranges at level 1 - alpha, alpha in (0, 1) (default: no ranges)"));
    c.options.push_back({"original", "FILE", "the original baskets: adds each itemset's true support"});
    c.run = runEstimate;
    return c;
}

} // namespace rr::cli
