// The trade-off curve: optimal points of 003 Problem 1 per mode and l, with a utility loss.
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/optimization/TradeOff.h"
#include "core/risk/RandomizationMode.h"

#include "TestSupport.h"

#include <QtTest>

using namespace rr;

class TestTradeOff : public QObject {
    Q_OBJECT
    ContingencyTable m_joint;

    std::vector<DistortionMatrix> matrices(const std::vector<double>& p) const
    {
        std::vector<DistortionMatrix> m;
        for (std::size_t k = 0; k < p.size(); ++k)
            m.push_back(DistortionMatrix::warner(m_joint.dims()[k], p[k]));
        return m;
    }

private slots:
    void initTestCase() { m_joint = testdata::emgrw(testdata::adultComplete()); }

    void emgrwCurves()
    {
        DisclosureRiskModel model(m_joint);
        const Eigen::VectorXd pi = m_joint.proportions();
        const double n = m_joint.total();
        TradeOffOptions o;
        o.lMin = 2;
        o.lMax = 4;
        int calls = 0;
        const auto points = computeTradeOff(model, o, [&](const std::vector<double>& p) {
            ++calls;
            return expectedSquaredError(matrices(p), pi, n);
        });
        QCOMPARE(points.size(), std::size_t(9)); // 3 modes x 3 l
        int feasible = 0;
        for (const TradeOffPoint& pt : points) {
            QCOMPARE(pt.tau, 1.0 / pt.l);
            if (pt.mode == RandomizationMode::S) {
                // FIDELITY: QI groups with one sensitive value keep risk 1 for every p_S.
                QVERIFY(!pt.feasible);
                QVERIFY(!pt.reason.empty());
                QCOMPARE(pt.lowestMaxRisk, 1.0);
                QVERIFY(pt.blockingRecords >= 648);
                continue;
            }
            QVERIFY2(pt.feasible, pt.reason.c_str());
            ++feasible;
            QVERIFY(pt.maxRisk <= pt.tau + 1e-9);
            QCOMPARE(pt.p.size(), std::size_t(5));
            // The loss is the callback's value at the returned p.
            RR_COMPARE_NEAR(pt.utilityLoss, expectedSquaredError(matrices(pt.p), pi, n), 1e-15);
            QVERIFY(pt.utilityLoss > 0);
        }
        QCOMPARE(calls, feasible);
        // A stricter target never costs less utility; RR-Both contains RR-QI (p_S = 1).
        for (RandomizationMode m : {RandomizationMode::QI, RandomizationMode::Both}) {
            double previous = 0;
            for (const TradeOffPoint& pt : points)
                if (pt.mode == m) {
                    QVERIFY(pt.objective >= previous * (1 - 1e-9));
                    previous = pt.objective;
                }
        }
        for (int l = 2; l <= 4; ++l) {
            const TradeOffPoint* qi = nullptr;
            const TradeOffPoint* both = nullptr;
            for (const TradeOffPoint& pt : points) {
                if (pt.l == l && pt.mode == RandomizationMode::QI)
                    qi = &pt;
                if (pt.l == l && pt.mode == RandomizationMode::Both)
                    both = &pt;
            }
            QVERIFY(qi && both);
            QVERIFY(both->objective <= qi->objective * 1.02);
        }
    }

    // Each l starts from the optimum at l - 1 (issue 25: fewer risk passes); every point is the optimum a
    // cold start finds at its tau, to 1e-6 of the objective, and no costlier in passes overall.
    void warmStartsFindTheColdOptimum()
    {
        DisclosureRiskModel model(m_joint);
        TradeOffOptions o;
        o.modes = {RandomizationMode::QI, RandomizationMode::Both};
        o.lMin = 2;
        o.lMax = 7;
        const auto points = computeTradeOff(model, o, {});
        QCOMPARE(points.size(), std::size_t(12));
        int warmPasses = 0, coldPasses = 0;
        for (const TradeOffPoint& pt : points) {
            OptimizationOptions cold;
            cold.mode = pt.mode;
            cold.tau = pt.tau;
            const OptimizationResult r = optimizeParameters(model, cold);
            QVERIFY(pt.feasible && r.feasible);
            const QString what = QString("%1 l=%2: warm %3 cold %4")
                                     .arg(QString::fromStdString(modeLabel(pt.mode)))
                                     .arg(pt.l)
                                     .arg(pt.objective, 0, 'g', 12)
                                     .arg(r.objective, 0, 'g', 12);
            QVERIFY2(std::abs(pt.objective - r.objective) <= 1e-6 * r.objective, qPrintable(what));
            QVERIFY(pt.maxRisk <= pt.tau + 1e-9);
            warmPasses += pt.evaluations;
            coldPasses += r.evaluations;
        }
        QVERIFY2(warmPasses < coldPasses, qPrintable(QString("%1 vs %2").arg(warmPasses).arg(coldPasses)));
    }

    void stopsWhenAsked()
    {
        DisclosureRiskModel model(m_joint);
        TradeOffOptions o;
        o.modes = {RandomizationMode::QI};
        o.lMin = 2;
        o.lMax = 6;
        const auto points = computeTradeOff(model, o, {}, [](int done, int) { return done < 2; });
        QCOMPARE(points.size(), std::size_t(2));
        QCOMPARE(points.back().l, 3);
    }

    void badRangeIsRefused()
    {
        DisclosureRiskModel model(m_joint);
        TradeOffOptions o;
        o.lMin = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, computeTradeOff(model, o, {}));
        o.lMin = 4;
        o.lMax = 3;
        QVERIFY_THROWS_EXCEPTION(InputError, computeTradeOff(model, o, {}));
    }
};

QTEST_GUILESS_MAIN(TestTradeOff)
#include "test_tradeoff.moc"
