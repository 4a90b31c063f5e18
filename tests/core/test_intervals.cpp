// Interquantile ranges (003 Sec. 3.2, seed 000): normal and Chebyshev, clipping to [0, 1] or a measure's range.
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/estimation/Intervals.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace rr;

class TestIntervals : public QObject {
    Q_OBJECT
private slots:
    void criticalValues()
    {
        RR_COMPARE_NEAR(normalCriticalValue(0.05), 1.959963984540054, 1e-12);
        RR_COMPARE_NEAR(normalCriticalValue(0.10), 1.6448536269514722, 1e-12);
        RR_COMPARE_NEAR(normalCriticalValue(0.01), 2.5758293035489004, 1e-12);
        RR_COMPARE_NEAR(chebyshevCriticalValue(0.05), 4.47213595499958, 1e-12);
        RR_COMPARE_NEAR(chebyshevCriticalValue(0.25), 2.0, 1e-15);
        // smaller alpha, wider interval; Chebyshev is always the wider (it assumes no distribution)
        QVERIFY(normalCriticalValue(0.01) > normalCriticalValue(0.05));
        for (double a : {0.5, 0.2, 0.05, 0.01, 0.001})
            QVERIFY(chebyshevCriticalValue(a) > normalCriticalValue(a));
    }

    void handComputedIntervals()
    {
        // 0.5 -/+ 1.959964 * 0.1
        const Interval z = interquantileRange(0.5, 0.01, 0.05, IntervalKind::Normal);
        RR_COMPARE_NEAR(z.lo, 0.3040036015459946, 1e-12);
        RR_COMPARE_NEAR(z.hi, 0.6959963984540054, 1e-12);
        QCOMPARE(z.rawLo, z.lo);
        QCOMPARE(z.rawHi, z.hi);
        // 0.3 -/+ 0.02 / sqrt(0.25) = 0.3 -/+ 0.04
        const Interval c = interquantileRange(0.3, 0.0004, 0.25, IntervalKind::Chebyshev);
        RR_COMPARE_NEAR(c.lo, 0.26, 1e-15 && std::abs(c.hi - 0.34) < 1e-15);
        // zero variance: a point
        const Interval p = interquantileRange(0.42, 0.0, 0.05, IntervalKind::Normal);
        QCOMPARE(p.lo, 0.42);
        QCOMPARE(p.hi, 0.42);
    }

    void clipsToUnitIntervalKeepingRawBounds()
    {
        // 0.02 -/+ 1.959964 * 0.02: the raw lower bound is negative
        const Interval lo = interquantileRange(0.02, 0.0004, 0.05, IntervalKind::Normal);
        RR_COMPARE_NEAR(lo.rawLo, (0.02 - 0.03919927969080108), 1e-12);
        QCOMPARE(lo.lo, 0.0);
        RR_COMPARE_NEAR(lo.hi, lo.rawHi, 1e-15 && lo.hi > 0.05);
        // an estimate above 1 (possible for the unbiased moment estimate)
        const Interval hi = interquantileRange(1.01, 0.0001, 0.05, IntervalKind::Chebyshev);
        QCOMPARE(hi.hi, 1.0);
        QVERIFY(hi.rawHi > 1.05);
        RR_COMPARE_NEAR(hi.lo, (1.01 - 0.01 * std::sqrt(20.0)), 1e-12);
        // a negative estimate far from 0: both ends clip to 0, the raw ones stay negative
        const Interval neg = interquantileRange(-0.2, 0.0001, 0.05, IntervalKind::Normal);
        QCOMPARE(neg.lo, 0.0);
        QCOMPARE(neg.hi, 0.0);
        QVERIFY(neg.rawHi < -0.17 && neg.rawLo < neg.rawHi);
    }

    // Measures that are not proportions clip to their own range: chi-square to [0, inf), phi to [-1, 1].
    void clipsToAMeasuresOwnRange()
    {
        const double inf = std::numeric_limits<double>::infinity();
        const Interval chi = interquantileRange(1938.0, 126.6 * 126.6, 0.05, IntervalKind::Chebyshev, 0.0, inf);
        RR_COMPARE_NEAR(chi.hi, (1938.0 + 126.6 * std::sqrt(20.0)), 1e-9);
        QCOMPARE(chi.hi, chi.rawHi);
        const Interval phi = interquantileRange(-0.98, 0.0004, 0.05, IntervalKind::Normal, -1.0, 1.0);
        QCOMPARE(phi.lo, -1.0);
        QVERIFY(phi.rawLo < -1.0 && phi.hi > -0.95);
        // critical values computed once give the same ranges
        const CriticalValues k = rr::criticalValues(0.05);
        QCOMPARE(k.normal, normalCriticalValue(0.05));
        QCOMPARE(k.chebyshev, chebyshevCriticalValue(0.05));
        const Interval a = rangeAround(1938.0, 126.6 * 126.6, k.chebyshev, 0.0, inf);
        QCOMPARE(a.lo, chi.lo);
        QCOMPARE(a.hi, chi.hi);
        QVERIFY_THROWS_EXCEPTION(InputError, interquantileRange(0.5, 0.01, 0.05, IntervalKind::Normal, 1.0, 0.0));
        QVERIFY_THROWS_EXCEPTION(InputError, rangeAround(0.5, 0.01, -1.0, 0.0, 1.0));
    }

    void rejectsBadInput()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        for (double a : {0.0, 1.0, -0.1, 1.5, nan}) {
            QVERIFY_THROWS_EXCEPTION(InputError, normalCriticalValue(a));
            QVERIFY_THROWS_EXCEPTION(InputError, chebyshevCriticalValue(a));
            QVERIFY_THROWS_EXCEPTION(InputError, interquantileRange(0.5, 0.01, a, IntervalKind::Normal));
        }
        try {
            normalCriticalValue(1.0);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("alpha") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, interquantileRange(0.5, -1e-6, 0.05, IntervalKind::Normal));
        QVERIFY_THROWS_EXCEPTION(InputError, interquantileRange(0.5, nan, 0.05, IntervalKind::Normal));
        QVERIFY_THROWS_EXCEPTION(InputError, interquantileRange(nan, 0.01, 0.05, IntervalKind::Chebyshev));
        QVERIFY_THROWS_EXCEPTION(
            InputError, interquantileRange(0.5, std::numeric_limits<double>::infinity(), 0.05, IntervalKind::Normal));
    }
};

QTEST_GUILESS_MAIN(TestIntervals)
#include "test_intervals.moc"
