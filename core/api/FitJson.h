#pragma once
// JSON of the chi-square statistics that `independence` and `loglinear` both report (003 Sec. 4.2.2, 4.3.1).
#include "core/api/JsonValues.h"

#include "core/loglinear/GoodnessOfFit.h"

#include <string>

namespace rr::api {

// The value, or null with a note saying why it is undefined or not finite.
Json statOrNull(const StatValue& v, const std::string& what, Notes& notes);
// chi_square, g_square, df, p_value and g_p_value into j.
void writeFit(Json& j, const GoodnessOfFit& fit, Notes& notes);

} // namespace rr::api
