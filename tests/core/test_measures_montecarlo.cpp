// The delta method against simulation (FIDELITY.md, "Association measures"): draw N records from the COIL G,H
// proportions, randomize them at p = 0.9, estimate; repeat, and compare each measure's delta-method SD with
// the SD of its estimates; the same for Table 4.1's measures of a 3 x 4 table and for three items.
// Sigma-hat = Sigma_1 + Sigma_2 (003 Result 1) holds the sampling of the records (Sigma_1) and the
// randomization (Sigma_2), so the simulation draws both. Randomizing one fixed set of records shows the
// Sigma_2 part alone (fixedRecordsShowSigma2).
// Run counts: the relative standard error of a simulated SD is about sqrt((kurtosis - 1) / (4 R)), so
// R = 20,000 gives 0.5% for normal-like estimates and under 2% for kurtosis up to 30, far below the 10% bound.
#include "CoilData.h"
#include "TestSupport.h"

#include "core/estimation/Reconstruction.h"
#include "core/measures/AssociationMeasures.h"
#include "core/measures/MultiItemMeasures.h"
#include "core/measures/PairMeasures.h"
#include "core/randomization/Randomize.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

using namespace rr;
using namespace rr::testdata;

namespace {

// Running mean and variance (Welford), counting draws where the value is undefined.
struct Moments {
    double n = 0, mean = 0, m2 = 0;
    int undefined = 0;
    void add(const MeasureValue& v)
    {
        if (!v.defined) {
            ++undefined;
            return;
        }
        n += 1;
        const double d = v.value - mean;
        mean += d / n;
        m2 += d * (v.value - mean);
    }
    double sd() const { return std::sqrt(m2 / (n - 1)); }
};

struct Compared {
    std::string key;
    double delta, simulated;
    int undefined; // draws where the estimate had no value
};

// N records drawn from the proportions of `counts` (a multinomial draw, as a chain of binomials).
Eigen::VectorXd resample(const Eigen::VectorXd& counts, RandomSource& rng)
{
    Eigen::VectorXd out = Eigen::VectorXd::Zero(counts.size());
    auto remaining = static_cast<std::int64_t>(std::llround(counts.sum()));
    double mass = counts.sum();
    for (Eigen::Index c = 0; c < counts.size() && remaining > 0; ++c) {
        const double q = c + 1 == counts.size() ? 1.0 : std::min(1.0, counts[c] / mass);
        std::binomial_distribution<std::int64_t> bin(remaining, q);
        const std::int64_t k = bin(rng);
        out[c] = double(k);
        remaining -= k;
        mass -= counts[c];
    }
    return out;
}

// Simulates `runs` samples of N records from `counts`' proportions, each randomized, evaluates `values(pi-hat, n)` on each, and compares the SDs
// with the delta SDs of `expected` (estimated from the expected randomized table).
std::vector<Compared> simulate(const Eigen::VectorXd& counts, const std::vector<int>& dims,
                               const std::vector<DistortionMatrix>& m, int runs, std::uint64_t seed,
                               const std::vector<MeasureEstimate>& expected,
                               const std::function<std::vector<MeasureValue>(const Eigen::VectorXd&, double)>& values,
                               bool resampleRecords = true)
{
    RandomSource rng = RandomSource::seeded(seed);
    std::vector<Moments> mom(expected.size());
    const double n = counts.sum();
    for (int r = 0; r < runs; ++r) {
        const Eigen::VectorXd records = resampleRecords ? resample(counts, rng) : counts;
        const Eigen::VectorXd lambda = randomizeCounts(records, dims, m, rng) / n;
        const std::vector<MeasureValue> v = values(reconstruct(m, lambda), n);
        for (std::size_t i = 0; i < v.size(); ++i)
            mom[i].add(v[i]);
    }
    std::vector<Compared> out;
    for (std::size_t i = 0; i < expected.size(); ++i)
        out.push_back({expected[i].key, std::sqrt(expected[i].variance.value), mom[i].sd(), mom[i].undefined});
    return out;
}

void report(const char* title, const std::vector<Compared>& rows, int runs, std::uint64_t seed)
{
    qInfo("%s: %d randomizations, seed %llu", title, runs, static_cast<unsigned long long>(seed));
    qInfo("%-20s %14s %14s %8s", "measure", "delta SD", "simulated SD", "ratio");
    for (const Compared& c : rows)
        qInfo("%-20s %14.6g %14.6g %8.4f", c.key.c_str(), c.delta, c.simulated, c.delta / c.simulated);
}

void checkWithin(const std::vector<Compared>& rows, double tolerance)
{
    for (const Compared& c : rows) {
        QVERIFY2(c.undefined == 0, c.key.c_str());
        QVERIFY2(
            std::abs(c.delta / c.simulated - 1) < tolerance,
            qPrintable(QString("%1: delta SD %2 vs simulated %3").arg(c.key.c_str()).arg(c.delta).arg(c.simulated)));
    }
}

} // namespace

class TestMeasuresMonteCarlo : public QObject {
    Q_OBJECT
    Table m_coil;
private slots:
    void initTestCase() { m_coil = coilBinarized(); }

    // All 21 measures and the 4 standardized residuals on COIL G,H at p = 0.9 (N = 5,822).
    void coilGHAtP09()
    {
        constexpr int kRuns = 20000;
        constexpr std::uint64_t kSeed = 20100;
        const Eigen::VectorXd counts = coilTable(m_coil, "GH").counts();
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(2, 0.9), DistortionMatrix::warner(2, 0.9)};
        PairInput in;
        in.first = m[0];
        in.second = m[1];
        in.randomizedCounts = expectedRandomized(m, counts);
        const PairMeasures expected = estimatePairMeasures(in);
        std::vector<MeasureEstimate> all = expected.measures;
        all.insert(all.end(), expected.residuals.begin(), expected.residuals.end());
        const auto values = [](const Eigen::VectorXd& pi, double n) {
            std::vector<MeasureValue> v;
            for (const MeasureInfo& info : measureCatalog()) {
                Domain d;
                const double x = associationMeasure<double>(info.measure, pi.data(), n, d);
                v.push_back(domainValue(x, d));
            }
            for (int k = 0; k < 4; ++k) {
                Domain d;
                const double x = standardizedResidual<double>(pi.data(), 2, 2, n, k / 2, k % 2, d);
                v.push_back(domainValue(x, d));
            }
            return v;
        };
        const std::vector<Compared> rows = simulate(counts, {2, 2}, m, kRuns, kSeed, all, values);
        report("COIL G,H, p = 0.9", rows, kRuns, kSeed);
        checkWithin(rows, 0.10);
    }

    // One fixed set of records randomized again and again: the spread is Sigma_2 alone, the randomization's
    // share (003 Result 1: Sigma-hat = Sigma_1 + Sigma_2 with Sigma_1 = (N-1)^-1 (diag pi - pi pi^T)).
    // 003 calls Sigma_1 negligible for large N, but both parts shrink as 1/N: at p = 0.9 it is 60% of the
    // support's variance on COIL G,H.
    void fixedRecordsShowSigma2()
    {
        constexpr int kRuns = 20000;
        constexpr std::uint64_t kSeed = 20101;
        const Eigen::VectorXd counts = coilTable(m_coil, "GH").counts();
        const double n = counts.sum();
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(2, 0.9), DistortionMatrix::warner(2, 0.9)};
        PairInput in;
        in.first = m[0];
        in.second = m[1];
        in.randomizedCounts = expectedRandomized(m, counts);
        const PairMeasures expected = estimatePairMeasures(in);
        const Eigen::VectorXd pi = counts / n;
        const Eigen::MatrixXd sigma1 = (Eigen::MatrixXd(pi.asDiagonal()) - pi * pi.transpose()) / (n - 1);
        const Eigen::MatrixXd sigma2 = expected.covariance - sigma1;
        std::vector<MeasureEstimate> conditional = expected.measures;
        for (MeasureEstimate& e : conditional) {
            const Measure k = *measureByKey(e.key);
            const Linearization lin =
                linearize<4>([k, n](const auto* x, Domain& d) { return associationMeasure(k, x, n, d); }, pi);
            e.variance.value = deltaVariance(lin.gradient, sigma2);
        }
        const auto values = [](const Eigen::VectorXd& p, double size) {
            std::vector<MeasureValue> v;
            for (const MeasureInfo& info : measureCatalog()) {
                Domain d;
                v.push_back(domainValue(associationMeasure<double>(info.measure, p.data(), size, d), d));
            }
            return v;
        };
        const std::vector<Compared> rows = simulate(counts, {2, 2}, m, kRuns, kSeed, conditional, values, false);
        report("COIL G,H, p = 0.9, fixed records (Sigma_2 only)", rows, kRuns, kSeed);
        checkWithin(rows, 0.10);
        const double supportShare = sigma1(3, 3) / expected.covariance(3, 3);
        qInfo("Sigma_1 share of var(support): %.3f", supportShare);
        QVERIFY(supportShare > 0.5 && supportShare < 0.7);
    }

    // Table 4.1's five measures of a 3 x 4 table (N = 5,000) randomized with p = 0.8 and 0.85.
    void polytomousTable()
    {
        constexpr int kRuns = 10000;
        constexpr std::uint64_t kSeed = 34;
        Eigen::VectorXd counts(12);
        counts << 900, 300, 200, 100, 250, 700, 300, 150, 100, 200, 400, 1400;
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(3, 0.8), DistortionMatrix::warner(4, 0.85)};
        PairInput in;
        in.first = m[0];
        in.second = m[1];
        in.randomizedCounts = expectedRandomized(m, counts);
        const PairMeasures expected = estimatePairMeasures(in);
        QCOMPARE(expected.fullTable.size(), std::size_t(5));
        const auto values = [](const Eigen::VectorXd& pi, double n) {
            std::vector<MeasureValue> v;
            for (Measure k : kTwoWayMeasures)
                v.push_back(twoWayMeasure(k, pi, 3, 4, n));
            return v;
        };
        const std::vector<Compared> rows = simulate(counts, {3, 4}, m, kRuns, kSeed, expected.fullTable, values);
        report("3 x 4 table, p = 0.8, 0.85", rows, kRuns, kSeed);
        checkWithin(rows, 0.10);
    }

    // The k-item measures of COIL A,D,G at p = 0.9 (003 eq. 3.6 and the extensions of Sec. 3.3.1).
    void threeItems()
    {
        constexpr int kRuns = 10000;
        constexpr std::uint64_t kSeed = 1733;
        const Eigen::VectorXd counts = coilTable(m_coil, "ADG").counts();
        const std::vector<DistortionMatrix> m(3, DistortionMatrix::warner(2, 0.9));
        ItemsInput in;
        in.matrices = m;
        in.randomizedCounts = expectedRandomized(m, counts);
        const std::vector<MeasureEstimate> expected = estimateItemMeasures(in);
        const auto values = [](const Eigen::VectorXd& pi, double n) {
            std::vector<MeasureValue> v;
            for (Measure k : kMultiItemMeasures)
                v.push_back(itemMeasure(k, pi, 3, n));
            return v;
        };
        const std::vector<Compared> rows = simulate(counts, {2, 2, 2}, m, kRuns, kSeed, expected, values);
        report("COIL A,D,G, p = 0.9", rows, kRuns, kSeed);
        checkWithin(rows, 0.10);
    }

    // pi-hat is unbiased: over 20,000 randomizations each cell's mean lies within 4 standard errors of pi.
    void cellsAreUnbiased()
    {
        constexpr int kRuns = 20000;
        const Eigen::VectorXd counts = coilTable(m_coil, "GH").counts();
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(2, 0.7), DistortionMatrix::warner(2, 0.8)};
        RandomSource rng = RandomSource::seeded(7);
        Eigen::VectorXd sum = Eigen::VectorXd::Zero(4), sq = Eigen::VectorXd::Zero(4);
        for (int r = 0; r < kRuns; ++r) {
            const Eigen::VectorXd pi = reconstruct(m, randomizeCounts(counts, {2, 2}, m, rng) / counts.sum());
            sum += pi;
            sq += pi.cwiseAbs2();
        }
        const Eigen::VectorXd mean = sum / kRuns;
        const Eigen::VectorXd se = ((sq / kRuns - mean.cwiseAbs2()) / kRuns).cwiseSqrt();
        for (int c = 0; c < 4; ++c)
            QVERIFY2(std::abs(mean[c] - counts[c] / counts.sum()) < 4 * se[c], qPrintable(QString::number(c)));
    }
};

QTEST_GUILESS_MAIN(TestMeasuresMonteCarlo)
#include "test_measures_montecarlo.moc"
