#include "core/loglinear/GoodnessOfFit.h"

#include "core/data/Errors.h"

#include <boost/math/distributions/chi_squared.hpp>

#include <cmath>
#include <sstream>

namespace rr {

StatValue chiSquareUpperTail(double x, long long df)
{
    StatValue p;
    if (df <= 0) {
        p.defined = false;
        p.reason = "df = 0: nothing to test (a saturated model, or a table with one non-empty row or column)";
        return p;
    }
    if (!std::isfinite(x)) {
        p.defined = false;
        p.reason = "the statistic is undefined";
        return p;
    }
    const boost::math::chi_squared_distribution<double> chi2(static_cast<double>(df));
    p.value = x <= 0 ? 1.0 : boost::math::cdf(boost::math::complement(chi2, x));
    return p;
}

double chiSquareCritical(double alpha, long long df)
{
    if (df <= 0 || !(alpha > 0 && alpha < 1))
        throw InputError("a chi-square critical value needs df >= 1 and alpha in (0, 1)");
    const boost::math::chi_squared_distribution<double> chi2(static_cast<double>(df));
    return boost::math::quantile(boost::math::complement(chi2, alpha));
}

GoodnessOfFit goodnessOfFit(const Eigen::VectorXd& observed, const Eigen::VectorXd& fitted, long long df)
{
    if (observed.size() != fitted.size())
        throw InputError("observed and fitted tables differ in size (" + std::to_string(observed.size()) + " vs " +
                         std::to_string(fitted.size()) + " cells)");
    GoodnessOfFit g;
    g.df = df;
    double x2 = 0, g2 = 0;
    for (Eigen::Index c = 0; c < observed.size(); ++c) {
        const double n = observed[c], m = fitted[c];
        if (!(std::isfinite(n) && n >= 0 && std::isfinite(m) && m >= 0))
            throw InputError("cell " + std::to_string(c) +
                             ": observed and fitted counts must be finite and "
                             "non-negative");
        if (m == 0) {
            if (n > 0 && g.chiSquare.defined) {
                std::ostringstream os;
                os << "cell " << c << " has " << n << " observed records but a fitted count of 0";
                g.chiSquare = {0, false, os.str()};
                g.gSquare = {0, false, os.str()};
            }
            continue;
        }
        x2 += (n - m) * (n - m) / m;
        if (n > 0)
            g2 += 2.0 * n * std::log(n / m);
    }
    if (g.chiSquare.defined) {
        g.chiSquare.value = x2;
        g.gSquare.value = std::max(0.0, g2); // rounding can leave -1e-13 for a perfect fit
    }
    g.pValue = g.chiSquare.defined ? chiSquareUpperTail(x2, df) : StatValue{0, false, g.chiSquare.reason};
    g.gPValue = g.gSquare.defined ? chiSquareUpperTail(g.gSquare.value, df) : StatValue{0, false, g.gSquare.reason};
    return g;
}

std::string describePValue(const StatValue& p)
{
    if (!p.defined)
        return "p undefined";
    std::ostringstream os;
    os.precision(3);
    if (p.value < 0.001)
        os << "p < 0.001";
    else
        os << "p = " << p.value;
    return os.str();
}

} // namespace rr
