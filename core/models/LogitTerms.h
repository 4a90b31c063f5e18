#pragma once
// The dummy coding of categorical predictors in a logistic regression: an intercept, then one term per
// category of each predictor but its reference. The design is held by term index per cell (1 + m indices
// a row), so Z beta, Z^T v and Z^T C Z cost O(cells m) and O(cells m^2), never a dense |X| x K matrix.
#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

struct LogitTerms {
    std::vector<std::string> names;       // "(intercept)", then "A=a2", ... in predictor and category order
    std::vector<int> dims;                // categories per predictor
    std::vector<int> reference;           // the reference category of each predictor
    std::vector<std::vector<int>> termOf; // per predictor and category: its term, -1 for the reference

    int count() const { return static_cast<int>(names.size()); }
};

// Terms for predictors with these names and categories; references[k] indexes predictor k's categories.
// Throws InputError for a reference out of range or a predictor with fewer than 2 categories.
LogitTerms dummyTerms(const std::vector<std::string>& predictors,
                      const std::vector<std::vector<std::string>>& categories, const std::vector<int>& references);

// The design by rows: for each predictor cell x (row-major over `order`, a permutation of the predictors whose
// last entry varies fastest), the term indices of its row, intercept first (-1 for a reference category).
class LogitDesign {
public:
    LogitDesign(const LogitTerms& terms, const std::vector<int>& order);

    Eigen::Index cells() const { return m_rows.rows(); }
    int termCount() const { return m_terms; }
    // eta = Z beta
    Eigen::VectorXd linear(const Eigen::VectorXd& beta) const;
    // Z^T v
    Eigen::VectorXd transposeTimes(const Eigen::VectorXd& v) const;
    // out += Z_B^T C Z_B for the cells B = first .. first + C.rows() - 1 (C symmetric)
    void addQuadratic(Eigen::Index first, const Eigen::MatrixXd& c, Eigen::MatrixXd& out) const;
    // out += Z^T diag(c) Z
    void addDiagonalQuadratic(const Eigen::VectorXd& c, Eigen::MatrixXd& out) const;

private:
    Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m_rows;
    int m_terms = 0;
};

} // namespace rr
