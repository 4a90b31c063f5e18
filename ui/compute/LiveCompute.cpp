#include "ui/compute/LiveCompute.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

namespace rr::ui {
namespace {

void checkAxes(const PreparedAnalysis& a, const std::vector<int>& axes, const char* what)
{
    if (axes.empty() || axes.size() > 2)
        throw InputError(std::string(what) + ": choose one attribute or a pair");
    std::set<int> seen;
    for (int ax : axes) {
        if (ax < 0 || ax >= a.axisCount())
            throw InputError(std::string(what) + ": attribute out of range");
        if (!seen.insert(ax).second)
            throw InputError(std::string(what) + ": choose two different attributes for a pair");
    }
}

struct Marginal {
    Eigen::VectorXd counts;
    std::vector<int> dims;
    std::vector<DistortionMatrix> matrices;
    double n = 0;
};

Marginal marginalOf(const PreparedAnalysis& a, const std::vector<int>& axes, const std::vector<double>& p)
{
    Marginal m;
    m.counts = a.joint.marginal(axes).counts();
    m.n = m.counts.sum();
    for (int ax : axes) {
        m.dims.push_back(a.dims[static_cast<std::size_t>(ax)]);
        m.matrices.push_back(
            DistortionMatrix::warner(a.dims[static_cast<std::size_t>(ax)], p[static_cast<std::size_t>(ax)]));
    }
    return m;
}

// One simulated randomization of the marginal's records (seeded) and its moment estimate.
struct Simulated {
    Eigen::VectorXd lambdaHat, estimate, variance;
};

Simulated simulate(const Marginal& m, std::uint64_t seed)
{
    RandomSource rng = RandomSource::seeded(seed);
    Simulated s;
    const Eigen::VectorXd randomized = randomizeCounts(m.counts, m.dims, m.matrices, rng);
    s.lambdaHat = randomized / m.n;
    s.estimate = reconstruct(m.matrices, s.lambdaHat);           // 003 eq. 5.15
    s.variance = varianceDiagonal(m.matrices, s.lambdaHat, m.n); // 003 eq. 5.16
    return s;
}

} // namespace

DistributionData computeDistribution(const PreparedAnalysis& a, const LiveRequest& r)
{
    checkAxes(a, r.distributionAxes, "distribution view");
    const Marginal m = marginalOf(a, r.distributionAxes, r.p);
    if (m.n <= 1)
        throw InputError("distribution view: at least two records are needed");
    const Eigen::VectorXd pi = m.counts / m.n;
    const Eigen::VectorXd lambda = expectedRandomized(m.matrices, pi); // 003 eq. 5.1
    const Simulated sim = simulate(m, r.seed);

    DistributionData d;
    for (int ax : r.distributionAxes)
        d.attributes.push_back(a.names[static_cast<std::size_t>(ax)]);
    d.totalCells = static_cast<std::size_t>(pi.size());
    d.records = m.n;
    d.seed = r.seed;
    d.alpha = r.alpha;
    d.kind = r.kind;
    // Too many cells to read: the largest original proportions, in their natural order.
    std::vector<std::size_t> cells(d.totalCells);
    std::iota(cells.begin(), cells.end(), std::size_t(0));
    const std::size_t limit = static_cast<std::size_t>(std::max(1, r.maxBars));
    if (cells.size() > limit) {
        std::stable_sort(cells.begin(), cells.end(),
                         [&](std::size_t x, std::size_t y) { return pi[Eigen::Index(x)] > pi[Eigen::Index(y)]; });
        cells.resize(limit);
        std::sort(cells.begin(), cells.end());
    }
    for (std::size_t c : cells) {
        const auto i = static_cast<Eigen::Index>(c);
        d.cells.push_back(c);
        d.labels.push_back(a.cellLabel(r.distributionAxes, c));
        d.original.push_back(pi[i]);
        d.expected.push_back(lambda[i]);
        d.estimate.push_back(sim.estimate[i]);
        d.intervals.push_back(interquantileRange(sim.estimate[i], sim.variance[i], r.alpha, r.kind));
    }
    return d;
}

RiskData computeRiskData(const PreparedAnalysis& a, const Eigen::VectorXd& risk, const LiveRequest& r)
{
    RiskData d;
    d.tau = r.tau;
    d.attributeNames = a.names;
    d.summary = summarizeRisk(risk, a.joint, r.tau);
    const int bins = std::max(1, r.histogramBins);
    d.histogram.assign(static_cast<std::size_t>(bins), 0.0);
    // Zoom to where the records are: the next tenth above max risk and tau.
    d.upper = std::clamp(std::ceil(std::max(d.summary.maxRisk, r.tau) * 10.0 * 1.02) / 10.0, 0.1, 1.0);
    const auto& counts = a.joint.counts();
    const auto& present = a.model.presentCells();
    std::vector<std::pair<double, double>> rw;
    rw.reserve(present.size());
    for (Eigen::Index c : present) {
        const double v = risk[c], w = counts[c];
        const int b = std::clamp(static_cast<int>(v / d.upper * bins), 0, bins - 1);
        d.histogram[static_cast<std::size_t>(b)] += w;
        rw.emplace_back(v, w);
    }
    std::sort(rw.begin(), rw.end());
    double acc = 0;
    const double total = std::max(d.summary.records, 1e-300);
    for (std::size_t k = 0; k < rw.size(); ++k) {
        acc += rw[k].second;
        if (k + 1 < rw.size() && rw[k + 1].first == rw[k].first)
            continue; // one point per distinct risk
        d.cdf.emplace_back(rw[k].first, acc / total);
    }
    // The riskiest records: cells by risk, highest first.
    std::vector<Eigen::Index> order(present.begin(), present.end());
    const std::size_t k = std::min<std::size_t>(order.size(), static_cast<std::size_t>(std::max(0, r.riskiestCount)));
    std::partial_sort(
        order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
        [&](Eigen::Index x, Eigen::Index y) { return risk[x] != risk[y] ? risk[x] > risk[y] : counts[x] > counts[y]; });
    for (std::size_t i = 0; i < k; ++i) {
        RiskyRecord rec;
        rec.cell = order[i];
        rec.values = a.cellValues(static_cast<std::size_t>(order[i]));
        rec.records = counts[order[i]];
        rec.risk = risk[order[i]];
        d.riskiest.push_back(std::move(rec));
    }
    return d;
}

IntervalsData computeIntervals(const PreparedAnalysis& a, const LiveRequest& r)
{
    checkAxes(a, r.intervalAxes, "intervals view");
    const auto pos = std::find(r.intervalAxes.begin(), r.intervalAxes.end(), r.intervalVaryAxis);
    if (pos == r.intervalAxes.end())
        throw InputError("intervals view: the varied p must belong to one of the chosen attributes");
    const std::size_t slot = static_cast<std::size_t>(pos - r.intervalAxes.begin());
    Marginal m = marginalOf(a, r.intervalAxes, r.p);
    if (m.n <= 1)
        throw InputError("intervals view: at least two records are needed");
    if (r.intervalCell >= static_cast<std::size_t>(m.counts.size()))
        throw InputError("intervals view: cell out of range");
    const auto cell = static_cast<Eigen::Index>(r.intervalCell);
    const Eigen::VectorXd pi = m.counts / m.n;
    const int d = m.dims[slot];

    IntervalsData out;
    for (int ax : r.intervalAxes)
        out.attributes.push_back(a.names[static_cast<std::size_t>(ax)]);
    out.cellLabel = a.cellLabel(r.intervalAxes, r.intervalCell);
    out.varyName = a.names[static_cast<std::size_t>(r.intervalVaryAxis)];
    out.original = pi[cell];
    out.currentP = r.p[static_cast<std::size_t>(r.intervalVaryAxis)];
    out.alpha = r.alpha;
    out.seed = r.seed;

    // p from just above 1/d (where the variance diverges) to 1.
    const int steps = std::max(2, r.intervalSteps);
    const double lo = 1.0 / d;
    for (int k = 1; k <= steps; ++k) {
        const double p = lo + (1.0 - lo) * k / steps;
        m.matrices[slot] = DistortionMatrix::warner(d, p);
        const Eigen::VectorXd lambda = expectedRandomized(m.matrices, pi);
        const Eigen::VectorXd estimate = reconstruct(m.matrices, lambda);
        const double var = varianceDiagonal(m.matrices, lambda, m.n)[cell];
        const Interval nrm = interquantileRange(estimate[cell], var, r.alpha, IntervalKind::Normal);
        const Interval che = interquantileRange(estimate[cell], var, r.alpha, IntervalKind::Chebyshev);
        out.p.push_back(p);
        out.estimate.push_back(estimate[cell]);
        out.normalLo.push_back(nrm.lo);
        out.normalHi.push_back(nrm.hi);
        out.chebyshevLo.push_back(che.lo);
        out.chebyshevHi.push_back(che.hi);
    }
    m.matrices[slot] = DistortionMatrix::warner(d, out.currentP);
    const Simulated sim = simulate(m, r.seed);
    out.simulated = sim.estimate[cell];
    out.simulatedNormal = interquantileRange(sim.estimate[cell], sim.variance[cell], r.alpha, IntervalKind::Normal);
    out.simulatedChebyshev =
        interquantileRange(sim.estimate[cell], sim.variance[cell], r.alpha, IntervalKind::Chebyshev);
    return out;
}

LiveResult computeLive(const PreparedAnalysis& a, DisclosureRiskModel& model, const LiveRequest& r)
{
    if (static_cast<int>(r.p.size()) != a.axisCount())
        throw InputError("one retention probability per analysed attribute is needed");
    LiveResult out;
    out.generation = r.generation;
    out.p = r.p;
    const auto qi = a.qiMatrices(r.p);
    const auto s = a.sensitiveMatrix(r.p);
    const Eigen::VectorXd& risk = model.evaluate(qi, s); // 003 eq. 5.6
    out.risk = computeRiskData(a, risk, r);
    out.maxRisk = out.risk.summary.maxRisk;
    const auto all = a.matrices(r.p);
    out.traceCovariance = expectedSquaredError(all, a.model.pi(), a.records); // 003 Lemma 4
    out.objective = utilityObjective(all);                                    // 003 eq. 5.18
    out.utility = r.metric == UtilityMetric::TraceCovariance ? out.traceCovariance
                  : r.metric == UtilityMetric::Objective     ? out.objective
                                                             : utilityLoss(a, r.p, r.metric, r.seed);
    out.distribution = computeDistribution(a, r);
    out.intervals = computeIntervals(a, r);
    return out;
}

} // namespace rr::ui
