#pragma once
#include "core/optimization/RiskConstraint.h"

#include <exception>
#include <functional>
#include <vector>

namespace rr {

// Local solver for 003 Problem 1 in cost coordinates (RetentionCost.h): minimize sum_i t_i
// subject to Pr(S_r | QI_r) <= tau for every record, by sequential quadratic programming
// (NLopt SLSQP) with one smooth constraint per (QI, S) cell; the max over records is not
// smooth, its cells are. Risk gradients come from forward differences of full risk passes;
// only cells near tau are constrained, and cells that rise above tau on the way are added. The cells that bind
// at the end of one run are constrained from the start of the next (another start of the same problem), so a
// later run does not have to find them again round by round.
// With an objective (a function of p, OptimizationOptions::objective) the run minimizes its logarithm instead, its
// gradient by forward differences too.
class CostSqp {
public:
    CostSqp(RiskConstraint& risk, std::vector<int> axes, double tau,
            std::function<double(const std::vector<double>&)> objective = {});

    struct Result {
        std::vector<double> t; // costs per axis of the mode
        double maxRisk = 0;    // at t
        int evaluations = 0;   // risk passes used
        bool reachedKnown = false; // stopped on reaching knownMinimum (t is then not a minimum of its own)
    };

    // From t0 (costs per axis of the mode), at most `iterations` SLSQP steps. With a knownMinimum (costs of a local
    // minimum found before), the run stops as soon as an iterate comes within knownRadius x max(1, sum of its
    // costs) of it in every coordinate: from there it would converge to that minimum (the clustering rule of
    // multi-level single linkage), and a search that only confirms it needs no more passes.
    Result run(const std::vector<double>& t0, int iterations, double xtol,
               const std::vector<double>& knownMinimum = {}, double knownRadius = 0);

private:
    void riskAt(const double* t, Eigen::VectorXd& out); // risk per constrained cell
    // Constrains every cell whose risk at t reaches fraction * tau (and keeps earlier ones).
    void constrainNearTau(const std::vector<double>& t, double fraction);
    double solve(std::vector<double>& t, int iterations, double xtol);
    double logObjective(const double* t, double* grad); // ln objective at t (and its gradient when grad)

    RiskConstraint& m_risk;
    std::vector<int> m_axes;
    std::vector<int> m_dims;
    std::vector<double> m_maxCost;
    double m_tau;
    std::vector<double> m_p;
    std::vector<std::size_t> m_cells;    // constrained cells, as positions in presentCells()
    std::vector<std::size_t> m_allCells; // 0, 1, ..., presentCells().size() - 1
    std::vector<char> m_constrained;     // per present cell: constrained in this run
    std::vector<std::size_t> m_binding;  // cells within 1% of tau at the end of the last run
    std::vector<double> m_known;         // a known local minimum (costs), empty: none
    double m_knownRadius = 0;
    bool m_reachedKnown = false;
    Eigen::VectorXd m_r0, m_rPlus, m_rMinus;
    std::vector<double> m_shifted;
    std::function<double(const std::vector<double>&)> m_objective;
    int m_evaluations = 0;
    std::exception_ptr m_failure; // what a callback threw inside NLopt, which would swallow it
};

} // namespace rr
