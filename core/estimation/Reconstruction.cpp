#include "core/estimation/Reconstruction.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace rr {

namespace {

// Cells spanned by the matrices; throws when there are none or the vector does not fit.
Eigen::Index checkedCells(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& v, const char* what)
{
    if (matrices.empty())
        throw InputError(std::string(what) + ": no distortion matrices given");
    Eigen::Index cells = 1;
    for (const auto& m : matrices)
        cells *= m.size();
    if (v.size() != cells)
        throw InputError(std::string(what) + ": the proportions have " + std::to_string(v.size()) +
                         " cells, the distortion matrices span " + std::to_string(cells));
    if (!v.allFinite())
        throw InputError(std::string(what) + ": the proportions contain NaN or infinite values");
    return cells;
}

void checkObserved(const Eigen::VectorXd& lambdaHat, const char* what)
{
    if ((lambdaHat.array() < 0).any())
        throw InputError(std::string(what) + ": observed proportions must not be negative");
}

void checkSampleSize(double n, double minimum, const char* what)
{
    if (!std::isfinite(n) || n <= minimum)
        throw InputError(std::string(what) + ": the number of records is " + std::to_string(n) +
                         "; a variance needs more than " + std::to_string(static_cast<int>(minimum)));
}

std::vector<KroneckerFactor> inverses(const std::vector<DistortionMatrix>& matrices)
{
    std::vector<KroneckerFactor> f;
    f.reserve(matrices.size());
    for (const auto& m : matrices)
        f.push_back(inverse(m));
    return f;
}

std::vector<KroneckerFactor> squaredInverses(const std::vector<DistortionMatrix>& matrices)
{
    std::vector<KroneckerFactor> f;
    f.reserve(matrices.size());
    for (const auto& m : matrices)
        f.push_back(squaredElements(inverse(m)));
    return f;
}

} // namespace

Eigen::VectorXd reconstruct(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat)
{
    checkedCells(matrices, lambdaHat, "reconstruction");
    // 003 eq. 5.15 with Lemma 3: pi-hat = (P_1^-1 x ... x P_k^-1) lambda-hat
    return kroneckerApply(inverses(matrices), lambdaHat);
}

Eigen::VectorXd expectedRandomized(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& pi)
{
    checkedCells(matrices, pi, "expected randomized table");
    std::vector<KroneckerFactor> f;
    f.reserve(matrices.size());
    for (const auto& m : matrices)
        f.push_back(m.factor());
    // 003 eq. 5.1: lambda = P pi
    return kroneckerApply(f, pi);
}

Eigen::VectorXd varianceDiagonal(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat,
                                 double n)
{
    checkedCells(matrices, lambdaHat, "variance");
    checkObserved(lambdaHat, "variance");
    checkSampleSize(n, 1.0, "variance");
    const Eigen::VectorXd piHat = reconstruct(matrices, lambdaHat);
    // 003 eq. 5.16 (diagonal, N-1): (P^-1 o P^-1) lambda-hat - pi-hat o pi-hat, where
    // P^-1 o P^-1 = (P_1^-1 o P_1^-1) x ... x (P_k^-1 o P_k^-1)
    Eigen::VectorXd v = kroneckerApply(squaredInverses(matrices), lambdaHat);
    v = (v - piHat.cwiseAbs2()) / (n - 1.0);
    return v.cwiseMax(0.0); // rounding can leave tiny negatives
}

Eigen::MatrixXd covarianceMatrix(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& lambdaHat,
                                 double n, Eigen::Index maxCells)
{
    const Eigen::Index cells = checkedCells(matrices, lambdaHat, "covariance");
    if (cells > maxCells)
        throw DomainError("the full covariance matrix of " + std::to_string(cells) + " cells would need " +
                          std::to_string(cells) + " x " + std::to_string(cells) + " entries; the limit is " +
                          std::to_string(maxCells) + " cells (use the variances instead)");
    checkObserved(lambdaHat, "covariance");
    checkSampleSize(n, 1.0, "covariance");
    const std::vector<KroneckerFactor> inv = inverses(matrices);
    std::vector<KroneckerFactor> invT;
    invT.reserve(inv.size());
    for (const auto& f : inv)
        invT.push_back(transposed(f));
    const Eigen::VectorXd piHat = kroneckerApply(inv, lambdaHat);

    // 003 eq. 5.16 with N-1: column j of P^-1 diag(lambda-hat) P^-T is P^-1 (lambda-hat o P^-T e_j),
    // two mode-product sweeps per column instead of a dense D x D x D product.
    Eigen::MatrixXd sigma(cells, cells);
    Eigen::VectorXd col, work;
    for (Eigen::Index j = 0; j < cells; ++j) {
        col = Eigen::VectorXd::Unit(cells, j);
        kroneckerApplyInPlace(invT, col, work);
        col.array() *= lambdaHat.array();
        kroneckerApplyInPlace(inv, col, work);
        sigma.col(j) = col;
    }
    sigma -= piHat * piHat.transpose();
    sigma /= (n - 1.0);
    sigma = (0.5 * (sigma + sigma.transpose())).eval();
    sigma.diagonal() = sigma.diagonal().cwiseMax(0.0);
    return sigma;
}

double expectedSquaredError(const std::vector<DistortionMatrix>& matrices, const Eigen::VectorXd& pi, double n)
{
    checkedCells(matrices, pi, "expected squared error");
    checkSampleSize(n, 0.0, "expected squared error");
    const Eigen::VectorXd lambda = expectedRandomized(matrices, pi);
    // 003 Lemma 4 with eq. 5.16: trace(Sigma) = N^-1 [ 1^T (P^-1 o P^-1) P pi - pi^T pi ]
    const double traceTerm = kroneckerApply(squaredInverses(matrices), lambda).sum();
    return std::max(0.0, (traceTerm - pi.squaredNorm()) / n);
}

double utilityObjective(const std::vector<DistortionMatrix>& matrices)
{
    // 003 Result 16, eq. 5.18: prod_i ||P_i^-1||_F^2
    double product = 1.0;
    for (const auto& m : matrices)
        product *= inverseFrobeniusSquared(m);
    return product;
}

} // namespace rr
