// Basket privacy (core/baskets): 004 Def. 4 posteriors against Bayes' rule over an enumerated world,
// the worst-case itemset of eq. 15-16, breach-driven parameters, maximum supports against brute force
// and on retail, the s_max file format, 002's R(p, s) against its Table 2 on retail, epsilon against an
// enumeration, the lowest discoverable support (Sec. 5.1) and the empirical breach (Table 4).
#include "TestData.h"
#include "TestSupport.h"

#include "core/baskets/Breach.h"
#include "core/baskets/BreachParameters.h"
#include "core/baskets/Combinatorics.h"
#include "core/baskets/Discoverability.h"
#include "core/baskets/EmpiricalBreach.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/PrivacyMeasures.h"
#include "core/baskets/SupportRecovery.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <bit>
#include <cmath>
#include <map>
#include <random>
#include <sstream>

using namespace rr;

namespace {

using Itemset = std::vector<std::uint32_t>;

const Transactions& retail()
{
    static const Transactions t = readFimiFile(testdata::sharedData("retail/retail.dat")).transactions;
    return t;
}

// P[A in t' | t] for cut-and-paste by enumerating Def. 8 (items as bits of a mask).
double cutAndPasteContains(unsigned t, unsigned A, int m, int K, double rho)
{
    double p = 0;
    for (int J = 0; J <= K; ++J) {
        const int i = std::min(J, m);
        const double pick = 1.0 / (K + 1) / choose(m, i);
        for (unsigned chosen = t;; chosen = (chosen - 1) & t) { // subsets of t
            if (std::popcount(chosen) == i)
                p += pick * std::pow(rho, std::popcount(A & ~chosen)); // the rest of A inserted
            if (chosen == 0)
                break;
        }
    }
    return p;
}

// P[t' | t] for cut-and-paste over n items, by enumerating Def. 8.
double cutAndPasteOutput(unsigned t, unsigned out, int n, int m, int K, double rho)
{
    double p = 0;
    for (int J = 0; J <= K; ++J) {
        const int i = std::min(J, m);
        for (unsigned chosen = t;; chosen = (chosen - 1) & t) {
            if (std::popcount(chosen) == i && (chosen & ~out) == 0) {
                const int others = n - i, in = std::popcount(out & ~chosen);
                p += 1.0 / (K + 1) / choose(m, i) * std::pow(rho, in) * std::pow(1 - rho, others - in);
            }
            if (chosen == 0)
                break;
        }
    }
    return p;
}

Transactions randomBaskets(std::size_t count, std::uint32_t n, std::uint64_t seed)
{
    std::mt19937_64 g(seed);
    std::uniform_real_distribution<double> u(0, 1);
    Transactions t;
    t.itemCount = n;
    Itemset b;
    for (std::size_t i = 0; i < count; ++i) {
        b.clear();
        for (std::uint32_t a = 0; a < n; ++a)
            if (u(g) < 0.6 / (1.0 + 0.4 * a))
                b.push_back(a);
        if (b.empty())
            b.push_back(static_cast<std::uint32_t>(i % n));
        t.append(b);
    }
    return t;
}

} // namespace

class TestBasketPrivacy : public QObject {
    Q_OBJECT

private slots:
    // 004 Sec. 4.4's posterior equals Bayes' rule over an enumerated world: 20 baskets of size 3 over 6
    // items with random prior weights, cut-and-paste enumerated from Def. 8.
    void posteriorEqualsBayes()
    {
        const int n = 6, m = 3, K = 2;
        const double rho = 0.3;
        std::mt19937_64 g(5);
        std::uniform_real_distribution<double> u(0.1, 1.0);
        std::map<unsigned, double> prior;
        double total = 0;
        for (unsigned t = 0; t < (1u << n); ++t)
            if (std::popcount(t) == m)
                total += prior[t] = u(g);
        for (const unsigned A : {0b000111u, 0b000011u, 0b110001u}) {
            const int k = std::popcount(A);
            const unsigned a = A & (~A + 1); // the lowest item of A
            double joint = 0, marginal = 0;
            Eigen::VectorXd s = Eigen::VectorXd::Zero(k + 1), sPlus = s;
            for (const auto& [t, w] : prior) {
                const double pt = w / total, seen = cutAndPasteContains(t, A, m, K, rho);
                marginal += pt * seen;
                if (t & a)
                    joint += pt * seen;
                const int l = std::popcount(t & A);
                s(l) += pt;
                if (t & a)
                    sPlus(l) += pt;
            }
            const BreachPriors priors{s, sPlus, false, ""};
            const BasketOperator op = cutAndPasteOperator(K, rho, m);
            const BreachValue b = breachPosterior(priors, toWholeItemset(op, m, k, n));
            QVERIFY(b.defined);
            RR_COMPARE_NEAR(b.value, joint / marginal, 1e-12);
        }
    }

    void toWholeItemsetIsTheLastRow()
    {
        std::vector<BasketOperator> ops{cutAndPasteOperator(3, 0.2, 12), uniformOperator(0.35), itemBitsOperator(0.7)};
        std::vector<SelectASizeLevel> levels;
        for (int m = 0; m <= 12; ++m) {
            std::vector<double> p(static_cast<std::size_t>(m) + 1, 1.0 / (m + 1));
            levels.push_back({0.15, p});
        }
        ops.push_back(selectASizeOperator(levels));
        for (const auto& op : ops)
            for (int m : {1, 4, 9, 12})
                for (int k : {1, 2, 3, 5}) {
                    const Eigen::MatrixXd P = transitionMatrix(op, m, k, 40);
                    RR_COMPARE_VECTORS_NEAR(toWholeItemset(op, m, k, 40), Eigen::VectorXd(P.row(k).transpose()), 1e-12);
                }
    }

    // eq. 15-16 by hand: s_max = (0.3, 0.1, 0.02), k = 3 -> Sigma = (1, 0.9, 0.3, 0.02), s = (0.38, 0.36, 0.24, 0.02).
    void worstCasePriorsByHand()
    {
        const BreachPriors p = worstCasePriors({0.3, 0.1, 0.02}, 3);
        RR_COMPARE_VECTORS_NEAR(p.s, Eigen::Vector4d(0.38, 0.36, 0.24, 0.02), 1e-12);
        RR_COMPARE_VECTORS_NEAR(p.sPlus, Eigen::Vector4d(0, 0.12, 0.16, 0.02), 1e-12);
        QVERIFY(!p.clamped);
        const BreachPriors c = worstCasePriors({0.6, 0.1}, 2); // s_0 = 1 - 1.2 + 0.1 = -0.1
        QVERIFY(c.clamped);
        RR_COMPARE_NEAR(c.s(0), 0.0, 0);
        QVERIFY2(c.note.find("s_0 = -0.1") != std::string::npos, c.note.c_str());
        // no randomization: seeing A means holding it
        const BreachValue none = breachPosterior(p, itemBitTransition(3, 1.0).row(3).transpose());
        RR_COMPARE_NEAR(none.value, 1.0, 1e-12);
    }

    void maxSupportsAgainstBruteForce()
    {
        const Transactions t = randomBaskets(3000, 12, 17);
        MaxSupportOptions o;
        o.maxItemsetSize = 4;
        o.excludedItems.assign(12, 0);
        o.excludedItems[0] = 1; // the most frequent item is public
        const MaxSupports s = computeMaxSupports(t, o);
        std::map<int, std::size_t> baskets;
        std::map<std::pair<int, unsigned>, std::size_t> counts; // (m, subset mask)
        for (std::size_t i = 0; i < t.size(); ++i) {
            const int m = static_cast<int>(t.basketSize(i));
            ++baskets[m];
            unsigned mask = 0;
            for (std::uint32_t a : t.basket(i))
                mask |= 1u << a;
            for (unsigned sub = mask; sub; sub = (sub - 1) & mask)
                if (!(sub & 1u) && std::popcount(sub) <= 4)
                    ++counts[{m, sub}];
        }
        for (const auto& [m, N] : baskets)
            for (int k = 1; k <= std::min(4, m); ++k) {
                std::size_t best = 0;
                for (const auto& [key, c] : counts)
                    if (key.first == m && std::popcount(key.second) == k)
                        best = std::max(best, c);
                RR_COMPARE_NEAR(s.at(k, m), static_cast<double>(best) / static_cast<double>(N), 1e-15);
                QVERIFY(s.exact[static_cast<std::size_t>(m)]);
            }
        QVERIFY(s.allExact);
        RR_COMPARE_NEAR(s.at(5, 4), 0.0, 0); // a basket of size 4 holds no 5-itemset
    }

    // Retail: s_max(1, 1) = 860 / 3,016 (item 39), s_max(2, 2) = 453 / 5,516, s_max(3, 3) = 77 / 6,919;
    // over all baskets 50,675 / 88,162 (item 39) and 29,142 / 88,162 ({39, 48}).
    void maxSupportsOnRetail()
    {
        MaxSupportOptions o;
        o.maxItemsetSize = 3;
        const MaxSupports s = computeMaxSupports(retail(), o);
        RR_COMPARE_NEAR(s.at(1, 1), 860.0 / 3016, 1e-15);
        RR_COMPARE_NEAR(s.at(2, 2), 453.0 / 5516, 1e-15);
        RR_COMPARE_NEAR(s.at(3, 3), 77.0 / 6919, 1e-15);
        RR_COMPARE_NEAR(s.at(1, -1), 50675.0 / 88162, 1e-15);
        RR_COMPARE_NEAR(s.at(2, -1), 29142.0 / 88162, 1e-15);
        QVERIFY(s.allExact);
        // the file format round trip
        std::stringstream file;
        writeMaxSupports(file, s);
        const MaxSupports back = parseMaxSupports(file);
        QCOMPARE(back.bySize, s.bySize);
        QCOMPARE(back.all, s.all);
    }

    void maxSupportsFileErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("increasing") << "3 0.2 0.3\n"
                                    << "exceeds s_max(1, 3) = 0.2";
        QTest::newRow("too many") << "2 0.3 0.2 0.1\n"
                                  << "at most 2 items";
        QTest::newRow("twice") << "2 0.3\n2 0.3\n"
                               << "line 2: size 2 appears twice";
        QTest::newRow("bad value") << "2 0.3 x\n"
                                   << "'x' is not a support";
        QTest::newRow("above one") << "2 1.5\n"
                                   << "'1.5' is not a support";
        QTest::newRow("bad size") << "0 0.3\n"
                                  << "'0' is not a basket size";
        QTest::newRow("empty") << "# nothing\n"
                               << "holds no maximum supports";
        QTest::newRow("star twice") << "* 0.5\n* 0.4\n"
                                    << "'*' appears twice";
    }

    void maxSupportsFileErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, fragment);
        std::istringstream in(text.toStdString());
        try {
            parseMaxSupports(in, "smax.txt");
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(fragment.toStdString()) != std::string::npos, e.what());
        }
        std::istringstream ok("# s_max\n\n1 0.3 # size 1\n4 0.5 0.2 0.05\n* 0.6 0.3\n");
        const MaxSupports s = parseMaxSupports(ok);
        RR_COMPARE_NEAR(s.at(3, 4), 0.05, 0);
        RR_COMPARE_NEAR(s.at(2, 1), 0.0, 0);
        RR_COMPARE_NEAR(s.at(2, -1), 0.3, 0);
    }

    // The smallest rho meets the level and a slightly smaller one does not; a prior at the level blocks.
    void breachDrivenParameters()
    {
        const std::vector<double> row{0.3, 0.06, 0.01};
        const BreachTarget target{0.5, 3};
        const ParameterChoice c = smallestRho(3, 5, row, target);
        QVERIFY2(c.feasible, c.reason.c_str());
        const auto breachAt = [&](double rho) {
            return worstBreachOfSize(cutAndPasteOperator(5, rho, 3), 3, row, 3, 0).breach.value;
        };
        QVERIFY(breachAt(c.value) < 0.5);
        QVERIFY(breachAt(c.value * (1 - 1e-6)) >= 0.5 - 1e-9);
        RR_COMPARE_NEAR(c.worstBreach, breachAt(c.value), 1e-12);
        const ParameterChoice keep = largestKeep(row, target);
        QVERIFY(keep.feasible && keep.value > 0.5 && keep.value < 1);
        QVERIFY(worstBreachOfSize(itemBitsOperator(keep.value), -1, row, 3, 0).breach.value < 0.5);
        QVERIFY(worstBreachOfSize(itemBitsOperator(keep.value + 1e-6), -1, row, 3, 0).breach.value >= 0.5 - 1e-9);
        const std::vector<double> pm{0.1, 0.2, 0.3, 0.4}; // a select-a-size that is no cut-and-paste
        const ParameterChoice sas = smallestRho(3, pm, row, target);
        QVERIFY2(sas.feasible, sas.reason.c_str());
        std::vector<SelectASizeLevel> levels(4);
        levels[3] = {sas.value, pm};
        QVERIFY(worstBreachOfSize(selectASizeOperator(levels), 3, row, 3, 0).breach.value < 0.5);
        levels[3].rho = sas.value * (1 - 1e-6);
        QVERIFY(worstBreachOfSize(selectASizeOperator(levels), 3, row, 3, 0).breach.value >= 0.5 - 1e-9);
        const ParameterChoice blocked = smallestRho(5, 5, {0.553, 0.25}, target);
        QVERIFY(!blocked.feasible);
        QVERIFY2(blocked.reason.find("55.3% of the baskets of size 5") != std::string::npos, blocked.reason.c_str());
        // per size on a toy histogram: sizes with maximum supports get a cutoff and a rho
        MaxSupports s;
        s.bySize = {{}, {0.2}, {0.25, 0.05}, {0.3, 0.06, 0.01}};
        const auto choices = chooseCutAndPaste(s, {0, 1000, 2000, 3000}, target, {3, 6, 2, 4});
        QCOMPARE(choices.size(), std::size_t(3));
        for (const auto& ch : choices) {
            QVERIFY2(ch.feasible, ch.reason.c_str());
            QVERIFY(ch.cutoff >= 3 && ch.cutoff <= 6 && ch.rho > 0 && ch.worstBreach < 0.5);
            QCOMPARE(ch.cutoffs.size(), std::size_t(4));
        }
    }

    // Retail at a 50% level: item 39 (57.5% of all baskets) and item 48 (>= 50% of the baskets of sizes >= 8)
    // cannot be protected by any operator; no other item reaches the level in a size with >= 1% of baskets.
    void unprotectableItemsOfRetail()
    {
        const std::vector<std::uint8_t> flags = unprotectableItems(retail(), 0.5);
        QCOMPARE(std::count(flags.begin(), flags.end(), 1), 2);
        QVERIFY(flags[39] && flags[48]);
        const std::vector<std::uint8_t> strict = unprotectableItems(retail(), 0.5, 0.0); // every size counts
        QVERIFY(std::count(strict.begin(), strict.end(), 1) > 2); // sizes with one basket expose all their items
    }

    // 002 Table 2 (retail): privacy 100 (1 - R(p)) for normal distortion, and for frequency-aware
    // distortion with fp = 0.95 and frequent items at support >= 0.3% (eq. 17 as the sum over all items).
    // The paper truncates to two decimals (81.1013 prints as 81.09 in one place): tolerance 0.015.
    void reconstructionProbabilityTable2()
    {
        const BasketSummary s = summarize(retail());
        std::vector<double> supports;
        for (std::size_t c : s.itemCounts)
            supports.push_back(static_cast<double>(c) / static_cast<double>(s.baskets));
        const std::vector<std::uint8_t> frequent = frequentItemFlags(s.itemCounts, s.baskets, 0.003);
        const std::vector<double> p{0.95, 0.90, 0.85, 0.80, 0.75, 0.70};
        const std::vector<double> normal{81.09, 85.63, 88.07, 89.72, 90.93, 91.83};
        const std::vector<double> improved{81.09, 81.68, 81.88, 81.97, 82.03, 82.07};
        for (std::size_t i = 0; i < p.size(); ++i) {
            RR_COMPARE_NEAR(100 * (1 - reconstructionProbability(p[i], supports)), normal[i], 0.015);
            RR_COMPARE_NEAR(100 * (1 - reconstructionProbability(0.95, p[i], supports, frequent)), improved[i], 0.015);
        }
        RR_COMPARE_NEAR(reconstructionProbability(1.0, 0.3), 1.0, 1e-15); // no randomization: certain
        RR_COMPARE_NEAR(reconstructionProbability(0.5, 0.3), 0.3, 1e-15); // coin flips: the prior
    }

    // Epsilon of cut-and-paste within one size against the largest ratio of enumerated P[t' | t].
    void epsilonAgainstEnumeration()
    {
        RR_COMPARE_NEAR(itemBitEpsilon(0.75).value, std::log(3.0), 1e-15);
        QVERIFY(!itemBitEpsilon(1.0).bounded);
        RR_COMPARE_NEAR(basketEpsilon(itemBitsOperator(0.75), 0, 10).value, 10 * std::log(3.0), 1e-12);
        const int n = 6, m = 2, K = 1;
        const double rho = 0.2;
        double worst = 0;
        for (unsigned t1 = 0; t1 < (1u << n); ++t1)
            for (unsigned t2 = 0; t2 < (1u << n); ++t2) {
                if (std::popcount(t1) != m || std::popcount(t2) != m)
                    continue;
                for (unsigned out = 0; out < (1u << n); ++out)
                    worst = std::max(worst, std::log(cutAndPasteOutput(t1, out, n, m, K, rho) /
                                                     cutAndPasteOutput(t2, out, n, m, K, rho)));
            }
        const BasketEpsilon e = basketEpsilon(cutAndPasteOperator(K, rho, m), m, n);
        QVERIFY(e.bounded);
        RR_COMPARE_NEAR(e.value, worst, 1e-12);
    }

    // 004 Sec. 5.1: at the lowest discoverable support s = 4 sd(s); below it s < 4 sd(s); 4x the baskets
    // about halve it (Fig. 2: "roughly inversely proportional to the square root").
    void lowestDiscoverableSupport()
    {
        const Eigen::MatrixXd P = selectASizeTransition(5, 3, 0.3, cutAndPasteSizeProbabilities(5, 5, 0.3));
        const DiscoverabilityValue d = rr::lowestDiscoverableSupport(P, 1e6);
        QVERIFY2(d.defined, d.reason.c_str());
        const PartialRecovery r = partialRecovery(P);
        const auto sd = [&](double s) {
            const double f = std::cbrt(s);
            Eigen::Vector4d partial;
            for (int l = 0; l <= 3; ++l)
                partial(l) = choose(3, l) * std::pow(f, l) * std::pow(1 - f, 3 - l);
            return std::sqrt(supportVariance(r, partial, 1e6));
        };
        RR_COMPARE_RELATIVE(d.support, 4 * sd(d.support), 1e-6);
        QVERIFY(0.9 * d.support < 4 * sd(0.9 * d.support));
        const DiscoverabilityValue d4 = rr::lowestDiscoverableSupport(P, 4e6);
        RR_COMPARE_NEAR(d4.support / d.support, 0.5, 0.1);
        // one size only: the whole-data version is the per-size one
        const DiscoverabilityValue whole =
            rr::lowestDiscoverableSupport(cutAndPasteOperator(5, 0.3, 5), {0, 0, 0, 0, 0, 1000000}, 3, 100);
        RR_COMPARE_RELATIVE(whole.support, d.support, 1e-6);
        const DiscoverabilityValue never = rr::lowestDiscoverableSupport(P, 10);
        QVERIFY(!never.defined && never.reason.find("not discoverable") != std::string::npos);
    }

    // Table 4 by hand: originals {0,1}, {0}, {2}, {1,2}; every randomized basket holds {0, 1}.
    void empiricalBreachByHand()
    {
        Transactions original;
        original.itemCount = 3;
        for (const Itemset& b : {Itemset{0, 1}, Itemset{0}, Itemset{2}, Itemset{1, 2}})
            original.append(b);
        BasketRelease release;
        release.baskets.itemCount = 3;
        for (const Itemset& b : {Itemset{0, 1}, Itemset{0, 1}, Itemset{0, 1}, Itemset{0, 1, 2}})
            release.baskets.append(b);
        release.originalSizes = {2, 1, 1, 2};
        const auto cells = empiricalBreaches(original, release, {Itemset{0, 1}});
        QCOMPARE(cells.size(), std::size_t(3)); // sizes all, 1, 2
        QCOMPARE(cells[0].m, -1);
        RR_COMPARE_NEAR(cells[0].worst, 0.5, 0);
        QCOMPARE(cells[1].m, 1);
        RR_COMPARE_NEAR(cells[1].worst, 0.5, 0); // item 0 was in 1 of the 2 originals of size 1
        QCOMPARE(cells[1].worstItem, 0u);
        QCOMPARE(cells[2].m, 2);
        RR_COMPARE_NEAR(cells[2].worst, 1.0, 0); // item 1 was in both originals of size 2
        QCOMPARE(cells[2].worstItem, 1u);
        QCOMPARE(cells[2].worstOccurrences, std::size_t(2));
        EmpiricalBreachOptions publicOne;
        publicOne.excludedItems = {0, 1, 0};
        RR_COMPARE_NEAR(empiricalBreaches(original, release, {Itemset{0, 1}}, publicOne)[2].worst, 0.5, 0);
        const auto rows = summarizeBySize(cells);
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[2].worstK, 2);
    }
};

QTEST_GUILESS_MAIN(TestBasketPrivacy)
#include "test_basket_privacy.moc"
