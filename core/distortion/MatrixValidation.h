#pragma once
#include <Eigen/Core>

#include <string>

namespace rr {

// Largest number of categories an explicit (non-Warner) distortion matrix may have: the
// d x d matrix and its SVD stay below a few MiB and a few milliseconds. Checked before allocating.
inline constexpr int kMaxMatrixCategories = 512;

// Largest accepted 2-norm condition number sigma_max / sigma_min of a distortion matrix.
// pi-hat = P^-1 lambda-hat amplifies sampling error by up to this factor (003 eq. 2.2), so a larger
// value makes the reconstruction meaningless long before it is numerically singular.
inline constexpr double kMaxConditionNumber = 1e6;

// Tolerance on every column sum (a column is the distribution of the randomized value given one original value).
inline constexpr double kColumnSumTolerance = 1e-9;

// Where a matrix came from, for messages: "matrix file 'P.csv' for attribute 'Disease'".
struct MatrixOrigin {
    std::string source;    // file name, or empty for a matrix built in memory
    std::string attribute; // attribute name, or empty
    int expectedSize = -1; // d of the attribute, or -1 when not known
};

// 2-norm condition number (ratio of extreme singular values); +infinity when singular.
double conditionNumber(const Eigen::MatrixXd& m);

// Checks a candidate distortion matrix, entry (u, v) = P(randomized u | original v) (003 eq. 2.1):
// non-empty, square, at most kMaxMatrixCategories, of the attribute's size, finite, non-negative,
// each column summing to 1 within kColumnSumTolerance, and condition number <= kMaxConditionNumber.
// Throws InputError naming the origin and the offending row/column (1-based) and the limit.
void validateDistortionMatrix(const Eigen::MatrixXd& m, const MatrixOrigin& origin = {});

// "matrix file 'x.csv' for attribute 'A'" (or the parts that are known); used in messages.
std::string describeOrigin(const MatrixOrigin& origin);

} // namespace rr
