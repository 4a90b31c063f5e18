#pragma once

namespace rr {

// The optimizer's coordinates for one Warner attribute: its share of the objective of 003
// eq. 5.18 on a log scale, t = ln(||P^-1||_F^2 / d) (003 Lemma 5). t = 0 at p = 1 and grows
// to +infinity as p falls to 1/d, so ln(prod_i ||P_i^-1||_F^2) = sum_i ln d_i + sum_i t_i.
double retentionCost(int d, double p);

// The inverse: p = (1 + sqrt((d-1)^3 / (d e^t - 1))) / d, clamped to [1/d + kRetentionMargin, 1].
double retentionFromCost(int d, double t);

// How close to 1/d (where P is singular) the optimizer may go.
inline constexpr double kRetentionMargin = 1e-9;

// The largest cost the optimizer uses for an attribute: t at p = 1/d + kRetentionMargin.
double maximalRetentionCost(int d);

} // namespace rr
