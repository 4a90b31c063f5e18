// The privacy read-out of an operator on data (core/baskets/OperatorPrivacy): 002's R over the items (eq. 16,
// 17) recomputed from item supports by hand, R refused for the replacing operators, epsilon per basket size
// against closed forms (per-item bits: n ln(p/(1-p)); select-a-size with binomial p_m[j]:
// m |ln(q(1-rho) / ((1-q) rho))|), sizes with a zero p_m[j] unbounded, and the binomial size probabilities.
#include "TestData.h"
#include "TestSupport.h"

#include "core/baskets/FimiReader.h"
#include "core/baskets/OperatorPrivacy.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>

using namespace rr;

namespace {

BasketSummary smallSummary()
{
    return summarize(readFimiFile(testdata::sharedData("baskets/small.dat")).transactions);
}

// 002 eq. 13 written out: P(X=1|Y=1) p + P(X=1|Y=0) (1-p) with Bayes' rule.
double rByHand(double p, double s)
{
    const double y1 = s * p + (1 - s) * (1 - p), y0 = s * (1 - p) + (1 - s) * p;
    return (y1 > 0 ? s * p / y1 * p : 0) + (y0 > 0 ? s * (1 - p) / y0 * (1 - p) : 0);
}

} // namespace

class TestBasketOperatorPrivacy : public QObject {
    Q_OBJECT
private slots:
    void reconstructionOfItemBitsIsEq16()
    {
        const BasketSummary s = smallSummary();
        const ReconstructionReadout r = reconstructionReadout(itemBitsOperator(0.85), s);
        QVERIFY(r.defined);
        QCOMPARE(r.equation, std::string("002 eq. 16"));
        QCOMPARE(r.classes.size(), std::size_t(1));
        double num = 0, den = 0;
        for (std::size_t i = 0; i < s.itemCounts.size(); ++i) {
            const double si = static_cast<double>(s.itemCounts[i]) / static_cast<double>(s.baskets);
            num += si * rByHand(0.85, si);
            den += si;
        }
        RR_COMPARE_NEAR(r.overall, num / den, 1e-12);
        QVERIFY(r.overall > 0.5 && r.overall < 1);
    }

    void reconstructionOfFrequencyAwareIsEq17()
    {
        const BasketSummary s = smallSummary();
        const auto frequent = frequentItemFlags(s.itemCounts, s.baskets, 0.3);
        const ReconstructionReadout r = reconstructionReadout(frequencyAwareOperator(0.9, 0.8, frequent), s);
        QVERIFY(r.defined);
        QCOMPARE(r.classes.size(), std::size_t(2));
        double num = 0, den = 0;
        std::size_t nFrequent = 0;
        for (std::size_t i = 0; i < s.itemCounts.size(); ++i) {
            const double si = static_cast<double>(s.itemCounts[i]) / static_cast<double>(s.baskets);
            num += si * rByHand(frequent[i] ? 0.9 : 0.8, si);
            den += si;
            nFrequent += frequent[i];
        }
        QCOMPARE(r.classes[0].items, nFrequent);
        QCOMPARE(r.classes[1].items, s.itemCounts.size() - nFrequent);
        QVERIFY(nFrequent > 0 && nFrequent < s.itemCounts.size());
        RR_COMPARE_NEAR(r.overall, num / den, 1e-12);
        // Same keep probability for both classes: eq. 17 is eq. 16.
        RR_COMPARE_NEAR(reconstructionReadout(frequencyAwareOperator(0.8, 0.8, frequent), s).overall,
                        reconstructionReadout(itemBitsOperator(0.8), s).overall, 1e-12);
    }

    void reconstructionDoesNotApplyToReplacingOperators()
    {
        const BasketSummary s = smallSummary();
        for (const BasketOperator& op : {uniformOperator(0.3), cutAndPasteOperator(3, 0.4, s.maxSize)}) {
            const ReconstructionReadout r = reconstructionReadout(op, s);
            QVERIFY(!r.defined);
            QVERIFY(r.reason.find(operatorName(op.kind)) != std::string::npos);
        }
    }

    void epsilonOfItemBitsAddsUpOverItems()
    {
        const BasketSummary s = smallSummary();
        const EpsilonReadout e = epsilonReadout(itemBitsOperator(0.9), s);
        QVERIFY(e.ldp);
        QCOMPARE(e.bySize.size(), std::size_t(1));
        QCOMPARE(e.bySize[0].m, -1);
        QCOMPARE(e.bySize[0].baskets, s.baskets);
        RR_COMPARE_NEAR(e.value, s.itemCount * std::log(0.9 / 0.1), 1e-9);
        const EpsilonReadout none = epsilonReadout(itemBitsOperator(1.0), s);
        QVERIFY(!none.ldp);
        QVERIFY(none.note.find("no randomization") != std::string::npos);
    }

    // Binomial p_m[j] with share q: h(a) = (1-q)^m (q (1-rho) / ((1-q) rho))^a, so epsilon = m |ln ratio|.
    void epsilonOfBinomialSelectASizeIsClosedForm()
    {
        const BasketSummary s = smallSummary();
        const double q = 0.7, rho = 0.2;
        std::vector<SelectASizeLevel> levels;
        for (std::uint32_t m = 0; m <= s.maxSize; ++m)
            levels.push_back({rho, rr::binomialSizeProbabilities(static_cast<int>(m), q)});
        const EpsilonReadout e = epsilonReadout(selectASizeOperator(levels), s);
        QVERIFY(e.ldp);
        std::size_t sizes = 0;
        for (std::size_t m = 0; m < s.sizeHistogram.size(); ++m)
            sizes += s.sizeHistogram[m] > 0;
        QCOMPARE(e.bySize.size(), sizes);
        const double perItem = std::abs(std::log(q * (1 - rho) / ((1 - q) * rho)));
        for (const SizeEpsilon& se : e.bySize)
            RR_COMPARE_NEAR(se.epsilon.value, se.m * perItem, 1e-9);
        QCOMPARE(e.worstM, static_cast<int>(s.maxSize));
        RR_COMPARE_NEAR(e.value, s.maxSize * perItem, 1e-9);
    }

    // Select-a-size that always keeps the whole basket (q = 1: p_m[m] = 1): an output holding fewer of the
    // basket's items is impossible from it, possible from another basket of the size: no finite epsilon.
    void selectASizeWithZeroSizeProbabilityIsNotLdp()
    {
        const BasketSummary s = smallSummary(); // sizes 1..5
        std::vector<SelectASizeLevel> levels;
        for (std::uint32_t m = 0; m <= s.maxSize; ++m)
            levels.push_back({0.3, rr::binomialSizeProbabilities(static_cast<int>(m), 1.0)});
        const EpsilonReadout e = epsilonReadout(selectASizeOperator(levels), s);
        QVERIFY(!e.ldp);
        for (const SizeEpsilon& se : e.bySize)
            QVERIFY(!se.epsilon.bounded);
        QVERIFY2(e.note.find("baskets of size 1: some p_m[a] is 0") == 0, e.note.c_str());
        // Cut-and-paste inserts the basket's own items too (Def. 8): every p_m[j] > 0, finite at every size.
        const EpsilonReadout cp = epsilonReadout(cutAndPasteOperator(3, 0.4, s.maxSize), s);
        QVERIFY(cp.ldp);
        QCOMPARE(cp.bySize.size(), std::size_t(5));
        QVERIFY(cp.value > 0);
    }

    void binomialSizeProbabilities_data()
    {
        QTest::addColumn<int>("m");
        QTest::addColumn<double>("q");
        QTest::newRow("m=4 q=0.3") << 4 << 0.3;
        QTest::newRow("m=1 q=0.5") << 1 << 0.5;
        QTest::newRow("m=76 q=0.9") << 76 << 0.9;
        QTest::newRow("m=3 q=0") << 3 << 0.0;
        QTest::newRow("m=3 q=1") << 3 << 1.0;
    }
    void binomialSizeProbabilities()
    {
        QFETCH(int, m);
        QFETCH(double, q);
        const std::vector<double> p = rr::binomialSizeProbabilities(m, q);
        QCOMPARE(p.size(), static_cast<std::size_t>(m) + 1);
        double sum = 0, mean = 0, c = 1;
        for (int j = 0; j <= m; ++j) {
            if (m <= 10)
                RR_COMPARE_NEAR(p[static_cast<std::size_t>(j)], c * std::pow(q, j) * std::pow(1 - q, m - j), 1e-12);
            c = c * (m - j) / (j + 1);
            sum += p[static_cast<std::size_t>(j)];
            mean += j * p[static_cast<std::size_t>(j)];
        }
        RR_COMPARE_NEAR(sum, 1.0, 1e-12);
        RR_COMPARE_NEAR(mean, m * q, 1e-9);
        QVERIFY_THROWS_EXCEPTION(InputError, rr::binomialSizeProbabilities(m, 1.5));
    }
};

QTEST_APPLESS_MAIN(TestBasketOperatorPrivacy)
#include "test_basket_operator_privacy.moc"
