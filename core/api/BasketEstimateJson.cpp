// The one place a `basket estimate` result becomes JSON: the CLI prints it (its keys, their order and the notes
// as the command has always written them).
#include "core/api/BasketEstimate.h"

#include <cmath>

namespace rr::api {
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

Json recoveredJson(const BasketEstimateResult& result, const RecoveredItemset& r)
{
    const RecoveryInput& in = result.input;
    const BasketSupportEstimate& e = r.estimate;
    Json s;
    s["items"] = itemsJson(in.release.file, in.release.release.baskets, e.items);
    s["estimate"] = e.defined ? Json(e.estimate) : Json(nullptr);
    s["variance"] = r.rangeDefined ? Json(e.variance) : Json(nullptr);
    s["sigma"] = r.rangeDefined ? Json(std::sqrt(e.variance)) : Json(nullptr);
    s["partial_supports"] = vectorOrNull(e.partialSupports);
    s["randomized_partial_supports"] = vectorOrNull(e.randomizedPartialSupports);
    if (result.alpha) {
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
    return s;
}

} // namespace

Json basketEstimateJson(const BasketEstimateResult& result)
{
    const RecoveryInput& in = result.input;
    Notes notes;
    Json j = releaseJson(in, notes);
    j["baskets"] = in.release.release.baskets.size();
    if (result.alpha)
        j["alpha"] = *result.alpha;
    if (in.original)
        j["original"] = basketFileJson(in.original->file, in.original->baskets, notes);
    Json list = Json::array();
    for (const RecoveredItemset& r : result.recovered)
        list.push_back(recoveredJson(result, r));
    j["itemsets"] = list;
    notes.add("partial_supports are the estimated original s_l = fraction of baskets holding exactly l of the "
              "itemset's items, l = 0..k (004 Def. 9); randomized_partial_supports the release's s'_l");
    if (result.alpha)
        notes.add("normal and chebyshev are ranges at level 1 - alpha clipped to [0, 1]; raw_* are unclipped");
    j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
