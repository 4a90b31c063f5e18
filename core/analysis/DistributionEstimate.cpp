#include "core/analysis/DistributionEstimate.h"

#include "core/analysis/SimulatedMarginal.h"
#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace rr {

DistributionEstimate estimateDistribution(const PreparedTable& table, const std::vector<DistortionMatrix>& matrices,
                                          const DistributionRequest& r)
{
    if (r.firstRank < 0)
        throw InputError("distribution view: the first shown cell rank is " + std::to_string(r.firstRank) +
                         "; it must be 0 or more");
    const Marginal m = marginalOf(table, r.axes, matrices, "distribution view");
    const Eigen::VectorXd pi = m.counts / m.n;
    const Eigen::VectorXd lambda = expectedRandomized(m.matrices, pi); // 003 eq. 5.1
    const SimulatedEstimate sim = simulateEstimate(m, r.seed);

    DistributionEstimate d;
    for (int ax : r.axes)
        d.attributes.push_back(table.names[static_cast<std::size_t>(ax)]);
    d.totalCells = static_cast<std::size_t>(pi.size());
    d.records = m.n;
    d.seed = r.seed;
    d.alpha = r.alpha;
    d.kind = r.kind;
    std::vector<std::size_t> cells(d.totalCells);
    std::iota(cells.begin(), cells.end(), std::size_t(0));
    const std::size_t limit = static_cast<std::size_t>(std::max(1, r.maxCells));
    if (cells.size() > limit) {
        std::stable_sort(cells.begin(), cells.end(),
                         [&](std::size_t x, std::size_t y) { return pi[Eigen::Index(x)] > pi[Eigen::Index(y)]; });
        d.firstRank = std::min(static_cast<std::size_t>(r.firstRank), cells.size() - limit);
        cells.erase(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(d.firstRank));
        cells.resize(limit);
        std::sort(cells.begin(), cells.end());
    }
    for (std::size_t c : cells) {
        const auto i = static_cast<Eigen::Index>(c);
        d.cells.push_back(c);
        d.labels.push_back(table.cellLabel(r.axes, c));
        d.original.push_back(pi[i]);
        d.expected.push_back(lambda[i]);
        d.estimate.push_back(sim.estimate[i]);
        d.intervals.push_back(interquantileRange(sim.estimate[i], sim.variance[i], r.alpha, r.kind));
    }
    return d;
}

CellPrecision cellPrecision(const DistributionEstimate& d, std::size_t shown)
{
    if (shown >= d.labels.size())
        throw InputError("distribution view: cell " + std::to_string(shown) + " is not shown (" +
                         std::to_string(d.labels.size()) + " cells are)");
    const Interval& range = d.intervals[shown];
    CellPrecision c;
    c.label = d.labels[shown];
    c.share = d.original[shown];
    // The range is the estimate -/+ critical x sd before clipping to [0, 1]: half its raw width.
    c.halfWidth = (range.rawHi - range.rawLo) / 2;
    c.halfWidthRecords = c.halfWidth * d.records;
    c.level = 1 - d.alpha;
    return c;
}

std::size_t largestShownCell(const DistributionEstimate& d)
{
    const auto largest = std::max_element(d.original.begin(), d.original.end());
    return largest == d.original.end() ? 0 : static_cast<std::size_t>(largest - d.original.begin());
}

} // namespace rr
