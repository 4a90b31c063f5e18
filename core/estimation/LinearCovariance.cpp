#include "core/estimation/LinearCovariance.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"

#include <cmath>
#include <string>

namespace rr {

Eigen::MatrixXd linearCovariance(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat,
                                 double n, const Eigen::MatrixXd& functions)
{
    if (functions.rows() != lambdaHat.size())
        throw InputError("linear covariance: the functions have " + std::to_string(functions.rows()) +
                         " rows, the table has " + std::to_string(lambdaHat.size()) + " cells");
    if ((lambdaHat.array() < 0).any())
        throw InputError("linear covariance: observed proportions must not be negative");
    if (!std::isfinite(n) || n <= 1.0)
        throw InputError("linear covariance: the number of records is " + std::to_string(n) +
                         "; a variance needs more than 1");
    const Eigen::VectorXd piHat = reconstruct(matrices, lambdaHat); // checks the sizes
    std::vector<KroneckerFactor> inverseTransposed;
    inverseTransposed.reserve(matrices.size());
    for (const auto& m : matrices)
        inverseTransposed.push_back(transposed(inverse(m)));
    Eigen::MatrixXd w(functions.rows(), functions.cols());
    Eigen::VectorXd col, work;
    for (Eigen::Index j = 0; j < functions.cols(); ++j) {
        col = functions.col(j);
        kroneckerApplyInPlace(inverseTransposed, col, work);
        w.col(j) = col;
    }
    const Eigen::VectorXd mean = functions.transpose() * piHat;
    // 003 eq. 5.16 projected on U: U^T P^-1 diag(lambda-hat) P^-T U - (U^T pi-hat)(U^T pi-hat)^T
    Eigen::MatrixXd sigma = w.transpose() * lambdaHat.asDiagonal() * w - mean * mean.transpose();
    sigma /= (n - 1.0);
    sigma = (0.5 * (sigma + sigma.transpose())).eval();
    sigma.diagonal() = sigma.diagonal().cwiseMax(0.0); // rounding can leave tiny negatives
    return sigma;
}

} // namespace rr
