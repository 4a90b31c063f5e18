// Moment estimate and covariance (003 eq. 5.15, 5.16, Lemma 4, Result 16) against FIDELITY.md.
#include "TestData.h"

#include "core/contingency/ContingencyTable.h"
#include "core/data/Errors.h"
#include "core/estimation/Intervals.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/Randomize.h"

#include "TestSupport.h"

#include <QtTest>

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

Eigen::MatrixXd randomStochastic(int d, std::mt19937_64& g)
{
    std::uniform_real_distribution<double> u(0.05, 1.0);
    Eigen::MatrixXd m(d, d);
    for (int j = 0; j < d; ++j) {
        for (int i = 0; i < d; ++i)
            m(i, j) = u(g) + (i == j ? 1.5 : 0.0);
        m.col(j) /= m.col(j).sum();
    }
    return m;
}

Eigen::VectorXd randomDistribution(Eigen::Index cells, std::mt19937_64& g)
{
    std::uniform_real_distribution<double> u(0.01, 1.0);
    Eigen::VectorXd pi(cells);
    for (Eigen::Index i = 0; i < cells; ++i)
        pi[i] = u(g);
    return pi / pi.sum();
}

// The true covariance N^-1 [P^-1 diag(P pi) P^-T - pi pi^T] (003 eq. 5.16), densely.
Eigen::MatrixXd denseTrueCovariance(const std::vector<DistortionMatrix>& m, const Eigen::VectorXd& pi, double n)
{
    std::vector<KroneckerFactor> f, inv;
    for (const auto& x : m) {
        f.push_back(x.factor());
        inv.push_back(inverse(x));
    }
    const Eigen::MatrixXd P = explicitKronecker(f), Pinv = explicitKronecker(inv);
    const Eigen::VectorXd lambda = P * pi;
    return (Pinv * lambda.asDiagonal() * Pinv.transpose() - pi * pi.transpose()) / n;
}

// The G=>H worked example of FIDELITY.md (003 Sec. 3.2).
const std::vector<DistortionMatrix> kGH = {DistortionMatrix::warner(2, 0.9), DistortionMatrix::warner(2, 0.9)};
const double kN = 5822;
Eigen::VectorXd ghLambda()
{
    return (Eigen::VectorXd(4) << 0.368, 0.097, 0.218, 0.316).finished();
}

} // namespace

class TestEstimation : public QObject {
    Q_OBJECT
private slots:
    void workedExampleEstimate()
    {
        const Eigen::VectorXd piHat = reconstruct(kGH, ghLambda());
        const Eigen::Vector4d expected(0.426, 0.030, 0.181, 0.361);
        for (int i = 0; i < 4; ++i)
            QVERIFY2(std::abs(piHat[i] - expected[i]) < 5e-4,
                     qPrintable(QString("cell %1: %2 vs %3").arg(i).arg(piHat[i]).arg(expected[i])));
        // P^-1 keeps the total: the rounded lambda-hat sums to 0.999
        RR_COMPARE_NEAR(piHat.sum(), ghLambda().sum(), 1e-12);
    }

    void workedExampleCovariance()
    {
        const Eigen::MatrixXd sigma = covarianceMatrix(kGH, ghLambda(), kN) * 1e5;
        Eigen::Matrix4d expected;
        expected << 7.112, -1.662, -3.135, -2.308, //
            -1.662, 2.887, 0.246, -1.471,          //
            -3.135, 0.246, 5.667, -2.775,          //
            -2.308, -1.471, -2.775, 6.561;
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                QVERIFY2(std::abs(sigma(i, j) - expected(i, j)) < 5e-3,
                         qPrintable(QString("(%1,%2): %3 vs %4").arg(i).arg(j).arg(sigma(i, j)).arg(expected(i, j))));
        const Eigen::VectorXd var = varianceDiagonal(kGH, ghLambda(), kN);
        QVERIFY((covarianceMatrix(kGH, ghLambda(), kN).diagonal() - var).cwiseAbs().maxCoeff() < 1e-15);
    }

    void workedExampleInterval()
    {
        const Eigen::VectorXd piHat = reconstruct(kGH, ghLambda());
        const Eigen::VectorXd var = varianceDiagonal(kGH, ghLambda(), kN);
        // FIDELITY's [0.346, 0.378] is centred on the paper's pi-hat_11 = 0.362 (from the unrounded
        // lambda-hat); with that centre and our variance the interval reproduces to 5e-4.
        const Interval paper = interquantileRange(0.362, var[3], 0.05, IntervalKind::Normal);
        QVERIFY2(std::abs(paper.lo - 0.346) < 5e-4 && std::abs(paper.hi - 0.378) < 5e-4,
                 qPrintable(QString("[%1, %2]").arg(paper.lo).arg(paper.hi)));
        // From the rounded lambda-hat the centre is 0.3614, so the interval sits 0.0006 lower.
        const Interval ci = interquantileRange(piHat[3], var[3], 0.05, IntervalKind::Normal);
        QVERIFY2(std::abs(ci.lo - 0.346) < 1e-3 && std::abs(ci.hi - 0.378) < 1e-3,
                 qPrintable(QString("[%1, %2]").arg(ci.lo).arg(ci.hi)));
        RR_COMPARE_NEAR((ci.hi - ci.lo), (paper.hi - paper.lo), 1e-15);
        RR_COMPARE_NEAR(0.5 * (ci.lo + ci.hi), piHat[3], 1e-15);
    }

    void covarianceDiagonalEqualsVarianceOnGeneralMatrices()
    {
        std::mt19937_64 g(77);
        const std::vector<int> dims = {3, 4, 2, 5};
        std::vector<DistortionMatrix> m;
        for (std::size_t i = 0; i < dims.size(); ++i)
            m.push_back(i % 2 ? DistortionMatrix::fromMatrix(randomStochastic(dims[i], g))
                              : DistortionMatrix::warner(dims[i], 0.6 + 0.1 * i));
        const Eigen::VectorXd pi = randomDistribution(120, g);
        const Eigen::VectorXd lambda = expectedRandomized(m, pi);
        const Eigen::MatrixXd sigma = covarianceMatrix(m, lambda, 1000);
        const Eigen::VectorXd var = varianceDiagonal(m, lambda, 1000);
        QVERIFY((sigma.diagonal() - var).cwiseAbs().maxCoeff() < 1e-14);
        QVERIFY((sigma - sigma.transpose()).cwiseAbs().maxCoeff() == 0.0);
        // With lambda = P pi the estimate equals the truth and sigma is the true covariance with N - 1.
        const Eigen::MatrixXd dense = denseTrueCovariance(m, pi, 999);
        QVERIFY((sigma - dense).cwiseAbs().maxCoeff() < 1e-12);
        // Rows of the covariance of a distribution estimate sum to 0 (the total is known).
        QVERIFY(sigma.rowwise().sum().cwiseAbs().maxCoeff() < 1e-12);
    }

    void expectedTableReconstructsExactly()
    {
        std::mt19937_64 g(2024);
        std::uniform_int_distribution<int> nAttr(3, 4), size(2, 5);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int trial = 0; trial < 40; ++trial) {
            std::vector<int> dims;
            std::vector<DistortionMatrix> m;
            Eigen::Index cells = 1;
            const int k = nAttr(g);
            for (int i = 0; i < k; ++i) {
                const int d = size(g);
                dims.push_back(d);
                cells *= d;
                const double lo = 1.0 / d + 0.05;
                m.push_back(DistortionMatrix::warner(d, lo + (1.0 - lo) * u(g)));
            }
            const Eigen::VectorXd pi = randomDistribution(cells, g);
            const Eigen::VectorXd back = reconstruct(m, expectedRandomized(m, pi));
            QVERIFY2((back - pi).cwiseAbs().maxCoeff() < 1e-12, qPrintable(QString("trial %1").arg(trial)));
        }
    }

    void marginalEstimateIsMarginalOfEstimate()
    {
        std::mt19937_64 g(9);
        const std::vector<int> dims = {3, 2, 4};
        const std::vector<DistortionMatrix> m = {DistortionMatrix::warner(3, 0.7),
                                                 DistortionMatrix::fromMatrix(randomStochastic(2, g)),
                                                 DistortionMatrix::warner(4, 0.55)};
        ContingencyTable observed(dims);
        std::uniform_int_distribution<int> cnt(0, 50);
        for (Eigen::Index i = 0; i < observed.counts().size(); ++i)
            observed.counts()[i] = cnt(g);
        ContingencyTable full(dims);
        full.counts() = reconstruct(m, observed.proportions());
        for (const std::vector<int>& keep : {std::vector<int>{0, 2}, std::vector<int>{1}, std::vector<int>{2, 0}}) {
            std::vector<DistortionMatrix> mk;
            for (int a : keep)
                mk.push_back(m[a]);
            const Eigen::VectorXd direct = reconstruct(mk, observed.marginal(keep).proportions());
            const Eigen::VectorXd fromFull = full.marginal(keep).counts();
            QVERIFY((direct - fromFull).cwiseAbs().maxCoeff() < 1e-12);
        }
    }

    void expectedSquaredErrorIsTraceOfTrueCovariance()
    {
        std::mt19937_64 g(31);
        const std::vector<int> dims = {2, 3, 4};
        const Eigen::VectorXd pi = randomDistribution(24, g);
        // general matrices
        std::vector<DistortionMatrix> general;
        for (int d : dims)
            general.push_back(DistortionMatrix::fromMatrix(randomStochastic(d, g)));
        const double tr = denseTrueCovariance(general, pi, 500).trace();
        RR_COMPARE_NEAR(expectedSquaredError(general, pi, 500), tr, 1e-12 * tr);
        // Warner matrices: 003 Result 16 via Lemma 6, trace(Sigma) = (||P^-1||_F^2 / D - sum pi^2) / N
        const auto w = warners(dims, {0.8, 0.6, 0.5});
        const double trW = denseTrueCovariance(w, pi, 500).trace();
        const double esq = expectedSquaredError(w, pi, 500);
        RR_COMPARE_NEAR(esq, trW, 1e-12 * trW);
        const double viaObjective = (utilityObjective(w) / 24.0 - pi.squaredNorm()) / 500.0;
        QVERIFY2(std::abs(esq - viaObjective) < 1e-12 * esq,
                 qPrintable(QString("%1 vs %2").arg(esq).arg(viaObjective)));
        // and so trace(Sigma) moves with the objective: a larger p lowers both
        const auto w2 = warners(dims, {0.9, 0.6, 0.5});
        QVERIFY(utilityObjective(w2) < utilityObjective(w));
        QVERIFY(expectedSquaredError(w2, pi, 500) < esq);
        // no randomization: the multinomial sampling error (1 - sum pi^2) / N only
        const auto id = warners(dims, {1, 1, 1});
        RR_COMPARE_NEAR(expectedSquaredError(id, pi, 500), (1 - pi.squaredNorm()) / 500, 1e-15);
        QCOMPARE(utilityObjective(id), 24.0);
    }

    void rejectsBadInput()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, varianceDiagonal(kGH, ghLambda(), 1));
        QVERIFY_THROWS_EXCEPTION(InputError, varianceDiagonal(kGH, ghLambda(), 0.5));
        QVERIFY_THROWS_EXCEPTION(InputError, covarianceMatrix(kGH, ghLambda(), 1));
        QVERIFY_THROWS_EXCEPTION(InputError, reconstruct(kGH, Eigen::VectorXd::Ones(3)));
        Eigen::VectorXd nan = ghLambda();
        nan[1] = std::nan("");
        QVERIFY_THROWS_EXCEPTION(InputError, reconstruct(kGH, nan));
        QVERIFY_THROWS_EXCEPTION(DomainError, reconstruct({DistortionMatrix::warner(2, 0.5), kGH[0]}, ghLambda()));
        // the full covariance refuses big tables and names the size
        const auto big = warners({20, 20, 20}, {0.9, 0.9, 0.9});
        try {
            covarianceMatrix(big, Eigen::VectorXd::Constant(8000, 1.0 / 8000), 100);
            QFAIL("expected DomainError");
        } catch (const DomainError& e) {
            QVERIFY(std::string(e.what()).find("8000") != std::string::npos);
        }
        // ... while the diagonal works at any size
        const Eigen::VectorXd v = varianceDiagonal(big, Eigen::VectorXd::Constant(8000, 1.0 / 8000), 100);
        QCOMPARE(v.size(), Eigen::Index(8000));
        QVERIFY(v.allFinite() && (v.array() >= 0).all());
    }

    // Seeded surveys of N = 2000 records, two binary attributes randomized with p = 0.8.
    // 1000 runs rather than 300: the binomial sd of a coverage is then 0.7 points, so the
    // [92%, 98%] band is over 4 sd wide on each side for every cell and no seed is lucky.
    void monteCarloUnbiasedAndCovering()
    {
        const int runs = 1000, n = 2000;
        const Eigen::Vector4d pi(0.40, 0.10, 0.20, 0.30);
        const auto m = warners({2, 2}, {0.8, 0.8});
        std::map<int, DistortionMatrix> byAttr = {{0, m[0]}, {1, m[1]}};
        RandomSource rng = RandomSource::seeded(20240917);

        Table t;
        t.attributes.resize(2);
        for (int a = 0; a < 2; ++a) {
            t.attributes[a].name = std::string(1, static_cast<char>('X' + a));
            t.attributes[a].categories = {"0", "1"};
            t.attributes[a].codes.resize(n);
        }
        std::vector<uint32_t> rows(n);
        for (int i = 0; i < n; ++i)
            rows[i] = i;

        Eigen::ArrayXd sum = Eigen::ArrayXd::Zero(4), sumSq = Eigen::ArrayXd::Zero(4);
        Eigen::ArrayXi normalHits = Eigen::ArrayXi::Zero(4), chebyHits = Eigen::ArrayXi::Zero(4);
        for (int r = 0; r < runs; ++r) {
            for (int i = 0; i < n; ++i) { // original records drawn from pi
                const double x = rng.uniform01();
                const int cell = x < 0.4 ? 0 : x < 0.5 ? 1 : x < 0.7 ? 2 : 3;
                t.attributes[0].codes[i] = cell / 2;
                t.attributes[1].codes[i] = cell % 2;
            }
            const Table randomized = randomizeTable(t, byAttr, rng);
            const Eigen::VectorXd lambdaHat = buildContingency(randomized, {0, 1}, rows).proportions();
            const Eigen::VectorXd piHat = reconstruct(m, lambdaHat);
            const Eigen::VectorXd var = varianceDiagonal(m, lambdaHat, n);
            for (int c = 0; c < 4; ++c) {
                sum[c] += piHat[c];
                sumSq[c] += piHat[c] * piHat[c];
                const Interval z = interquantileRange(piHat[c], var[c], 0.05, IntervalKind::Normal);
                const Interval k = interquantileRange(piHat[c], var[c], 0.05, IntervalKind::Chebyshev);
                normalHits[c] += z.rawLo <= pi[c] && pi[c] <= z.rawHi;
                chebyHits[c] += k.rawLo <= pi[c] && pi[c] <= k.rawHi;
            }
        }
        const Eigen::ArrayXd mean = sum / runs;
        const Eigen::ArrayXd sd = ((sumSq - runs * mean.square()) / (runs - 1)).sqrt();
        const Eigen::VectorXd trueVar = denseTrueCovariance(m, pi, n).diagonal();
        for (int c = 0; c < 4; ++c) {
            const double se = sd[c] / std::sqrt(double(runs));
            const double ratio = sd[c] * sd[c] / trueVar[c];
            const double cover = normalHits[c] / double(runs);
            qInfo("cell %d: mean %.4f (pi %.2f), sd %.4f (eq. 5.16: %.4f), normal %.3f, Chebyshev %.3f", c, mean[c],
                  pi[c], sd[c], std::sqrt(trueVar[c]), cover, chebyHits[c] / double(runs));
            QVERIFY2(std::abs(mean[c] - pi[c]) < 3 * se,
                     qPrintable(QString("cell %1: mean %2, pi %3, se %4").arg(c).arg(mean[c]).arg(pi[c]).arg(se)));
            // the spread over runs matches eq. 5.16 (relative sd of a 1000-run variance is about 4.5%)
            QVERIFY2(ratio > 0.85 && ratio < 1.15, qPrintable(QString("cell %1: variance ratio %2").arg(c).arg(ratio)));
            QVERIFY2(cover >= 0.92 && cover <= 0.98,
                     qPrintable(QString("cell %1: normal coverage %2").arg(c).arg(cover)));
            QVERIFY2(chebyHits[c] / double(runs) >= 0.95, qPrintable(QString("cell %1: Chebyshev").arg(c)));
        }
    }
};

QTEST_GUILESS_MAIN(TestEstimation)
#include "test_estimation.moc"
