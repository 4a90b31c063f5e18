#pragma once
#include "core/distortion/DistortionMatrix.h"

#include <string>
#include <vector>

namespace rr {

// The local differential privacy level of a distortion matrix. A matrix is epsilon-LDP when, for
// every released value u, P(u | v) <= e^epsilon P(u | v') for all originals v, v' (Warner 1965 read
// as LDP; FIDELITY "Local differential privacy"). A row holding a zero beside a positive entry gives
// no guarantee at all: `guaranteed` is false, `value` is 0 and meaningless, `reason` names the cells.
struct EpsilonValue {
    double value = 0;       // ln of the largest within-row ratio max_v P(u|v) / min_v P(u|v)
    bool guaranteed = true; // false = epsilon is infinite ("no guarantee")
    std::string reason;     // why there is no guarantee; empty otherwise
    int row = -1;           // 0-based row u where the largest ratio occurs (or the zero was found)
    int maxColumn = -1;     // column of the largest entry of that row
    int minColumn = -1;     // column of the smallest entry of that row
};

// epsilon = ln max_u (max_v P(u,v) / min_v P(u,v)) for any column-stochastic matrix. Rows that are
// entirely zero (a value never released) constrain nothing and are skipped. Equals warnerEpsilon
// for Warner matrices with p > 1/d, and ln((1-p) / (p (d-1))) for p < 1/d.
EpsilonValue epsilon(const DistortionMatrix& p);

// A record whose attributes are randomized independently is released with the sum of the
// attributes' epsilons (sequential composition); no guarantee if any attribute has none.
EpsilonValue combinedEpsilon(const std::vector<DistortionMatrix>& matrices);

} // namespace rr
