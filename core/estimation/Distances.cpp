#include "core/estimation/Distances.h"

#include "core/data/Errors.h"

#include <cmath>
#include <string>

namespace rr {

namespace {

std::string cells(Eigen::Index n)
{
    return std::to_string(n) + (n == 1 ? " cell" : " cells");
}

DistanceValue undefined(std::string note)
{
    DistanceValue d;
    d.value = 0.0;
    d.defined = false;
    d.note = std::move(note);
    return d;
}

// Shared preconditions; returns an undefined value (defined == false) when the inputs cannot give one.
bool checkInputs(const Eigen::VectorXd& p, const Eigen::VectorXd& q, const char* what, DistanceValue& out)
{
    if (p.size() != q.size())
        throw InputError(std::string(what) + ": the distributions have " + std::to_string(p.size()) + " and " +
                         std::to_string(q.size()) + " cells");
    if (!p.allFinite() || !q.allFinite()) {
        out = undefined("a distribution contains NaN or infinite values");
        return false;
    }
    return true;
}

DistanceValue finished(double value, std::string note)
{
    if (!std::isfinite(value))
        return undefined("the value overflows (a cell of the original distribution is too close to 0)");
    DistanceValue d;
    d.value = value;
    d.note = std::move(note);
    return d;
}

} // namespace

DistanceValue variationalDistance(const Eigen::VectorXd& p, const Eigen::VectorXd& q)
{
    DistanceValue bad;
    if (!checkInputs(p, q, "variational distance", bad))
        return bad;
    // 003 Sec. 5.3: d_V = sum_i |p_i - q_i| / 2
    return finished(0.5 * (p - q).cwiseAbs().sum(), {});
}

DistanceValue l2Distance(const Eigen::VectorXd& p, const Eigen::VectorXd& q)
{
    DistanceValue bad;
    if (!checkInputs(p, q, "L2 distance", bad))
        return bad;
    // 003 Sec. 5.3: d_L2 = (sum_i |p_i - q_i|^2)^(1/2)
    return finished((p - q).norm(), {});
}

DistanceValue klDistance(const Eigen::VectorXd& p, const Eigen::VectorXd& q)
{
    DistanceValue bad;
    if (!checkInputs(p, q, "KL distance", bad))
        return bad;
    if ((p.array() < 0).any())
        return undefined("the original distribution has negative entries");
    Eigen::Index skipped = 0, blocked = 0;
    double sum = 0.0;
    for (Eigen::Index i = 0; i < p.size(); ++i) {
        if (p[i] == 0.0) {
            ++skipped; // 0 log 0 = 0
            continue;
        }
        if (q[i] <= 0.0) {
            ++blocked;
            continue;
        }
        // 003 Sec. 5.3: d_KL = sum_i p_i log(p_i / q_i), natural log; log difference avoids overflow of p/q
        sum += p[i] * (std::log(p[i]) - std::log(q[i]));
    }
    if (blocked > 0)
        return undefined("undefined: the estimate is 0 or negative in " + cells(blocked) +
                         " where the original is positive (project the estimate to a distribution first)");
    return finished(sum,
                    skipped > 0 ? cells(skipped) + " with original proportion 0 skipped (0 log 0 = 0)" : std::string());
}

DistanceValue chiSquareDistance(const Eigen::VectorXd& p, const Eigen::VectorXd& q)
{
    DistanceValue bad;
    if (!checkInputs(p, q, "chi-square distance", bad))
        return bad;
    if ((p.array() < 0).any())
        return undefined("the original distribution has negative entries");
    Eigen::Index skipped = 0;
    double sum = 0.0;
    for (Eigen::Index i = 0; i < p.size(); ++i) {
        if (p[i] == 0.0) {
            ++skipped;
            continue;
        }
        // 003 Sec. 5.3: d_chi2 = sum_i (p_i - q_i)^2 / p_i
        const double diff = p[i] - q[i];
        sum += diff * diff / p[i];
    }
    return finished(sum, skipped > 0 ? cells(skipped) + " with original proportion 0 skipped (division by 0)"
                                     : std::string());
}

Eigen::VectorXd projectToSimplex(const Eigen::VectorXd& q)
{
    if (q.size() == 0)
        throw InputError("cannot make an empty estimate a distribution");
    if (!q.allFinite())
        throw InputError("cannot make an estimate with NaN or infinite values a distribution");
    Eigen::VectorXd r = q.cwiseMax(0.0);
    const double total = r.sum();
    if (!(total > 0.0))
        throw InputError("cannot make an estimate with no positive cell a distribution");
    return r / total;
}

} // namespace rr
