// What a data miner cannot do without p (003 Sec. 4.3.3-4.4, Results 12-14): the computed examples
// for the "Without p" view, each checked to really reverse its order, on COIL tables recounted here.
#include "CoilData.h"

#include "core/data/Errors.h"
#include "core/withoutp/FlipExamples.h"
#include "core/withoutp/MiningMeasures.h"

#include "TestSupport.h"

#include <QtTest>

using namespace rr;
using namespace rr::testdata;

class TestUnknownP : public QObject {
    Q_OBJECT
    Table m_coil;
private slots:
    void initTestCase() { m_coil = coilBinarized(); }

    void measuresByHand()
    {
        // 2 x 2 x 2 counts over (X, Y, C)
        ContingencyTable t({2, 2, 2});
        t.counts() << 10, 5, 20, 15, 30, 0, 5, 15;
        const double n = 100;
        QCOMPARE(itemsetSupport(t, {0, 1}, {1, 1}), 20.0 / n);
        QCOMPARE(itemsetSupport(t, {}, {}), 1.0);
        RR_COMPARE_NEAR(ruleConfidence(t, {0}, {1}, {2}, {1}), 15.0 / 50, 1e-15);
        // split on X with class C: X=0 has C (40, 10)... X=0: C0 = 10+20, C1 = 5+15; X=1: C0 = 35, C1 = 15
        const double g0 = 1 - (30.0 / 50) * (30.0 / 50) - (20.0 / 50) * (20.0 / 50);
        const double g1 = 1 - (35.0 / 50) * (35.0 / 50) - (15.0 / 50) * (15.0 / 50);
        RR_COMPARE_NEAR(giniSplit(t, 0, 2), 0.5 * g0 + 0.5 * g1, 1e-15);
        // naive Bayes score of C = 1 for X = 0, Y = 1: P(C1) P(X0|C1) P(Y1|C1) / P(X0, Y1)
        const double pc = 35.0 / n, px0c = 20.0 / 35, py1c = 30.0 / 35, pxy = 35.0 / n;
        RR_COMPARE_NEAR(naiveBayesScore(t, {0, 1}, {0, 1}, 2, 1), pc * px0c * py1c / pxy, 1e-15);
        QVERIFY_THROWS_EXCEPTION(InputError, ruleConfidence(t, {0}, {2}, {1}, {1}));
        QVERIFY_THROWS_EXCEPTION(InputError, giniSplit(t, 1, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, naiveBayesScore(t, {2}, {0}, 2, 1));
    }

    // The tables the examples carry are COIL's own counts.
    void examplesUseCoilCounts()
    {
        for (const FlipExample& e : unknownPExamples()) {
            std::string letters;
            for (const auto& name : e.original.names())
                letters += name;
            const ContingencyTable coil = coilTable(m_coil, letters);
            QVERIFY2(coil.counts() == e.original.counts(), letters.c_str());
            QCOMPARE(e.original.total(), 5822.0);
            QCOMPARE(e.distortion.size(), std::size_t(3));
            RR_COMPARE_NEAR(e.randomizedProportions.sum(), 1.0, 1e-12);
        }
    }

    void everyExampleFlips()
    {
        const std::vector<FlipExample> all = unknownPExamples();
        QCOMPARE(all.size(), std::size_t(4));
        for (const FlipExample& e : all) {
            qInfo("%s - %s: %s", e.result.c_str(), e.title.c_str(), e.sentence.c_str());
            QVERIFY2(e.flipped, e.title.c_str());
            QVERIFY(!e.sentence.empty());
            QVERIFY(!e.values.empty());
        }
        // the flips themselves, from the values
        const FlipExample rules = associationRuleExample();
        QVERIFY(rules.values[0].original > rules.values[1].original); // support E=>H > E=>G
        QVERIFY(rules.values[0].randomized < rules.values[1].randomized);
        QVERIFY(rules.values[2].original > rules.values[3].original); // confidence
        QVERIFY(rules.values[2].randomized < rules.values[3].randomized);
        RR_COMPARE_NEAR(rules.values[2].original, 1.0, 1e-12); // every E customer has H
        const FlipExample gamma = loglinearCoefficientExample();
        QVERIFY(gamma.values[0].original < 0 && gamma.values[0].randomized > 0);
        RR_COMPARE_NEAR(gamma.values[0].original, -0.0750, 5e-5);
        RR_COMPARE_NEAR(gamma.values[0].randomized, 0.1249, 5e-5);
    }

    // 003 Example 5: gini_split(A) 0.30, (B) 0.33 before; 0.35, 0.34 after p_A = 0.6, p_B = 0.9,
    // with lambda^ABC = (0.2629, 0.1127, 0.1042, 0.0143, 0.2837, 0.0873, 0.1240, 0.0109).
    void example5AsPrinted()
    {
        const FlipExample e = giniExample();
        RR_COMPARE_NEAR(e.values[0].original, 0.30, 0.005);
        RR_COMPARE_NEAR(e.values[1].original, 0.33, 0.005);
        RR_COMPARE_NEAR(e.values[0].randomized, 0.35, 0.005);
        RR_COMPARE_NEAR(e.values[1].randomized, 0.34, 0.005);
        const Eigen::VectorXd printed =
            (Eigen::VectorXd(8) << 0.2629, 0.1127, 0.1042, 0.0143, 0.2837, 0.0873, 0.1240, 0.0109).finished();
        RR_COMPARE_NEAR((e.randomizedProportions - printed).cwiseAbs().maxCoeff(), 0.0, 1e-4);
    }

    // 003 Example 6: P(H=0 | A=0, G=1) and P(H=1 | ...) = 0.54, 0.46 after p_A = p_G = 0.6, with
    // lambda^AGH = (0.1579, 0.0848, 0.1351, 0.1163, 0.1643, 0.0845, 0.1408, 0.1162). Before
    // randomization the formula gives 0.318 and 0.696 where 0.31 and 0.69 are printed (also from
    // the printed pi^AGH): the order, which is the point, is as printed.
    void example6AsPrinted()
    {
        const FlipExample e = naiveBayesExample();
        RR_COMPARE_NEAR(e.values[0].randomized, 0.54, 0.005);
        RR_COMPARE_NEAR(e.values[1].randomized, 0.46, 0.005);
        RR_COMPARE_NEAR(e.values[0].original, 0.318, 0.0005);
        RR_COMPARE_NEAR(e.values[1].original, 0.696, 0.0005);
        const Eigen::VectorXd printed =
            (Eigen::VectorXd(8) << 0.1579, 0.0848, 0.1351, 0.1163, 0.1643, 0.0845, 0.1408, 0.1162).finished();
        RR_COMPARE_NEAR((e.randomizedProportions - printed).cwiseAbs().maxCoeff(), 0.0, 1e-4);
    }
};

QTEST_GUILESS_MAIN(TestUnknownP)
#include "test_withoutp.moc"
