#include "core/analysis/IntervalSweep.h"

#include "core/analysis/SimulatedMarginal.h"
#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

#include <algorithm>

namespace rr {

IntervalSweep sweepIntervals(const PreparedTable& table, const std::vector<DistortionMatrix>& matrices,
                             const IntervalSweepRequest& r)
{
    Marginal m = marginalOf(table, r.axes, matrices, "intervals view");
    const auto pos = std::find(r.axes.begin(), r.axes.end(), r.varyAxis);
    if (pos == r.axes.end())
        throw InputError("intervals view: the varied p must belong to one of the chosen attributes");
    const std::size_t slot = static_cast<std::size_t>(pos - r.axes.begin());
    if (r.cell >= static_cast<std::size_t>(m.counts.size()))
        throw InputError("intervals view: cell out of range");
    const auto cell = static_cast<Eigen::Index>(r.cell);
    const Eigen::VectorXd pi = m.counts / m.n;
    const int d = m.dims[slot];

    IntervalSweep out;
    for (int ax : r.axes)
        out.attributes.push_back(table.names[static_cast<std::size_t>(ax)]);
    out.cellLabel = table.cellLabel(r.axes, r.cell);
    out.varyName = table.names[static_cast<std::size_t>(r.varyAxis)];
    out.original = pi[cell];
    const DistortionMatrix current = m.matrices[slot];
    out.currentP = current.retention();
    out.alpha = r.alpha;
    out.seed = r.seed;

    // p from just above 1/d (where the variance diverges) to 1.
    const int steps = std::max(2, r.steps);
    const double lo = 1.0 / d;
    for (int k = 1; k <= steps; ++k) {
        // The last step is exactly 1: lo + (1 - lo) rounds above 1 for d = 7 and 22, which no p may.
        const double pk = k == steps ? 1.0 : lo + (1.0 - lo) * k / steps;
        m.matrices[slot] = DistortionMatrix::warner(d, pk);
        const Eigen::VectorXd lambda = expectedRandomized(m.matrices, pi);
        const Eigen::VectorXd estimate = reconstruct(m.matrices, lambda);
        const double var = varianceDiagonal(m.matrices, lambda, m.n)[cell];
        const Interval nrm = interquantileRange(estimate[cell], var, r.alpha, IntervalKind::Normal);
        const Interval che = interquantileRange(estimate[cell], var, r.alpha, IntervalKind::Chebyshev);
        out.p.push_back(pk);
        out.estimate.push_back(estimate[cell]);
        out.normalLo.push_back(nrm.lo);
        out.normalHi.push_back(nrm.hi);
        out.chebyshevLo.push_back(che.lo);
        out.chebyshevHi.push_back(che.hi);
    }
    m.matrices[slot] = current;
    const SimulatedEstimate sim = simulateEstimate(m, r.seed);
    out.simulated = sim.estimate[cell];
    out.simulatedNormal = interquantileRange(sim.estimate[cell], sim.variance[cell], r.alpha, IntervalKind::Normal);
    out.simulatedChebyshev =
        interquantileRange(sim.estimate[cell], sim.variance[cell], r.alpha, IntervalKind::Chebyshev);
    return out;
}

} // namespace rr
