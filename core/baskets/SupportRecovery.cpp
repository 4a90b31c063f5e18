#include "core/baskets/SupportRecovery.h"

#include "core/data/Errors.h"

#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include <sstream>

namespace rr {

namespace {

constexpr double kConditionLimit = 1e-12;

void checkSquare(const PartialRecovery& r)
{
    if (!r.defined)
        throw InputError("no support recovery: " + r.reason);
    if (r.P.rows() != r.P.cols())
        throw InputError("the support of a k-itemset needs a square p[l -> l'] (a basket of size m >= k)");
}

} // namespace

PartialRecovery partialRecovery(const Eigen::MatrixXd& P)
{
    PartialRecovery r;
    r.P = P;
    if (P.rows() < P.cols() || P.cols() == 0) {
        r.defined = false;
        r.reason = "p[l -> l'] has more original states than randomized ones";
        return r;
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(P);
    const auto& sv = svd.singularValues();
    if (!(sv(sv.size() - 1) > kConditionLimit * sv(0))) {
        std::ostringstream os;
        os << "p[l -> l'] is singular (condition number above 1e12; smallest singular value " << sv(sv.size() - 1)
           << "): the randomization leaves nothing to recover at this basket size";
        r.defined = false;
        r.reason = os.str();
        return r;
    }
    if (P.rows() == P.cols())
        r.Q = P.fullPivLu().inverse();
    else
        r.Q = (P.transpose() * P).ldlt().solve(P.transpose()); // least-squares left inverse, Q P = I
    return r;
}

double linearCovariance(const PartialRecovery& r, const Eigen::VectorXd& s, double N, const Eigen::VectorXd& u,
                        const Eigen::VectorXd& v)
{
    if (!r.defined)
        throw InputError("no support recovery: " + r.reason);
    const Eigen::VectorXd qu = r.Q.transpose() * u, qv = r.Q.transpose() * v;
    const Eigen::VectorXd quv = qu.cwiseProduct(qv);
    double sum = 0;
    for (Eigen::Index l = 0; l < r.P.cols(); ++l)
        sum += s(l) * (r.P.col(l).dot(quv) - u(l) * v(l)); // 004 eq. 11 / 17 with D[l] = diag(p_l) - p_l p_l^T
    return sum / N;
}

RecoveredSupport recoverSupport(const PartialRecovery& r, const Eigen::VectorXd& sPrime, double N)
{
    checkSquare(r);
    const Eigen::Index k = r.P.rows() - 1;
    RecoveredSupport out;
    out.partial = r.Q * sPrime; // 004 eq. 10
    out.estimate = out.partial(k);
    double v = 0;
    for (Eigen::Index lp = 0; lp <= k; ++lp) {
        const double q = r.Q(k, lp);
        v += sPrime(lp) * (q * q - q); // 004 Statement 3, (Var s~)_est
    }
    out.variance = v / N;
    return out;
}

double supportVariance(const PartialRecovery& r, const Eigen::VectorXd& s, double N)
{
    checkSquare(r);
    const Eigen::Index k = r.P.rows() - 1;
    double v = 0;
    for (Eigen::Index l = 0; l <= k; ++l) {
        double inner = 0;
        for (Eigen::Index lp = 0; lp <= k; ++lp)
            inner += r.P(lp, l) * r.Q(k, lp) * r.Q(k, lp);
        v += s(l) * (inner - (l == k ? 1.0 : 0.0)); // 004 Statement 3, Var s~
    }
    return v / N;
}

} // namespace rr
