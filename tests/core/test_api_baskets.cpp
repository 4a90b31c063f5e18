// The typed basket actions (core/api/Basket*.h): cut-and-paste's p[l -> l'] is FIDELITY's, a release kept whole
// (item-bits with p = 1) recovers the counted supports and mines the counted frequent itemsets, item-bits'
// epsilon is n ln(p / (1 - p)), the JSON is the CLI's for the same request, and bad requests are InputErrors in
// the CLI's words.
#include "ApiTestSupport.h"

#include "core/api/BasketEstimate.h"
#include "core/api/BasketMine.h"
#include "core/api/BasketPrivacy.h"
#include "core/api/BasketTransition.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <cmath>
#include <fstream>

using namespace rr;

namespace {

OperatorParameters itemBits(double p)
{
    OperatorParameters op;
    op.kind = OperatorKind::ItemBits;
    op.p = p;
    return op;
}

OperatorParameters cutAndPaste(int cutoff, double rho)
{
    OperatorParameters op;
    op.kind = OperatorKind::CutAndPaste;
    op.cutoff = cutoff;
    op.rho = rho;
    return op;
}

} // namespace

class TestApiBaskets : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_fimi;

    // The baskets as their own release: item-bits with p = 1 keeps every bit.
    api::BasketReleaseRequest keptRelease() const
    {
        api::BasketReleaseRequest r;
        r.data.path = m_fimi;
        r.op = itemBits(1.0);
        return r;
    }

private slots:
    // Supports over 8 baskets: 0 6/8, 1 5/8, 2 4/8, 3 1/8; {0 1} 4/8, {0 2} 3/8, {1 2} 2/8, {0 1 2} 1/8.
    void initTestCase()
    {
        m_fimi = m_dir.filePath("small.dat").toStdString();
        std::ofstream(m_fimi) << "0 1\n0 1 2\n0 2\n1 2\n0 1\n0 3\n0 1\n2\n";
    }

    // FIDELITY "Market baskets": (m, k, K, rho) = (5, 3, 3, 0.1), column l = 2 (as the CLI test checks it).
    void transitionIsFidelitys()
    {
        api::BasketTransitionRequest q;
        q.op = cutAndPaste(3, 0.1);
        q.m = 5;
        q.k = 3;
        const api::BasketTransitionResult r = api::basketTransitionOf(q);
        QCOMPARE(r.matrix.rows(), Eigen::Index(4));
        const double expected[4] = {0.3645, 0.4455, 0.1755, 0.0145};
        for (int lp = 0; lp < 4; ++lp)
            QVERIFY(std::abs(r.matrix(lp, 2) - expected[lp]) < 1e-12);
        QVERIFY(r.sizeProbabilities && r.sizeProbabilities->size() == 6);
        const api::Json j = api::basketTransitionJson(r);
        QCOMPARE(testing::jsonKeys(j).front(), std::string("operator"));
        QCOMPARE(j, testing::cliJson({"basket", "transition", "--operator", "cut-and-paste", "--cutoff", "3", "--rho",
                                      "0.1", "--m", "5", "--k", "3"}));
    }

    void keptReleaseRecoversTheCountedSupports()
    {
        api::BasketEstimateRequest q;
        q.release = keptRelease();
        q.itemsets = "0;0 1;1,2;0 1 2";
        q.alpha = 0.1;
        const api::BasketEstimateResult r = api::basketEstimateOf(q);
        QCOMPARE(r.input.release.release.baskets.size(), std::size_t(8));
        const double counted[4] = {6.0 / 8, 4.0 / 8, 2.0 / 8, 1.0 / 8};
        QCOMPARE(r.recovered.size(), std::size_t(4));
        for (std::size_t i = 0; i < 4; ++i) {
            QVERIFY(r.recovered[i].estimate.defined);
            QVERIFY(std::abs(r.recovered[i].estimate.estimate - counted[i]) < 1e-12);
        }
        QCOMPARE(r.recovered[1].estimate.items, (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(api::basketEstimateJson(r),
                 testing::cliJson({"basket", "estimate", "--data", QString::fromStdString(m_fimi), "--operator",
                                   "item-bits", "--p", "1", "--itemsets", "0;0 1;1,2;0 1 2", "--alpha", "0.1"}));
    }

    // s_min = 0.5: {0}, {1}, {2}, {0 1}; with the baskets as the original nothing is missed or invented.
    void keptReleaseMinesTheCountedItemsets()
    {
        api::BasketMineRequest q;
        q.release = keptRelease();
        q.release.original = m_fimi;
        q.mining.minSupport = 0.5;
        q.mining.maxItemsetSize = 3;
        const api::BasketMineResult r = api::basketMineOf(q);
        QCOMPARE(r.found.frequent.size(), std::size_t(4));
        QVERIFY(r.run);
        QCOMPARE(r.run->comparison.trueItemsets, std::size_t(4));
        QCOMPARE(r.run->comparison.falsePositives, std::size_t(0));
        QCOMPARE(r.run->comparison.falseDrops, std::size_t(0));
        const api::Json j = api::basketMineJson(r);
        QCOMPARE(j["found"].get<int>(), 4);
        QCOMPARE(j, testing::cliJson({"basket", "mine", "--data", QString::fromStdString(m_fimi), "--operator",
                                      "item-bits", "--p", "1", "--min-support", "0.5", "--max-itemset-size", "3",
                                      "--original", QString::fromStdString(m_fimi)}));
    }

    // Item-bits flips each of the n = 4 bits on its own: epsilon = n ln(p / (1 - p)) over the whole basket.
    void itemBitsEpsilonAddsUp()
    {
        api::BasketPrivacyRequest q;
        q.op = itemBits(0.9);
        q.data.path = m_fimi;
        const api::BasketPrivacyResult r = api::basketPrivacyOf(q);
        QVERIFY(r.epsilon.ldp);
        QVERIFY(std::abs(r.epsilon.value - 4 * std::log(9.0)) < 1e-9);
        QVERIFY(r.reconstruction.defined);
        QCOMPARE(api::basketPrivacyJson(r), testing::cliJson({"basket", "privacy", "--data",
                                                              QString::fromStdString(m_fimi), "--operator",
                                                              "item-bits", "--p", "0.9"}));
    }

    void badRequestsAreInputErrors()
    {
        api::BasketTransitionRequest t;
        t.op.kind = OperatorKind::FrequencyAware;
        t.m = 5;
        t.k = 2;
        try {
            api::basketTransitionOf(t);
            QFAIL("frequency-aware has no p[l -> l']");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).starts_with("frequency-aware distortion is not item-invariant"), e.what());
        }
        api::BasketEstimateRequest q;
        q.release = keptRelease();
        q.itemsets = "0;7";
        try {
            api::basketEstimateOf(q);
            QFAIL("item 7 is outside the universe");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()), std::string("--itemsets itemset 2: item 7 is outside the universe of 4 "
                                                        "items (0..3); give --items N if the universe is larger"));
        }
    }
};

QTEST_GUILESS_MAIN(TestApiBaskets)
#include "test_api_baskets.moc"
