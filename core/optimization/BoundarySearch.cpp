#include "core/optimization/BoundarySearch.h"

#include "core/data/Errors.h"
#include "core/optimization/RetentionCost.h"

#include <boost/math/tools/toms748_solve.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace rr {

BoundarySearch::BoundarySearch(RiskConstraint& risk, std::vector<int> axes, double tau)
    : m_risk(risk), m_axes(std::move(axes)), m_tau(tau)
{
    if (m_axes.empty())
        throw InputError("the parameter search needs at least one attribute to randomize");
    for (int a : m_axes) {
        m_dims.push_back(risk.dims()[a]);
        m_maxCost.push_back(maximalRetentionCost(m_dims.back()));
    }
    m_p.assign(risk.dims().size(), 1.0);
    m_excessAtOne = risk.maxRisk(m_p) - tau;
    ++m_evaluations;
}

const std::vector<double>& BoundarySearch::retentions(const std::vector<double>& w, double s)
{
    for (std::size_t i = 0; i < m_axes.size(); ++i)
        m_p[m_axes[i]] = retentionFromCost(m_dims[i], std::min(s * w[i], m_maxCost[i]));
    return m_p;
}

double BoundarySearch::excessRisk(const std::vector<double>& w, double s)
{
    if (s <= 0)
        return m_excessAtOne;
    ++m_evaluations;
    m_lastRisk = m_risk.maxRisk(retentions(w, s));
    return m_lastRisk - m_tau;
}

namespace {

// Where max risk - tau changes sign along a ray: lo infeasible (excess > 0), hi feasible (excess <= 0), with
// the max risk at hi; haveHi false when even the largest scale stays above tau.
struct Bracket {
    double lo = 0, fLo = 0, hi = 0, fHi = 0, hiRisk = 0;
    bool haveHi = false;
};

// The bracket found from s0 outwards, steps growing fourfold: inwards from a feasible s0, outwards (up to the
// largest scale) from an infeasible one. `excess(s)` gives {max risk - tau, max risk} at scale s.
template <class Excess>
Bracket bracketBoundary(Excess&& excess, double s0, double excessAtOne, double largestScale)
{
    Bracket b;
    b.fLo = excessAtOne;
    b.hi = largestScale;
    const auto [f0, r0] = excess(s0);
    double step = 0.05;
    if (f0 <= 0) {
        b.hi = s0, b.fHi = f0, b.hiRisk = r0, b.haveHi = true;
        for (double s = s0 * (1 - step); s > 0; step *= 4, s = step < 1 ? s0 * (1 - step) : 0.0) {
            const auto [f, r] = excess(s);
            if (f > 0) {
                b.lo = s, b.fLo = f;
                break;
            }
            b.hi = s, b.fHi = f, b.hiRisk = r;
        }
    } else {
        b.lo = s0, b.fLo = f0;
        for (double s = std::min(s0 * (1 + step), largestScale);; step *= 4, s = std::min(s0 * (1 + step), largestScale)) {
            const auto [f, r] = excess(s);
            if (f <= 0) {
                b.hi = s, b.fHi = f, b.hiRisk = r, b.haveHi = true;
                break;
            }
            b.lo = s, b.fLo = f;
            if (s >= largestScale)
                break;
        }
    }
    return b;
}

} // namespace

BoundarySearch::Point BoundarySearch::boundary(const std::vector<double>& w, double guess, double relTol)
{
    Point out;
    if (w.size() != m_axes.size())
        throw InputError("boundary search: the direction has the wrong number of weights");
    for (std::size_t i = 0; i < w.size(); ++i)
        if (w[i] > 0)
            out.largestScale = std::max(out.largestScale, m_maxCost[i] / w[i]);
    if (!(out.largestScale > 0))
        throw InputError("boundary search: the direction has no positive weight");
    if (m_excessAtOne <= 0) { // already within tau without randomization
        out.reached = true;
        out.maxRisk = m_excessAtOne + m_tau;
        return out;
    }

    // Bracket the boundary: lo infeasible (excess > 0), hi feasible (excess <= 0).
    const double s0 = std::clamp(guess > 0 && std::isfinite(guess) ? guess : 1.0, 1e-12, out.largestScale);
    Bracket bracket = bracketBoundary(
        [&](double s) {
            const double e = excessRisk(w, s);
            return std::pair{e, m_lastRisk};
        },
        s0, m_excessAtOne, out.largestScale);
    if (!bracket.haveHi) { // even the largest costs leave a record above tau
        out.scale = out.largestScale;
        out.maxRisk = m_lastRisk;
        return out;
    }
    double &lo = bracket.lo, &fLo = bracket.fLo, &hi = bracket.hi, &fHi = bracket.fHi;
    const double hiRisk = bracket.hiRisk;

    // Bracketed root of max risk - tau (TOMS 748), keeping the feasible end.
    double bestS = hi, bestRisk = hiRisk;
    if (fHi < 0 && hi - lo > relTol * hi) {
        auto f = [&](double s) {
            const double e = excessRisk(w, s);
            if (e <= 0 && s < bestS)
                bestS = s, bestRisk = m_lastRisk;
            return e;
        };
        auto tol = [&](double a, double b) { return std::abs(b - a) <= relTol * std::max(a, b); };
        std::uintmax_t iterations = 100;
        boost::math::tools::toms748_solve(f, lo, hi, fLo, fHi, tol, iterations);
    }
    out.reached = true;
    out.scale = bestS;
    out.maxRisk = bestRisk;
    return out;
}

} // namespace rr
