// Chi-square tests of independence on original and randomized data (003 Sec. 4.2.2, 4.3.2,
// Results 9 and 10) and the power they lose, by simulation.
#include "CoilData.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/independence/IndependenceTest.h"
#include "core/independence/PowerSimulation.h"
#include "core/loglinear/LoglinearFit.h"

#include "TestSupport.h"

#include <boost/math/distributions/non_central_chi_squared.hpp>

#include <QtTest>

#include <cmath>

using namespace rr;
using namespace rr::testdata;

namespace {

template <typename F>
std::string errorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

std::vector<DistortionMatrix> warners(const std::vector<double>& p)
{
    std::vector<DistortionMatrix> m;
    for (double x : p)
        m.push_back(DistortionMatrix::warner(2, x));
    return m;
}

// Power of the 1-df chi-square test at level alpha for a sample of n from a table whose
// X2 / N is phi2: the non-central chi-square approximation Pr(chi2_1(n phi2) > c).
double approximatePower(double phi2, double n, double alpha)
{
    const double c = chiSquareCritical(alpha, 1);
    const boost::math::non_central_chi_squared_distribution<double> d(1.0, n * phi2);
    return boost::math::cdf(boost::math::complement(d, c));
}

} // namespace

class TestIndependence : public QObject {
    Q_OBJECT
    Table m_coil;
private slots:
    void initTestCase() { m_coil = coilBinarized(); }

    void pearsonByHand()
    {
        ContingencyTable t({2, 2}, {"X", "Y"});
        t.counts() << 10, 20, 30, 40;
        const IndependenceTest r = testIndependence(t, 0, 1);
        // N (ad - bc)^2 / (row and column totals) = 100 * 200^2 / (30 * 70 * 40 * 60)
        RR_COMPARE_NEAR(r.fit.chiSquare.value, 100.0 * 200 * 200 / (30.0 * 70 * 40 * 60), 1e-12);
        QCOMPARE(r.fit.df, 1LL);
        RR_COMPARE_NEAR(r.fit.pValue.value, std::erfc(std::sqrt(r.fit.chiSquare.value / 2)), 1e-12); // 0.372998
        QVERIFY(!r.rejected);
        RR_COMPARE_NEAR(r.expected[0], 30.0 * 40 / 100, 1e-12);
        // COIL G, H: N (ad - bc)^2 / (row and column totals) from the counts is 1938.04; FIDELITY's
        // 1937.9 is the same formula on the 4-decimal proportions (1937.94)
        const ContingencyTable ghTable = coilTable(m_coil, "GH");
        const IndependenceTest gh = testIndependence(ghTable, 0, 1);
        const Eigen::VectorXd n = ghTable.counts();
        const double det = n[0] * n[3] - n[1] * n[2];
        const double x2 = ghTable.total() * det * det / ((n[0] + n[1]) * (n[2] + n[3]) * (n[0] + n[2]) * (n[1] + n[3]));
        RR_COMPARE_NEAR(gh.fit.chiSquare.value, x2, 1e-9);
        RR_COMPARE_NEAR(gh.fit.chiSquare.value, 1937.9, 0.2);
        QVERIFY(gh.rejected);
    }

    // The conditional test of A and D given G is the loglinear model (AG, DG) (003 Sec. 4.3.2).
    void conditionalTestIsTheLoglinearModel()
    {
        const ContingencyTable adg = coilTable(m_coil, "ADG");
        const IndependenceTest c = testIndependence(adg, 0, 1, {2});
        const LoglinearResult l =
            fitLoglinear(adg, parseModel("AG,DG", {'A', 'D', 'G'}), {'A', 'D', 'G'}, FittedTable::Original);
        RR_COMPARE_NEAR(c.fit.chiSquare.value, l.fit.chiSquare.value, 1e-8);
        RR_COMPARE_NEAR(c.fit.gSquare.value, l.fit.gSquare.value, 1e-8);
        QCOMPARE(c.fit.df, l.fit.df);
        QCOMPARE(c.fit.df, 2LL);
        QVERIFY(c.note.empty());
        // order of the pair does not matter
        RR_COMPARE_NEAR(testIndependence(adg, 1, 0, {2}).fit.chiSquare.value, c.fit.chiSquare.value, 1e-9);
    }

    void emptyRowsReduceDf()
    {
        ContingencyTable t({3, 2});
        t.counts() << 10, 20, 0, 0, 30, 5;
        const IndependenceTest r = testIndependence(t, 0, 1);
        QCOMPARE(r.fit.df, 1LL);
        QVERIFY2(r.note.find("df = 1") != std::string::npos, r.note.c_str());
        ContingencyTable one({2, 2});
        one.counts() << 10, 20, 0, 0;
        const IndependenceTest single = testIndependence(one, 0, 1);
        QVERIFY(!single.fit.pValue.defined);
        QVERIFY(!single.rejected);
        QVERIFY(errorOf([&] { testIndependence(t, 0, 0); }).find("must all differ") != std::string::npos);
        QVERIFY(errorOf([&] { testIndependence(t, 0, 2); }).find("attribute 3") != std::string::npos);
        QVERIFY(errorOf([&] { testIndependence(t, 0, 1, {}, 1.5); }).find("alpha") != std::string::npos);
    }

    // 003 Results 8, 9: X2 on randomized data never exceeds X2 on the original (expected tables),
    // for any p, so a test that does not reject on the original never rejects after randomization.
    void randomizationAttenuates()
    {
        const ContingencyTable ad = coilTable(m_coil, "AD");
        const double original = testIndependence(ad, 0, 1).fit.chiSquare.value;
        for (double pa : {0.55, 0.7, 0.9, 1.0})
            for (double pd : {0.6, 0.8, 0.95}) {
                const ContingencyTable r = expectedRandomizedCounts(ad, warners({pa, pd}));
                const double ran = testIndependence(r, 0, 1).fit.chiSquare.value;
                QVERIFY2(ran <= original + 1e-9,
                         qPrintable(QString("p = %1, %2: %3 > %4").arg(pa).arg(pd).arg(ran).arg(original)));
            }
    }

    void validityVerdicts()
    {
        const std::vector<std::string> names{"A", "D", "G"};
        const RandomizedTestValidity r9 = randomizedTestValidity(0, 1, {}, {0, 1}, names);
        QVERIFY(r9.valid);
        QVERIFY2(r9.reason.find("Result 9") != std::string::npos && r9.reason.find("lower power") != std::string::npos,
                 r9.reason.c_str());
        const RandomizedTestValidity r10ok = randomizedTestValidity(0, 1, {2}, {0, 1}, names);
        QVERIFY(r10ok.valid);
        QVERIFY2(r10ok.reason.find("Result 10") != std::string::npos, r10ok.reason.c_str());
        const RandomizedTestValidity r10bad = randomizedTestValidity(0, 1, {2}, {0, 2}, names);
        QVERIFY(!r10bad.valid);
        QVERIFY2(r10bad.reason.find("randomized 'G'") != std::string::npos, r10bad.reason.c_str());
        QVERIFY(randomizedTestValidity(0, 1, {2}, {}, names).reason.find("the original test") != std::string::npos);
    }

    // Result 10 at work: a table with A and D exactly independent given G, where G drives both
    // (P(A = 1 | G) = P(D = 1 | G) = 0.2 or 0.8, N = 5,000). Randomizing A and D keeps the
    // conditional independence (X2 = 0); randomizing G leaves part of G's influence unexplained
    // within the randomized strata, so the test would reject a true hypothesis.
    void randomizedConditioningBreaksTheTest()
    {
        ContingencyTable h0({2, 2, 2}, {"A", "D", "G"});
        for (int a = 0; a < 2; ++a)
            for (int d = 0; d < 2; ++d)
                for (int g = 0; g < 2; ++g) {
                    const double pa = g ? 0.8 : 0.2, pd = g ? 0.8 : 0.2;
                    h0.counts()[(a * 2 + d) * 2 + g] = 2500 * (a ? pa : 1 - pa) * (d ? pd : 1 - pd);
                }
        const auto ok = expectedRandomizedCounts(h0, warners({0.7, 0.7, 1.0}));
        const auto bad = expectedRandomizedCounts(h0, warners({1.0, 1.0, 0.7}));
        const IndependenceComparison good = compareIndependence(h0, ok, 0, 1, {2}, {0, 1});
        const IndependenceComparison broken = compareIndependence(h0, bad, 0, 1, {2}, {2});
        qInfo("X2 of A, D given G: original %.3g, A and D randomized %.3g, G randomized %.2f (p = %.2g)",
              good.original.fit.chiSquare.value, good.randomized.fit.chiSquare.value,
              broken.randomized.fit.chiSquare.value, broken.randomized.fit.pValue.value);
        RR_COMPARE_NEAR(good.original.fit.chiSquare.value, 0.0, 1e-9);
        RR_COMPARE_NEAR(good.randomized.fit.chiSquare.value, 0.0, 1e-9);
        QVERIFY(good.validity.valid);
        QVERIFY(!good.randomized.rejected);
        QVERIFY(broken.randomized.rejected);
        QVERIFY(!broken.validity.valid);
        QVERIFY2(broken.summary.find("not valid") != std::string::npos, broken.summary.c_str());
    }

    void multinomialDraws()
    {
        RandomSource rng = RandomSource::seeded(1);
        const Eigen::Vector4d w(1, 0, 3, 6);
        Eigen::VectorXd sum = Eigen::VectorXd::Zero(4);
        const int runs = 2000;
        for (int r = 0; r < runs; ++r) {
            const Eigen::VectorXd x = drawMultinomial(w, 50, rng);
            QCOMPARE(x.sum(), 50.0);
            QCOMPARE(x[1], 0.0);
            sum += x;
        }
        // mean 50 w / 10, SE sqrt(50 p (1 - p) / runs) <= 0.08; allow 4 SE
        for (int c = 0; c < 4; ++c)
            RR_COMPARE_NEAR(sum[c] / runs, 5.0 * w[c], 0.32);
    }

    // Under H0 both tests hold their level (003 Result 9): 4,000 samples of 5,822 records from the
    // independence fit of COIL A, D; the rejection rate's SE is sqrt(0.05 0.95 / 4000) = 0.0034,
    // so +-0.014 is four of them.
    void sizeUnderTheNull()
    {
        RandomSource rng = RandomSource::seeded(12);
        PowerOptions o;
        o.replicates = 4000;
        o.underNull = true;
        const PowerEstimate e = simulatePower(coilTable(m_coil, "AD"), 0, 1, {}, warners({0.7, 0.8}), o, rng);
        qInfo("size: original %.4f, randomized %.4f (se %.4f)", e.original, e.randomized, e.originalSe);
        RR_COMPARE_NEAR(e.original, 0.05, 0.014);
        RR_COMPARE_NEAR(e.randomized, 0.05, 0.014);
        QVERIFY2(e.note.find("size") != std::string::npos, e.note.c_str());
    }

    // Power lost (Result 9): samples of 300 records from COIL A, D (X2 / N = 0.0749), the test at
    // alpha = 0.05 on the original and after Warner randomization with p = 0.7 for both. Each rate
    // is checked against the non-central chi-square approximation Pr(chi2_1(n phi2) > 3.84) with
    // phi2 of the original or of the expected randomized table, within 4 SE + 0.02 (the
    // approximation's own error), and the randomized power is clearly lower.
    void powerLoss()
    {
        const ContingencyTable ad = coilTable(m_coil, "AD");
        const auto m = warners({0.7, 0.7});
        const double n = 300;
        PowerOptions o;
        o.replicates = 4000;
        o.sampleSize = n;
        RandomSource rng = RandomSource::seeded(2024);
        const PowerEstimate e = simulatePower(ad, 0, 1, {}, m, o, rng);
        const double phiOri = testIndependence(ad, 0, 1).fit.chiSquare.value / ad.total();
        const double phiRan = testIndependence(expectedRandomizedCounts(ad, m), 0, 1).fit.chiSquare.value / ad.total();
        const double approxOri = approximatePower(phiOri, n, 0.05), approxRan = approximatePower(phiRan, n, 0.05);
        qInfo("power at n = 300, p = 0.7: original %.4f (se %.4f, approx %.4f), randomized %.4f (se %.4f, approx %.4f)",
              e.original, e.originalSe, approxOri, e.randomized, e.randomizedSe, approxRan);
        QCOMPARE(e.replicates, 4000);
        QVERIFY(!e.cancelled);
        RR_COMPARE_NEAR(e.original, approxOri, 4 * e.originalSe + 0.02);
        RR_COMPARE_NEAR(e.randomized, approxRan, 4 * e.randomizedSe + 0.02);
        QVERIFY(e.original - e.randomized > 4 * (e.originalSe + e.randomizedSe));
    }

    void powerCanBeCancelled()
    {
        RandomSource rng = RandomSource::seeded(5);
        PowerOptions o;
        o.replicates = 1000;
        double last = 0;
        const PowerEstimate e =
            simulatePower(coilTable(m_coil, "AD"), 0, 1, {}, warners({0.8, 0.8}), o, rng, [&](double f) {
                last = f;
                return f < 0.25;
            });
        QVERIFY(e.cancelled);
        QCOMPARE(e.replicates, 250);
        RR_COMPARE_NEAR(last, 0.25, 1e-12);
        QVERIFY(errorOf([&] {
                    simulatePower(coilTable(m_coil, "AD"), 0, 1, {}, warners({0.8}), o, rng);
                }).find("1 distortion matrices for 2 attributes") != std::string::npos);
        o.replicates = 0;
        QVERIFY(errorOf([&] {
                    simulatePower(coilTable(m_coil, "AD"), 0, 1, {}, warners({0.8, 0.8}), o, rng);
                }).find("replicates") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestIndependence)
#include "test_independence.moc"
