// Risk over a grid of two retention probabilities (003 Fig. 5.2 for any pair of attributes).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/risk/RiskSurface.h"

#include "TestSupport.h"

#include <QtTest>

#include <cstring>

using namespace rr;

class TestRiskSurface : public QObject {
    Q_OBJECT
    Table m_adult;

private slots:
    void initTestCase() { m_adult = testdata::adultComplete(); }

    void gridRunsFromOneOverDToOne()
    {
        const auto g = retentionGrid(4, 5);
        QCOMPARE(g.size(), std::size_t(5));
        QCOMPARE(g.front(), 0.25);
        QCOMPARE(g.back(), 1.0);
        for (std::size_t k = 1; k < g.size(); ++k)
            RR_COMPARE_NEAR((g[k] - g[k - 1]), 0.1875, 1e-15);
        QVERIFY_THROWS_EXCEPTION(InputError, retentionGrid(1, 5));
        QVERIFY_THROWS_EXCEPTION(InputError, retentionGrid(3, 1));
    }

    // FIDELITY, Fig. 5.2: the individual Female/Cancer (cell 3) at the grid's corners.
    void figure52Corners()
    {
        DisclosureRiskModel model(testdata::genderDisease());
        RiskSurfaceOptions o;
        o.xAttribute = 0; // Gender, d = 2: p from 1/2
        o.yAttribute = 1; // Disease, d = 3: p from 1/3
        o.steps = 3;
        o.cell = 3;
        const RiskSurface s = computeRiskSurface(model, {1.0, 1.0}, o);
        QVERIFY(s.complete);
        QCOMPARE(s.risk.rows(), Eigen::Index(3));
        RR_COMPARE_NEAR(s.risk(2, 2), 0.4286, 1e-4); // p_G = 1, p_D = 1
        RR_COMPARE_NEAR(s.risk(0, 2), 0.1837, 1e-4); // p_D = 1/3: RR-S minimum (12/28)^2
        RR_COMPARE_NEAR(s.risk(2, 0), 0.1200, 1e-4); // p_G = 1/2: RR-QI minimum pi_10
        RR_COMPARE_NEAR(s.risk(0, 0), 0.0514, 1e-4); // both minimal: pi_10^2 / pi_1+
    }

    // Every grid value equals a direct evaluation with explicit matrices; max risk never
    // decreases along either axis (the monotonicity of 003 Result 16's proof).
    void emgrwGridMatchesDirectEvaluation()
    {
        DisclosureRiskModel model(testdata::emgrw(m_adult));
        DisclosureRiskModel reference(testdata::emgrw(m_adult));
        const std::vector<double> p{0.573, 0.821, 0.913, 0.973, 0.955}; // 003 Table 5.2, RR-Both l = 3
        RiskSurfaceOptions o;
        o.xAttribute = 0; // education
        o.yAttribute = 4; // workclass (S)
        o.steps = 41;
        int rowsSeen = 0;
        const RiskSurface s = computeRiskSurface(model, p, o, [&](int done, int total) {
            rowsSeen = done;
            return total == 41;
        });
        QVERIFY(s.complete);
        QCOMPARE(rowsSeen, 41);
        const auto& dims = reference.dims();
        for (int iy : {0, 7, 20, 40})
            for (int ix : {0, 13, 33, 40}) {
                std::vector<double> at = p;
                at[0] = s.px[static_cast<std::size_t>(ix)];
                at[4] = s.py[static_cast<std::size_t>(iy)];
                std::vector<DistortionMatrix> qi;
                for (int k = 0; k < 4; ++k)
                    qi.push_back(
                        DistortionMatrix::warner(dims[static_cast<std::size_t>(k)], at[static_cast<std::size_t>(k)]));
                const double direct = reference.maxRisk(qi, DistortionMatrix::warner(dims[4], at[4]));
                QVERIFY2(std::abs(s.risk(iy, ix) - direct) < 1e-12,
                         qPrintable(QString("grid (%1,%2)").arg(ix).arg(iy)));
            }
        for (int iy = 0; iy < 41; ++iy)
            for (int ix = 1; ix < 41; ++ix)
                QVERIFY(s.risk(iy, ix) >= s.risk(iy, ix - 1) - 1e-12);
        for (int ix = 0; ix < 41; ++ix)
            for (int iy = 1; iy < 41; ++iy)
                QVERIFY(s.risk(iy, ix) >= s.risk(iy - 1, ix) - 1e-12);
        // The top-right corner is the point itself with education and workclass unrandomized.
        QVERIFY(s.maxRisk() <= 1.0 + 1e-12);
        QVERIFY(s.minRisk() > 0.0);
    }

    void cellSurfaceNeverExceedsMaxSurface()
    {
        DisclosureRiskModel model(testdata::emgrw(m_adult));
        const std::vector<double> p{1, 1, 1, 1, 1};
        RiskSurfaceOptions o;
        o.xAttribute = 1;
        o.yAttribute = 2;
        o.steps = 9;
        const RiskSurface all = computeRiskSurface(model, p, o);
        o.cell = model.presentCells()[model.presentCells().size() / 2];
        const RiskSurface one = computeRiskSurface(model, p, o);
        for (Eigen::Index i = 0; i < all.risk.size(); ++i)
            QVERIFY(one.risk(i) <= all.risk(i) + 1e-12);
    }

    // Two threads (a line each in turn of the halves) give the grid of one, to the bit, whichever axes.
    void twoThreadsSameGrid()
    {
        DisclosureRiskModel model(testdata::emgrw(m_adult));
        const std::vector<double> p{0.573, 0.821, 0.913, 0.973, 0.955};
        for (const auto& [x, y] : std::vector<std::pair<int, int>>{{0, 4}, {4, 1}, {2, 3}}) {
            RiskSurfaceOptions o;
            o.xAttribute = x;
            o.yAttribute = y;
            o.steps = 13;
            const RiskSurface one = computeRiskSurface(model, p, o);
            o.threads = 2;
            int last = 0;
            bool rising = true;
            const RiskSurface two = computeRiskSurface(model, p, o, [&](int done, int total) {
                rising = rising && done > last && done <= total;
                last = done;
                return true;
            });
            QVERIFY(one.complete && two.complete);
            QVERIFY(rising);
            QCOMPARE(last, 13);
            QVERIFY2(std::memcmp(one.risk.data(), two.risk.data(), sizeof(double) * std::size_t(one.risk.size())) == 0,
                     qPrintable(QString("axes %1, %2").arg(x).arg(y)));
        }
        RiskSurfaceOptions o; // cancelled on the calling thread: the helper stops too
        o.threads = 2;
        o.steps = 41;
        QVERIFY(!computeRiskSurface(model, p, o, [](int done, int) { return done < 4; }).complete);
    }

    void cancelStopsEarly()
    {
        DisclosureRiskModel model(testdata::genderDisease());
        RiskSurfaceOptions o;
        o.xAttribute = 0;
        o.yAttribute = 1;
        o.steps = 20;
        const RiskSurface s = computeRiskSurface(model, {1, 1}, o, [](int done, int) { return done < 5; });
        QVERIFY(!s.complete);
    }

    void badInputIsRefused()
    {
        DisclosureRiskModel model(testdata::genderDisease());
        RiskSurfaceOptions o;
        o.xAttribute = 0;
        o.yAttribute = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, computeRiskSurface(model, {1, 1}, o));
        o.yAttribute = 2;
        QVERIFY_THROWS_EXCEPTION(InputError, computeRiskSurface(model, {1, 1}, o));
        o.yAttribute = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, computeRiskSurface(model, {1}, o));
        QVERIFY_THROWS_EXCEPTION(InputError, computeRiskSurface(model, {1.5, 1}, o));
        o.steps = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, computeRiskSurface(model, {1, 1}, o));
        o.steps = 5;
        o.cell = 6;
        QVERIFY_THROWS_EXCEPTION(InputError, computeRiskSurface(model, {1, 1}, o));
    }
};

QTEST_GUILESS_MAIN(TestRiskSurface)
#include "test_risk_surface.moc"
