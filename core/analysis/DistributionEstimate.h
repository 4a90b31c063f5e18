#pragma once
// The reconstructed distribution of one attribute or a pair: original pi, expected randomized
// lambda = P pi, and the estimate pi-hat = P^-1 lambda-hat of one simulated randomization with its
// interquantile ranges (003 Sec. 3.2, Fig. 3.1).
#include "core/datasource/PreparedTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

struct DistributionEstimate {
    std::vector<std::string> attributes;
    std::vector<std::string> labels; // shown cells
    std::vector<std::size_t> cells;  // their indices in the marginal
    std::vector<double> original, expected, estimate;
    std::vector<Interval> intervals;
    std::size_t totalCells = 0;
    std::size_t firstRank = 0; // shown cells start at this rank by original proportion (0: the largest)
    double records = 0;
    std::uint64_t seed = 0;
    double alpha = 0.05;
    IntervalKind kind = IntervalKind::Normal;
};

struct DistributionRequest {
    std::vector<int> axes{0}; // one attribute or a pair
    std::uint64_t seed = 1;   // of the simulated randomization
    double alpha = 0.05;
    IntervalKind kind = IntervalKind::Normal;
    int maxCells = 24; // more cells than this: the largest original proportions, in natural order
    // With more cells than maxCells, the window of ranks firstRank.. by original proportion (a
    // window past the end shows the last maxCells). Lets a view page through all cells.
    int firstRank = 0;
};

// One shown cell's precision in a publisher's units: its share of the records, and how far an estimate from the
// release may lie from the truth at level 1 - alpha (half the width of the cell's range), as a share and as a
// number of records ("8.4 %, within +-0.35 points, +-160 records, at 95 %").
struct CellPrecision {
    std::string label;
    double share = 0;            // original proportion of the cell
    double halfWidth = 0;        // half the range's width, as a proportion (x 100: percentage points)
    double halfWidthRecords = 0; // the same in records
    double level = 0.95;         // 1 - alpha
};

// `shown`: an index into d.labels. Throws InputError when there is no such cell.
CellPrecision cellPrecision(const DistributionEstimate& d, std::size_t shown);
// The shown cell with the largest original share (the one a publisher looks at first); 0 when none is shown.
std::size_t largestShownCell(const DistributionEstimate& d);

// `matrices`: one per axis of `table` (PreparedAnalysis::matrices). Throws InputError for a negative firstRank.
DistributionEstimate estimateDistribution(const PreparedTable& table, const std::vector<DistortionMatrix>& matrices,
                                          const DistributionRequest& request);

} // namespace rr
