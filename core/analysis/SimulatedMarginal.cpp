#include "core/analysis/SimulatedMarginal.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

#include <set>
#include <string>

namespace rr {

Marginal marginalOf(const PreparedTable& table, const std::vector<int>& axes,
                    const std::vector<DistortionMatrix>& matrices, const char* what)
{
    if (axes.empty() || axes.size() > 2)
        throw InputError(std::string(what) + ": choose one attribute or a pair");
    std::set<int> seen;
    for (int ax : axes) {
        if (ax < 0 || ax >= table.axisCount())
            throw InputError(std::string(what) + ": attribute out of range");
        if (!seen.insert(ax).second)
            throw InputError(std::string(what) + ": choose two different attributes for a pair");
    }
    Marginal m;
    m.axes = axes;
    m.counts = table.joint.marginal(axes).counts();
    m.n = m.counts.sum();
    for (int ax : axes) {
        const auto i = static_cast<std::size_t>(ax);
        m.dims.push_back(table.dims[i]);
        m.matrices.push_back(matrices.at(i));
    }
    if (m.n <= 1)
        throw InputError(std::string(what) + ": at least two records are needed");
    return m;
}

SimulatedEstimate simulateEstimate(const Marginal& m, std::uint64_t seed)
{
    RandomSource rng = RandomSource::seeded(seed);
    SimulatedEstimate s;
    const Eigen::VectorXd randomized = randomizeCounts(m.counts, m.dims, m.matrices, rng);
    s.lambdaHat = randomized / m.n;
    s.estimate = reconstruct(m.matrices, s.lambdaHat);           // 003 eq. 5.15
    s.variance = varianceDiagonal(m.matrices, s.lambdaHat, m.n); // 003 eq. 5.16
    return s;
}

} // namespace rr
