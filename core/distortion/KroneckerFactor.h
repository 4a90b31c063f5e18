#pragma once
#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

// A d x d matrix is written out (a general factor, or a uniform one on request) only up to this many
// categories: 4096^2 doubles are 128 MiB. Uniform (Warner) factors are never written out by the
// computations (randomize, reconstruct, risk, variance), so their d is limited only by the data.
inline constexpr int kMaxDenseCategories = 4096;

// One factor of a Kronecker product acting on one attribute of a contingency table.
// Any square matrix; when it has one value on the diagonal and one off it (Warner matrices, their
// inverses and element-wise squares) it is "uniform": it is stored as those two values, O(1) memory,
// and applies in O(d) per fibre instead of O(d^2).
struct KroneckerFactor {
    Eigen::MatrixXd matrix; // the entries of a general factor; empty for a uniform one
    int d = 0;
    bool uniform = false;
    double diag = 1.0;
    double off = 0.0;

    int size() const { return d; }
    bool isIdentity() const { return uniform && diag == 1.0 && off == 0.0; }
    double entry(Eigen::Index i, Eigen::Index j) const { return uniform ? (i == j ? diag : off) : matrix(i, j); }
    // The matrix written out. Throws DomainError past kMaxDenseCategories, naming `what` (e.g. the
    // attribute) and the limit.
    Eigen::MatrixXd dense(const std::string& what = "a distortion matrix") const;

    static KroneckerFactor uniformMatrix(int d, double diag, double off);
    static KroneckerFactor identity(int d) { return uniformMatrix(d, 1.0, 0.0); }
    static KroneckerFactor general(const Eigen::MatrixXd& m);
};

// Element-wise square (P o P); keeps the uniform structure.
KroneckerFactor squaredElements(const KroneckerFactor& f);
KroneckerFactor transposed(const KroneckerFactor& f);

// y = (F_1 x ... x F_k) x without forming the product: one mode product per factor
// (003 Lemma 3, applied recursively). x is row-major over dims (F_i.size()).
Eigen::VectorXd kroneckerApply(const std::vector<KroneckerFactor>& factors, const Eigen::VectorXd& x);

// In-place variant for hot loops: `work` is scratch space reused between calls.
void kroneckerApplyInPlace(const std::vector<KroneckerFactor>& factors, Eigen::VectorXd& x, Eigen::VectorXd& work);

// Mode product along one axis of a row-major tensor with the given dims.
void modeProduct(const KroneckerFactor& f, const std::vector<int>& dims, int axis, Eigen::VectorXd& x,
                 Eigen::VectorXd& work);

// The explicit Kronecker product (tests and small covariance matrices only).
Eigen::MatrixXd explicitKronecker(const std::vector<KroneckerFactor>& factors);

} // namespace rr
