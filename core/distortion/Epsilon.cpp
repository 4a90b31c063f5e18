#include "core/distortion/Epsilon.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rr {

EpsilonValue epsilon(const DistortionMatrix& p)
{
    const KroneckerFactor& f = p.factor();
    const int d = f.size();
    // The rows of a uniform matrix are permutations of one another: row 0 decides (and is the first
    // row reaching the maximum, as the loop over every row would report), with no matrix written out.
    const int rows = f.uniform ? std::min(d, 1) : d;
    EpsilonValue best;
    double bestLogRatio = 0.0;
    for (int u = 0; u < rows; ++u) {
        int hi = 0, lo = 0; // first columns holding the row's maximum and minimum
        for (int v = 1; v < d; ++v) {
            if (f.entry(u, v) > f.entry(u, hi))
                hi = v;
            if (f.entry(u, v) < f.entry(u, lo))
                lo = v;
        }
        const double mx = f.entry(u, hi);
        const double mn = f.entry(u, lo);
        if (!(mx > 0))
            continue; // value u is never released: no constraint
        if (!(mn > 0)) {
            std::ostringstream os;
            os << "no epsilon guarantee: row " << u + 1 << " (randomized value " << u + 1 << ") has P = " << mx
               << " in column " << hi + 1 << " but 0 in column " << lo + 1
               << ", so releasing that value rules out original value " << lo + 1;
            EpsilonValue none;
            none.guaranteed = false;
            none.reason = os.str();
            none.row = static_cast<int>(u);
            none.maxColumn = static_cast<int>(hi);
            none.minColumn = static_cast<int>(lo);
            return none;
        }
        const double logRatio = std::log(mx) - std::log(mn);
        if (best.row < 0 || logRatio > bestLogRatio) {
            bestLogRatio = logRatio;
            best.row = static_cast<int>(u);
            best.maxColumn = static_cast<int>(hi);
            best.minColumn = static_cast<int>(lo);
        }
    }
    best.value = bestLogRatio;
    return best;
}

EpsilonValue combinedEpsilon(const std::vector<DistortionMatrix>& matrices)
{
    EpsilonValue total;
    for (std::size_t k = 0; k < matrices.size(); ++k) {
        const EpsilonValue e = epsilon(matrices[k]);
        if (!e.guaranteed) {
            EpsilonValue none = e;
            none.reason = "attribute " + std::to_string(k + 1) + ": " + e.reason;
            return none;
        }
        total.value += e.value;
    }
    return total;
}

} // namespace rr
