#pragma once
// A measure's expected estimate and ranges as the retention probability p varies (003 Fig. 3.2, 3.3;
// 000 Fig. 1): at each p the randomized table is its expectation lambda = (P1 x P2) pi for Warner matrices,
// so the estimate is the measure at pi and the ranges show the spread a randomization of N records gives.
#include "core/measures/MeasureCatalog.h"
#include "core/measures/MeasureEstimate.h"

#include <Eigen/Core>

#include <vector>

namespace rr {

enum class SweepAxis { Both, First, Second }; // which attributes take the swept p

struct SweepInput {
    Eigen::VectorXd counts; // d1 x d2 counts of the table studied (the original, or N pi-hat), row-major
    int d1 = 2, d2 = 2;
    int presentFirst = 1, presentSecond = 1;
    Measure measure = Measure::Support;
    std::vector<double> retention; // the p grid; each p in (1/d, 1]
    SweepAxis axis = SweepAxis::Both;
    double fixedFirst = 1.0, fixedSecond = 1.0; // p of an attribute that is not swept
    double alpha = 0.05;
};

struct SweepPoint {
    double pFirst = 1, pSecond = 1;
    // Estimated from the expected randomized table: `randomized` is the measure without p (003 Ch. 4),
    // `original` the measure at the table studied.
    MeasureEstimate estimate;
};

// One point per grid value, in grid order. Throws InputError naming a p outside (1/d, 1].
std::vector<SweepPoint> sweepRetention(const SweepInput& input);

} // namespace rr
