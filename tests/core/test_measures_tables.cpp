// Measures beyond one 2 x 2 table: two polychotomous attributes (003 Table 4.1, Result 8; Table 5.3's
// uncertainty coefficients), k binary items (003 eq. 3.6 with FIDELITY's Table 4.2 chi-squares on A,D,G),
// and a measure's range as p varies (003 Fig. 3.2/3.3, 000 Fig. 1).
#include "CoilData.h"
#include "EsgroData.h"
#include "TestSupport.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/measures/MeasureSweep.h"
#include "core/measures/MultiItemMeasures.h"
#include "core/measures/PairMeasures.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace rr;
using namespace rr::testdata;

namespace {

const MeasureEstimate& find(const std::vector<MeasureEstimate>& v, const std::string& key)
{
    for (const auto& e : v)
        if (e.key == key)
            return e;
    throw std::runtime_error("no measure " + key);
}

Eigen::VectorXd countsOf(const Table& t, const std::vector<std::string>& names)
{
    std::vector<uint32_t> rows(t.rowCount());
    std::iota(rows.begin(), rows.end(), 0u);
    return buildContingency(t, t.attributeIndices(names), rows).counts();
}

std::vector<DistortionMatrix> warners(const std::vector<int>& dims, const std::vector<double>& p)
{
    std::vector<DistortionMatrix> m;
    for (std::size_t i = 0; i < dims.size(); ++i)
        m.push_back(DistortionMatrix::warner(dims[i], p[i]));
    return m;
}

} // namespace

class TestMeasuresTables : public QObject {
    Q_OBJECT
    Table m_coil;
    Esgro m_esgro;
private slots:
    void initTestCase()
    {
        m_coil = coilBinarized();
        m_esgro = esgro();
    }

    // 003 Table 5.3 "Original" row (x 1e-2, FIDELITY.md) through the whole-table measures: U with the
    // first attribute explaining the second. Without randomization estimate = original.
    void uncertaintyOfTable53_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::addColumn<double>("expected");
        QTest::newRow("E-S") << "education"
                             << "salary-class" << 11.54;
        QTest::newRow("G-R") << "sex"
                             << "race" << 1.27;
        QTest::newRow("E-O") << "education"
                             << "occupation" << 9.90;
        QTest::newRow("R-O") << "race"
                             << "occupation" << 0.57;
    }
    void uncertaintyOfTable53()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        QFETCH(double, expected);
        const Table& t = m_esgro.table;
        const int d1 = t.attributes[t.attributeIndex(first.toStdString())].domainSize();
        const int d2 = t.attributes[t.attributeIndex(second.toStdString())].domainSize();
        PairInput in;
        in.randomizedCounts = countsOf(t, {first.toStdString(), second.toStdString()});
        in.originalCounts = in.randomizedCounts;
        in.first = DistortionMatrix::identity(d1);
        in.second = DistortionMatrix::identity(d2);
        const PairMeasures r = estimatePairMeasures(in);
        QCOMPARE(r.fullTable.size(), std::size_t(5));
        const MeasureEstimate& u = find(r.fullTable, "uncertainty");
        RR_COMPARE_NEAR(100 * u.estimate.value, expected, 0.005);
        RR_COMPARE_NEAR(u.original->value, u.estimate.value, 1e-12);
        // an empty cell (e.g. no Preschool record earns >50K) has 0 log 0 = 0 but no derivative there
        const bool emptyCell = (in.randomizedCounts.array() == 0).any();
        QCOMPARE(u.variance.defined, !emptyCell);
        if (emptyCell)
            QVERIFY2(u.variance.reason.find("is 0") != std::string::npos, u.variance.reason.c_str());
        else
            QVERIFY(u.variance.value > 0);
        QVERIFY(find(r.fullTable, "chi_square").variance.defined); // no logarithm in chi-square
    }

    // 003 Result 8: chi-square, G2, M, tau and U computed on the randomized table without p never exceed
    // the original values, for any distortion matrices; the estimate from the expected table is the original.
    void polytomousAttenuation()
    {
        const Table& t = m_esgro.table;
        const Eigen::VectorXd counts = countsOf(t, {"race", "salary-class"});
        QVERIFY((counts.array() > 0).all());
        for (double p : {0.3, 0.6, 0.9})
            for (double q : {0.55, 0.8}) {
                PairInput in;
                in.first = DistortionMatrix::warner(5, p);
                in.second = DistortionMatrix::warner(2, q);
                in.randomizedCounts = expectedRandomized({in.first, in.second}, counts);
                in.originalCounts = counts;
                in.presentFirst = t.attributes[t.attributeIndex("race")].categoryIndex("White");
                in.presentSecond = t.attributes[t.attributeIndex("salary-class")].categoryIndex(">50K");
                QVERIFY(in.presentFirst >= 0 && in.presentSecond >= 0);
                const PairMeasures r = estimatePairMeasures(in);
                QCOMPARE(r.fullTable.size(), std::size_t(5));
                for (const auto& e : r.fullTable) {
                    QVERIFY2(e.randomized.value <= e.original->value + 1e-12, e.key.c_str());
                    RR_COMPARE_NEAR(e.estimate.value, e.original->value, 1e-8 * std::max(1.0, e.original->value));
                    QVERIFY(e.variance.defined && e.normal && e.normal->lo >= 0);
                }
            }
    }

    // Two items: the k-item measures are the 2 x 2 ones (values and variances).
    void twoItemsAreThePair()
    {
        const Eigen::VectorXd counts = coilTable(m_coil, "GH").counts();
        ItemsInput items;
        items.matrices = warners({2, 2}, {0.9, 0.8});
        items.randomizedCounts = expectedRandomized(items.matrices, counts);
        PairInput pair;
        pair.first = items.matrices[0];
        pair.second = items.matrices[1];
        pair.randomizedCounts = items.randomizedCounts;
        const std::vector<MeasureEstimate> k = estimateItemMeasures(items);
        const PairMeasures p = estimatePairMeasures(pair);
        QCOMPARE(k.size(), kMultiItemMeasures.size());
        for (const MeasureEstimate& e : k) {
            const MeasureEstimate& twin = find(p.measures, e.key);
            RR_COMPARE_NEAR(e.estimate.value, twin.estimate.value, 1e-10 * std::max(1.0, twin.estimate.value));
            RR_COMPARE_NEAR(e.variance.value, twin.variance.value, 1e-9 * twin.variance.value);
            RR_COMPARE_NEAR(e.randomized.value, twin.randomized.value, 1e-10 * std::max(1.0, twin.randomized.value));
        }
    }

    // FIDELITY.md, Table 4.2's mutual-independence model A,D,G: its Pearson chi-square is 003 eq. 3.6 for the
    // three items. Original 435.70; on the expected randomized table (no p) 177.16, 10.97, 24.82.
    void chiSquareOfThreeItems_data()
    {
        QTest::addColumn<double>("pA");
        QTest::addColumn<double>("pD");
        QTest::addColumn<double>("pG");
        QTest::addColumn<double>("randomized");
        QTest::newRow("0.9, 0.9, 0.9") << 0.9 << 0.9 << 0.9 << 177.16;
        QTest::newRow("0.7, 0.7, 0.7") << 0.7 << 0.7 << 0.7 << 10.97;
        QTest::newRow("0.7, 0.8, 0.9") << 0.7 << 0.8 << 0.9 << 24.82;
    }
    void chiSquareOfThreeItems()
    {
        QFETCH(double, pA);
        QFETCH(double, pD);
        QFETCH(double, pG);
        QFETCH(double, randomized);
        const Eigen::VectorXd counts = coilTable(m_coil, "ADG").counts();
        ItemsInput in;
        in.matrices = warners({2, 2, 2}, {pA, pD, pG});
        in.randomizedCounts = expectedRandomized(in.matrices, counts);
        in.originalCounts = counts;
        const std::vector<MeasureEstimate> r = estimateItemMeasures(in);
        const MeasureEstimate& chi = find(r, "chi_square");
        RR_COMPARE_NEAR(chi.original->value, 435.70, 0.005);
        RR_COMPARE_NEAR(chi.estimate.value, 435.70, 0.005);
        RR_COMPARE_NEAR(chi.randomized.value, randomized, 0.005);
        QVERIFY(chi.normal && chi.normal->lo < 435.70 && 435.70 < chi.normal->hi);
        // support = pi_111 (FIDELITY: 0.1233), Jaccard = pi_111 / (1 - pi_000)
        RR_COMPARE_NEAR(find(r, "support").estimate.value, 0.1233, 5e-5);
        RR_COMPARE_NEAR(find(r, "jaccard").estimate.value, counts[7] / (counts.sum() - counts[0]), 1e-12);
        for (const auto& e : r)
            QVERIFY2(e.estimate.defined && e.variance.defined && e.variance.value > 0, e.key.c_str());
    }

    void itemInputIsChecked()
    {
        ItemsInput in;
        in.matrices = warners({2, 2, 2}, {0.9, 0.9, 0.9});
        in.randomizedCounts = Eigen::VectorXd::Constant(4, 10.0);
        QVERIFY_THROWS_EXCEPTION(InputError, estimateItemMeasures(in));
        in.matrices = std::vector<DistortionMatrix>(13, DistortionMatrix::warner(2, 0.9));
        in.randomizedCounts = Eigen::VectorXd::Constant(8192, 1.0);
        QVERIFY_THROWS_EXCEPTION(InputError, estimateItemMeasures(in));
        in.matrices = warners({2, 3}, {0.9, 0.9});
        in.randomizedCounts = Eigen::VectorXd::Constant(6, 1.0);
        QVERIFY_THROWS_EXCEPTION(InputError, estimateItemMeasures(in));
    }

    // The range of G => H's support and confidence vs p (003 Fig. 3.2, 3.3): centred on the original value,
    // narrowing as p grows, Chebyshev outside normal, and at p = 1 only the sampling spread remains.
    void sweepOverRetention()
    {
        const Eigen::VectorXd counts = coilTable(m_coil, "GH").counts();
        const double n = counts.sum(), s = counts[3] / n;
        SweepInput in;
        in.counts = counts;
        in.retention = {0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0};
        for (Measure m : {Measure::Support, Measure::Confidence, Measure::Phi, Measure::OddsRatio}) {
            in.measure = m;
            const std::vector<SweepPoint> points = sweepRetention(in);
            QCOMPARE(points.size(), in.retention.size());
            double lastWidth = std::numeric_limits<double>::infinity();
            for (const SweepPoint& pt : points) {
                const MeasureEstimate& e = pt.estimate;
                RR_COMPARE_NEAR(e.estimate.value, e.original->value, 1e-9 * std::max(1.0, e.original->value));
                const double width = e.normal->rawHi - e.normal->rawLo;
                QVERIFY2(width < lastWidth, e.key.c_str());
                lastWidth = width;
                QVERIFY(e.chebyshev->rawLo < e.normal->rawLo && e.normal->rawHi < e.chebyshev->rawHi);
            }
            if (m == Measure::Support) {
                // p = 1: the multinomial variance s (1 - s) / (N - 1)
                RR_COMPARE_RELATIVE(points.back().estimate.variance.value, s * (1 - s) / (n - 1), 1e-12);
                // 003 Sec. 3.2.2: at p = 0.9 the 95% normal range of s_GH is about [0.346, 0.378] (+-0.016)
                RR_COMPARE_NEAR(points[5].estimate.normal->hi - points[5].estimate.normal->lo, 0.032, 0.002);
            }
        }
        // sweeping one attribute, the other kept at p = 1, leaves a narrower range than sweeping both
        in.measure = Measure::Support;
        in.retention = {0.8};
        const double both = sweepRetention(in)[0].estimate.variance.value;
        in.axis = SweepAxis::First;
        in.fixedSecond = 1.0;
        const SweepPoint one = sweepRetention(in)[0];
        QCOMPARE(one.pFirst, 0.8);
        QCOMPARE(one.pSecond, 1.0);
        QVERIFY(one.estimate.variance.value < both);
        in.retention = {0.5};
        QVERIFY_THROWS_EXCEPTION(InputError, sweepRetention(in));
    }
};

QTEST_GUILESS_MAIN(TestMeasuresTables)
#include "test_measures_tables.moc"
