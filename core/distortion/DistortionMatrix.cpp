#include "core/distortion/DistortionMatrix.h"

#include "core/data/Errors.h"

#include <Eigen/LU>

#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>
#include <string_view>

namespace rr {

DistortionMatrix DistortionMatrix::warner(int d, double p)
{
    if (d < 1)
        throw InputError("a distortion matrix needs at least one category");
    if (!(p >= 0.0 && p <= 1.0))
        throw InputError("a retention probability must lie in [0, 1]");
    DistortionMatrix m;
    const double q = d > 1 ? (1.0 - p) / (d - 1) : 0.0;
    m.m_factor = KroneckerFactor::uniformMatrix(d, d > 1 ? p : 1.0, q);
    m.m_warner = true;
    return m;
}

DistortionMatrix DistortionMatrix::fromMatrix(const Eigen::MatrixXd& mat)
{
    if (mat.rows() != mat.cols() || mat.rows() == 0)
        throw InputError("a distortion matrix must be square and non-empty");
    if (!mat.allFinite() || (mat.array() < 0).any())
        throw InputError("a distortion matrix must have finite, non-negative entries");
    for (Eigen::Index j = 0; j < mat.cols(); ++j)
        if (std::abs(mat.col(j).sum() - 1.0) > 1e-9)
            throw InputError("column " + std::to_string(j + 1) + " of the distortion matrix sums to " +
                             std::to_string(mat.col(j).sum()) + ", not 1");
    DistortionMatrix m;
    m.m_factor = KroneckerFactor::general(mat);
    m.m_warner = m.m_factor.uniform;
    return m;
}

Eigen::MatrixXd DistortionMatrix::matrix(const std::string& attribute) const
{
    return m_factor.dense(attribute.empty() ? std::string("the distortion matrix")
                                            : "the distortion matrix of '" + attribute + "'");
}

KroneckerFactor inverse(const DistortionMatrix& p)
{
    const int d = p.size();
    if (p.isWarner()) {
        const double pp = p.retention(), q = p.q();
        if (d > 1 && std::abs(pp - q) < 1e-12)
            throw DomainError("the Warner matrix with p = 1/d = " + std::to_string(1.0 / d) +
                              " is singular: every value is equally likely, nothing can be reconstructed");
        // 003 Lemma 5: P^-1 = (I - q 11^T) / (p - q)
        return KroneckerFactor::uniformMatrix(d, (1.0 - q) / (pp - q), -q / (pp - q));
    }
    Eigen::FullPivLU<Eigen::MatrixXd> lu(p.matrix());
    if (!lu.isInvertible())
        throw DomainError("the distortion matrix is singular; the original distribution cannot be estimated");
    return KroneckerFactor::general(lu.inverse());
}

double warnerInverseFrobeniusSquared(int d, double p)
{
    if (d <= 1)
        return 1.0;
    const double den = d * p - 1.0;
    if (den <= 0)
        return std::numeric_limits<double>::infinity();
    // 003 Lemma 5
    return std::pow(d - 1.0, 3) / (den * den) + 1.0;
}

double inverseFrobeniusSquared(const DistortionMatrix& p)
{
    if (p.isWarner())
        return warnerInverseFrobeniusSquared(p.size(), p.retention());
    return inverse(p).dense().squaredNorm();
}

double warnerEpsilon(int d, double p)
{
    if (p >= 1.0)
        return std::numeric_limits<double>::infinity();
    return std::log(p * (d - 1) / (1.0 - p));
}

void checkRetention(const std::string& attribute, int d, double p)
{
    if (d < 2)
        throw InputError("attribute '" + attribute + "' has only " + std::to_string(d) +
                         " category; randomized response needs at least two");
    if (!std::isfinite(p) || p <= 1.0 / d || p > 1.0) {
        // p as given, to the last digit that makes it differ (1.0000000001 is not "1")
        char shortest[32];
        const auto end = std::to_chars(shortest, shortest + sizeof shortest, p).ptr;
        std::ostringstream os;
        os << "p for '" << attribute << "' is " << std::string_view(shortest, std::size_t(end - shortest))
           << ", outside (1/" << d << ", 1] = (" << 1.0 / d
           << ", 1]: p must exceed 1/d (at 1/d nothing can be reconstructed) and be at most 1";
        throw InputError(os.str());
    }
}

} // namespace rr
