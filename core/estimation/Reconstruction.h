#pragma once
#include "core/distortion/DistortionMatrix.h"

#include <Eigen/Core>

#include <vector>

namespace rr {

// pi-hat = P^-1 lambda-hat with P = P_1 x ... x P_k applied by mode products
// (003 eq. 5.15, Lemma 3). lambda-hat: observed (randomized) proportions, row-major.
// Entries of pi-hat may be negative: it is the unbiased moment estimate, not a projection.
Eigen::VectorXd reconstruct(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat);

// lambda = P pi: the expected randomized proportions (003 eq. 5.1).
Eigen::VectorXd expectedRandomized(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& pi);

// Diagonal of the covariance estimate, for any size:
// var(pi-hat) = (N-1)^-1 [ (P^-1 o P^-1) lambda-hat - pi-hat o pi-hat ]  (003 eq. 5.16 with N-1, FIDELITY)
Eigen::VectorXd varianceDiagonal(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat,
                                 double n);

// Full covariance estimate (N-1)^-1 [P^-1 diag(lambda-hat) P^-T - pi-hat pi-hat^T] (003 eq. 5.16).
// Throws DomainError for tables over maxCells cells.
Eigen::MatrixXd covarianceMatrix(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat,
                                 double n, Eigen::Index maxCells = 4096);

// Expected utility loss E||pi-hat - pi||^2 = trace(Sigma) (003 Lemma 4), with the true
// Sigma = N^-1 [P^-1 diag(P pi) P^-T - pi pi^T].
double expectedSquaredError(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& pi, double n);

// prod_i ||P_i^-1||_F^2 (003 Result 16, Lemma 5): the optimizer's objective.
double utilityObjective(const std::vector<DistortionMatrix>& matrices);

} // namespace rr
