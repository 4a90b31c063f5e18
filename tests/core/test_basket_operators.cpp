// Basket operators (core/baskets): cut-and-paste's printed p_m[j] against an exact enumeration of
// 004 Def. 8 and a Monte Carlo of the sampler, Statement 2 against a Monte Carlo (FIDELITY), the
// transition matrices of uniform randomization and per-item bits against their samplers, the
// two-set matrix's marginals (Remark 4.5), Statement 4, and the release guard.
#include "TestData.h"
#include "TestSupport.h"

#include "core/baskets/BasketSamplers.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/PartialSupports.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <Eigen/LU>
#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>

using namespace rr;

namespace {

using Items = std::vector<std::uint32_t>;

// P(|t' n t| = j) by enumerating Def. 8 literally: J uniform on 0..K, min(J, m) items chosen among
// the C(m, i) subsets, every other item of t kept with rho.
Eigen::VectorXd enumerateCutAndPaste(int m, int K, double rho)
{
    Eigen::VectorXd p = Eigen::VectorXd::Zero(m + 1);
    const unsigned full = (1u << m) - 1;
    for (int J = 0; J <= K; ++J) {
        const int i = std::min(J, m);
        int subsets = 0;
        for (unsigned chosen = 0; chosen <= full; ++chosen)
            subsets += std::popcount(chosen) == i;
        for (unsigned chosen = 0; chosen <= full; ++chosen) {
            if (std::popcount(chosen) != i)
                continue;
            const unsigned rest = full & ~chosen;
            for (unsigned added = rest;; added = (added - 1) & rest) { // every subset of the rest
                const int a = std::popcount(added), r = std::popcount(rest);
                p(i + a) += std::pow(rho, a) * std::pow(1 - rho, r - a) / (K + 1) / subsets;
                if (added == 0)
                    break;
            }
        }
    }
    return p;
}

// Histogram of |t' n A| over `draws` randomizations of `basket`.
template <typename Sampler>
Eigen::VectorXd simulate(const Items& basket, const Items& A, int draws, Sampler sampler)
{
    Eigen::VectorXd h = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(A.size()) + 1);
    RandomSource rng = RandomSource::seeded(20240611);
    Items out;
    for (int d = 0; d < draws; ++d) {
        sampler(basket, rng, out);
        int l = 0;
        for (std::uint32_t a : A)
            l += std::binary_search(out.begin(), out.end(), a);
        h(l) += 1;
    }
    return h / draws;
}

// Monte Carlo tolerance: 5 standard errors of a proportion near 1/2 (a false alarm every ~1.7 million).
double tolerance(int draws)
{
    return 5.0 * std::sqrt(0.25 / draws);
}

} // namespace

class TestBasketOperators : public QObject {
    Q_OBJECT

private slots:
    void sizeProbabilitiesMatchDefinition8_data()
    {
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("K");
        QTest::addColumn<double>("rho");
        QTest::newRow("5,3,0.1") << 5 << 3 << 0.1;
        QTest::newRow("3,7,0.3") << 3 << 7 << 0.3;
        QTest::newRow("10,7,0.05") << 10 << 7 << 0.05;
        QTest::newRow("7,7,0.2") << 7 << 7 << 0.2;
    }

    // FIDELITY: the printed p_m[j] (after 004 Remark 4.2) equals a direct enumeration of Def. 8.
    void sizeProbabilitiesMatchDefinition8()
    {
        QFETCH(int, m);
        QFETCH(int, K);
        QFETCH(double, rho);
        const Eigen::VectorXd formula = cutAndPasteSizeProbabilities(m, K, rho);
        RR_COMPARE_VECTORS_NEAR(formula, enumerateCutAndPaste(m, K, rho), 1e-14);
        RR_COMPARE_NEAR(formula.sum(), 1.0, 1e-14);
        // and the sampler: the number of the basket's own items in t'
        Items basket(static_cast<std::size_t>(m));
        for (int i = 0; i < m; ++i)
            basket[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(2 * i);
        const int draws = 100000;
        const Eigen::VectorXd sim = simulate(basket, basket, draws, [&](const Items& t, RandomSource& r, Items& out) {
            cutAndPasteBasket(t, K, rho, static_cast<std::uint32_t>(2 * m + 3), r, out);
        });
        RR_COMPARE_VECTORS_NEAR(sim, formula, tolerance(draws));
    }

    // FIDELITY: m = 5, k = 3, K = 3, rho = 0.1, l = 2: 0.3645 / 0.4455 / 0.1755 / 0.0145.
    void statement2MatchesMonteCarlo()
    {
        const int m = 5, k = 3, K = 3;
        const double rho = 0.1;
        const Eigen::MatrixXd P = selectASizeTransition(m, k, rho, cutAndPasteSizeProbabilities(m, K, rho));
        QCOMPARE(P.rows(), 4);
        QCOMPARE(P.cols(), 4);
        RR_COMPARE_VECTORS_NEAR(Eigen::VectorXd(P.col(2)), Eigen::Vector4d(0.3645, 0.4455, 0.1755, 0.0145), 1e-12);
        const Items basket{0, 1, 2, 3, 4}, A{3, 4, 5}; // l = |t n A| = 2
        const int draws = 200000;
        const Eigen::VectorXd sim = simulate(basket, A, draws, [&](const Items& t, RandomSource& r, Items& out) {
            cutAndPasteBasket(t, K, rho, 9, r, out);
        });
        RR_COMPARE_VECTORS_NEAR(sim, Eigen::VectorXd(P.col(2)), tolerance(draws));
        // every column is a distribution
        for (int l = 0; l <= k; ++l)
            RR_COMPARE_NEAR(P.col(l).sum(), 1.0, 1e-14);
    }

    // Statement 2 for a general select-a-size (not a cut-and-paste) against its sampler.
    void selectASizeMatchesSampler()
    {
        const Eigen::VectorXd pm = (Eigen::VectorXd(5) << 0.1, 0.05, 0.4, 0.25, 0.2).finished();
        const double rho = 0.15;
        const Eigen::MatrixXd P = selectASizeTransition(4, 3, rho, pm);
        std::vector<double> cumulative;
        double c = 0;
        for (int j = 0; j < 5; ++j)
            cumulative.push_back(c += pm(j));
        const Items basket{1, 3, 5, 7}, A{3, 7, 8}; // l = 2
        const int draws = 200000;
        const Eigen::VectorXd sim = simulate(basket, A, draws, [&](const Items& t, RandomSource& r, Items& out) {
            selectASizeBasket(t, cumulative, rho, 10, r, out);
        });
        RR_COMPARE_VECTORS_NEAR(sim, Eigen::VectorXd(P.col(2)), tolerance(draws));
    }

    void uniformMatchesSampler()
    {
        const double replace = 0.6;
        const int n = 12;
        const Eigen::MatrixXd P = uniformTransition(4, 3, replace, n);
        const Items basket{0, 2, 4, 6}, A{2, 9, 11}; // l = 1
        const int draws = 200000;
        const Eigen::VectorXd sim = simulate(basket, A, draws, [&](const Items& t, RandomSource& r, Items& out) {
            uniformBasket(t, replace, n, r, out);
            if (out.size() != t.size())
                QFAIL("uniform randomization changed the basket size");
        });
        RR_COMPARE_VECTORS_NEAR(sim, Eigen::VectorXd(P.col(1)), tolerance(draws));
        for (int l = 0; l < P.cols(); ++l)
            RR_COMPARE_NEAR(P.col(l).sum(), 1.0, 1e-12);
        // with a large universe a false 3-itemset is rare (004 Sec. 2): p[0 -> 3] is tiny
        QVERIFY(uniformTransition(10, 3, 0.8, 10000)(3, 0) < 1e-7);
    }

    void itemBitsMatchSampler()
    {
        const double keep = 0.8;
        const Eigen::MatrixXd P = itemBitTransition(3, keep);
        const Items basket{0, 1, 5}, A{1, 5, 7}; // l = 2
        const int draws = 200000;
        const Eigen::VectorXd sim = simulate(
            basket, A, draws, [&](const Items& t, RandomSource& r, Items& out) { itemBitsBasket(t, keep, 9, r, out); });
        RR_COMPARE_VECTORS_NEAR(sim, Eigen::VectorXd(P.col(2)), tolerance(draws));
        // the per-item marginals of frequency-aware distortion: fp for item 1 (frequent), nfp for item 7
        const std::vector<std::uint8_t> frequent{1, 1, 0, 0, 0, 0, 0, 0, 0};
        const Items fl{0, 1}, il{2, 3, 4, 5, 6, 7, 8};
        const Eigen::VectorXd present =
            simulate(basket, Items{1}, draws, [&](const Items& t, RandomSource& r, Items& out) {
                frequencyAwareBasket(t, 0.9, 0.7, frequent, fl, il, r, out);
            });
        RR_COMPARE_NEAR(present(1), 0.9, tolerance(draws));
        const Eigen::VectorXd absent =
            simulate(basket, Items{7}, draws, [&](const Items& t, RandomSource& r, Items& out) {
                frequencyAwareBasket(t, 0.9, 0.7, frequent, fl, il, r, out);
            });
        RR_COMPARE_NEAR(absent(1), 0.3, tolerance(draws));
    }

    // 004 Remark 4.5: the two-set matrix's A-marginal is the one-set matrix of A, and grouping by
    // l'_A + l'_B gives the one-set matrix of A u B.
    void twoSetMarginals_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("cut-and-paste") << int(OperatorKind::CutAndPaste);
        QTest::newRow("uniform") << int(OperatorKind::Uniform);
        QTest::newRow("item-bits") << int(OperatorKind::ItemBits);
    }

    void twoSetMarginals()
    {
        QFETCH(int, kind);
        const int m = 5, kA = 2, kB = 2;
        const std::uint32_t n = 30;
        BasketOperator op = cutAndPasteOperator(3, 0.2, 10);
        if (kind == int(OperatorKind::Uniform))
            op = uniformOperator(0.3);
        if (kind == int(OperatorKind::ItemBits))
            op = itemBitsOperator(0.85);
        const TwoSetTransition two = twoSetTransition(op, m, kA, kB, n);
        const Eigen::MatrixXd PA = transitionMatrix(op, m, kA, n), PU = transitionMatrix(op, m, kA + kB, n);
        for (std::size_t c = 0; c < two.states.size(); ++c) {
            const auto [la, lb] = two.states[c];
            Eigen::VectorXd marginal = Eigen::VectorXd::Zero(kA + 1), united = Eigen::VectorXd::Zero(kA + kB + 1);
            for (int a = 0; a <= kA; ++a)
                for (int b = 0; b <= kB; ++b) {
                    const double p = two.matrix(a * (kB + 1) + b, static_cast<Eigen::Index>(c));
                    marginal(a) += p;
                    united(a + b) += p;
                }
            RR_COMPARE_VECTORS_NEAR(marginal, Eigen::VectorXd(PA.col(la)), 1e-12);
            RR_COMPARE_VECTORS_NEAR(united, Eigen::VectorXd(PU.col(la + lb)), 1e-12);
        }
    }

    // 004 Statement 4: the two transforms are inverse, and P is lower triangular in cumulative coordinates.
    void cumulativeSupports()
    {
        const Eigen::VectorXd s = (Eigen::VectorXd(4) << 0.5, 0.3, 0.15, 0.05).finished();
        const Eigen::VectorXd sigma = cumulativeFromPartial(s);
        RR_COMPARE_NEAR(sigma(0), 1.0, 1e-15);
        RR_COMPARE_NEAR(sigma(1), 0.3 + 2 * 0.15 + 3 * 0.05, 1e-15);
        RR_COMPARE_VECTORS_NEAR(partialFromCumulative(sigma), s, 1e-15);
        Eigen::MatrixXd T(4, 4);
        for (int i = 0; i < 4; ++i)
            T.col(i) = cumulativeFromPartial(Eigen::VectorXd::Unit(4, i));
        const Eigen::MatrixXd P = selectASizeTransition(6, 3, 0.2, cutAndPasteSizeProbabilities(6, 4, 0.2));
        const Eigen::MatrixXd inCumulative = T * P * T.inverse();
        for (int r = 0; r < 4; ++r)
            for (int c = r + 1; c < 4; ++c)
                RR_COMPARE_NEAR(inCumulative(r, c), 0.0, 1e-12);
        // partial counts from subset counts, and the 2^k pattern table (A = {x, y})
        const std::vector<std::uint64_t> subsets{10, 6, 5, 2}; // all, {x}, {y}, {x, y}
        QCOMPARE(partialCountsFromSubsetCounts(subsets, 2), (std::vector<std::int64_t>{1, 7, 2}));
        QCOMPARE(patternCountsFromSubsetCounts(subsets, 2), (std::vector<std::int64_t>{1, 4, 3, 2}));
    }

    void releaseGuardAndValidation()
    {
        const FimiData retail = readFimiFile(testdata::sharedData("retail/retail.dat"));
        RandomSource rng = RandomSource::seeded(1);
        const BasketOperator heavy = cutAndPasteOperator(7, 0.3, 76);
        try {
            randomizeBaskets(retail.transactions, heavy, rng);
            QFAIL("a release of ~436 million occurrences was not refused");
        } catch (const DomainError& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.find("4.3") != std::string::npos && msg.find("limit is 2e+08") != std::string::npos,
                     msg.c_str());
        }
        try {
            randomizeBaskets(retail.transactions, cutAndPasteOperator(7, 0.01, 70), rng);
            QFAIL("a table without size 76 was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("basket size 71") != std::string::npos, e.what());
        }
        // a small release: sizes kept, baskets ascending, occurrences near the expectation
        const FimiData small = parseFimi("1 2 3\n4 5\n\n0 1 2 3 4 5 6\n");
        const BasketOperator op = cutAndPasteOperator(2, 0.1, 7);
        RandomSource secure = RandomSource::secure();
        const BasketRelease r = randomizeBaskets(small.transactions, op, secure);
        QCOMPARE(r.originalSizes, (std::vector<std::uint32_t>{3, 2, 0, 7}));
        for (std::size_t i = 0; i < r.baskets.size(); ++i) {
            const auto b = r.baskets.basket(i);
            QVERIFY(std::adjacent_find(b.begin(), b.end(), std::greater_equal<>()) == b.end());
        }
        const BasketOperator mid = cutAndPasteOperator(5, 0.01, 76);
        const double expected = expectedReleaseOccurrences(summarize(retail.transactions), mid);
        const BasketRelease big = randomizeBaskets(retail.transactions, mid, rng);
        // the count is a sum of ~88,162 independent baskets with sd ~ 13 each: 5 sd of the total ~ 20,000
        RR_COMPARE_NEAR(static_cast<double>(big.baskets.occurrences()), expected, 20000.0);
    }
};

QTEST_GUILESS_MAIN(TestBasketOperators)
#include "test_basket_operators.moc"
