// Support recovery from basket releases (core/baskets): 004 Statement 3 on exact expectations, the
// Kronecker route of per-item bits against the partial-support route, retail's recovered supports inside
// their 95% ranges at the nominal rate (simulation), Apriori on retail against an independent count,
// mining an unrandomized release, two-set partial supports and confidence (004 Sec. 4.6, Remark 4.5).
#include "TestData.h"
#include "TestSupport.h"

#include "core/baskets/Apriori.h"
#include "core/baskets/Confidence.h"
#include "core/baskets/ExpectedRecovery.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/MiningComparison.h"
#include "core/baskets/PartialSupports.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/baskets/SupportEstimator.h"
#include "core/baskets/SupportRecovery.h"
#include "core/baskets/Transition.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <sstream>

using namespace rr;

namespace {

using Itemset = std::vector<std::uint32_t>;

// Baskets over `n` items with sizes 1..6 and correlated items: item a present with a probability that
// falls with a, and items 1 and 2 tend to come with item 0.
Transactions synthetic(std::size_t baskets, std::uint32_t n, std::uint64_t seed)
{
    std::mt19937_64 g(seed);
    std::uniform_real_distribution<double> u(0, 1);
    Transactions t;
    t.itemCount = n;
    Itemset b;
    for (std::size_t i = 0; i < baskets; ++i) {
        b.clear();
        const bool zero = u(g) < 0.4;
        if (zero)
            b.push_back(0);
        for (std::uint32_t a = 1; a < n && b.size() < 6; ++a) {
            const double p = (a <= 2 && zero) ? 0.6 : 0.5 / (1.0 + a);
            if (u(g) < p)
                b.push_back(a);
        }
        if (b.empty())
            b.push_back(n - 1);
        t.append(b);
    }
    return t;
}

const Transactions& retail()
{
    static const Transactions t = readFimiFile(testdata::sharedData("retail/retail.dat")).transactions;
    return t;
}

} // namespace

class TestBasketEstimation : public QObject {
    Q_OBJECT

private slots:
    // 004 eq. 10 and Statement 3 on the expectation s' = P s: the estimate returns s exactly, and the
    // variance estimate equals the plug-in form of eq. 11.
    void statement3OnExpectation()
    {
        const Eigen::MatrixXd P = selectASizeTransition(5, 3, 0.1, cutAndPasteSizeProbabilities(5, 3, 0.1));
        const PartialRecovery r = partialRecovery(P);
        QVERIFY(r.defined);
        const Eigen::Vector4d s(0.6, 0.25, 0.1, 0.05);
        const RecoveredSupport rec = recoverSupport(r, P * s, 1000);
        RR_COMPARE_VECTORS_NEAR(rec.partial, s, 1e-12);
        RR_COMPARE_NEAR(rec.estimate, 0.05, 1e-12);
        const Eigen::Vector4d e3 = Eigen::Vector4d::Unit(3);
        RR_COMPARE_RELATIVE(rec.variance, linearCovariance(r, s, 1000, e3, e3), 1e-10);
        RR_COMPARE_RELATIVE(supportVariance(r, s, 1000), rec.variance, 1e-10);
        // a non-square P (baskets of size 2, 3-itemsets) still has an unbiased left inverse
        const PartialRecovery small =
            partialRecovery(selectASizeTransition(2, 3, 0.2, cutAndPasteSizeProbabilities(2, 3, 0.2)));
        QVERIFY(small.defined);
        RR_COMPARE_NEAR((small.Q * small.P - Eigen::Matrix3d::Identity()).norm(), 0.0, 1e-10);
        // a singular P is refused with a reason, never inverted
        const PartialRecovery none = partialRecovery(itemBitTransition(2, 0.5));
        QVERIFY(!none.defined);
        QVERIFY(none.reason.find("singular") != std::string::npos);
    }

    // Per-item bits: the 2^k table and the Kronecker inverse (003 eq. 3.3, Lemma 3) give the same support
    // and variance as 004's partial supports with the item-bit p[l -> l'] (Remark 4.5's argument).
    void kroneckerRouteEqualsPartialRoute()
    {
        const Transactions t = synthetic(20000, 12, 5);
        RandomSource rng = RandomSource::seeded(11);
        const BasketOperator op = itemBitsOperator(0.8);
        const BasketRelease release = randomizeBaskets(t, op, rng);
        SupportEstimator est(release, op);
        for (const Itemset& A : {Itemset{0}, Itemset{0, 1}, Itemset{0, 1, 2}, Itemset{1, 3, 5, 7}}) {
            const BasketSupportEstimate e = est.estimate(A);
            const int k = static_cast<int>(A.size());
            const PartialRecovery r = partialRecovery(itemBitTransition(k, 0.8));
            const Eigen::VectorXd sPrime = Eigen::Map<const Eigen::VectorXd>(e.randomizedPartialSupports.data(), k + 1);
            const RecoveredSupport viaPartial = recoverSupport(r, sPrime, static_cast<double>(t.size()));
            RR_COMPARE_NEAR(e.estimate, viaPartial.estimate, 1e-12);
            RR_COMPARE_RELATIVE(e.variance, viaPartial.variance, 1e-9);
            RR_COMPARE_VECTORS_NEAR(Eigen::Map<const Eigen::VectorXd>(e.partialSupports.data(), k + 1),
                                    viaPartial.partial, 1e-12);
            // Statement 4: Sigma_1 of the estimate is the sum of the items' estimated supports
            if (k == 2)
                RR_COMPARE_NEAR(e.cumulativeSupports[1],
                                est.estimate(Itemset{A[0]}).estimate + est.estimate(Itemset{A[1]}).estimate, 1e-12);
            const SupportValue fast = est.value(A); // the Apriori path
            RR_COMPARE_NEAR(fast.estimate, e.estimate, 1e-12);
            RR_COMPARE_RELATIVE(fast.variance, e.variance, 1e-9);
        }
    }

    // The recovery is unbiased and its 95% ranges hold the true support 95% of the time: 30
    // randomizations of retail by cut-and-paste (K_m = m, rho = 0.001: ~16 false items a basket), the 20
    // most frequent 1-, 2- and 3-itemsets each. 1,800 intervals: the coverage's standard error is 0.005
    // if they were independent; itemsets share items, so the tolerance is 6 of those. (With K = 3 for
    // every size, 3-itemsets' ranges hold only ~56% of the time: in long baskets keeping all three items
    // is so rare that the estimate is far from normal; see the report.)
    void retailRangesHoldTheTruth()
    {
        BasketMiningOptions o;
        o.minSupport = 0.01;
        o.maxItemsetSize = 3;
        const BasketMiningResult truth = mineOriginal(retail(), o);
        std::vector<Itemset> itemsets;
        for (int k = 1; k <= 3; ++k) {
            std::vector<BasketItemset> ofK;
            for (const auto& s : truth.frequent)
                if (static_cast<int>(s.items.size()) == k)
                    ofK.push_back(s);
            std::sort(ofK.begin(), ofK.end(), [](const auto& a, const auto& b) { return a.support > b.support; });
            QVERIFY2(ofK.size() >= 20, "retail has 20 itemsets of each size 1..3 at 1%");
            for (std::size_t i = 0; i < 20; ++i)
                itemsets.push_back(ofK[i].items);
        }
        std::vector<CutAndPasteLevel> levels;
        for (int m = 0; m <= 76; ++m)
            levels.push_back({std::max(m, 1), 0.001});
        const BasketOperator op = cutAndPasteOperator(levels);
        const std::vector<ExpectedRecovery> expected = expectedRecovery(retail(), op, itemsets);
        const int replications = 30;
        std::size_t inside = 0, total = 0;
        std::vector<std::size_t> insideByK(4, 0);
        std::vector<double> sum(itemsets.size(), 0), sumSq(itemsets.size(), 0);
        RandomSource rng = RandomSource::seeded(2024);
        for (int r = 0; r < replications; ++r) {
            const BasketRelease release = randomizeBaskets(retail(), op, rng);
            SupportEstimator est(release, op);
            const std::vector<BasketSupportEstimate> estimates = est.estimateAll(itemsets);
            for (std::size_t i = 0; i < estimates.size(); ++i) {
                QVERIFY2(estimates[i].defined && estimates[i].varianceDefined, estimates[i].reason.c_str());
                const Interval range = supportRange(estimates[i], 0.05);
                const bool in = expected[i].support >= range.rawLo && expected[i].support <= range.rawHi;
                inside += in;
                insideByK[itemsets[i].size()] += in;
                ++total;
                sum[i] += estimates[i].estimate;
                sumSq[i] += estimates[i].estimate * estimates[i].estimate;
            }
        }
        qInfo("by k: %zu %zu %zu of 600", insideByK[1], insideByK[2], insideByK[3]);
        const double coverage = static_cast<double>(inside) / static_cast<double>(total);
        qInfo("95%% ranges holding the true support: %.4f of %zu", coverage, total);
        RR_COMPARE_NEAR(coverage, 0.95, 0.03);
        // unbiased: the mean standardized error over the itemsets is near 0 (the 60 z's share items and
        // replications: their mean moved by about 0.4 between seeds); the simulated variance matches
        // Statement 3's (the mean of 60 ratios, each a chi-square/29 with sd 0.26)
        double meanZ = 0, meanRatio = 0;
        for (std::size_t i = 0; i < itemsets.size(); ++i) {
            const double mean = sum[i] / replications, var = sumSq[i] / replications - mean * mean;
            meanZ += (mean - expected[i].support) / std::sqrt(expected[i].variance / replications);
            meanRatio += var * replications / (replications - 1) / expected[i].variance;
        }
        meanZ /= static_cast<double>(itemsets.size());
        meanRatio /= static_cast<double>(itemsets.size());
        qInfo("mean z of the estimates %.3f, simulated / Statement 3 variance %.3f", meanZ, meanRatio);
        RR_COMPARE_NEAR(meanZ, 0.0, 1.2);
        RR_COMPARE_NEAR(meanRatio, 1.0, 0.2);
    }

    // Apriori on retail at 0.5%: 221 / 237 / 102 / 19 itemsets of sizes 1..4 (an independent Python count).
    void aprioriOnRetail()
    {
        BasketMiningOptions o;
        o.minSupport = 0.005;
        o.maxItemsetSize = 4;
        const BasketMiningResult truth = mineOriginal(retail(), o);
        QCOMPARE(truth.levels.size(), std::size_t(4));
        QCOMPARE(truth.levels[0].frequent, std::size_t(221));
        QCOMPARE(truth.levels[1].frequent, std::size_t(237));
        QCOMPARE(truth.levels[2].frequent, std::size_t(102));
        QCOMPARE(truth.levels[3].frequent, std::size_t(19));
        const auto top = std::find_if(truth.frequent.begin(), truth.frequent.end(), [](const BasketItemset& s) {
            return s.items == Itemset{39, 48};
        });
        QVERIFY(top != truth.frequent.end());
        RR_COMPARE_NEAR(top->support, 29142.0 / 88162.0, 1e-15);
        // a release that keeps every bit is the original: mining it finds exactly the truth
        RandomSource rng = RandomSource::seeded(3);
        const BasketOperator identity = itemBitsOperator(1.0);
        const BasketRelease same = randomizeBaskets(retail(), identity, rng);
        const BasketMiningResult found = mineRelease(same, identity, o);
        SupportEstimator est(same, identity);
        const MiningComparison c = compareMining(truth, found, o.minSupport, 4, est, retail());
        QCOMPARE(c.trueItemsets, std::size_t(579));
        QCOMPARE(c.truePositives, std::size_t(579));
        QCOMPARE(c.falsePositives, std::size_t(0));
        RR_COMPARE_NEAR(c.precision.value, 1.0, 0);
        RR_COMPARE_NEAR(c.recall.value, 1.0, 0);
        RR_COMPARE_NEAR(c.accuracy.value, 100.0, 0);
        QCOMPARE(c.bySize[1].trueByPredicted.back(), std::size_t(237)); // Table 2: all at >= s_min
        QCOMPARE(c.bySize[1].foundByTrue.back(), std::size_t(237));     // Table 3
    }

    // Mining a cut-and-paste release of synthetic data finds the frequent itemsets (sanity of the
    // candidate limit and the per-size recovery); precision and recall are reported, not perfect.
    void miningARelease()
    {
        const Transactions t = synthetic(40000, 20, 9);
        BasketMiningOptions o;
        o.minSupport = 0.05;
        o.maxItemsetSize = 3;
        const BasketMiningResult truth = mineOriginal(t, o);
        const BasketOperator op = cutAndPasteOperator(4, 0.05, 6);
        RandomSource rng = RandomSource::seeded(8);
        const BasketRelease release = randomizeBaskets(t, op, rng);
        const BasketMiningResult found = mineRelease(release, op, o);
        SupportEstimator est(release, op);
        const MiningComparison c = compareMining(truth, found, o.minSupport, 3, est, t);
        qInfo("synthetic: %zu true itemsets, precision %.3f, recall %.3f", c.trueItemsets, c.precision.value,
              c.recall.value);
        QVERIFY(c.trueItemsets >= 10);
        QVERIFY(c.precision.value >= 0.8);
        QVERIFY(c.recall.value >= 0.8);
        QCOMPARE(c.truePositives + c.falseDrops, c.trueItemsets);
    }

    // A release written as FIMI + .sizes and read back (with its universe) estimates exactly as in memory;
    // a catalogue's release comes back to the same dense ids through restrictToItems.
    void releaseRoundTrip()
    {
        const Transactions t = synthetic(5000, 16, 31);
        const BasketOperator op = cutAndPasteOperator(3, 0.1, 6);
        RandomSource rng = RandomSource::seeded(6);
        const BasketRelease release = randomizeBaskets(t, op, rng);
        std::stringstream baskets, sizes;
        writeFimi(baskets, release.baskets);
        writeSizes(sizes, release.originalSizes);
        FimiOptions options;
        options.itemCount = t.itemCount;
        BasketRelease back;
        back.baskets = readFimi(baskets, options).transactions;
        back.originalSizes = readSizes(sizes, back.baskets.size(), "release.sizes");
        QVERIFY(back.baskets.items == release.baskets.items && back.originalSizes == release.originalSizes);
        SupportEstimator a(release, op), b(back, op);
        const BasketSupportEstimate ea = a.estimate(Itemset{0, 1, 2}), eb = b.estimate(Itemset{0, 1, 2});
        RR_COMPARE_NEAR(ea.estimate, eb.estimate, 0);
        RR_COMPARE_NEAR(ea.variance, eb.variance, 0);
        const std::vector<std::uint32_t> catalogue{1, 4, 9, 15};
        const Transactions small = restrictToItems(t, catalogue);
        const BasketRelease r2 = randomizeBaskets(small, op, rng);
        std::stringstream file;
        writeFimi(file, r2.baskets);
        const Transactions again = restrictToItems(readFimi(file).transactions, catalogue);
        QVERIFY(again.items == r2.baskets.items && again.labels == r2.baskets.labels);
    }

    // Def. 13's counts from subset counts agree with a direct count; 004 Remark 4.5: X and Y of the two-set
    // estimator equal the one-set estimates of A u B and A, for cut-and-paste and for per-item bits.
    void twoSetConfidence_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("cut-and-paste") << int(OperatorKind::CutAndPaste);
        QTest::newRow("item-bits") << int(OperatorKind::ItemBits);
    }

    void twoSetConfidence()
    {
        QFETCH(int, kind);
        const Transactions t = synthetic(30000, 10, 21);
        const BasketOperator op =
            kind == int(OperatorKind::ItemBits) ? itemBitsOperator(0.85) : cutAndPasteOperator(3, 0.08, 6);
        RandomSource rng = RandomSource::seeded(4);
        const BasketRelease release = randomizeBaskets(t, op, rng);
        SupportEstimator est(release, op);
        const Itemset A{0}, B{1, 2}, AB{0, 1, 2};
        const BasketConfidenceEstimate c = estimateConfidence(est, A, B);
        QVERIFY2(c.defined, c.reason.c_str());
        const BasketSupportEstimate x = est.estimate(AB), y = est.estimate(A);
        RR_COMPARE_NEAR(c.unionSupport, x.estimate, 1e-10);
        RR_COMPARE_NEAR(c.antecedentSupport, y.estimate, 1e-10);
        RR_COMPARE_RELATIVE(c.varianceUnion, x.variance, 1e-6);
        RR_COMPARE_RELATIVE(c.varianceAntecedent, y.variance, 1e-6);
        RR_COMPARE_NEAR(c.confidence, x.estimate / y.estimate, 1e-10);
        // the randomized two-set partial supports are those of the release
        std::vector<double> direct(6, 0);
        for (std::size_t i = 0; i < release.baskets.size(); ++i) {
            const auto b = release.baskets.basket(i);
            const int la = std::binary_search(b.begin(), b.end(), 0u);
            const int lb = std::binary_search(b.begin(), b.end(), 1u) + std::binary_search(b.begin(), b.end(), 2u);
            direct[static_cast<std::size_t>(la * 3 + lb)] += 1.0 / static_cast<double>(t.size());
        }
        RR_COMPARE_VECTORS_NEAR(c.randomizedTwoSetPartialSupports, direct, 1e-12);
        // the covariance of X and Y is positive (A u B's baskets are A's) and below sqrt(var X var Y)
        QVERIFY(c.covariance > 0 && c.covariance < std::sqrt(c.varianceUnion * c.varianceAntecedent));
    }

    // 004 Sec. 4.6's f(delta) against sampling the bivariate normal it assumes.
    void confidenceCoverageMatchesSampling()
    {
        const double mx = 0.02, my = 0.05, vx = 4e-6, vy = 9e-6, cxy = 3e-6;
        const double delta = 0.05;
        std::mt19937_64 g(77);
        std::normal_distribution<double> z;
        const double sy = std::sqrt(vy), b = cxy / vy, sc = std::sqrt(vx - cxy * cxy / vy);
        const int draws = 200000;
        int hits = 0;
        for (int i = 0; i < draws; ++i) {
            const double y = my + sy * z(g), x = mx + b * (y - my) + sc * z(g);
            hits += std::abs(x / y - mx / my) <= delta;
        }
        const double f = confidenceCoverage(mx, my, vx, vy, cxy, delta);
        RR_COMPARE_NEAR(f, static_cast<double>(hits) / draws, 5 * std::sqrt(0.25 / draws));
        RR_COMPARE_NEAR(confidenceCoverage(mx, my, vx, vy, cxy, 0.0), 0.0, 1e-12);
        RR_COMPARE_NEAR(confidenceCoverage(mx, my, vx, vy, cxy, 10.0), 1.0, 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestBasketEstimation)
#include "test_basket_estimation.moc"
