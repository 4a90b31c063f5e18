// Vertical and horizontal association variation without p (003 Sec. 4.2, Results 4-8): the verdicts,
// a seeded property test over random tables and channels, and the paper's COIL examples.
#include "CoilData.h"

#include "core/analysis/WithoutP.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionSpec.h"
#include "core/measures/PairMeasures.h"
#include "core/withoutp/HorizontalProperties.h"
#include "core/withoutp/VerticalProperties.h"

#include "TestSupport.h"

#include <QtTest>

#include <map>
#include <random>

using namespace rr;
using namespace rr::testdata;
using namespace rr::testsupport;

namespace {

Eigen::Vector4d coilPair(const Table& coil, const std::string& letters)
{
    const ContingencyTable t = coilTable(coil, letters);
    return t.counts() / t.total();
}

// A random 2 x 2 table of proportions, cells of very different sizes (log-uniform over 3 decades).
Eigen::Vector4d randomTable(std::mt19937_64& g)
{
    std::uniform_real_distribution<double> exponent(-3.0, 0.0);
    Eigen::Vector4d t;
    for (int k = 0; k < 4; ++k)
        t[k] = std::pow(10.0, exponent(g));
    return t / t.sum();
}

BinaryChannel randomChannel(std::mt19937_64& g, double low = 0.5)
{
    std::uniform_real_distribution<double> u(low, 1.0);
    return {u(g), u(g)};
}

const VerticalVerdict& verdictFor(const std::vector<VerticalVerdict>& all, Measure m)
{
    for (const auto& v : all)
        if (v.measure == m)
            return v;
    throw std::logic_error("measure missing");
}

} // namespace

class TestVerticalProperties : public QObject {
    Q_OBJECT
    Table m_coil;
private slots:
    void initTestCase() { m_coil = coilBinarized(); }

    void expectedTableIsKronecker()
    {
        // lambda = (P_A x P_B) pi written out by hand for pi = e_11 (only the 11 cell).
        const Eigen::Vector4d pi(0, 0, 0, 1);
        const Eigen::Vector4d l = randomizedCells(pi, {0.7, 0.9}, {0.6, 0.8});
        RR_COMPARE_VECTORS_NEAR(l, Eigen::Vector4d(0.1 * 0.2, 0.1 * 0.8, 0.9 * 0.2, 0.9 * 0.8), 1e-15);
        QVERIFY_THROWS_EXCEPTION(InputError, randomizedCells(pi, {1.2, 0.9}, {0.6, 0.8}));
    }

    // 003 Example 1 (Fig. 4.1) on COIL A, D: chi-square never rises above the original, cosine does.
    void figureFourOne()
    {
        const Eigen::Vector4d ad = coilPair(m_coil, "AD");
        RR_COMPARE_VECTORS_NEAR(ad, Eigen::Vector4d(0.1374, 0.3332, 0.2982, 0.2312), 5e-5);
        const MeasureSurface chi = randomizedMeasureSurface(ad, 5822, Measure::ChiSquare, 41, 0.0, 1.0);
        QCOMPARE(chi.aboveOriginal, 0);
        QCOMPARE(chi.values.size(), std::size_t(41 * 41));
        RR_COMPARE_NEAR(chi.values.back().value, chi.original.value, 1e-9); // p = (1, 1) is the original
        const MeasureSurface cosine = randomizedMeasureSurface(ad, 5822, Measure::Cosine, 41, 0.0, 1.0);
        QVERIFY(cosine.aboveOriginal > 0);
        QVERIFY(cosine.largestExcess > 0.01);
        QVERIFY_THROWS_EXCEPTION(InputError, randomizedMeasureSurface(ad, 5822, Measure::Cosine, 1000));
    }

    // 003 Example 2 (Fig. 4.2): odds ratios of A,B and I,J are 3.23 and 3.94; at p = 0.8 they are 1.32
    // and 1.14, the order reversed; PS keeps its order.
    void figureFourTwo()
    {
        const Eigen::Vector4d ab = coilPair(m_coil, "AB"), ij = coilPair(m_coil, "IJ");
        const HorizontalReport r = horizontalProperties(ab, ij, 5822, {0.8, 0.8}, {0.8, 0.8});
        for (const HorizontalVerdict& v : r.verdicts) {
            if (v.measure == Measure::OddsRatio) {
                RR_COMPARE_NEAR(v.firstOriginal.value, 3.23, 0.005);
                RR_COMPARE_NEAR(v.secondOriginal.value, 3.94, 0.005);
                RR_COMPARE_NEAR(v.firstRandomized.value, 1.32, 0.005);
                RR_COMPARE_NEAR(v.secondRandomized.value, 1.14, 0.005);
                QVERIFY(!v.guaranteed);
                QVERIFY(!v.orderKept);
            }
            if (v.measure == Measure::PiatetskyShapiro) {
                QVERIFY(v.guaranteed);
                QVERIFY(v.orderKept);
                RR_COMPARE_NEAR(v.firstRandomized.value, 0.36 * v.firstOriginal.value, 1e-12); // (2p-1)^2 PS
            }
        }
    }

    void verdictsByResult()
    {
        const Eigen::Vector4d counts(800, 1940, 1736, 1346);
        const VerticalReport upper = verticalProperties(counts, binaryDistortion(0.7, 0.9), binaryDistortion(0.6, 0.8));
        QVERIFY(upper.resultFiveApplies);
        QCOMPARE(upper.binary.size(), std::size_t(kMeasureCount));
        QVERIFY(upper.fullTable.empty());
        QCOMPARE(verdictFor(upper.binary, Measure::ChiSquare).guarantee.result, std::string("003 Result 4"));
        QCOMPARE(verdictFor(upper.binary, Measure::OddsRatio).guarantee.result, std::string("003 Result 5"));
        QVERIFY(verdictFor(upper.binary, Measure::OddsRatio).guarantee.guaranteed);
        QVERIFY(verdictFor(upper.binary, Measure::OddsRatio).guarantee.form == BoundForm::DistanceFromOne);
        QVERIFY(!verdictFor(upper.binary, Measure::Cosine).guarantee.guaranteed);
        QVERIFY(!verdictFor(upper.binary, Measure::Support).guarantee.guaranteed);
        // Result 5 needs p in [0.5, 1]: with p0 = 0.4 its measures lose the guarantee, Result 4's keep it.
        const VerticalReport lower = verticalProperties(counts, binaryDistortion(0.4, 0.9), binaryDistortion(0.6, 0.8));
        QVERIFY(!lower.resultFiveApplies);
        QVERIFY(!verdictFor(lower.binary, Measure::Kappa).guarantee.guaranteed);
        QVERIFY(verdictFor(lower.binary, Measure::Phi).guarantee.guaranteed);
        // the verdict's values are the measure on pi and on lambda
        const Eigen::Vector4d pi = counts / counts.sum();
        const Eigen::Vector4d lambda = randomizedCells(pi, {0.7, 0.9}, {0.6, 0.8});
        RR_COMPARE_VECTORS_NEAR(upper.randomized, lambda, 1e-15);
        const VerticalVerdict& ps = verdictFor(upper.binary, Measure::PiatetskyShapiro);
        RR_COMPARE_NEAR(ps.randomized.value, 0.6 * 0.4 * ps.original.value, 1e-15); // 003 Result 6's factor
    }

    // Present category 0 of a binary attribute swaps the roles of p0 and p1.
    void presentCategoryZero()
    {
        const Eigen::Vector4d counts(800, 1940, 1736, 1346);
        const VerticalReport r =
            verticalProperties(counts, binaryDistortion(0.7, 0.9), binaryDistortion(0.6, 0.8), 0, 1);
        RR_COMPARE_NEAR(r.first.p0, 0.9, 0);
        RR_COMPARE_NEAR(r.first.p1, 0.7, 0);
        RR_COMPARE_NEAR(r.original[3], 1940 / counts.sum(), 1e-15); // first = 0, second = 1
    }

    // Result 8 on a 3 x 4 table with Warner matrices; the binary verdicts pool the present categories.
    void polytomous()
    {
        Eigen::VectorXd counts(12);
        counts << 50, 10, 5, 30, 8, 60, 12, 4, 20, 3, 40, 9;
        const VerticalReport r =
            verticalProperties(counts, DistortionMatrix::warner(3, 0.7), DistortionMatrix::warner(4, 0.8), 2, 1);
        QCOMPARE(r.fullTable.size(), std::size_t(5));
        for (const VerticalVerdict& v : r.fullTable) {
            QVERIFY(v.guarantee.guaranteed);
            QVERIFY2(!v.randomizedAbove, v.key.c_str());
            QVERIFY(v.original.defined && v.randomized.defined);
        }
        RR_COMPARE_NEAR(r.first.p1, 0.7, 1e-15);
        RR_COMPARE_NEAR(r.first.p0, 1 - 0.15, 1e-15); // pooled: P(absent | absent) = 1 - q
        QVERIFY_THROWS_EXCEPTION(
            InputError, verticalProperties(counts, DistortionMatrix::warner(4, 0.7), DistortionMatrix::warner(4, 0.8)));
    }

    void undefinedIsReported()
    {
        // no record with the first attribute: confidence divides by pi_1+ = 0
        const VerticalReport r =
            verticalProperties(Eigen::Vector4d(10, 20, 0, 0), binaryDistortion(1, 1), binaryDistortion(0.8, 0.8));
        const VerticalVerdict& c = verdictFor(r.binary, Measure::Confidence);
        QVERIFY(!c.original.defined);
        QVERIFY(!c.original.reason.empty());
        QVERIFY(!c.randomizedAbove);
    }

    // 003 Results 4, 5 (p in [0.5, 1]) and 8: 20,000 random tables and channels never violate a
    // guaranteed bound; the measures 003 gives no guarantee rise above the original in some draws.
    void propertyVertical()
    {
        std::mt19937_64 g(20261123);
        std::map<Measure, int> above, violations;
        for (int draw = 0; draw < 20000; ++draw) {
            const Eigen::Vector4d pi = randomTable(g);
            const BinaryChannel a = randomChannel(g), b = randomChannel(g);
            const VerticalReport r =
                verticalProperties(pi * 10000, binaryDistortion(a.p0, a.p1), binaryDistortion(b.p0, b.p1));
            for (const VerticalVerdict& v : r.binary) {
                if (v.randomizedAbove)
                    ++above[v.measure];
                if (v.randomizedAbove && v.guarantee.guaranteed)
                    ++violations[v.measure];
            }
        }
        for (const auto& [m, count] : above)
            qInfo("%s rises above the original in %d of 20000 draws", measureInfo(m).key.data(), count);
        for (const auto& [m, count] : violations)
            QVERIFY2(count == 0, measureInfo(m).key.data());
        for (Measure m : {Measure::Support, Measure::Confidence, Measure::Cosine, Measure::Jaccard, Measure::Laplace})
            QVERIFY2(above[m] > 0, measureInfo(m).key.data());
    }

    // Result 4 claims its bounds for every p in [0, 1]; Result 5's measures lose theirs below 0.5.
    void propertyVerticalAnyP()
    {
        std::mt19937_64 g(4);
        std::map<Measure, int> above;
        int draws = 0;
        while (draws < 20000) {
            const Eigen::Vector4d pi = randomTable(g);
            const BinaryChannel a = randomChannel(g, 0.0), b = randomChannel(g, 0.0);
            if (std::abs(a.p0 + a.p1 - 1) < 1e-3 || std::abs(b.p0 + b.p1 - 1) < 1e-3)
                continue; // singular channels: the randomized table is independent
            ++draws;
            const VerticalReport r =
                verticalProperties(pi * 10000, binaryDistortion(a.p0, a.p1), binaryDistortion(b.p0, b.p1));
            for (const VerticalVerdict& v : r.binary) {
                if (v.randomizedAbove)
                    ++above[v.measure];
                if (v.guarantee.guaranteed)
                    QVERIFY2(!v.randomizedAbove, v.key.c_str());
            }
        }
        for (const auto& [m, count] : above)
            qInfo("p in [0, 1]: %s rises above the original in %d of 20000 draws", measureInfo(m).key.data(), count);
        for (Measure m : {Measure::Kappa, Measure::AddedValue, Measure::OddsRatio, Measure::Interest})
            QVERIFY2(above[m] > 0, measureInfo(m).key.data());
    }

    // Result 8: r x c tables under random column-stochastic matrices (any P, not only p >= 0.5).
    void propertyPolytomous()
    {
        std::mt19937_64 g(8);
        std::uniform_int_distribution<int> size(2, 5);
        std::map<Measure, int> violations;
        for (int draw = 0; draw < 3000; ++draw) {
            const int d1 = size(g), d2 = size(g);
            Eigen::VectorXd counts(d1 * d2);
            std::uniform_real_distribution<double> exponent(-2.0, 0.0);
            for (Eigen::Index k = 0; k < counts.size(); ++k)
                counts[k] = 10000 * std::pow(10.0, exponent(g));
            const DistortionMatrix a = DistortionMatrix::fromMatrix(randomStochastic(d1, g));
            const DistortionMatrix b = DistortionMatrix::fromMatrix(randomStochastic(d2, g));
            const Eigen::VectorXd pi = counts / counts.sum();
            const Eigen::VectorXd lambda = expectedRandomizedTable(pi, a, b);
            for (Measure m : kTwoWayMeasures) {
                const MeasureValue o = twoWayMeasure(m, pi, d1, d2, 1), r = twoWayMeasure(m, lambda, d1, d2, 1);
                QVERIFY(o.defined && r.defined);
                if (r.value > o.value + 1e-9 * std::max(1.0, o.value))
                    ++violations[m];
            }
        }
        for (Measure m : kTwoWayMeasures)
            qInfo("%s above the original in %d of 3000 r x c draws", measureInfo(m).key.data(), violations[m]);
        QCOMPARE(violations[Measure::ChiSquare], 0);
        QCOMPARE(violations[Measure::LikelihoodRatio], 0);
    }

    // Results 6 and 7 over random pairs: PS always keeps the order; D with unrandomized columns and
    // AV with unrandomized rows keep it; others (odds ratio, cosine) do not always.
    void propertyHorizontal()
    {
        std::mt19937_64 g(67);
        std::map<Measure, int> broken;
        int dBroken = 0, avBrokenRowsRandomized = 0;
        for (int draw = 0; draw < 20000; ++draw) {
            const Eigen::Vector4d x = randomTable(g), y = randomTable(g);
            const BinaryChannel rows = randomChannel(g), columns = randomChannel(g);
            for (const HorizontalVerdict& v : horizontalProperties(x, y, 10000, rows, columns).verdicts)
                if (!v.orderKept)
                    ++broken[v.measure];
            for (const HorizontalVerdict& v : horizontalProperties(x, y, 10000, rows, {1, 1}).verdicts) {
                if (v.measure == Measure::RiskDifference && !v.orderKept)
                    ++dBroken;
                if (v.measure == Measure::AddedValue && !v.orderKept)
                    ++avBrokenRowsRandomized;
            }
            for (const HorizontalVerdict& v : horizontalProperties(x, y, 10000, {1, 1}, columns).verdicts)
                if (v.guaranteed)
                    QVERIFY2(v.orderKept, v.key.c_str());
        }
        qInfo("order broken in 20000 draws: PS %d, odds ratio %d, cosine %d; rows randomized only: D %d, AV %d",
              broken[Measure::PiatetskyShapiro], broken[Measure::OddsRatio], broken[Measure::Cosine], dBroken,
              avBrokenRowsRandomized);
        QCOMPARE(broken[Measure::PiatetskyShapiro], 0);
        QCOMPARE(dBroken, 0);
        QVERIFY(broken[Measure::OddsRatio] > 0);
        QVERIFY(broken[Measure::Cosine] > 0);
        QVERIFY(avBrokenRowsRandomized > 0); // 003 Result 7's AV holds only with the rows unrandomized
    }

    // The front end's frame: the pair's counts, the verdicts at the current p and the surface.
    void frameForTheView()
    {
        const PreparedTable t = prepareTable(m_coil, {"A", "B", "D"}, MissingPolicy::DropIncomplete);
        WithoutPRequest r{"A", "D", "", "", 0.9, 0.7, Measure::Cosine, 21};
        const WithoutPFrame f = computeWithoutP(t, r);
        QCOMPARE(f.firstPresent, std::string("1"));
        QCOMPARE(f.counts.sum(), 5822.0);
        RR_COMPARE_VECTORS_NEAR(f.report.original, coilPair(m_coil, "AD"), 1e-15);
        RR_COMPARE_VECTORS_NEAR(f.report.randomized, randomizedCells(f.report.original, {0.9, 0.9}, {0.7, 0.7}), 1e-15);
        QCOMPARE(f.surface.values.size(), std::size_t(21 * 21));
        RR_COMPARE_NEAR(
            f.surface.values[10 * 21 + 20].value,
            binaryMeasure(Measure::Cosine, randomizedCells(f.report.original, {0.5, 0.5}, {1, 1}), 5822).value,
            1e-15); // p_A = 0.5 (row 10), p_D = 1 (column 20)
        r.second = "A";
        QVERIFY_THROWS_EXCEPTION(InputError, computeWithoutP(t, r));
        r.second = "D";
        r.firstPresent = "7";
        QVERIFY_THROWS_EXCEPTION(InputError, computeWithoutP(t, r));
    }

    // The closing note of issue 9: COIL A, D at p = 0.9 and 0.7 (Tables 4.2/4.3's parameters).
    void coilAD()
    {
        const ContingencyTable t = coilTable(m_coil, "AD");
        for (double p : {0.9, 0.7}) {
            const VerticalReport r = verticalProperties(t.counts(), binaryDistortion(p, p), binaryDistortion(p, p));
            for (const VerticalVerdict& v : r.binary) {
                qInfo("AD p=%.1f %-20s original %10.4f randomized %10.4f %s %s", p, v.key.c_str(), v.original.value,
                      v.randomized.value, v.guarantee.guaranteed ? "bound" : "no-guarantee",
                      v.randomizedAbove ? "ABOVE" : "");
                QVERIFY(v.original.defined && v.randomized.defined);
                if (v.guarantee.guaranteed)
                    QVERIFY2(!v.randomizedAbove, v.key.c_str());
            }
            QVERIFY(verdictFor(r.binary, Measure::Cosine).randomizedAbove);
        }
    }
};

QTEST_APPLESS_MAIN(TestVerticalProperties)
#include "test_vertical_properties.moc"
