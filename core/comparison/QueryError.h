#pragma once
#include <Eigen/Core>

#include <cstddef>
#include <vector>

namespace rr {

// Average relative error |act - est| / act of count queries (003 Sec. 5.3.3, as in [84]),
// over the queries whose actual answer is non-zero.
struct QueryErrorSummary {
    double averageRelativeError = 0;
    std::size_t queries = 0;
};

// Base queries: every cell of the full table (A_1, ..., A_m, S) with a non-zero actual count.
// `actual` and `estimate` are counts over the same row-major domain `dims`.
QueryErrorSummary baseQueryError(const Eigen::VectorXd& actual, const Eigen::VectorXd& estimate);

// Cube queries: GROUP BY CUBE(A_1, ..., A_m, S): every cell of every marginal over every subset of
// the attributes (the grand total included), pooled.
QueryErrorSummary cubeQueryError(const Eigen::VectorXd& actual, const Eigen::VectorXd& estimate,
                                 const std::vector<int>& dims);

// Marginal over the kept axes (in increasing axis order) of a row-major table; keep = {} is the total.
Eigen::VectorXd marginalOver(const Eigen::VectorXd& cells, const std::vector<int>& dims, const std::vector<int>& keep);

} // namespace rr
