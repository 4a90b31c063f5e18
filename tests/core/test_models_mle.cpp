// Maximum-likelihood shares on the simplex (issue 44): the closed forms where there are some (p = 1: the observed
// shares; inside the simplex: the moment estimate and 003 eq. 5.16 with N), the optimality conditions of a concave
// maximum on the simplex where the moment estimate leaves it, and the face's standard errors against a
// finite-difference Hessian. (SciPy's direct maximization is in tests/python/test_models.py.)
#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/models/SimplexMle.h"

#include "TestSupport.h"

#include <QtTest>

#include <Eigen/LU>

#include <cmath>
#include <random>

using namespace rr;

namespace {

std::vector<DistortionMatrix> warners(const std::vector<int>& dims, const std::vector<double>& p)
{
    std::vector<DistortionMatrix> m;
    for (std::size_t i = 0; i < dims.size(); ++i)
        m.push_back(DistortionMatrix::warner(dims[i], p[i]));
    return m;
}

// g = P^T (n / P pi) / N, explicitly (the dense Kronecker product: small tables only).
Eigen::VectorXd gradient(const std::vector<DistortionMatrix>& m, const Eigen::VectorXd& n, const Eigen::VectorXd& pi)
{
    std::vector<KroneckerFactor> f;
    for (const auto& x : m)
        f.push_back(x.factor());
    const Eigen::MatrixXd P = explicitKronecker(f);
    const Eigen::VectorXd lambda = P * pi;
    return P.transpose() * n.cwiseQuotient(lambda) / n.sum();
}

double logLikelihood(const std::vector<DistortionMatrix>& m, const Eigen::VectorXd& n, const Eigen::VectorXd& pi)
{
    const Eigen::VectorXd lambda = expectedRandomized(m, pi);
    double ll = 0;
    for (Eigen::Index v = 0; v < n.size(); ++v)
        if (n[v] > 0)
            ll += n[v] * std::log(lambda[v]);
    return ll;
}

// A 2 x 5 table (sex x race as in Adult) with rare categories, randomized at p = 0.6: its moment estimate has
// negative cells (checked in the test that uses it).
Eigen::VectorXd rareCells()
{
    Eigen::VectorXd n(10);
    n << 410, 35, 30, 44, 31, 180, 33, 36, 29, 38;
    return n;
}

} // namespace

class TestModelsMle : public QObject {
    Q_OBJECT

private slots:
    // Nothing randomized: the observed shares exactly, no iteration.
    void identityGivesObservedShares()
    {
        SimplexMleRequest r;
        r.matrices = warners({2, 3}, {1.0, 1.0});
        r.counts.resize(6);
        r.counts << 3, 0, 7, 11, 2, 1;
        const SimplexMleResult fit = simplexMle(r);
        QCOMPARE(fit.iterations, 0);
        QVERIFY(fit.converged);
        for (Eigen::Index u = 0; u < 6; ++u) {
            QCOMPARE(fit.shares[u], r.counts[u] / 24.0);
            QCOMPARE(bool(fit.atZero[static_cast<std::size_t>(u)]), r.counts[u] == 0);
        }
    }

    // Inside the simplex the maximum is the moment estimate, and its variance 003 eq. 5.16 with N for N - 1.
    void interiorIsMomentEstimate()
    {
        SimplexMleRequest r;
        r.matrices = warners({3, 2}, {0.7, 0.8});
        r.counts.resize(6);
        r.counts << 120, 80, 95, 60, 70, 75;
        const double n = r.counts.sum();
        const Eigen::VectorXd moment = reconstruct(r.matrices, r.counts / n);
        QVERIFY((moment.array() > 0).all());
        const SimplexMleResult fit = simplexMle(r);
        QVERIFY(fit.converged);
        RR_COMPARE_VECTORS_NEAR(fit.shares, moment, 1e-12);
        const SimplexMleVariance v = simplexMleVariance(r, fit);
        QVERIFY(v.available);
        const Eigen::VectorXd expected = varianceDiagonal(r.matrices, r.counts / n, n) * ((n - 1) / n);
        RR_COMPARE_VECTORS_NEAR(v.variance, expected, 1e-12 * expected.maxCoeff());
    }

    // Where the moment estimate leaves the simplex: shares >= 0 summing to 1, the certificate within tolerance, and
    // the optimality conditions checked independently (g_u = 1 on the free cells, g_u <= 1 on those at 0).
    void negativeMomentMeetsOptimality_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("Warner") << 0;
        QTest::newRow("general matrices") << 1;
    }
    void negativeMomentMeetsOptimality()
    {
        QFETCH(int, kind);
        SimplexMleRequest r;
        r.counts = rareCells();
        if (kind == 0) {
            r.matrices = warners({2, 5}, {0.9, 0.6});
        } else {
            std::mt19937_64 g(44);
            r.matrices = {DistortionMatrix::warner(2, 0.9),
                          DistortionMatrix::fromMatrix(rr::testsupport::randomStochastic(5, g))};
        }
        const Eigen::VectorXd moment = reconstruct(r.matrices, r.counts / r.counts.sum());
        QVERIFY2((moment.array() < 0).any(), "the table was chosen for a negative moment estimate");
        const SimplexMleResult fit = simplexMle(r);
        QVERIFY(fit.converged);
        QVERIFY(fit.gap <= r.tolerance * r.counts.sum());
        QVERIFY((fit.shares.array() >= 0).all());
        RR_COMPARE_NEAR(fit.shares.sum(), 1.0, 1e-14);
        const Eigen::VectorXd g = gradient(r.matrices, r.counts, fit.shares);
        int zeros = 0;
        for (Eigen::Index u = 0; u < g.size(); ++u) {
            if (fit.atZero[static_cast<std::size_t>(u)]) {
                ++zeros;
                QCOMPARE(fit.shares[u], 0.0);
                QVERIFY(g[u] <= 1.0 + 1e-9);
            } else {
                RR_COMPARE_NEAR(g[u], 1.0, 1e-8);
            }
        }
        QVERIFY(zeros > 0);
        RR_COMPARE_NEAR(fit.logLikelihood, logLikelihood(r.matrices, r.counts, fit.shares), 1e-9);
    }

    // On the face: the free cells' variances against the inverse of a finite-difference Hessian of the
    // log-likelihood in the free cells but the last (which is 1 minus the others).
    void faceStandardErrors()
    {
        SimplexMleRequest r;
        r.counts = rareCells();
        r.matrices = warners({2, 5}, {0.9, 0.6});
        const SimplexMleResult fit = simplexMle(r);
        const SimplexMleVariance v = simplexMleVariance(r, fit, true);
        QVERIFY2(v.available, v.note.c_str());
        const std::vector<Eigen::Index>& free = v.freeCells;
        const auto f = static_cast<Eigen::Index>(free.size());
        QVERIFY(f < fit.shares.size());
        const auto at = [&](const Eigen::VectorXd& theta) {
            Eigen::VectorXd pi = Eigen::VectorXd::Zero(fit.shares.size());
            for (Eigen::Index i = 0; i + 1 < f; ++i)
                pi[free[static_cast<std::size_t>(i)]] = theta[i];
            pi[free.back()] = 1.0 - theta.sum();
            return logLikelihood(r.matrices, r.counts, pi);
        };
        Eigen::VectorXd theta(f - 1);
        for (Eigen::Index i = 0; i + 1 < f; ++i)
            theta[i] = fit.shares[free[static_cast<std::size_t>(i)]];
        const double h = 1e-5;
        Eigen::MatrixXd hess(f - 1, f - 1);
        for (Eigen::Index i = 0; i + 1 < f; ++i)
            for (Eigen::Index j = 0; j + 1 < f; ++j) {
                Eigen::VectorXd a = theta, b = theta, c = theta, d = theta;
                a[i] += h, a[j] += h;
                b[i] += h, b[j] -= h;
                c[i] -= h, c[j] += h;
                d[i] -= h, d[j] -= h;
                hess(i, j) = (at(a) - at(b) - at(c) + at(d)) / (4 * h * h);
            }
        const Eigen::MatrixXd cov = Eigen::MatrixXd(-hess).inverse();
        for (Eigen::Index i = 0; i + 1 < f; ++i)
            RR_COMPARE_RELATIVE(v.variance[free[static_cast<std::size_t>(i)]], cov(i, i), 1e-4);
        RR_COMPARE_RELATIVE(v.variance[free.back()], cov.sum(), 1e-4);
        for (Eigen::Index u = 0; u < fit.shares.size(); ++u)
            if (fit.atZero[static_cast<std::size_t>(u)])
                QCOMPARE(v.variance[u], 0.0);
        QCOMPARE(v.covariance.rows(), f);
    }

    void badInput()
    {
        SimplexMleRequest r;
        r.matrices = warners({2}, {0.8});
        r.counts = Eigen::Vector3d(1, 2, 3);
        QVERIFY_THROWS_EXCEPTION(InputError, simplexMle(r));
        r.counts = Eigen::Vector2d(1, -2);
        QVERIFY_THROWS_EXCEPTION(InputError, simplexMle(r));
        r.counts = Eigen::Vector2d(0, 0);
        QVERIFY_THROWS_EXCEPTION(InputError, simplexMle(r));
    }
};

QTEST_APPLESS_MAIN(TestModelsMle)
#include "test_models_mle.moc"
