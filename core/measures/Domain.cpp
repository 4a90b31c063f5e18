#include "core/measures/Domain.h"

#include <cstdio>

namespace rr {

std::string shortNumber(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", x);
    return buf;
}

} // namespace rr
