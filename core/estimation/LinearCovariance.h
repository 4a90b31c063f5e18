#pragma once
#include "core/distortion/DistortionMatrix.h"

#include <Eigen/Core>

#include <vector>

namespace rr {

// Covariance of the estimates U^T pi-hat of m linear functions of the cells (columns of U, cells x m):
// U^T Sigma-hat U with Sigma-hat = (N-1)^-1 [P^-1 diag(lambda-hat) P^-T - pi-hat pi-hat^T] (003 eq. 5.16),
// computed as (N-1)^-1 [W^T diag(lambda-hat) W - (U^T pi-hat)(U^T pi-hat)^T] with W = P^-T U, so it never
// forms the D x D matrix. Pooled cells, itemset supports and rule antecedents are such functions.
Eigen::MatrixXd linearCovariance(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat,
                                 double n, const Eigen::MatrixXd& functions);

} // namespace rr
