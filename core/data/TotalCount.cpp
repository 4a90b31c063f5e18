#include "core/data/TotalCount.h"

#include "core/data/Errors.h"

#include <cmath>
#include <cstdio>

namespace rr {

void checkTotalCount(double total, const std::string& countColumn)
{
    if (total >= 0 && total <= kMaxTotalCount)
        return;
    char sum[64];
    std::snprintf(sum, sizeof sum, "%.3g", total);
    const std::string column = countColumn.empty() ? "the count column" : "column '" + countColumn + "'";
    throw InputError("the counts in " + column + " add up to " +
                     (std::isinf(total) ? std::string("more than 1.8e308") : std::string(sum)) +
                     "; a table stands for 0 to 2^53 = 9007199254740992 records (the largest count a double "
                     "holds exactly)");
}

} // namespace rr
