#pragma once
#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

// The coefficients cost about cells x 2^k operations; larger requests are refused.
inline constexpr double kMaxCoefficientWork = 268435456.0; // 2^28

// One term gamma^S of the saturated loglinear model, over the cells of the margin S (row-major).
struct LoglinearTerm {
    std::vector<int> axes; // S, sorted; empty for the mean gamma
    std::string text;      // letters, e.g. "AD"; "mean" for the empty term
    Eigen::VectorXd gamma; // gamma^S_{i_S}
};

struct SaturatedCoefficients {
    bool defined = true;
    std::string reason;               // which cell is zero when undefined
    std::vector<LoglinearTerm> terms; // mean first, then by size and order
};

// Coefficients of the saturated model with effect coding (003 eq. 4.6): with l = log of the cells,
// gamma = l..., gamma^A_i = l_i.. - gamma, gamma^AB_ij = l_ij. - gamma^A_i - gamma^B_j - gamma, ...,
// where a dot averages over that index. Undefined (reason names the cell) when a cell is 0. Cells
// may be counts or proportions: only the mean term depends on the scale. Throws InputError for
// more than kMaxLoglinearAxes axes, cells x 2^k over kMaxCoefficientWork, or a size mismatch.
SaturatedCoefficients saturatedCoefficients(const Eigen::VectorXd& cells, const std::vector<int>& dims,
                                            const std::vector<char>& letters);

// The term with these axes (sorted), or nullptr.
const LoglinearTerm* findTerm(const SaturatedCoefficients& c, const std::vector<int>& axes);

} // namespace rr
