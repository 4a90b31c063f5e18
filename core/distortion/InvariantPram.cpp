#include "core/distortion/InvariantPram.h"

#include "core/data/Errors.h"
#include "core/distortion/MatrixValidation.h"

#include <cmath>
#include <sstream>

namespace rr {

namespace {

void checkSize(Eigen::Index d)
{
    if (d < 2)
        throw InputError("invariant PRAM needs an attribute with at least 2 categories");
    if (d > kMaxMatrixCategories)
        throw InputError("invariant PRAM: " + std::to_string(d) + " categories; at most " +
                         std::to_string(kMaxMatrixCategories) + " are supported");
}

void checkProbability(double x, const std::string& what)
{
    if (!(x >= 0.0 && x <= 1.0)) {
        std::ostringstream os;
        os << "invariant PRAM: " << what << " is " << x << ", outside [0, 1]";
        throw InputError(os.str());
    }
}

} // namespace

Eigen::MatrixXd invariantPramMatrix(const Eigen::VectorXd& marginal, const Eigen::VectorXd& diagonal, double alpha)
{
    const Eigen::Index d = marginal.size();
    checkSize(d);
    if (diagonal.size() != d)
        throw InputError("invariant PRAM: " + std::to_string(diagonal.size()) + " diagonal entries for " +
                         std::to_string(d) + " categories");
    checkProbability(alpha, "alpha");
    for (Eigen::Index k = 0; k < d; ++k) {
        checkProbability(diagonal[k], "diagonal entry " + std::to_string(k + 1));
        if (!(std::isfinite(marginal[k]) && marginal[k] >= 0))
            throw InputError("invariant PRAM: the frequency of category " + std::to_string(k + 1) +
                             " must be a finite non-negative number");
    }
    const double total = marginal.sum();
    if (!(total > 0))
        throw InputError("invariant PRAM: the attribute's frequencies are all zero");
    const Eigen::VectorXd t = marginal / total;

    // base matrix, row-stochastic: row = original, column = released
    Eigen::MatrixXd a(d, d);
    for (Eigen::Index k = 0; k < d; ++k) {
        a.row(k).setConstant((1.0 - diagonal[k]) / static_cast<double>(d - 1));
        a(k, k) = diagonal[k];
    }
    // reverse transition: Q_kj = A_jk t_j / sum_i t_i A_ik
    const Eigen::VectorXd reach = a.transpose() * t; // reach_k = sum_i t_i A_ik
    Eigen::MatrixXd q = Eigen::MatrixXd::Zero(d, d);
    for (Eigen::Index k = 0; k < d; ++k) {
        if (!(reach[k] > 0)) {
            q(k, k) = 1.0;
            continue;
        }
        for (Eigen::Index j = 0; j < d; ++j)
            q(k, j) = a(j, k) * t[j] / reach[k];
    }
    Eigen::MatrixXd r = alpha * (a * q);
    r.diagonal().array() += 1.0 - alpha;
    // Renormalize the rows against rounding so the columns of the transpose sum to 1 to ~1e-16.
    for (Eigen::Index k = 0; k < d; ++k)
        r.row(k) /= r.row(k).sum();
    return r.transpose();
}

void checkPramDiagonalArguments(int d, double pd)
{
    checkSize(d);
    checkProbability(pd, "the minimum diagonal pd");
}

} // namespace rr
