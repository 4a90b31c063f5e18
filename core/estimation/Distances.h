#pragma once
#include <Eigen/Core>

#include <string>

namespace rr {

// A distance that may be undefined; `value` is finite whenever `defined` is true.
struct DistanceValue {
    double value = 0;
    bool defined = true;
    std::string note; // why undefined, or how zero cells were treated
};

// Distances between an original distribution p and an estimate q (003 Sec. 5.3).
// Zero cells are handled explicitly: KL skips cells with p = 0 and is undefined when
// q <= 0 where p > 0 (the note says how many); chi2 skips cells with p = 0 and says so.
DistanceValue variationalDistance(const Eigen::VectorXd& p, const Eigen::VectorXd& q);
DistanceValue l2Distance(const Eigen::VectorXd& p, const Eigen::VectorXd& q);
DistanceValue klDistance(const Eigen::VectorXd& p, const Eigen::VectorXd& q);
DistanceValue chiSquareDistance(const Eigen::VectorXd& p, const Eigen::VectorXd& q);

// An estimate made a distribution: negatives set to 0, then rescaled to sum 1
// (for measures that need a distribution; the unbiased estimate itself is kept elsewhere).
Eigen::VectorXd projectToSimplex(const Eigen::VectorXd& q);

} // namespace rr
