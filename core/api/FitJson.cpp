#include "core/api/FitJson.h"

namespace rr::api {

Json statOrNull(const StatValue& v, const std::string& what, Notes& notes)
{
    if (v.defined)
        return finiteOrNull(v.value, what + " is null: it is not finite", notes);
    notes.add(what + " is null: " + v.reason);
    return nullptr;
}

void writeFit(Json& j, const GoodnessOfFit& fit, Notes& notes)
{
    j["chi_square"] = statOrNull(fit.chiSquare, "chi_square", notes);
    j["g_square"] = statOrNull(fit.gSquare, "g_square", notes);
    j["df"] = fit.df;
    j["p_value"] = statOrNull(fit.pValue, "p_value", notes);
    j["g_p_value"] = statOrNull(fit.gPValue, "g_p_value", notes);
}

} // namespace rr::api
