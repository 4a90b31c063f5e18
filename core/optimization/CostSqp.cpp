#include "core/optimization/CostSqp.h"

#include "core/optimization/RetentionCost.h"

#include <nlopt.hpp>

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace rr {

CostSqp::CostSqp(RiskConstraint& risk, std::vector<int> axes, double tau,
                 std::function<double(const std::vector<double>&)> objective)
    : m_risk(risk), m_axes(std::move(axes)), m_tau(tau), m_objective(std::move(objective))
{
    for (int a : m_axes) {
        m_dims.push_back(risk.dims()[a]);
        m_maxCost.push_back(maximalRetentionCost(m_dims.back()));
    }
    m_p.assign(risk.dims().size(), 1.0);
    m_allCells.resize(risk.cellCount());
    std::iota(m_allCells.begin(), m_allCells.end(), std::size_t(0));
    m_cells = m_allCells;
    const auto cells = static_cast<Eigen::Index>(m_cells.size());
    m_r0.resize(cells);
    m_rPlus.resize(cells);
    m_rMinus.resize(cells);
    m_shifted.resize(m_axes.size());
    m_constrained.assign(m_cells.size(), 0);
}

void CostSqp::riskAt(const double* t, Eigen::VectorXd& out)
{
    for (std::size_t i = 0; i < m_axes.size(); ++i)
        m_p[m_axes[i]] = retentionFromCost(m_dims[i], std::clamp(t[i], 0.0, m_maxCost[i]));
    try {
        m_risk.cellRisks(m_p, m_cells, out.data());
    } catch (...) {
        m_failure = std::current_exception(); // NLopt turns it into a forced stop or a failure: rethrown after
        throw;
    }
    ++m_evaluations;
}

void CostSqp::constrainNearTau(const std::vector<double>& t, double fraction)
{
    // At most kNewPerRound more cells per call, the riskiest first: SLSQP's work grows with the
    // number of constraints, and cells far below tau rarely matter (those that do come back
    // in the next round, when they have risen above tau).
    constexpr std::size_t kNewPerRound = 300;
    const std::vector<std::size_t>& all = m_allCells;
    m_cells = all;
    riskAt(t.data(), m_r0);
    std::vector<std::pair<double, std::size_t>> candidates;
    for (std::size_t c = 0; c < all.size(); ++c) {
        const double r = m_r0[static_cast<Eigen::Index>(c)];
        if (!m_constrained[c] && r >= fraction * m_tau)
            candidates.emplace_back(r, c);
    }
    if (candidates.size() > kNewPerRound) {
        std::nth_element(candidates.begin(), candidates.begin() + kNewPerRound, candidates.end(),
                         [](const auto& x, const auto& y) { return x.first > y.first; });
        candidates.resize(kNewPerRound);
    }
    for (const auto& [r, c] : candidates)
        m_constrained[c] = 1;
    m_cells.clear();
    for (std::size_t c = 0; c < all.size(); ++c)
        if (m_constrained[c])
            m_cells.push_back(all[c]);
}

double CostSqp::logObjective(const double* t, double* grad)
{
    const auto at = [&](const double* x) {
        std::vector<double> p(m_risk.dims().size(), 1.0);
        for (std::size_t i = 0; i < m_axes.size(); ++i)
            p[m_axes[i]] = retentionFromCost(m_dims[i], std::clamp(x[i], 0.0, m_maxCost[i]));
        return std::log(m_objective(p));
    };
    double f = 0;
    try {
        f = at(t);
    } catch (...) {
        m_failure = std::current_exception();
        throw;
    }
    if (!grad)
        return f;
    std::vector<double> x(t, t + m_axes.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        double h = 1e-7 * std::max(1.0, x[i]);
        if (x[i] + h > m_maxCost[i])
            h = -h;
        x[i] = t[i] + h;
        try {
            grad[i] = (at(x.data()) - f) / h;
        } catch (...) {
            m_failure = std::current_exception();
            throw;
        }
        x[i] = t[i];
    }
    return f;
}

namespace {

// One SLSQP step per gradient: whether x is within the radius of the known minimum (none when empty), the
// search then stopping there.
bool nearsKnown(const double* x, unsigned nv, const std::vector<double>& known, double knownRadius)
{
    if (known.empty())
        return false;
    double gap = 0, size = 0;
    for (unsigned i = 0; i < nv; ++i) {
        gap = std::max(gap, std::abs(x[i] - known[i]));
        size += known[i];
    }
    return gap <= knownRadius * std::max(1.0, size);
}

// The constrained cells' risk gradients by forward differences, one risk pass per attribute; the last
// attribute (S in RR-Both) first, so that its pass reuses the QIs' part of the pass at x (DisclosureRiskModel
// keeps it). r0: the risks at x; `riskAt(t, out)` a risk pass.
template <class RiskAt>
void riskJacobian(const double* x, unsigned nv, unsigned m, double* grad, std::vector<double>& shifted,
                  const std::vector<double>& maxCost, const Eigen::VectorXd& r0, Eigen::VectorXd& rPlus,
                  RiskAt&& riskAt)
{
    std::copy(x, x + nv, shifted.begin());
    for (unsigned i = 0; i < nv; ++i) {
        const unsigned k = (i + nv - 1) % nv;
        double h = 1e-7 * std::max(1.0, x[k]);
        if (x[k] + h > maxCost[k])
            h = -h;
        shifted[k] = x[k] + h;
        riskAt(shifted.data(), rPlus);
        shifted[k] = x[k];
        for (unsigned c = 0; c < m; ++c)
            grad[c * nv + k] = (rPlus[c] - r0[c]) / h;
    }
}

} // namespace

double CostSqp::solve(std::vector<double>& t, int iterations, double xtol)
{
    const unsigned n = static_cast<unsigned>(m_axes.size());
    nlopt::opt opt(nlopt::LD_SLSQP, n);
    opt.set_lower_bounds(0.0);
    opt.set_upper_bounds(m_maxCost);
    opt.set_xtol_rel(xtol);
    opt.set_maxeval(iterations);
    if (m_objective)
        opt.set_min_objective(
            [](const std::vector<double>& x, std::vector<double>& grad, void* data) {
                return static_cast<CostSqp*>(data)->logObjective(x.data(), grad.empty() ? nullptr : grad.data());
            },
            this);
    else
        opt.set_min_objective(
            [](const std::vector<double>& x, std::vector<double>& grad, void*) {
                double sum = 0;
                for (double v : x)
                    sum += v;
                std::fill(grad.begin(), grad.end(), 1.0);
                return sum; // ln(objective / prod d_i)
            },
            nullptr);
    // A little slack: the projection onto the boundary afterwards is exact.
    const std::vector<double> tolerances(m_cells.size(), 1e-10);
    opt.add_inequality_mconstraint(
        [](unsigned m, double* result, unsigned nv, const double* x, double* grad, void* data) {
            auto* self = static_cast<CostSqp*>(data);
            self->riskAt(x, self->m_r0);
            for (unsigned c = 0; c < m; ++c)
                result[c] = self->m_r0[c] - self->m_tau;
            if (!grad)
                return;
            if (nearsKnown(x, nv, self->m_known, self->m_knownRadius)) {
                self->m_reachedKnown = true;
                throw nlopt::forced_stop();
            }
            riskJacobian(x, nv, m, grad, self->m_shifted, self->m_maxCost, self->m_r0, self->m_rPlus,
                         [self](const double* t, Eigen::VectorXd& out) { self->riskAt(t, out); });
        },
        this, tolerances);
    double f = 0;
    m_failure = nullptr;
    try {
        opt.optimize(t, f);
    } catch (const nlopt::forced_stop&) {
        // reached the known minimum
    } catch (const nlopt::roundoff_limited&) {
        // converged to round-off: t holds the best point
    } catch (const std::runtime_error&) {
        // SLSQP gave up (e.g. an inconsistent linearization): t holds the best point
    }
    if (m_failure) // a risk pass that threw (Cancelled: the Python module's Ctrl+C) is no best point
        std::rethrow_exception(std::exchange(m_failure, nullptr));
    return f;
}

CostSqp::Result CostSqp::run(const std::vector<double>& t0, int iterations, double xtol,
                             const std::vector<double>& knownMinimum, double knownRadius)
{
    m_evaluations = 0;
    m_known = knownMinimum.size() == m_axes.size() ? knownMinimum : std::vector<double>{};
    m_knownRadius = knownRadius;
    m_reachedKnown = false;
    std::fill(m_constrained.begin(), m_constrained.end(), 0);
    for (std::size_t c : m_binding)
        m_constrained[c] = 1;
    std::vector<double> t = t0;
    constrainNearTau(t, 0.5);
    for (int round = 0; round < 6; ++round) {
        solve(t, iterations, xtol);
        if (m_reachedKnown)
            break;
        // Cells left out may have risen above tau on the way: constrain them too and go on.
        const std::size_t before = m_cells.size();
        constrainNearTau(t, 0.5);
        if (m_r0.size() == 0 || m_r0.maxCoeff() <= m_tau + 1e-9 || m_cells.size() == before)
            break;
    }
    Result out;
    out.t = t;
    m_cells = m_allCells;
    riskAt(t.data(), m_r0);
    out.maxRisk = m_r0.size() ? m_r0.maxCoeff() : 0.0;
    out.evaluations = m_evaluations;
    out.reachedKnown = m_reachedKnown;
    if (!m_reachedKnown) { // a run stopped on the way says nothing about which cells bind
        m_binding.clear();
        for (Eigen::Index c = 0; c < m_r0.size(); ++c)
            if (m_r0[c] >= 0.99 * m_tau)
                m_binding.push_back(static_cast<std::size_t>(c));
    }
    return out;
}

} // namespace rr
