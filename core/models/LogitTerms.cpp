#include "core/models/LogitTerms.h"

#include "core/data/Errors.h"

namespace rr {

LogitTerms dummyTerms(const std::vector<std::string>& predictors,
                      const std::vector<std::vector<std::string>>& categories, const std::vector<int>& references)
{
    if (categories.size() != predictors.size() || references.size() != predictors.size())
        throw InputError("logistic terms: one list of categories and one reference per predictor are needed");
    LogitTerms t;
    t.names.push_back("(intercept)");
    for (std::size_t k = 0; k < predictors.size(); ++k) {
        const int d = static_cast<int>(categories[k].size());
        if (d < 2)
            throw InputError("predictor '" + predictors[k] + "' has " + std::to_string(d) +
                             " category in the data; a predictor needs at least two");
        if (references[k] < 0 || references[k] >= d)
            throw InputError("the reference of predictor '" + predictors[k] + "' is not one of its categories");
        t.dims.push_back(d);
        t.reference.push_back(references[k]);
        std::vector<int> of(static_cast<std::size_t>(d), -1);
        for (int c = 0; c < d; ++c)
            if (c != references[k]) {
                of[static_cast<std::size_t>(c)] = t.count();
                t.names.push_back(predictors[k] + "=" + categories[k][static_cast<std::size_t>(c)]);
            }
        t.termOf.push_back(std::move(of));
    }
    return t;
}

LogitDesign::LogitDesign(const LogitTerms& terms, const std::vector<int>& order) : m_terms(terms.count())
{
    const auto m = static_cast<Eigen::Index>(order.size());
    Eigen::Index cells = 1;
    for (int k : order)
        cells *= terms.dims[static_cast<std::size_t>(k)];
    m_rows.resize(cells, m + 1);
    std::vector<int> code(order.size(), 0);
    for (Eigen::Index x = 0; x < cells; ++x) {
        m_rows(x, 0) = 0;
        for (Eigen::Index j = 0; j < m; ++j) {
            const auto k = static_cast<std::size_t>(order[static_cast<std::size_t>(j)]);
            m_rows(x, j + 1) = terms.termOf[k][static_cast<std::size_t>(code[static_cast<std::size_t>(j)])];
        }
        for (Eigen::Index j = m - 1; j >= 0; --j) { // next cell, the last of `order` fastest
            auto& c = code[static_cast<std::size_t>(j)];
            if (++c < terms.dims[static_cast<std::size_t>(order[static_cast<std::size_t>(j)])])
                break;
            c = 0;
        }
    }
}

Eigen::VectorXd LogitDesign::linear(const Eigen::VectorXd& beta) const
{
    Eigen::VectorXd eta = Eigen::VectorXd::Zero(cells());
    for (Eigen::Index x = 0; x < cells(); ++x)
        for (Eigen::Index j = 0; j < m_rows.cols(); ++j)
            if (const int t = m_rows(x, j); t >= 0)
                eta[x] += beta[t];
    return eta;
}

Eigen::VectorXd LogitDesign::transposeTimes(const Eigen::VectorXd& v) const
{
    Eigen::VectorXd out = Eigen::VectorXd::Zero(m_terms);
    for (Eigen::Index x = 0; x < cells(); ++x)
        for (Eigen::Index j = 0; j < m_rows.cols(); ++j)
            if (const int t = m_rows(x, j); t >= 0)
                out[t] += v[x];
    return out;
}

void LogitDesign::addQuadratic(Eigen::Index first, const Eigen::MatrixXd& c, Eigen::MatrixXd& out) const
{
    const Eigen::Index width = m_rows.cols();
    for (Eigen::Index a = 0; a < c.rows(); ++a)
        for (Eigen::Index b = 0; b < c.cols(); ++b) {
            const double v = c(a, b);
            if (v == 0)
                continue;
            for (Eigen::Index i = 0; i < width; ++i)
                if (const int s = m_rows(first + a, i); s >= 0)
                    for (Eigen::Index j = 0; j < width; ++j)
                        if (const int t = m_rows(first + b, j); t >= 0)
                            out(s, t) += v;
        }
}

void LogitDesign::addDiagonalQuadratic(const Eigen::VectorXd& c, Eigen::MatrixXd& out) const
{
    const Eigen::Index width = m_rows.cols();
    for (Eigen::Index x = 0; x < cells(); ++x)
        for (Eigen::Index i = 0; i < width; ++i)
            if (const int s = m_rows(x, i); s >= 0)
                for (Eigen::Index j = 0; j < width; ++j)
                    if (const int t = m_rows(x, j); t >= 0)
                        out(s, t) += c[x];
}

} // namespace rr
