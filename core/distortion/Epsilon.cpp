#include "core/distortion/Epsilon.h"

#include <cmath>
#include <sstream>

namespace rr {

EpsilonValue epsilon(const DistortionMatrix& p)
{
    const Eigen::MatrixXd& m = p.matrix();
    EpsilonValue best;
    double bestLogRatio = 0.0;
    for (Eigen::Index u = 0; u < m.rows(); ++u) {
        Eigen::Index hi = 0, lo = 0;
        const double mx = m.row(u).maxCoeff(&hi);
        const double mn = m.row(u).minCoeff(&lo);
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
