// Support and confidence of association rules from randomized items (003 Sec. 3.2, Table 3.2; seed 001):
// itemset tables by bit columns, the linear support estimates against the general reconstruction,
// eq. 3.4-3.5 (variance = delta method, expectation by simulation), Apriori against brute force, the three
// decision rules, the sure / uncertain / excluded classification, and limits.
#include "CoilData.h"
#include "TestSupport.h"

#include "core/data/Errors.h"
#include "core/estimation/LinearCovariance.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/Randomize.h"
#include "core/rules/Apriori.h"
#include "core/itemsets/AprioriCandidates.h"
#include "core/rules/BinaryItems.h"
#include "core/rules/ItemsetSupport.h"
#include "core/rules/RuleConfidence.h"

#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <set>

using namespace rr;
using namespace rr::testdata;

namespace {

std::vector<int> allAttributes(const Table& t)
{
    std::vector<int> a(t.attributes.size());
    std::iota(a.begin(), a.end(), 0);
    return a;
}

BinaryItems coilItems(const Table& t)
{
    const std::vector<int> a = allAttributes(t);
    std::vector<int> present;
    for (int i : a)
        present.push_back(presentCategoryOf(t.attributes[i]));
    return binaryItems(t, a, present);
}

RandomizedItems randomizedCoil(const Table& coil, double p, std::uint64_t seed)
{
    std::map<int, DistortionMatrix> m;
    for (int i = 0; i < 10; ++i)
        m.emplace(i, DistortionMatrix::warner(2, p));
    RandomSource rng = RandomSource::seeded(seed);
    return {coilItems(randomizeTable(coil, m, rng)), std::vector<DistortionMatrix>(10, DistortionMatrix::warner(2, p))};
}

RandomizedItems unrandomized(const BinaryItems& items)
{
    return {items, std::vector<DistortionMatrix>(items.bits.size(), DistortionMatrix::identity(2))};
}

std::vector<int> lettersToItems(const char* letters)
{
    std::vector<int> v;
    for (const char* c = letters; *c; ++c)
        v.push_back(*c - 'A');
    return v;
}

struct Table32Rule {
    const char* x;
    const char* y;
    double support, confidence; // original, percent (FIDELITY.md)
    double supportHalfWidth;    // published (s-hat_u - s-hat_l) / 2 at p = 0.65, percent
};

// 003 Table 3.2 (EH => G's support is printed 35.8; the data give 35.9).
const Table32Rule kTable32[] = {
    {"G", "E", 35.9, 66.2, 7.75},    {"G", "H", 35.9, 66.2, 7.65},    {"EH", "G", 35.9, 89.3, 13.5},
    {"EG", "I", 22.1, 61.7, 13.55},  {"HF", "I", 23.9, 100.0, 13.55}, {"EGH", "F", 22.1, 61.7, 23.95},
    {"FGI", "E", 22.1, 77.9, 24.34},
};

} // namespace

class TestRules : public QObject {
    Q_OBJECT
    Table m_coil;
    BinaryItems m_items;
private slots:

    // The one candidate step of both miners against its definition: every (k+1)-itemset all of whose k-subsets
    // are kept, in lexicographic order; and a level past the limit stops one candidate after it.
    void aprioriCandidatesAreTheItemsetsWhoseSubsetsAreKept()
    {
        std::mt19937_64 g(7);
        for (int trial = 0; trial < 200; ++trial) {
            const int n = 3 + trial % 6, k = 1 + trial % 3;
            std::vector<std::vector<std::uint32_t>> all, kept;
            for (std::uint32_t mask = 0; mask < (1u << n); ++mask)
                if (std::popcount(mask) == k) {
                    std::vector<std::uint32_t> s;
                    for (int i = 0; i < n; ++i)
                        if (mask >> i & 1u)
                            s.push_back(static_cast<std::uint32_t>(i));
                    all.push_back(s);
                }
            std::sort(all.begin(), all.end());
            for (const auto& s : all)
                if (g() % 3 != 0)
                    kept.push_back(s);
            const std::set<std::vector<std::uint32_t>> keptSet(kept.begin(), kept.end());
            std::vector<std::vector<std::uint32_t>> expected;
            for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
                if (std::popcount(mask) != k + 1)
                    continue;
                std::vector<std::uint32_t> c;
                for (int i = 0; i < n; ++i)
                    if (mask >> i & 1u)
                        c.push_back(static_cast<std::uint32_t>(i));
                bool every = true;
                for (std::size_t drop = 0; drop < c.size() && every; ++drop) {
                    auto sub = c;
                    sub.erase(sub.begin() + static_cast<std::ptrdiff_t>(drop));
                    every = keptSet.count(sub) > 0;
                }
                if (every)
                    expected.push_back(c);
            }
            std::sort(expected.begin(), expected.end());
            QCOMPARE(aprioriCandidates(kept, 1u << 20), expected);
            if (expected.size() >= 2)
                QCOMPARE(aprioriCandidates(kept, expected.size() - 2).size(), expected.size() - 1);
        }
        const std::vector<std::vector<int>> pairs{{0, 1}, {0, 2}, {1, 2}, {1, 3}};
        QCOMPARE(aprioriCandidates(pairs, 10), (std::vector<std::vector<int>>{{0, 1, 2}}));
    }
    void initTestCase()
    {
        m_coil = coilBinarized();
        m_items = coilItems(m_coil);
        QCOMPARE(m_items.records, std::size_t(5822));
        QCOMPARE(m_items.names.front(), std::string("A"));
    }

    // The bit-column tables equal the contingency tables of the records.
    void itemsetCountsMatchContingency()
    {
        for (const char* letters : {"GH", "ADG", "EFGHI", "J"}) {
            const Eigen::VectorXd expected = coilTable(m_coil, letters).counts();
            RR_COMPARE_VECTORS_NEAR(itemsetCounts(m_items, lettersToItems(letters)), expected, 0.0);
            QCOMPARE(double(countAllPresent(m_items, lettersToItems(letters))), expected[expected.size() - 1]);
        }
        QCOMPARE(countAllPresent(m_items, {}), std::size_t(5822));
        // a record count that is not a multiple of 64 keeps the padding bits out
        BinaryItems small = m_items;
        small.records = 70;
        for (auto& column : small.bits)
            column.resize(2);
        QCOMPARE(itemsetCounts(small, {0, 1}).sum(), 70.0);
        QCOMPARE(countAllPresent(small, {}), std::size_t(70));
    }

    // FIDELITY.md: the original support and confidence of Table 3.2's rules (unrandomized data).
    void table32OriginalValues()
    {
        const RandomizedItems plain = unrandomized(m_items);
        for (const Table32Rule& r : kTable32) {
            const RuleEstimate e = estimateRule(plain, lettersToItems(r.x), lettersToItems(r.y), 0.05);
            RR_COMPARE_NEAR(100 * e.support.estimate, r.support, 0.05);
            RR_COMPARE_NEAR(100 * e.confidence.estimate.value, r.confidence, 0.05);
            RR_COMPARE_NEAR(e.support.randomized, e.support.estimate, 1e-15);
        }
    }

    // 003 Table 3.2 at p = 0.65: the 95% support ranges are about +-7.7 (2 items), +-13.5 (3) and +-24 (4)
    // points wide whatever the draw; the confidence ranges of the two 2-item rules about +-32 points.
    void table32RangeWidths()
    {
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            const RandomizedItems items = randomizedCoil(m_coil, 0.65, seed);
            for (const Table32Rule& r : kTable32) {
                const RuleEstimate e = estimateRule(items, lettersToItems(r.x), lettersToItems(r.y), 0.05);
                const double half = 50 * (e.support.normal.rawHi - e.support.normal.rawLo);
                RR_COMPARE_RELATIVE(half, r.supportHalfWidth, 0.05);
                if (std::string(r.x).size() == 1) {
                    const Interval& c = *e.confidence.chebyshev;
                    RR_COMPARE_RELATIVE(50 * (c.rawHi - c.rawLo), 32.0, 0.1);
                }
            }
        }
    }

    // The rank-one support functionals equal the general reconstruction and linear covariance (003 eq. 3.3,
    // 5.16), for Warner matrices and for p0 != p1 (003 eq. 3.1).
    void supportsMatchReconstruction()
    {
        RandomizedItems items = randomizedCoil(m_coil, 0.75, 11);
        Eigen::Matrix2d skewed;
        skewed << 0.9, 0.3, 0.1, 0.7; // p0 = 0.9 keeps absences, p1 = 0.7 keeps presences
        items.matrices[4] = DistortionMatrix::fromMatrix(skewed);
        const std::vector<int> itemset{1, 4, 6};
        const ItemsetTable table(items, itemset);
        std::vector<DistortionMatrix> m;
        for (int i : itemset)
            m.push_back(items.matrices[i]);
        const Eigen::VectorXd lambda = table.randomized();
        const Eigen::VectorXd pi = reconstruct(m, lambda);
        // subsets as indicator functions of the cells
        Eigen::MatrixXd u(8, 8);
        for (std::uint32_t x = 0; x < 8; ++x)
            for (int cell = 0; cell < 8; ++cell) {
                bool holds = true;
                for (int j = 0; j < 3; ++j)
                    holds = holds && (!((x >> j) & 1u) || ((cell >> (2 - j)) & 1));
                u(cell, x) = holds ? 1.0 : 0.0;
            }
        const Eigen::MatrixXd sigma = linearCovariance(m, lambda, table.records(), u);
        for (std::uint32_t x = 0; x < 8; ++x) {
            RR_COMPARE_NEAR(table.support(x), u.col(x).dot(pi), 1e-14);
            RR_COMPARE_NEAR(table.randomizedSupport(x), u.col(x).dot(lambda), 1e-15);
            for (std::uint32_t y = 0; y < 8; ++y)
                RR_COMPARE_NEAR(table.covariance(x, y), sigma(x, y), 1e-17);
        }
        RR_COMPARE_NEAR(table.support(0), 1.0, 1e-14);
        // the worked example: s_GH at p = 0.9 has the variance of pi-hat_11
        const RandomizedItems gh = randomizedCoil(m_coil, 0.9, 5);
        const SupportEstimate s = estimateSupport(gh, {6, 7}, 0.05);
        const std::vector<DistortionMatrix> m2(2, DistortionMatrix::warner(2, 0.9));
        const Eigen::VectorXd lambda2 = itemsetCounts(gh.data, {6, 7}) / 5822.0;
        RR_COMPARE_NEAR(s.variance, varianceDiagonal(m2, lambda2, 5822)[3], 1e-18);
    }

    // 003 eq. 3.5 is the delta method: d(pi11 / (pi11 + pi10)) = (pi10, -pi11) / pi1+^2.
    void confidenceVarianceIsDeltaMethod()
    {
        const double a = 0.3, b = 0.2, va = 4e-4, vb = 3e-4, cab = -1e-4;
        const ConfidenceMoments m = confidenceMoments(a, b, va, vb, cab);
        const Eigen::Vector2d g(b / std::pow(a + b, 2), -a / std::pow(a + b, 2));
        Eigen::Matrix2d s;
        s << va, cab, cab, vb;
        RR_COMPARE_RELATIVE(m.variance, g.dot(s * g), 1e-12);
        RR_COMPARE_NEAR(m.estimate, 0.6, 1e-15);
        // eq. 3.4 = c + (1/2) tr(H Sigma) with H the Hessian of a / (a + b)
        const double s3 = std::pow(a + b, 3);
        const double half = 0.5 * (-2 * b / s3 * va + 2 * a / s3 * vb + 2 * (a - b) / s3 * cab);
        RR_COMPARE_NEAR(m.expectation, 0.6 + half, 1e-15);
        QVERIFY_THROWS_EXCEPTION(InputError, confidenceMoments(0.1, -0.1, 1e-4, 1e-4, 0));
    }

    // E(c-hat) of eq. 3.4 predicts the bias of c-hat: 100,000 samples of N = 500 records randomized at
    // p = 0.8 (c = 0.6; the bias is 0.005, about 10 standard errors of the simulated mean).
    void confidenceExpectationBySimulation()
    {
        constexpr int kRuns = 100000;
        constexpr double kN = 500;
        const Eigen::Vector4d pi(0.55, 0.25, 0.08, 0.12);
        const std::vector<DistortionMatrix> m(2, DistortionMatrix::warner(2, 0.8));
        const Eigen::VectorXd lambda = expectedRandomized(m, Eigen::VectorXd(pi));
        const Eigen::MatrixXd s = linearCovariance(m, lambda, kN, Eigen::MatrixXd::Identity(4, 4));
        const ConfidenceMoments moments = confidenceMoments(pi[3], pi[2], s(3, 3), s(2, 2), s(2, 3));
        RandomSource rng = RandomSource::seeded(500);
        double sum = 0, sq = 0;
        int used = 0;
        for (int r = 0; r < kRuns; ++r) {
            // N records drawn from pi (chain of binomials), then randomized
            Eigen::VectorXd records = Eigen::VectorXd::Zero(4);
            int remaining = int(kN);
            double mass = 1;
            for (int c = 0; c < 4; ++c) {
                std::binomial_distribution<int> bin(remaining, c == 3 ? 1.0 : std::min(1.0, pi[c] / mass));
                records[c] = bin(rng);
                remaining -= int(records[c]);
                mass -= pi[c];
            }
            const Eigen::VectorXd est = reconstruct(m, randomizeCounts(records, {2, 2}, m, rng) / kN);
            if (est[2] + est[3] <= 0)
                continue;
            const double c = est[3] / (est[2] + est[3]);
            sum += c;
            sq += c * c;
            ++used;
        }
        const double mean = sum / used, se = std::sqrt((sq / used - mean * mean) / used);
        qInfo("c = 0.6, E(c-hat) = %.5f, simulated mean %.5f (se %.5f), %d of %d draws defined", moments.expectation,
              mean, se, used, kRuns);
        QVERIFY(used == kRuns);
        QVERIFY2(std::abs(mean - moments.expectation) < 4 * se, "eq. 3.4 misses the simulated mean");
        QVERIFY2(std::abs(mean - moments.estimate) > 4 * se, "the simulation should detect the bias");
    }

    // On the original data Apriori finds exactly the rules a brute force over all 1,023 itemsets finds.
    void aprioriEqualsBruteForce()
    {
        RuleMiningOptions o;
        o.minSupport = 0.25;
        o.minConfidence = 0.65;
        const RuleMiningResult mined = mineRules(unrandomized(m_items), o);
        std::set<std::pair<std::vector<int>, std::vector<int>>> expected;
        std::size_t frequent = 0;
        for (std::uint32_t z = 1; z < 1024; ++z) {
            std::vector<int> items;
            for (int i = 0; i < 10; ++i)
                if ((z >> i) & 1u)
                    items.push_back(i);
            const double s = double(countAllPresent(m_items, items)) / 5822;
            if (s < o.minSupport)
                continue;
            ++frequent;
            for (std::uint32_t x = (z - 1) & z; x > 0; x = (x - 1) & z) {
                std::vector<int> a, c;
                for (int i : items)
                    ((x >> i) & 1u ? a : c).push_back(i);
                if (s / (double(countAllPresent(m_items, a)) / 5822) >= o.minConfidence)
                    expected.insert({a, c});
            }
        }
        std::set<std::pair<std::vector<int>, std::vector<int>>> got;
        for (const RuleEstimate& r : mined.rules)
            got.insert({r.antecedent, r.consequent});
        qInfo("COIL A..J at 25%% / 65%%: %zu frequent itemsets, %zu rules", frequent, expected.size());
        QCOMPARE(mined.itemsets.size(), frequent);
        QCOMPARE(got, expected);
        QCOMPARE(expected.size(), std::size_t(20));
        for (const RuleEstimate& r : mined.rules) {
            QVERIFY(r.support.estimate >= 0.25 && r.confidence.estimate.value >= 0.65);
            QVERIFY(r.support.normal.lo <= r.support.estimate && r.support.estimate <= r.support.normal.hi);
        }
    }

    // Deciding by the lower bound keeps fewer itemsets than by the estimate, the upper bound more (each
    // decision is monotone in the bound, so by induction over the levels the sets nest).
    void decisionsNest()
    {
        const RandomizedItems items = randomizedCoil(m_coil, 0.7, 3);
        RuleMiningOptions o;
        std::vector<std::set<std::vector<int>>> sets;
        for (RuleDecision d : {RuleDecision::LowerBound, RuleDecision::Estimate, RuleDecision::UpperBound}) {
            o.decision = d;
            std::set<std::vector<int>> s;
            for (const EstimatedItemset& f : mineRules(items, o).itemsets)
                s.insert(f.items);
            sets.push_back(s);
        }
        QVERIFY(std::includes(sets[1].begin(), sets[1].end(), sets[0].begin(), sets[0].end()));
        QVERIFY(std::includes(sets[2].begin(), sets[2].end(), sets[1].begin(), sets[1].end()));
        QVERIFY(sets[0].size() < sets[1].size() && sets[1].size() < sets[2].size());
    }

    void thresholdClassification()
    {
        Interval r;
        r.lo = 0.3;
        r.hi = 0.4;
        QCOMPARE(sideOf(r, 0.25), ThresholdSide::Above);
        QCOMPARE(sideOf(r, 0.3), ThresholdSide::Above);
        QCOMPARE(sideOf(r, 0.35), ThresholdSide::Across);
        QCOMPARE(sideOf(r, 0.45), ThresholdSide::Below);
        RuleEstimate rule;
        rule.support.normal = r;
        rule.confidence.estimate = MeasureValue::of(0.8);
        Interval c;
        c.lo = 0.7;
        c.hi = 0.9;
        rule.confidence.chebyshev = c;
        QCOMPARE(certaintyOf(rule, 0.25, 0.65), RuleCertainty::Sure);
        QCOMPARE(certaintyOf(rule, 0.35, 0.65), RuleCertainty::Uncertain);
        QCOMPARE(certaintyOf(rule, 0.25, 0.8), RuleCertainty::Uncertain);
        QCOMPARE(certaintyOf(rule, 0.25, 0.95), RuleCertainty::Excluded);
        QCOMPARE(certaintyOf(rule, 0.5, 0.65), RuleCertainty::Excluded);
        rule.confidence.chebyshev.reset();
        QCOMPARE(certaintyOf(rule, 0.25, 0.65), RuleCertainty::Excluded);
        // G => H at p = 0.9 is sure at 25% / 50%: its ranges are [0.34, 0.38] and about [0.55, 0.8]
        const RuleEstimate gh = estimateRule(randomizedCoil(m_coil, 0.9, 8), {6}, {7}, 0.05);
        QCOMPARE(certaintyOf(gh, 0.25, 0.5), RuleCertainty::Sure);
    }

    // A rule whose antecedent is estimated at or below 0 has no confidence, with the reason.
    void undefinedConfidence()
    {
        BinaryItems tiny;
        tiny.names = {"X", "Y"};
        tiny.records = 100;
        tiny.bits = {std::vector<std::uint64_t>(2, 0), std::vector<std::uint64_t>(2, 0)};
        tiny.bits[1][0] = 0xFFFF; // Y in 16 records, X in none
        const RandomizedItems items{tiny, {DistortionMatrix::warner(2, 0.8), DistortionMatrix::warner(2, 0.8)}};
        const RuleEstimate r = estimateRule(items, {0}, {1}, 0.05);
        // s-hat(X) = -(1 - p) / (2p - 1) = -1/3: the unbiased estimate falls below 0
        RR_COMPARE_NEAR(ItemsetTable(items, {0, 1}).support(1), -1.0 / 3.0, 1e-15);
        QVERIFY(!r.confidence.estimate.defined && !r.confidence.chebyshev);
        QVERIFY2(r.confidence.estimate.reason.find("antecedent") != std::string::npos,
                 r.confidence.estimate.reason.c_str());
        QVERIFY(!r.confidence.randomized.defined);
        QVERIFY(!passesConfidence(r.confidence, 0.0, RuleDecision::UpperBound));
    }

    void limitsAndBadInput()
    {
        const RandomizedItems items = randomizedCoil(m_coil, 0.65, 1);
        RuleMiningOptions o;
        o.minSupport = 0.01;
        o.maxCandidates = 50;
        QVERIFY_THROWS_EXCEPTION(DomainError, mineRules(items, o));
        o.maxCandidates = 200000;
        o.minConfidence = 0.0;
        o.maxRules = 10;
        QVERIFY_THROWS_EXCEPTION(DomainError, mineRules(items, o));
        o = RuleMiningOptions{};
        o.minSupport = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, mineRules(items, o));
        o = RuleMiningOptions{};
        o.alpha = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, mineRules(items, o));
        QVERIFY_THROWS_EXCEPTION(InputError, itemsetCounts(m_items, {1, 1}));
        QVERIFY_THROWS_EXCEPTION(InputError, itemsetCounts(m_items, {10}));
        BinaryItems wide;
        wide.records = 1;
        wide.names.assign(21, "x");
        wide.bits.assign(21, std::vector<std::uint64_t>(1, 0));
        std::vector<int> all(21);
        std::iota(all.begin(), all.end(), 0);
        QVERIFY_THROWS_EXCEPTION(DomainError, itemsetCounts(wide, all));
        RandomizedItems wrong = items;
        wrong.matrices.pop_back();
        QVERIFY_THROWS_EXCEPTION(InputError, mineRules(wrong, RuleMiningOptions{}));
        wrong = items;
        wrong.matrices[0] = DistortionMatrix::warner(2, 0.5); // singular
        QVERIFY_THROWS_EXCEPTION(InputError, mineRules(wrong, RuleMiningOptions{}));
        QVERIFY_THROWS_EXCEPTION(InputError, estimateRule(items, {1}, {1}, 0.05));
        // missing values and non-0/1 attributes are refused by name
        Table t = m_coil;
        t.attributes[2].codes[7] = Attribute::kMissing;
        QVERIFY_THROWS_EXCEPTION(InputError, coilItems(t));
        Attribute colour;
        colour.name = "colour";
        colour.categories = {"red", "green"};
        QVERIFY_THROWS_EXCEPTION(InputError, presentCategoryOf(colour));
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "test_rules.moc"
