#pragma once
// A marginal of the prepared table with its Warner matrices, and one seeded simulated randomization
// of its records with the moment estimate (what an analyst would get from one release).
#include "core/datasource/PreparedTable.h"
#include "core/distortion/DistortionMatrix.h"

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace rr {

struct Marginal {
    std::vector<int> axes;
    Eigen::VectorXd counts;
    std::vector<int> dims;
    std::vector<DistortionMatrix> matrices; // one per axis of the marginal
    double n = 0;
};

// `axes`: one or two distinct axes of `table`; `matrices`: one per axis of `table` (PreparedAnalysis::matrices),
// of which the marginal keeps those of `axes`. Throws InputError naming `what` (the view asking) for a bad
// choice of axes or fewer than two records.
Marginal marginalOf(const PreparedTable& table, const std::vector<int>& axes,
                    const std::vector<DistortionMatrix>& matrices, const char* what);

struct SimulatedEstimate {
    Eigen::VectorXd lambdaHat, estimate, variance;
};

// Randomizes the marginal's records once (seeded: reproducible exploration, not a release) and
// estimates pi-hat = P^-1 lambda-hat (003 eq. 5.15) with its variance (003 eq. 5.16).
SimulatedEstimate simulateEstimate(const Marginal& m, std::uint64_t seed);

} // namespace rr
