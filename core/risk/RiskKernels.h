#pragma once
// Inner loops of the disclosure-risk computation (003 eq. 5.6-5.8, 5.14), written so the
// compiler vectorizes them. Internal to core/risk; DisclosureRiskModel is the interface.
#include <Eigen/Core>

#include <vector>

namespace rr::riskkernels {

// x_i <- 1 / x_i for x_i > 0, else 0 (an output cell no original cell reaches contributes
// nothing: its numerators are 0 too).
void invertPositive(double* x, Eigen::Index n);

// Mode product with a uniform factor (diag on the diagonal, off elsewhere) along one axis of a
// row-major tensor of the given dims: y_j = (diag - off) x_j + off * sum_l x_l. The arithmetic
// and its order are those of rr::modeProduct's uniform path. `work` holds the trailing block.
void uniformModeProduct(double diag, double off, const std::vector<int>& dims, int axis, double* x, double* work);

// 003 eq. 5.6 and 5.8 for G QI groups at once under a uniform P_s = (diag, off): x (pi),
// condS (pi_{QI,S} / pi_QI) and risk are G x d_s, column-major (column u = sensitive value u
// of every group), eta has G values. rho = x o (P_s o P_s)^T (1 / (P_s x)) per group, with
// (P_s o P_s) = (diag2, off2), and risk = condS * eta * rho. `sum` and `sumInv` hold G values.
// `ld` is the distance between columns (G for the whole matrix; a range of groups g0.. passes pointers
// offset by g0 with the same ld, so a thread computes its rows exactly as the whole call would).
void sensitiveRisk(double diag, double off, double diag2, double off2, const double* x, const double* condS,
                   const double* eta, Eigen::Index groups, Eigen::Index ld, Eigen::Index ds, double* risk, double* sum,
                   double* sumInv);

// risk(g, u) = condS(g, u) * eta(g) [* rho(g, u) unless rho is null], G x d_s column-major, columns `ld`
// apart.
void groupRisk(const double* condS, const double* eta, const double* rho, Eigen::Index groups, Eigen::Index ld,
               Eigen::Index ds, double* risk);

// The largest of a G x d_s column-major block (columns `ld` apart), at least 0.
double columnsMaximum(const double* x, Eigen::Index groups, Eigen::Index ld, Eigen::Index ds);

// uniformModeProduct's general path (more than kSmall cells after the axis) on the first axis, for the
// columns i0 <= i < i1 only; `sum` is indexed by column, so ranges share it without overlap.
void uniformModeProductColumns(double diag, double off, Eigen::Index d, Eigen::Index inner, Eigen::Index i0,
                               Eigen::Index i1, double* x, double* sum);
// The size up to which uniformModeProduct uses kernels with the size fixed at compile time.
inline constexpr int kSmallAxis = 16;

} // namespace rr::riskkernels
