#include "core/distortion/MatrixValidation.h"

#include "core/data/Errors.h"

#include <Eigen/SVD>

#include <cmath>
#include <limits>
#include <sstream>

namespace rr {

std::string describeOrigin(const MatrixOrigin& origin)
{
    std::string s = origin.source.empty() ? "distortion matrix" : "matrix file '" + origin.source + "'";
    if (!origin.attribute.empty())
        s += " for attribute '" + origin.attribute + "'";
    return s;
}

double conditionNumber(const Eigen::MatrixXd& m)
{
    if (m.size() == 0)
        return std::numeric_limits<double>::infinity();
    const Eigen::BDCSVD<Eigen::MatrixXd> svd(m);
    const auto& s = svd.singularValues();
    const double smin = s(s.size() - 1);
    if (!(smin > 0))
        return std::numeric_limits<double>::infinity();
    return s(0) / smin;
}

void validateDistortionMatrix(const Eigen::MatrixXd& m, const MatrixOrigin& origin)
{
    const std::string where = describeOrigin(origin);
    if (m.rows() == 0 || m.cols() == 0)
        throw InputError(where + " is empty");
    if (m.rows() != m.cols())
        throw InputError(where + " has " + std::to_string(m.rows()) + " rows and " + std::to_string(m.cols()) +
                         " columns; a distortion matrix must be square (rows = randomized value, columns = "
                         "original value)");
    if (m.rows() > kMaxMatrixCategories)
        throw InputError(where + " has " + std::to_string(m.rows()) + " categories; at most " +
                         std::to_string(kMaxMatrixCategories) + " are supported");
    if (origin.expectedSize >= 0 && m.rows() != origin.expectedSize)
        throw InputError(where + " is " + std::to_string(m.rows()) + " x " + std::to_string(m.cols()) +
                         " but the attribute has " + std::to_string(origin.expectedSize) + " categories");
    for (Eigen::Index v = 0; v < m.cols(); ++v)
        for (Eigen::Index u = 0; u < m.rows(); ++u) {
            const double x = m(u, v);
            if (!std::isfinite(x))
                throw InputError(where + ": row " + std::to_string(u + 1) + ", column " + std::to_string(v + 1) +
                                 " is not a finite number");
            if (x < 0) {
                std::ostringstream os;
                os << where << ": row " << u + 1 << ", column " << v + 1 << " is " << x
                   << "; probabilities must be non-negative";
                throw InputError(os.str());
            }
        }
    for (Eigen::Index v = 0; v < m.cols(); ++v) {
        const double sum = m.col(v).sum();
        if (std::abs(sum - 1.0) > kColumnSumTolerance) {
            std::ostringstream os;
            os.precision(12);
            os << where << ": column " << v + 1 << " sums to " << sum << ", not 1 (within " << kColumnSumTolerance
               << "); each column is the distribution of the randomized value for one original value";
            throw InputError(os.str());
        }
    }
    const double cond = conditionNumber(m);
    if (!(cond <= kMaxConditionNumber)) {
        std::ostringstream os;
        os << where << " is ";
        if (std::isfinite(cond))
            os << "ill-conditioned (condition number " << cond << ", limit " << kMaxConditionNumber << ")";
        else
            os << "singular (condition number infinite, limit " << kMaxConditionNumber << ")";
        os << ": the original distribution cannot be reliably reconstructed from data randomized with it";
        throw InputError(os.str());
    }
}

} // namespace rr
