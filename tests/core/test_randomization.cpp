// Random sources and randomized response on records and on counts (003 eq. 2.1, 5.1, 5.2).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"

#include "TestSupport.h"

#include <QtTest>

#include <array>
#include <cmath>
#include <random>
#include <set>

using namespace rr;

namespace {

Table makeTable(const std::vector<std::pair<std::string, int>>& attrs, std::size_t rows)
{
    Table t;
    for (const auto& [name, d] : attrs) {
        Attribute a;
        a.name = name;
        for (int k = 0; k < d; ++k)
            a.categories.push_back(name + std::to_string(k));
        a.codes.resize(rows);
        t.attributes.push_back(std::move(a));
    }
    return t;
}

// A non-uniform, non-symmetric column-stochastic matrix with a structural zero.
DistortionMatrix generalMatrix()
{
    Eigen::Matrix3d m;
    m << 0.70, 0.10, 0.25, //
        0.20, 0.85, 0.00,  //
        0.10, 0.05, 0.75;
    return DistortionMatrix::fromMatrix(m);
}

// Empirical transition frequencies of `rows` records (category i % d) match P within 4 sd.
void checkTransitions(const DistortionMatrix& m, std::size_t rows, std::uint64_t seed)
{
    const int d = m.size();
    Table t = makeTable({{"X", d}}, rows);
    for (std::size_t i = 0; i < rows; ++i)
        t.attributes[0].codes[i] = static_cast<int32_t>(i % d);
    RandomSource rng = RandomSource::seeded(seed);
    RandomizationReport report;
    const Table r = randomizeTable(t, {{0, m}}, rng, &report);
    Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(d, d);
    std::size_t changed = 0;
    for (std::size_t i = 0; i < rows; ++i) {
        const int v = t.attributes[0].codes[i], u = r.attributes[0].codes[i];
        QVERIFY(u >= 0 && u < d);
        counts(u, v) += 1;
        changed += u != v;
    }
    QCOMPARE(report.changedValues, changed);
    QCOMPARE(report.rows, rows);
    for (int v = 0; v < d; ++v) {
        const double nv = counts.col(v).sum();
        for (int u = 0; u < d; ++u) {
            const double p = m.matrix()(u, v), f = counts(u, v) / nv;
            if (p == 0.0) {
                QCOMPARE(counts(u, v), 0.0);
                continue;
            }
            const double se = std::sqrt(p * (1 - p) / nv);
            QVERIFY2(std::abs(f - p) < 4 * se,
                     qPrintable(QString("P(%1|%2) = %3, observed %4 (se %5)").arg(u).arg(v).arg(p).arg(f).arg(se)));
        }
    }
}

} // namespace

class TestRandomization : public QObject {
    Q_OBJECT
private slots:
    void seededIsMersenneTwister()
    {
        RandomSource a = RandomSource::seeded(42);
        std::mt19937_64 ref(42);
        for (int i = 0; i < 1000; ++i)
            QCOMPARE(a(), ref());
        QVERIFY(!a.isSecure());
        QCOMPARE(QString::fromStdString(a.description()), QString("seeded (seed 42): reproducible, not for release"));
    }

    void seededRunsAreReproducibleAndSeedsDiffer()
    {
        Table t = makeTable({{"A", 3}, {"B", 4}}, 5000);
        for (std::size_t i = 0; i < 5000; ++i) {
            t.attributes[0].codes[i] = static_cast<int32_t>(i % 3);
            t.attributes[1].codes[i] = static_cast<int32_t>((i / 3) % 4);
        }
        const std::map<int, DistortionMatrix> m = {{0, generalMatrix()}, {1, DistortionMatrix::warner(4, 0.6)}};
        RandomSource s1 = RandomSource::seeded(7), s2 = RandomSource::seeded(7), s3 = RandomSource::seeded(8);
        const Table r1 = randomizeTable(t, m, s1), r2 = randomizeTable(t, m, s2), r3 = randomizeTable(t, m, s3);
        for (int a = 0; a < 2; ++a)
            QVERIFY(r1.attributes[a].codes == r2.attributes[a].codes);
        QVERIFY(r1.attributes[0].codes != r3.attributes[0].codes);
        QVERIFY(r1.attributes[1].codes != r3.attributes[1].codes);
        // counts too
        const Eigen::VectorXd c = Eigen::VectorXd::Constant(12, 100);
        const std::vector<DistortionMatrix> mv = {generalMatrix(), DistortionMatrix::warner(4, 0.6)};
        RandomSource c1 = RandomSource::seeded(9), c2 = RandomSource::seeded(9), c3 = RandomSource::seeded(10);
        const Eigen::VectorXd x1 = randomizeCounts(c, {3, 4}, mv, c1);
        QVERIFY(x1 == randomizeCounts(c, {3, 4}, mv, c2));
        QVERIFY(x1 != randomizeCounts(c, {3, 4}, mv, c3));
    }

    void secureSourceWorksAndSaysSo()
    {
        RandomSource s = RandomSource::secure();
        QVERIFY(s.isSecure());
        QCOMPARE(QString::fromStdString(s.description()), QString("secure (OS CSPRNG)"));
        // 100k draws cross many buffer refills; the mean of U[0,1) is 1/2 (sd of the mean 0.0009)
        const int n = 100000;
        double sum = 0;
        std::set<std::uint64_t> firsts;
        for (int i = 0; i < n; ++i) {
            const double u = s.uniform01();
            QVERIFY(u >= 0.0 && u < 1.0);
            sum += u;
        }
        QVERIFY2(std::abs(sum / n - 0.5) < 5 * std::sqrt(1.0 / 12 / n), qPrintable(QString::number(sum / n)));
        for (int i = 0; i < 1000; ++i)
            firsts.insert(s());
        QCOMPARE(firsts.size(), std::size_t(1000)); // 64-bit words do not repeat
        // two secure sources are not the same stream; a moved source keeps working
        RandomSource t = RandomSource::secure();
        QVERIFY(s() != t());
        RandomSource moved = std::move(t);
        QVERIFY(moved.isSecure());
        for (int i = 0; i < 2000; ++i)
            QVERIFY(moved.below(10) < 10);
        // and it randomizes records
        Table tab = makeTable({{"X", 2}}, 10000);
        RandomizationReport rep;
        randomizeTable(tab, {{0, DistortionMatrix::warner(2, 0.7)}}, moved, &rep);
        RR_COMPARE_NEAR(double(rep.changedValues), 3000, 5 * std::sqrt(10000 * 0.21));
    }

    void belowIsUnbiased()
    {
        RandomSource s = RandomSource::seeded(123);
        QCOMPARE(s.below(1), std::uint64_t(0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, s.below(0));
        const int n = 300000;
        std::array<int, 3> c{};
        for (int i = 0; i < n; ++i)
            ++c[s.below(3)];
        for (int k = 0; k < 3; ++k)
            RR_COMPARE_NEAR(c[k], n / 3.0, 4 * std::sqrt(n * (1.0 / 3) * (2.0 / 3)));
        // n = 2/3 of 2^64: plain x % n would put 2/3 of the draws below n/2; rejection puts half
        const std::uint64_t big = (~std::uint64_t(0) / 3) * 2;
        int low = 0;
        const int draws = 100000;
        for (int i = 0; i < draws; ++i) {
            const std::uint64_t x = s.below(big);
            QVERIFY(x < big);
            low += x < big / 2;
        }
        QVERIFY2(std::abs(double(low) / draws - 0.5) < 5 * std::sqrt(0.25 / draws),
                 qPrintable(QString::number(double(low) / draws)));
    }

    void warnerTransitionsMatchMatrix() { checkTransitions(DistortionMatrix::warner(4, 0.6), 200000, 1); }
    void generalTransitionsMatchMatrix() { checkTransitions(generalMatrix(), 200000, 2); }

    void changedValuesMissingAndUnlistedAttributes()
    {
        const std::size_t rows = 20000;
        Table t = makeTable({{"A", 2}, {"B", 5}, {"C", 3}}, rows);
        for (std::size_t i = 0; i < rows; ++i) {
            t.attributes[0].codes[i] = static_cast<int32_t>(i % 2);
            t.attributes[1].codes[i] = i % 7 == 0 ? Attribute::kMissing : static_cast<int32_t>(i % 5);
            t.attributes[2].codes[i] = i % 11 == 0 ? Attribute::kMissing : static_cast<int32_t>(i % 3);
        }
        RandomSource rng = RandomSource::seeded(99);
        RandomizationReport rep;
        const Table r = randomizeTable(
            t, {{0, DistortionMatrix::warner(2, 0.8)}, {1, DistortionMatrix::warner(5, 0.5)}}, rng, &rep);
        std::size_t diff = 0;
        for (int a = 0; a < 3; ++a)
            for (std::size_t i = 0; i < rows; ++i) {
                const int32_t before = t.attributes[a].codes[i], after = r.attributes[a].codes[i];
                diff += before != after;
                if (before == Attribute::kMissing)
                    QCOMPARE(after, Attribute::kMissing);
                else
                    QVERIFY(after != Attribute::kMissing);
            }
        QCOMPARE(rep.changedValues, diff);
        QVERIFY(r.attributes[2].codes == t.attributes[2].codes); // unlisted
        QVERIFY(r.attributes[0].categories == t.attributes[0].categories);
        QCOMPARE(r.attributes[1].name, std::string("B"));
        // expected changes: 20000 * 0.2 + (20000 * 6/7) * 0.5
        const double expected = rows * 0.2 + rows * 6.0 / 7 * 0.5;
        QVERIFY2(std::abs(double(diff) - expected) < 5 * std::sqrt(rows * 0.16 + rows * 6.0 / 7 * 0.25),
                 qPrintable(QString::number(diff)));
    }

    void identityChangesNothing()
    {
        Table t = makeTable({{"A", 3}}, 1000);
        for (std::size_t i = 0; i < 1000; ++i)
            t.attributes[0].codes[i] = static_cast<int32_t>(i % 3);
        RandomSource rng = RandomSource::seeded(1);
        RandomizationReport rep;
        const Table r = randomizeTable(t, {{0, DistortionMatrix::identity(3)}}, rng, &rep);
        QCOMPARE(rep.changedValues, std::size_t(0));
        QVERIFY(r.attributes[0].codes == t.attributes[0].codes);
    }

    void refusesBadInput()
    {
        Table t = makeTable({{"age", 3}, {"sex", 2}}, 10);
        RandomSource rng = RandomSource::seeded(1);
        Table weighted = t;
        weighted.weights.assign(10, 1.0);
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeTable(weighted, {{0, DistortionMatrix::warner(3, 0.8)}}, rng));
        try {
            randomizeTable(t, {{1, DistortionMatrix::warner(3, 0.8)}}, rng);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("sex") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeTable(t, {{2, DistortionMatrix::warner(2, 0.8)}}, rng));
        const std::vector<DistortionMatrix> m = {DistortionMatrix::warner(2, 0.8)};
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeCounts(Eigen::Vector2d(1, 2.5), {2}, m, rng));
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeCounts(Eigen::Vector2d(1, -1), {2}, m, rng));
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeCounts(Eigen::Vector2d(1, std::nan("")), {2}, m, rng));
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeCounts(Eigen::Vector3d(1, 2, 3), {2}, m, rng));
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeCounts(Eigen::Vector2d(1, 2), {2, 1}, m, rng));
        QVERIFY_THROWS_EXCEPTION(InputError, randomizeCounts(Eigen::Vector2d(1, 2), {3}, m, rng));
    }

    // One source cell of 200k records: the multinomial (binomial chain) split follows column v of P.
    void countTransitionsMatchMatrix()
    {
        const DistortionMatrix g = generalMatrix();
        const double n = 200000;
        for (int v = 0; v < 3; ++v) {
            Eigen::VectorXd c = Eigen::VectorXd::Zero(3);
            c[v] = n;
            RandomSource rng = RandomSource::seeded(50 + v);
            const Eigen::VectorXd r = randomizeCounts(c, {3}, {g}, rng);
            QCOMPARE(r.sum(), n);
            for (int u = 0; u < 3; ++u) {
                const double p = g.matrix()(u, v);
                if (p == 0.0) {
                    QCOMPARE(r[u], 0.0);
                    continue;
                }
                QVERIFY2(std::abs(r[u] / n - p) < 4 * std::sqrt(p * (1 - p) / n),
                         qPrintable(QString("P(%1|%2) = %3, observed %4").arg(u).arg(v).arg(p).arg(r[u] / n)));
            }
        }
    }

    // Totals are kept exactly, and the mean over runs approaches N P pi (003 eq. 5.1).
    void countsKeepTotalAndMeanApproachesExpectation()
    {
        const std::vector<int> dims = {2, 3, 3};
        const std::vector<DistortionMatrix> m = {DistortionMatrix::warner(2, 0.75), generalMatrix(),
                                                 DistortionMatrix::warner(3, 0.9)};
        Eigen::VectorXd counts(18);
        counts << 120, 0, 35, 7, 300, 0, 44, 60, 1, 0, 0, 210, 18, 95, 3, 150, 27, 80;
        const double total = counts.sum();
        std::vector<KroneckerFactor> f;
        for (const auto& x : m)
            f.push_back(x.factor());
        const Eigen::VectorXd expected = kroneckerApply(f, counts); // N P pi
        const int runs = 400;
        RandomSource rng = RandomSource::seeded(2718);
        Eigen::ArrayXd sum = Eigen::ArrayXd::Zero(18), sumSq = Eigen::ArrayXd::Zero(18);
        for (int r = 0; r < runs; ++r) {
            const Eigen::VectorXd x = randomizeCounts(counts, dims, m, rng);
            QCOMPARE(x.sum(), total);
            QVERIFY((x.array() >= 0).all() && (x.array() == x.array().round()).all());
            sum += x.array();
            sumSq += x.array().square();
        }
        const Eigen::ArrayXd mean = sum / runs;
        const Eigen::ArrayXd sd = ((sumSq - runs * mean.square()) / (runs - 1)).max(0.0).sqrt();
        for (int c = 0; c < 18; ++c) {
            if (expected[c] == 0) { // a cell no record can reach
                QCOMPARE(mean[c], 0.0);
                continue;
            }
            QVERIFY2(std::abs(mean[c] - expected[c]) < 4 * sd[c] / std::sqrt(double(runs)),
                     qPrintable(QString("cell %1: mean %2, N P pi %3").arg(c).arg(mean[c]).arg(expected[c])));
        }
        // identity matrices leave the counts as they are
        RandomSource rng2 = RandomSource::seeded(1);
        const std::vector<DistortionMatrix> id = {DistortionMatrix::identity(2), DistortionMatrix::identity(3),
                                                  DistortionMatrix::identity(3)};
        QVERIFY(randomizeCounts(counts, dims, id, rng2) == counts);
    }
};

QTEST_GUILESS_MAIN(TestRandomization)
#include "test_randomization.moc"
