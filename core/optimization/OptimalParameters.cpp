#include "core/optimization/OptimalParameters.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/optimization/BoundarySearch.h"
#include "core/optimization/CostSqp.h"
#include "core/optimization/ModeLimit.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>

namespace rr {

namespace {

constexpr double kScaleTolerance = 1e-12; // relative precision of the boundary in s
constexpr double kKnownRadius = 1e-4;     // a local search this close to a known minimum (relative) ends there

// The axes the mode randomizes (the optimizer's variables).
std::vector<int> modeAxes(const DisclosureRiskModel& model, RandomizationMode mode)
{
    const int count = static_cast<int>(model.dims().size());
    std::vector<int> axes;
    for (int k = 0; k < count; ++k)
        if (isRandomized(mode, k, count))
            axes.push_back(k);
    return axes;
}

// prod_i ||P_i^-1||_F^2 over every attribute of the joint table (003 eq. 5.18, Lemma 5).
double objectiveOf(const RiskConstraint& risk, const std::vector<double>& p)
{
    double product = 1;
    for (std::size_t k = 0; k < p.size(); ++k)
        product *= warnerInverseFrobeniusSquared(risk.dims()[k], p[k]);
    return product;
}

// Directions to start from: uniform, leaning towards each attribute, then seeded random ones.
std::vector<std::vector<double>> startingDirections(std::size_t m, int count)
{
    std::vector<std::vector<double>> starts;
    starts.emplace_back(m, 1.0 / m);
    if (m == 1)
        return starts;
    for (std::size_t j = 0; j < m && static_cast<int>(starts.size()) < count; ++j) {
        std::vector<double> w(m, 0.4 / (m - 1));
        w[j] = 0.6;
        starts.push_back(w);
    }
    std::mt19937 rng(20240521u); // fixed seed: the same input gives the same answer
    std::exponential_distribution<double> e(1.0);
    while (static_cast<int>(starts.size()) < count) {
        std::vector<double> w(m);
        double sum = 0;
        for (double& x : w)
            sum += (x = e(rng));
        for (double& x : w)
            x /= sum;
        starts.push_back(w);
    }
    return starts;
}

std::vector<double> normalized(const std::vector<double>& t)
{
    double sum = 0;
    for (double x : t)
        sum += x;
    std::vector<double> w(t.size(), 0.0);
    if (sum > 0)
        for (std::size_t i = 0; i < t.size(); ++i)
            w[i] = t[i] / sum;
    return w;
}

void checkOptions(const RiskConstraint& risk, const OptimizationOptions& options, const std::vector<int>& axes)
{
    const double tau = options.tau;
    if (!std::isfinite(tau) || tau <= 0 || tau > 1) {
        std::ostringstream os;
        os << "tau = " << tau << " is outside (0, 1]: it bounds a probability (tau = 1/l for l >= 1)";
        throw InputError(os.str());
    }
    for (int a : axes)
        if (risk.dims()[a] < 2)
            throw InputError("attribute '" + risk.attributeName(a) + "' has only " + std::to_string(risk.dims()[a]) +
                             " category; randomized response needs at least two");
}

// Step 1: the data as they are (every p = 1).
OptimizationResult unrandomized(RiskConstraint& risk, double tau)
{
    OptimizationResult result;
    result.tau = tau;
    result.p.assign(risk.dims().size(), 1.0);
    result.objective = objectiveOf(risk, result.p);
    result.maxRisk = risk.maxRisk(result.p);
    result.evaluations = 1;
    result.feasible = result.maxRisk <= tau;
    return result;
}

// Step 2's verdict when Property 1 says no p in the mode reaches tau: why, and who blocks it.
void markInfeasible(OptimizationResult& result, const ModeLimit& limit, RandomizationMode mode, double tau)
{
    result.reason = infeasibleReason(limit, mode, tau);
    result.blockingRecords = limit.blockingRecords;
    result.blockingCells = limit.blockingCells;
    result.certainGroups = limit.certainGroups;
    result.certainRecords = limit.certainRecords;
}

// What a point s w on a ray costs: s itself for 003's objective (its logarithm, up to a constant), else the
// options' objective at its p. Either rises along every ray.
using RayCost = std::function<double(const std::vector<double>& w, double s)>;

RayCost rayCost(BoundarySearch& boundary, const OptimizationOptions& options)
{
    if (!options.objective)
        return [](const std::vector<double>&, double s) { return s; };
    return [&boundary, &options](const std::vector<double>& w, double s) {
        return options.objective(std::vector<double>(boundary.retentions(w, s)));
    };
}

// Step 3: local solutions from several directions (the problem is not convex): start on the boundary
// along a direction, solve by SQP, then put the solution exactly on the boundary along its ray.
// Stop early once kAgreeing local solutions coincide with the best one.
struct BoundaryOptimum {
    BoundarySearch::Point point;
    std::vector<double> direction;
    double cost = 0;
    int evaluations = 0;
};

// SQP from the boundary point `start` along w, its local solution put back exactly on the boundary along its
// ray (pt, direction and ptCost when it costs less). True when the search neared the best local minimum so far,
// which it then only confirms.
bool refineLocally(BoundarySearch& boundary, CostSqp& sqp, const std::vector<double>& w,
                   const BoundarySearch::Point& start, const RayCost& cost, BoundaryOptimum& best,
                   BoundarySearch::Point& pt, std::vector<double>& direction, double& ptCost)
{
    std::vector<double> t0(w.size());
    for (std::size_t i = 0; i < w.size(); ++i)
        t0[i] = start.scale * w[i];
    std::vector<double> known; // the best local minimum so far: a search that nears it only confirms it
    if (best.point.reached)
        for (double x : best.direction)
            known.push_back(best.point.scale * x);
    const CostSqp::Result local = sqp.run(t0, 100, 1e-10, known, kKnownRadius);
    best.evaluations += local.evaluations;
    if (local.reachedKnown)
        return true;
    const std::vector<double> wl = normalized(local.t);
    double sum = 0;
    for (double x : local.t)
        sum += x;
    if (sum > 0) {
        const BoundarySearch::Point projected = boundary.boundary(wl, sum, kScaleTolerance);
        if (projected.reached) {
            if (const double c = cost(wl, projected.scale); c < ptCost)
                pt = projected, direction = wl, ptCost = c;
        }
    }
    return false;
}

BoundaryOptimum searchBoundary(BoundarySearch& boundary, CostSqp& sqp, std::size_t variables, int starts,
                               const std::vector<double>& warm, const RayCost& cost)
{
    // Local solutions that must coincide with the best before the search stops: 3, or 2 when the first
    // start is a warm one (the optimum at a nearby tau), which the cold starts then confirm.
    int kAgreeing = 3;
    BoundaryOptimum best;
    int agreeing = 0;
    std::vector<std::vector<double>> directions = startingDirections(variables, std::max(1, starts));
    if (warm.size() == variables) {
        directions.insert(directions.begin(), warm);
        kAgreeing = 2;
    }
    for (const auto& w : directions) {
        const double guess = best.point.reached ? best.point.scale : 1.0;
        const BoundarySearch::Point start = boundary.boundary(w, guess, kScaleTolerance);
        if (!start.reached) // this direction cannot reach tau
            continue;
        BoundarySearch::Point pt = start;
        std::vector<double> direction = w;
        double ptCost = cost(w, pt.scale);
        if (variables > 1 && refineLocally(boundary, sqp, w, start, cost, best, pt, direction, ptCost)) {
            if (++agreeing >= kAgreeing)
                break;
            continue;
        }
        if (best.point.reached && std::abs(ptCost - best.cost) <= 1e-9 * std::abs(best.cost)) {
            ++agreeing;
        } else if (!best.point.reached || ptCost < best.cost) {
            best.point = pt;
            best.direction = direction;
            best.cost = ptCost;
            agreeing = 1;
        }
        if (agreeing >= kAgreeing || variables == 1)
            break;
    }
    return best;
}

// Step 3's verdict when every direction only reaches tau within the margin of p = 1/d.
void markAtEdge(OptimizationResult& result, const ModeLimit& limit, RandomizationMode mode, double tau)
{
    std::ostringstream os;
    os << "tau = " << tau << " lies at the edge of what " << modeLabel(mode) << " can reach: the lowest max risk "
       << limit.lowestMaxRisk << " needs p = 1/d exactly, where nothing can be reconstructed.";
    result.reason = os.str();
    result.blockingRecords = limit.blockingRecords;
    result.blockingCells = limit.blockingCells;
}

// Step 4: the optimum on the boundary, to full precision when asked for more than the search used.
void placeOnBoundary(OptimizationResult& result, RiskConstraint& risk, BoundarySearch& boundary,
                     BoundaryOptimum best, double tolerance)
{
    if (best.point.maxRisk < result.tau - tolerance) {
        const BoundarySearch::Point fine = boundary.boundary(best.direction, best.point.scale, 1e-16);
        if (fine.reached)
            best.point = fine;
    }
    result.p = boundary.retentions(best.direction, best.point.scale);
    result.maxRisk = risk.maxRisk(result.p);
    result.objective = objectiveOf(risk, result.p);
    result.evaluations += 1;
    result.feasible = true;
}

// Along w, the smallest scale at or beyond tau's boundary where R_id meets the bound, to 1e-7 relative (the
// ray's most randomized end, `atHi` there, holds it); `atHi` gets R_id at the scale returned.
double smallestHoldingScale(ReidentificationConstraint& reid, BoundarySearch& boundary, const std::vector<double>& w,
                            const BoundarySearch::Point& tauPoint, ReidentificationSummary& atHi)
{
    double lo = tauPoint.scale, hi = tauPoint.largestScale;
    const ReidentificationSummary atLo = reid.at(boundary.retentions(w, lo));
    if (reid.holds(atLo)) {
        hi = lo, atHi = atLo;
    } else {
        while (hi - lo > 1e-7 * hi) { // the scale to 1e-7 relative: p to about 1e-8
            const double mid = 0.5 * (lo + hi);
            const ReidentificationSummary s = reid.at(boundary.retentions(w, mid));
            (reid.holds(s) ? hi : lo) = mid;
            if (reid.holds(s))
                atHi = s;
        }
    }
    return hi;
}

// No direction meets the re-identification bound: infeasible, saying how low R_id gets at the most
// randomization, with the figures of p = 1.
void markBoundOutOfReach(OptimizationResult& result, RiskConstraint& risk, ReidentificationConstraint& reid,
                         const ReidentificationSummary& mostRandomized)
{
    std::ostringstream os;
    os << "the re-identification bound (";
    if (reid.bound().max > 0)
        os << "max <= " << reid.bound().max << (reid.bound().mean > 0 ? ", " : "");
    if (reid.bound().mean > 0)
        os << "mean <= " << reid.bound().mean;
    os << ") is out of reach: with the randomized attributes at p just above 1/d, the re-identification risk "
          "is still max "
       << mostRandomized.max << ", mean " << mostRandomized.mean;
    result.feasible = false;
    result.reason = os.str();
    result.reidentification = mostRandomized;
    result.p.assign(risk.dims().size(), 1.0);
    result.maxRisk = risk.maxRisk(result.p);
    result.objective = objectiveOf(risk, result.p);
}

// Step 5, with a re-identification bound that the tau optimum breaks: along each direction, the smallest scale
// at or beyond tau's boundary where R_id meets the bound (R_id falls as the QIs' p fall; the point returned is
// checked, so a non-monotone ray costs optimality, never feasibility).
void meetReidentificationBound(OptimizationResult& result, RiskConstraint& risk, BoundarySearch& boundary,
                               ReidentificationConstraint& reid, const std::vector<int>& axes, int starts,
                               const std::vector<double>& tauDirection, const RayCost& cost)
{
    std::vector<std::vector<double>> directions = startingDirections(axes.size(), std::max(1, starts));
    if (!tauDirection.empty())
        directions.insert(directions.begin(), tauDirection);
    double bestScale = std::numeric_limits<double>::infinity(), bestCost = bestScale;
    std::vector<double> bestDirection;
    ReidentificationSummary bestSummary, mostRandomized;
    bool anyRay = false;
    for (const auto& w : directions) {
        const BoundarySearch::Point tauPoint = boundary.boundary(w, 1.0, kScaleTolerance);
        if (!tauPoint.reached || cost(w, tauPoint.scale) >= bestCost)
            continue;
        const ReidentificationSummary far = reid.at(boundary.retentions(w, tauPoint.largestScale));
        if (!anyRay || far.max < mostRandomized.max)
            mostRandomized = far;
        anyRay = true;
        if (!reid.holds(far))
            continue; // even the most randomization along w keeps R_id above the bound
        ReidentificationSummary atHi = far;
        const double hi = smallestHoldingScale(reid, boundary, w, tauPoint, atHi);
        if (const double c = cost(w, hi); c < bestCost)
            bestScale = hi, bestCost = c, bestDirection = w, bestSummary = atHi;
    }
    result.evaluations += reid.evaluations();
    if (bestDirection.empty()) {
        markBoundOutOfReach(result, risk, reid, mostRandomized);
        return;
    }
    result.p = boundary.retentions(bestDirection, bestScale);
    result.maxRisk = risk.maxRisk(result.p);
    result.objective = objectiveOf(risk, result.p);
    result.evaluations += 1;
    result.reidentification = bestSummary;
    result.reidentificationBinding = true;
}

// The re-identification risk at the tau optimum, and the search of step 5 when it breaks the bound.
void withReidentificationBound(OptimizationResult& result, OptimizationProblem& problem,
                               const OptimizationOptions& options, const std::vector<double>& tauDirection)
{
    ReidentificationConstraint reid(problem.quasiIdentifierTable(), options.reidentification, options.threads);
    const ReidentificationSummary at = reid.at(result.p);
    result.reidentification = at;
    if (reid.holds(at)) {
        result.evaluations += reid.evaluations();
        return;
    }
    const auto qis = static_cast<int>(reid.dims().size());
    if (std::none_of(problem.axes.begin(), problem.axes.end(), [&](int a) { return a < qis; })) {
        // the QIs keep p = 1: R_id cannot fall
        std::ostringstream os;
        os << "the re-identification bound cannot be met in " << modeLabel(options.mode)
           << ": it leaves the quasi-identifiers as they are (max " << at.max << ", mean " << at.mean
           << "); randomize them (RR-QI or RR-Both)";
        result.feasible = false;
        result.reason = os.str();
        result.evaluations += reid.evaluations();
        return;
    }
    BoundarySearch boundary(problem.risk, problem.axes, options.tau);
    meetReidentificationBound(result, problem.risk, boundary, reid, problem.axes, options.starts, tauDirection,
                              rayCost(boundary, options));
}

} // namespace

namespace {

OptimizationResult searchUnder(OptimizationProblem& problem, const OptimizationOptions& options)
{
    RiskConstraint& risk = problem.risk;
    checkOptions(risk, options, problem.axes);
    checkReidentificationBound(options.reidentification);
    const double tau = options.tau;

    OptimizationResult result = unrandomized(risk, tau);
    if (result.feasible) { // the data already meet tau; a re-identification bound may still ask for more
        if (options.reidentification.any())
            withReidentificationBound(result, problem, options, {});
        return result;
    }

    if (problem.outOfReach(result, tau))
        return result;

    BoundarySearch boundary(risk, problem.axes, tau);
    CostSqp sqp(risk, problem.axes, tau, options.objective);
    const BoundaryOptimum best = searchBoundary(boundary, sqp, problem.axes.size(), options.starts,
                                                options.warmDirection, rayCost(boundary, options));
    result.evaluations += best.evaluations + boundary.evaluations();
    if (!best.point.reached) {
        problem.atEdge(result, tau);
        return result;
    }
    placeOnBoundary(result, risk, boundary, best, options.tolerance);
    result.direction = best.direction;
    if (options.reidentification.any())
        withReidentificationBound(result, problem, options, best.direction);
    return result;
}

} // namespace

OptimizationResult optimizeUnder(OptimizationProblem& problem, const OptimizationOptions& options)
{
    OptimizationResult result = searchUnder(problem, options);
    if (options.objective)
        result.analysisObjective = options.objective(result.p);
    return result;
}

OptimizationResult optimizeParameters(DisclosureRiskModel& model, const OptimizationOptions& options)
{
    ModelRiskConstraint risk(model);
    OptimizationProblem problem{risk, modeAxes(model, options.mode), {}, {}, {}};
    ModeLimit limit;
    problem.outOfReach = [&](OptimizationResult& result, double tau) {
        limit = modeLimit(model, options.mode, tau);
        result.lowestMaxRisk = limit.lowestMaxRisk;
        if (!reachesTau(limit.lowestMaxRisk, tau))
            return false;
        markInfeasible(result, limit, options.mode, tau);
        return true;
    };
    problem.atEdge = [&](OptimizationResult& result, double tau) { markAtEdge(result, limit, options.mode, tau); };
    problem.quasiIdentifierTable = [&model] {
        std::vector<int> axes(static_cast<std::size_t>(model.qiCount()));
        std::iota(axes.begin(), axes.end(), 0);
        return model.joint().marginal(axes);
    };
    return optimizeUnder(problem, options);
}

} // namespace rr
