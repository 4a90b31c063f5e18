#pragma once
// What the GUI's Measures view shows for one pair of analysed attributes at the current p (issue 8):
// the owner's pair table, one seeded simulated randomized release of it, every association measure
// estimated from that release (core/measures) and, optionally, one measure's expected ranges over p.
#include "core/analysis/PreparedAnalysis.h"
#include "core/measures/MeasureSweep.h"
#include "core/measures/PairMeasures.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct MeasuresRequest {
    std::string first, second;               // two distinct attributes of the analysis (rows, columns)
    int presentFirst = 1, presentSecond = 1; // category index taken as "present", the rest pooled
    std::vector<double> p;                   // effective p per axis of the analysis (QIs, then S)
    std::uint64_t seed = 1;                  // of the simulated randomization (exploration, not a release)
    double alpha = 0.05;
    std::optional<Measure> sweepMeasure; // also its range vs p (both attributes take the swept p)
    int sweepPoints = 41;
};

struct MeasuresFrame {
    std::string first, second;
    std::vector<std::string> categoriesFirst, categoriesSecond;
    int presentFirst = 1, presentSecond = 1;
    double pFirst = 1, pSecond = 1;
    std::uint64_t seed = 1;
    Eigen::VectorXd originalCounts;   // d1 x d2, row-major
    Eigen::VectorXd randomizedCounts; // the simulated release of those records
    PairMeasures measures;            // estimated from randomizedCounts, with the original values
    std::optional<Measure> sweepMeasure;
    std::vector<SweepPoint> sweep; // expected estimate and ranges over p, from the original table
    double sweepAlpha = 0.05;
};

// Throws InputError naming an unknown attribute, equal attributes, a present category out of range or a
// p outside (1/d, 1].
MeasuresFrame computeMeasuresFrame(const PreparedAnalysis& analysis, const MeasuresRequest& request);

// The p grid of a sweep: `points` values from just above the larger 1/d up to 1.
std::vector<double> sweepGrid(int d1, int d2, int points);

// A measure relative to its original value, so measures on different scales share one forest plot:
// (x - original) / |original| for the estimate and both range ends.
struct RelativeEstimate {
    bool defined = false;
    std::string reason; // why not: no original, an undefined or zero original, an undefined estimate
    double estimate = 0;
    std::optional<Interval> normal, chebyshev; // relative, unclipped ends
};
RelativeEstimate relativeToOriginal(const MeasureEstimate& e);

} // namespace rr
