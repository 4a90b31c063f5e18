#pragma once
#include "core/contingency/ContingencyTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/optimization/OptimalParameters.h"
#include "core/randomization/RandomSource.h"

#include <Eigen/Core>

#include <vector>

namespace rr {

// RR-QI at tau = 1/l for the comparison with group-based releases (003 Sec. 5.3.3): the optimal
// Warner parameters of the QIs (003 Problem 1, Result 16; S kept), and the estimates of pi.
struct RandomizationEstimates {
    OptimizationResult parameters;
    std::vector<DistortionMatrix> matrices; // one per attribute of the joint table (S: identity)
    double maxRisk = 0;                     // max_r Pr(S_r | QI_r) at the parameters (003 eq. 5.6)
    // pi-hat = P^-1 lambda from the expected randomized table lambda = P pi (003 eq. 5.1, 5.15):
    // the moment estimate is unbiased, so this equals pi up to rounding.
    Eigen::VectorXd fromExpected;
    // pi-hat = P^-1 lambda-hat from one simulated randomized table (counts drawn with `rng`);
    // unbiased but may have negative cells.
    Eigen::VectorXd fromSimulated;
    // E||pi-hat - pi||^2 = trace(Sigma) for a table of this size (003 Lemma 4).
    double expectedSquaredError = 0;
    double secondsOptimizer = 0; // time spent finding the parameters
};

// Runs the optimizer (mode QI, tau) and, when feasible, both estimates. When the optimizer finds
// no feasible point, `parameters.feasible` is false and the estimates are empty.
RandomizationEstimates randomizationEstimates(const ContingencyTable& joint, double tau, RandomSource& rng,
                                              int optimizerStarts = 8);

} // namespace rr
