#include "core/api/MeasureJson.h"

#include <cmath>

namespace rr::api {

Json clippedRange(const Interval& i)
{
    return Json::array({i.lo, i.hi});
}

Json rawRange(const Interval& i)
{
    return Json::array({i.rawLo, i.rawHi});
}

Json Reasons::value(const MeasureValue& v, const std::string& what)
{
    if (!v.defined) {
        m_lines.push_back(what + ": " + v.reason);
        return nullptr;
    }
    return value(v.value, what);
}

Json Reasons::value(double v, const std::string& what)
{
    if (std::isfinite(v))
        return v;
    m_lines.push_back(what + ": the value is not finite");
    return nullptr;
}

void Reasons::writeTo(Json& j) const
{
    if (m_lines.empty())
        return;
    std::string all;
    for (const auto& line : m_lines)
        all += (all.empty() ? "" : "; ") + line;
    j["reason"] = all;
}

namespace {

// A range is only as finite as its ends; an infinite end (overflowing variance) becomes null.
Json rangeOrNull(const std::optional<Interval>& i, bool raw)
{
    if (!i)
        return nullptr;
    const Interval& r = *i;
    const bool finite =
        raw ? std::isfinite(r.rawLo) && std::isfinite(r.rawHi) : std::isfinite(r.lo) && std::isfinite(r.hi);
    if (!finite)
        return nullptr;
    return raw ? rawRange(r) : clippedRange(r);
}

} // namespace

Json measureEstimateJson(const MeasureEstimate& e)
{
    Reasons reasons;
    Json j;
    j["estimate"] = reasons.value(e.estimate, "estimate");
    // an undefined estimate has no variance; its reason is said once
    j["variance"] = e.estimate.defined ? reasons.value(e.variance, "variance") : Json(nullptr);
    j["normal"] = rangeOrNull(e.normal, false);
    j["chebyshev"] = rangeOrNull(e.chebyshev, false);
    j["raw_normal"] = rangeOrNull(e.normal, true);
    j["raw_chebyshev"] = rangeOrNull(e.chebyshev, true);
    j["randomized"] = reasons.value(e.randomized, "randomized");
    if (e.original)
        j["original"] = reasons.value(*e.original, "original");
    reasons.writeTo(j);
    return j;
}

} // namespace rr::api
