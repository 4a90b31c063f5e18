#include "core/analysis/Retention.h"

#include <cmath>

namespace rr {

double minimumRetention(int d)
{
    if (d < 2)
        return 1.0;
    return (std::floor(1000.0 / d + 1e-9) + 1.0) / 1000.0;
}

double clampRetention(int d, double p)
{
    if (!std::isfinite(p) || p >= 1.0 || d < 2)
        return 1.0;
    if (p <= 1.0 / d)
        return minimumRetention(d);
    return p; // full precision kept: the optimizer's p sits exactly on the constraint
}

std::vector<double> retentionsInMode(const PreparedTable& table, RandomizationMode mode,
                                     const std::map<std::string, double>& stored)
{
    const int count = table.axisCount();
    std::vector<double> p(static_cast<std::size_t>(count), 1.0);
    for (int i = 0; i < count; ++i) {
        if (!isRandomized(mode, i, count))
            continue;
        const auto it = stored.find(table.names[static_cast<std::size_t>(i)]);
        p[static_cast<std::size_t>(i)] =
            clampRetention(table.dims[static_cast<std::size_t>(i)], it == stored.end() ? 1.0 : it->second);
    }
    return p;
}

} // namespace rr
