// Kronecker mode products (003 Lemma 3) and Warner matrices (003 eq. 5.2, Lemma 5).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/distortion/KroneckerFactor.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace rr;

namespace {

// A random column-stochastic matrix with no structure (non-symmetric, unequal diagonal).
Eigen::MatrixXd randomStochastic(int d, std::mt19937_64& g)
{
    std::uniform_real_distribution<double> u(0.05, 1.0);
    Eigen::MatrixXd m(d, d);
    for (int j = 0; j < d; ++j) {
        for (int i = 0; i < d; ++i)
            m(i, j) = u(g) + (i == j ? 1.0 : 0.0);
        m.col(j) /= m.col(j).sum();
    }
    return m;
}

} // namespace

class TestKronecker : public QObject {
    Q_OBJECT
private slots:
    void applyMatchesExplicitProduct()
    {
        std::mt19937_64 g(20240601);
        std::uniform_int_distribution<int> nFactors(2, 4), size(2, 5);
        std::uniform_real_distribution<double> p01(0.0, 1.0);
        for (int trial = 0; trial < 60; ++trial) {
            std::vector<KroneckerFactor> factors;
            const int k = nFactors(g);
            int cells = 1;
            for (int i = 0; i < k; ++i) {
                const int d = size(g);
                cells *= d;
                switch ((trial + i) % 3) {
                case 0: factors.push_back(DistortionMatrix::warner(d, 0.3 + 0.7 * p01(g)).factor()); break;
                case 1: factors.push_back(KroneckerFactor::general(randomStochastic(d, g))); break;
                default: { // any square matrix, negative entries included (inverses are not stochastic)
                    Eigen::MatrixXd m = Eigen::MatrixXd::Random(d, d);
                    factors.push_back(KroneckerFactor::general(m));
                }
                }
            }
            Eigen::VectorXd x = Eigen::VectorXd::Random(cells);
            const Eigen::VectorXd expected = explicitKronecker(factors) * x;
            const Eigen::VectorXd got = kroneckerApply(factors, x);
            QCOMPARE(got.size(), expected.size());
            QVERIFY2((got - expected).cwiseAbs().maxCoeff() < 1e-12, qPrintable(QString("trial %1").arg(trial)));
        }
    }

    void uniformFactorsAreDetected()
    {
        const auto w = DistortionMatrix::warner(4, 0.7);
        QVERIFY(w.isWarner());
        QVERIFY(w.factor().uniform);
        QCOMPARE(w.q(), 0.1);
        std::mt19937_64 g(3);
        const auto general = DistortionMatrix::fromMatrix(randomStochastic(3, g));
        QVERIFY(!general.isWarner());
        QVERIFY(!general.factor().uniform);
    }

    void warnerInverseIsClosedForm()
    {
        for (int d : {2, 3, 5, 16}) {
            for (double p : {1.0 / d + 0.01, 0.5 + 0.5 / d, 0.9, 1.0}) {
                const auto w = DistortionMatrix::warner(d, p);
                const KroneckerFactor inv = inverse(w);
                QVERIFY(inv.uniform);
                // 003 Lemma 5: P^-1 = (I - q 11^T) / (p - q)
                const double q = (1 - p) / (d - 1);
                RR_COMPARE_NEAR(inv.diag, (1 - q) / (p - q), 1e-12 * std::abs(inv.diag));
                RR_COMPARE_NEAR(inv.off, -q / (p - q), 1e-12 * (1 + std::abs(inv.off)));
                const Eigen::MatrixXd prod = inv.dense() * w.matrix();
                QVERIFY2((prod - Eigen::MatrixXd::Identity(d, d)).cwiseAbs().maxCoeff() < 1e-9,
                         qPrintable(QString("d=%1 p=%2").arg(d).arg(p)));
            }
        }
        QVERIFY_THROWS_EXCEPTION(DomainError, inverse(DistortionMatrix::warner(4, 0.25)));
    }

    void generalInverseTimesMatrixIsIdentity()
    {
        std::mt19937_64 g(11);
        for (int d = 2; d <= 6; ++d) {
            const auto m = DistortionMatrix::fromMatrix(randomStochastic(d, g));
            const Eigen::MatrixXd prod = inverse(m).dense() * m.matrix();
            QVERIFY((prod - Eigen::MatrixXd::Identity(d, d)).cwiseAbs().maxCoeff() < 1e-10);
        }
    }

    void inverseFrobeniusMatchesDenseNorm()
    {
        for (int d : {2, 3, 7, 16})
            for (double p : {1.0 / d + 0.05, 0.6, 0.85, 1.0}) {
                if (p <= 1.0 / d)
                    continue;
                const auto w = DistortionMatrix::warner(d, p);
                const double dense = inverse(w).dense().squaredNorm();
                QVERIFY2(std::abs(inverseFrobeniusSquared(w) - dense) < 1e-10 * dense,
                         qPrintable(
                             QString("d=%1 p=%2: %3 vs %4").arg(d).arg(p).arg(inverseFrobeniusSquared(w)).arg(dense)));
                RR_COMPARE_NEAR(warnerInverseFrobeniusSquared(d, p), dense, 1e-10 * dense);
            }
        QCOMPARE(warnerInverseFrobeniusSquared(7, 1.0), 7.0); // equals d at p = 1
        std::mt19937_64 g(5);
        const auto m = DistortionMatrix::fromMatrix(randomStochastic(4, g));
        RR_COMPARE_NEAR(inverseFrobeniusSquared(m), inverse(m).dense().squaredNorm(), 1e-12);
    }

    void warnerEpsilonValues()
    {
        RR_COMPARE_NEAR(warnerEpsilon(2, 0.75), std::log(3.0), 1e-12);
        RR_COMPARE_NEAR(warnerEpsilon(4, 0.7), std::log(7.0), 1e-12);
        RR_COMPARE_NEAR(warnerEpsilon(16, 0.5), std::log(15.0), 1e-12);
        QVERIFY(std::isinf(warnerEpsilon(3, 1.0)) && warnerEpsilon(3, 1.0) > 0);
        // the minimum p = 1/d (uniform output) is 0-LDP
        RR_COMPARE_NEAR(warnerEpsilon(5, 0.2), 0.0, 1e-12);
    }

    void checkRetentionRejectsBadInput()
    {
        const auto expectError = [](const std::string& name, int d, double p) {
            try {
                checkRetention(name, d, p);
            } catch (const InputError& e) {
                return std::string(e.what()).find(name) != std::string::npos;
            }
            return false;
        };
        QVERIFY(expectError("education", 16, 1.0 / 16)); // p = 1/d
        QVERIFY(expectError("sex", 2, 0.3));             // p < 1/d
        QVERIFY(expectError("race", 5, 1.2));            // p > 1
        QVERIFY(expectError("workclass", 7, std::numeric_limits<double>::quiet_NaN()));
        QVERIFY(expectError("constant", 1, 1.0)); // one category
        checkRetention("sex", 2, 0.5000001);
        checkRetention("sex", 2, 1.0);
        checkRetention("education", 16, 0.07);
    }

    void rejectsNonStochasticMatrices()
    {
        Eigen::MatrixXd m(2, 2);
        m << 0.9, 0.2, 0.2, 0.8; // first column sums to 1.1
        QVERIFY_THROWS_EXCEPTION(InputError, DistortionMatrix::fromMatrix(m));
        m << 1.1, 0.2, -0.1, 0.8;
        QVERIFY_THROWS_EXCEPTION(InputError, DistortionMatrix::fromMatrix(m));
    }
};

QTEST_GUILESS_MAIN(TestKronecker)
#include "test_kronecker.moc"
