#pragma once
#include "core/optimization/RiskConstraint.h"

#include <vector>

namespace rr {

// The constraint boundary of 003 Problem 1 along a ray. In cost coordinates t_i (RetentionCost.h)
// the objective is sum_i t_i, so for a direction w on the simplex the cheapest feasible point on
// the ray t = s w is the smallest s with max_r Pr(S_r | QI_r) <= tau: the risk falls as any p
// falls (003 Result 16, proof), so the optimum lies on the boundary max risk = tau.
class BoundarySearch {
public:
    // `axes`: the joint table's attributes the mode randomizes (the others keep p = 1).
    // Requires tau below the risk at p = 1 (else the boundary is s = 0).
    BoundarySearch(RiskConstraint& risk, std::vector<int> axes, double tau);

    struct Point {
        bool reached = false;    // false: even the largest costs keep the max risk above tau
        double scale = 0;        // s: the sum of the costs, ln(objective / prod d_i)
        double maxRisk = 0;      // at s (at the largest costs when not reached)
        double largestScale = 0; // beyond it every attribute sits at p = 1/d + margin
    };

    // The boundary along w (w_i >= 0, at least one positive) to relative precision relTol in s,
    // from the feasible side: maxRisk <= tau. `guess` (> 0) speeds up bracketing.
    Point boundary(const std::vector<double>& w, double guess, double relTol);

    // p for every attribute of the joint table at costs t = s w (capped at the margin).
    const std::vector<double>& retentions(const std::vector<double>& w, double s);

    int evaluations() const { return m_evaluations; }

private:
    double excessRisk(const std::vector<double>& w, double s); // max risk - tau

    RiskConstraint& m_risk;
    std::vector<int> m_axes;
    std::vector<int> m_dims;       // per axis in m_axes
    std::vector<double> m_maxCost; // per axis in m_axes
    double m_tau;
    double m_excessAtOne;    // max risk at p = 1, minus tau
    std::vector<double> m_p; // buffer: one p per joint attribute
    double m_lastRisk = 0;
    int m_evaluations = 0;
};

} // namespace rr
