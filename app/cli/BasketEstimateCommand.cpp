// `basket estimate`: itemset supports recovered from a release with their variances and partial supports
// (004 Sec. 4.3, Statement 3; 003 eq. 3.3 for per-item bits), and ranges (004 Sec. 4.5, 003 Result 1).
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketRecovery.h"
#include "app/cli/Dataset.h"

#include "core/baskets/ExpectedRecovery.h"

#include <cmath>

namespace rr::cli {
namespace {

Json vectorOrNull(const std::vector<double>& v)
{
    return v.empty() ? Json(nullptr) : Json(v);
}

// [lo, hi] of a defined range, clipped to [0, 1] or `raw`.
Json rangeJson(const RecoveredItemset& r, const Interval& i, bool raw)
{
    if (!r.rangeDefined)
        return nullptr;
    return raw ? Json::array({i.rawLo, i.rawHi}) : Json::array({i.lo, i.hi});
}

Json runEstimate(const Options& options)
{
    const RecoveryInput in = recoveryInput(options);
    const bool withRanges = options.has("alpha");
    const double alpha = alphaFrom(options);
    const Transactions& rel = in.release.release.baskets;
    const auto itemsets = parseItemsets(in.release.file, rel, options.required("itemsets"), "itemsets");

    std::vector<double> truth;
    if (in.original)
        truth = trueSupports(in.original->baskets, itemsets);
    SupportEstimator estimator(in.release.release, in.op);
    const std::vector<RecoveredItemset> recovered = recoverItemsets(estimator, itemsets, truth, alpha);

    Notes notes;
    Json j = releaseJson(in, notes);
    j["baskets"] = rel.size();
    if (withRanges)
        j["alpha"] = alpha;
    if (in.original)
        j["original"] = basketFileJson(in.original->file, in.original->baskets, notes);
    Json list = Json::array();
    for (const RecoveredItemset& r : recovered) {
        const BasketSupportEstimate& e = r.estimate;
        Json s;
        s["items"] = itemsJson(in.release.file, rel, e.items);
        s["estimate"] = e.defined ? Json(e.estimate) : Json(nullptr);
        s["variance"] = r.rangeDefined ? Json(e.variance) : Json(nullptr);
        s["sigma"] = r.rangeDefined ? Json(std::sqrt(e.variance)) : Json(nullptr);
        s["partial_supports"] = vectorOrNull(e.partialSupports);
        s["randomized_partial_supports"] = vectorOrNull(e.randomizedPartialSupports);
        if (withRanges) {
            s["normal"] = rangeJson(r, r.range, false);
            s["chebyshev"] = rangeJson(r, r.chebyshev, false);
            s["raw_normal"] = rangeJson(r, r.range, true);
            s["raw_chebyshev"] = rangeJson(r, r.chebyshev, true);
        }
        if (in.original) {
            s["true_support"] = r.trueSupport;
            const bool scaled = r.rangeDefined && e.variance > 0;
            s["error_in_sigmas"] = scaled ? Json((e.estimate - r.trueSupport) / std::sqrt(e.variance)) : Json(nullptr);
        }
        s["reason"] = e.reason.empty() ? Json(nullptr) : Json(e.reason);
        list.push_back(s);
    }
    j["itemsets"] = list;
    notes.add("partial_supports are the estimated original s_l = fraction of baskets holding exactly l of the "
              "itemset's items, l = 0..k (004 Def. 9); randomized_partial_supports the release's s'_l");
    if (withRanges)
        notes.add("normal and chebyshev are ranges at level 1 - alpha clipped to [0, 1]; raw_* are unclipped");
    j["notes"] = notes.toJson();
    return j;
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
