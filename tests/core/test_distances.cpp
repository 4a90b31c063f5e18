// Distances between the original distribution and an estimate (003 Sec. 5.3).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/estimation/Distances.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace rr;

namespace {
Eigen::VectorXd vec(std::initializer_list<double> v)
{
    Eigen::VectorXd r(static_cast<Eigen::Index>(v.size()));
    Eigen::Index i = 0;
    for (double x : v)
        r[i++] = x;
    return r;
}
bool near(double a, double b, double tol = 1e-12)
{
    return std::abs(a - b) < tol;
}
} // namespace

class TestDistances : public QObject {
    Q_OBJECT
private slots:
    void handComputedValues()
    {
        const Eigen::VectorXd p = vec({0.5, 0.3, 0.2}), q = vec({0.4, 0.4, 0.2});
        const DistanceValue dv = variationalDistance(p, q);
        QVERIFY(dv.defined && near(dv.value, 0.1));
        const DistanceValue l2 = l2Distance(p, q);
        QVERIFY(l2.defined && near(l2.value, std::sqrt(0.02)));
        const DistanceValue kl = klDistance(p, q);
        QVERIFY(kl.defined && near(kl.value, 0.5 * std::log(1.25) + 0.3 * std::log(0.75)));
        QVERIFY(kl.note.empty());
        const DistanceValue chi = chiSquareDistance(p, q);
        QVERIFY(chi.defined && near(chi.value, 0.01 / 0.5 + 0.01 / 0.3));
        QVERIFY(chi.note.empty());
    }

    void identicalDistributionsAreAtDistanceZero()
    {
        const Eigen::VectorXd p = vec({0.1, 0.2, 0.3, 0.4});
        QCOMPARE(variationalDistance(p, p).value, 0.0);
        QCOMPARE(l2Distance(p, p).value, 0.0);
        QCOMPARE(klDistance(p, p).value, 0.0);
        QCOMPARE(chiSquareDistance(p, p).value, 0.0);
        // KL and chi2 are not symmetric in (p, q); d_V and L2 are
        const Eigen::VectorXd q = vec({0.25, 0.25, 0.25, 0.25});
        QVERIFY(!near(klDistance(p, q).value, klDistance(q, p).value, 1e-3));
        QVERIFY(!near(chiSquareDistance(p, q).value, chiSquareDistance(q, p).value, 1e-3));
        QCOMPARE(variationalDistance(p, q).value, variationalDistance(q, p).value);
        QCOMPARE(l2Distance(p, q).value, l2Distance(q, p).value);
    }

    void zeroCellsOfTheOriginalAreSkipped()
    {
        const Eigen::VectorXd p = vec({0.5, 0.3, 0.2, 0.0}), q = vec({0.4, 0.4, 0.1, 0.1});
        QVERIFY(near(variationalDistance(p, q).value, 0.2));
        QVERIFY(near(l2Distance(p, q).value, 0.2));
        const DistanceValue kl = klDistance(p, q);
        QVERIFY(kl.defined);
        QVERIFY(near(kl.value, 0.5 * std::log(1.25) + 0.3 * std::log(0.75) + 0.2 * std::log(2.0)));
        QVERIFY2(kl.note.find("1 cell") != std::string::npos, kl.note.c_str());
        const DistanceValue chi = chiSquareDistance(p, q);
        QVERIFY(chi.defined);
        QVERIFY(near(chi.value, 0.01 / 0.5 + 0.01 / 0.3 + 0.01 / 0.2));
        QVERIFY2(chi.note.find("1 cell") != std::string::npos, chi.note.c_str());
    }

    void klUndefinedWhereEstimateVanishes()
    {
        const Eigen::VectorXd p = vec({0.5, 0.3, 0.2}), q = vec({0.6, 0.0, 0.4}), qneg = vec({0.7, 0.4, -0.1});
        const DistanceValue kl = klDistance(p, q);
        QVERIFY(!kl.defined);
        QVERIFY(std::isfinite(kl.value));
        QVERIFY2(kl.note.find("1 cell") != std::string::npos, kl.note.c_str());
        const DistanceValue kl2 = klDistance(p, qneg);
        QVERIFY(!kl2.defined && std::isfinite(kl2.value));
        // the others stay defined on an unprojected (negative) estimate
        QVERIFY(variationalDistance(p, qneg).defined && near(variationalDistance(p, qneg).value, 0.3));
        QVERIFY(chiSquareDistance(p, qneg).defined &&
                near(chiSquareDistance(p, qneg).value, 0.04 / 0.5 + 0.01 / 0.3 + 0.09 / 0.2));
        // projection does not rescue a cell the original has: still undefined, never infinite
        QVERIFY(!klDistance(p, projectToSimplex(qneg)).defined);
        // but when the negative estimate sits on a cell the original lacks, projection makes KL defined
        const Eigen::VectorXd p2 = vec({0.5, 0.5, 0.0}), q2 = vec({0.6, 0.45, -0.05});
        QVERIFY(klDistance(p2, q2).defined); // p = 0 cells are skipped whatever q holds
        const DistanceValue kl3 = klDistance(p2, projectToSimplex(q2));
        QVERIFY(kl3.defined);
        QVERIFY(near(kl3.value, 0.5 * std::log(0.5 * 1.05 / 0.6) + 0.5 * std::log(0.5 * 1.05 / 0.45)));
    }

    void neverReturnsNaNOrInfinity()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        const Eigen::VectorXd p = vec({0.5, 0.5});
        for (const Eigen::VectorXd& q : {vec({nan, 0.5}), vec({inf, 0.5}), vec({0.5, -inf})}) {
            for (const DistanceValue& d : {variationalDistance(p, q), l2Distance(p, q), klDistance(p, q),
                                           chiSquareDistance(p, q), variationalDistance(q, p), klDistance(q, p)}) {
                QVERIFY(!d.defined);
                QVERIFY(std::isfinite(d.value));
                QVERIFY(!d.note.empty());
            }
        }
        // a denormal original cell would overflow chi2: undefined, not infinite
        const DistanceValue chi = chiSquareDistance(vec({1e-320, 1.0}), vec({1.0, 0.0}));
        QVERIFY(!chi.defined && std::isfinite(chi.value));
        // while KL with a tiny estimate stays finite (log difference, no p/q overflow)
        const DistanceValue kl = klDistance(vec({0.5, 0.5}), vec({1e-320, 1.0}));
        QVERIFY(kl.defined && std::isfinite(kl.value) && kl.value > 300);
        // a negative "original" has no KL or chi2
        QVERIFY(!klDistance(vec({1.2, -0.2}), vec({0.5, 0.5})).defined);
        QVERIFY(!chiSquareDistance(vec({1.2, -0.2}), vec({0.5, 0.5})).defined);
    }

    void mismatchedSizesAreInputErrors()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, variationalDistance(vec({0.5, 0.5}), vec({1.0})));
        QVERIFY_THROWS_EXCEPTION(InputError, klDistance(vec({0.5, 0.5}), vec({0.2, 0.3, 0.5})));
    }

    void projectionToSimplex()
    {
        const Eigen::VectorXd r = projectToSimplex(vec({-0.1, 0.6, 0.5}));
        QVERIFY(near(r[0], 0.0) && near(r[1], 6.0 / 11) && near(r[2], 5.0 / 11));
        QVERIFY(near(r.sum(), 1.0));
        const Eigen::VectorXd same = projectToSimplex(vec({0.25, 0.75}));
        QVERIFY(near(same[0], 0.25) && near(same[1], 0.75));
        QVERIFY_THROWS_EXCEPTION(InputError, projectToSimplex(vec({-0.1, 0.0})));
        QVERIFY_THROWS_EXCEPTION(InputError, projectToSimplex(Eigen::VectorXd()));
        QVERIFY_THROWS_EXCEPTION(InputError, projectToSimplex(vec({std::nan(""), 1.0})));
    }
};

QTEST_GUILESS_MAIN(TestDistances)
#include "test_distances.moc"
