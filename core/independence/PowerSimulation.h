#pragma once
#include "core/contingency/ContingencyTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/randomization/RandomSource.h"

#include <functional>
#include <string>
#include <vector>

namespace rr {

struct PowerOptions {
    int replicates = 1000; // samples drawn (at most kMaxPowerReplicates)
    double alpha = 0.05;   // level of the chi-square test
    double sampleSize = 0; // records per sample; 0 = the total of the table
    // Sample from the table fitted under H0 (same margins, independence within strata) instead of
    // the table itself: the rejection rates then estimate the test's size, not its power.
    bool underNull = false;
};

inline constexpr int kMaxPowerReplicates = 1000000;

struct PowerEstimate {
    double original = 0;   // share of samples whose original data reject H0 (power, or size under H0)
    double randomized = 0; // the same after randomizing each sample
    double originalSe = 0; // binomial standard errors sqrt(r (1 - r) / replicates)
    double randomizedSe = 0;
    int replicates = 0; // samples done (fewer than asked when cancelled)
    bool cancelled = false;
    double sampleSize = 0;
    std::string note;
};

// Power of the chi-square test of independence of axes a, b (given G) on original data versus
// randomized data (003 Result 9, 10): repeatedly draws N records from `truth` (multinomial over its
// cells: the observed table itself for resampling, or any alternative), tests them, randomizes
// them with `matrices` (one per axis of `truth`; identity where unrandomized) and tests again.
// `progress(fractionDone)` returning false cancels (the rates so far are returned). Throws
// InputError for bad axes, sizes, alpha, replicates or an empty table.
PowerEstimate simulatePower(const ContingencyTable& truth, int a, int b, const std::vector<int>& given,
                            const std::vector<DistortionMatrix>& matrices, const PowerOptions& options,
                            RandomSource& rng, const std::function<bool(double)>& progress = {});

// Draws n records over the cells with probabilities proportional to `weights` (sequential binomials).
Eigen::VectorXd drawMultinomial(const Eigen::VectorXd& weights, long long n, RandomSource& rng);

} // namespace rr
