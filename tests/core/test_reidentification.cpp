// Re-identification risk under randomization (issue 22): R_id(r) = a_r E[1 / (1 + M)] per QI cell. At p = 1 the
// prosecutor risk 1 / class size; the quadrature against M's exact distribution (a Poisson-binomial by dynamic
// programming over single records); the agreement patterns against the direct sum over cells; a Monte Carlo of
// the attack itself; Adult's EMGRW quasi-identifiers.
#include "TestData.h"
#include "TestSupport.h"

#include "core/data/Errors.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"
#include "core/risk/Reidentification.h"
#include "core/risk/ReidentificationIntegral.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace rr;

namespace {

ContingencyTable randomTable(const std::vector<int>& dims, double filled, int maxCount, std::uint64_t seed)
{
    ContingencyTable t(dims);
    RandomSource random = RandomSource::seeded(seed);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = random.uniform01() < filled ? double(1 + random.below(std::uint64_t(maxCount))) : 0.0;
    return t;
}

std::vector<DistortionMatrix> warner(const ContingencyTable& t, const std::vector<double>& p)
{
    std::vector<DistortionMatrix> m;
    for (std::size_t i = 0; i < p.size(); ++i)
        m.push_back(DistortionMatrix::warner(t.dims()[i], p[i]));
    return m;
}

// A column-stochastic matrix outside Warner's family.
DistortionMatrix skewed(int d, double p)
{
    Eigen::MatrixXd m = Eigen::MatrixXd::Constant(d, d, (1 - p) / (2 * (d - 1)));
    for (int v = 0; v < d; ++v) {
        m(v, v) = p;
        m((v + 1) % d, v) += (1 - p) / 2;
    }
    return DistortionMatrix::fromMatrix(m);
}

// R_id of one target cell by M's exact distribution: one Bernoulli per other record (never grouped), its
// probabilities by the Poisson-binomial recursion, then sum_m Pr(M = m) / (1 + m).
double enumeratedRisk(const ContingencyTable& t, const std::vector<DistortionMatrix>& m, std::size_t target)
{
    const std::vector<int> q = t.coordinates(target);
    auto match = [&](std::size_t cell) {
        const std::vector<int> c = t.coordinates(cell);
        double a = 1;
        for (std::size_t i = 0; i < q.size(); ++i)
            a *= m[i].entry(q[i], c[i]);
        return a;
    };
    std::vector<double> dist{1.0}; // Pr(M = m) over the records added so far
    for (std::size_t cell = 0; cell < t.cellCount(); ++cell) {
        const int records = static_cast<int>(t.counts()[static_cast<Eigen::Index>(cell)]) - (cell == target ? 1 : 0);
        const double a = match(cell);
        for (int r = 0; r < records; ++r) {
            dist.push_back(0.0);
            for (std::size_t k = dist.size() - 1; k > 0; --k)
                dist[k] = dist[k] * (1 - a) + dist[k - 1] * a;
            dist[0] *= 1 - a;
        }
    }
    double e = 0;
    for (std::size_t k = 0; k < dist.size(); ++k)
        e += dist[k] / (1.0 + double(k));
    return match(target) * e;
}

} // namespace

class TestReidentification : public QObject {
    Q_OBJECT

private slots:
    void prosecutorRiskAtPOne()
    {
        const ContingencyTable t = randomTable({3, 4, 2}, 0.6, 40, 3);
        for (MatchGrouping g : {MatchGrouping::AgreementPatterns, MatchGrouping::Cells}) {
            ReidentificationRequest request;
            request.grouping = g;
            const ReidentificationRisk r = reidentificationRisk(t, warner(t, {1.0, 1.0, 1.0}), request);
            QVERIFY(!r.cells.empty());
            for (const ReidentificationCell& c : r.cells) {
                QCOMPARE(c.original, 1 / c.count);
                QVERIFY2(std::abs(c.randomized - 1 / c.count) <= 1e-13 / c.count,
                         qPrintable(QString::number(c.randomized - 1 / c.count)));
            }
            QVERIFY(std::abs(r.randomized.mean - r.original.mean) < 1e-13);
            QCOMPARE(r.randomized.max, r.original.max);
        }
    }

    // The quadrature against the exact distribution of M, Warner and general matrices.
    void quadratureEqualsEnumeration()
    {
        const ContingencyTable t = randomTable({2, 3, 3}, 0.7, 12, 11);
        const std::vector<std::vector<DistortionMatrix>> cases = {
            warner(t, {0.9, 0.7, 0.5}), warner(t, {0.55, 0.4, 0.95}), warner(t, {1.0, 0.8, 1.0}),
            {skewed(2, 0.8), skewed(3, 0.6), skewed(3, 0.9)}};
        for (const auto& m : cases) {
            ReidentificationRequest request;
            const bool warnerOnly = std::all_of(m.begin(), m.end(), [](const DistortionMatrix& d) { return d.isWarner(); });
            request.grouping = warnerOnly ? MatchGrouping::AgreementPatterns : MatchGrouping::Cells;
            const ReidentificationRisk r = reidentificationRisk(t, m, request);
            for (const ReidentificationCell& c : r.cells) {
                const double exact = enumeratedRisk(t, m, c.cell);
                QVERIFY2(std::abs(c.randomized - exact) <= 1e-12 * exact,
                         qPrintable(QString("cell %1: %2 vs %3").arg(c.cell).arg(c.randomized, 0, 'g', 17).arg(exact, 0, 'g', 17)));
            }
        }
    }

    // Large M (thousands of matching records) and tiny a: the integral against the exact distribution.
    void integralOnLargeGroups()
    {
        for (const auto& groups : std::vector<std::vector<std::pair<double, int>>>{
                 {{0.3, 2000}, {0.0004, 5000}, {0.9, 3}},
                 {{0.999, 400}, {0.02, 1000}},
                 {{0.5, 1}}}) {
            MatchCountTerms terms;
            std::vector<double> dist{1.0};
            for (auto [a, n] : groups) {
                terms.add(a, n);
                for (int r = 0; r < n; ++r) {
                    dist.push_back(0.0);
                    for (std::size_t k = dist.size() - 1; k > 0; --k)
                        dist[k] = dist[k] * (1 - a) + dist[k - 1] * a;
                    dist[0] *= 1 - a;
                }
            }
            double exact = 0;
            for (std::size_t k = 0; k < dist.size(); ++k)
                exact += dist[k] / (1.0 + double(k));
            const double got = expectedInverseOnePlus(terms);
            QVERIFY2(std::abs(got - exact) <= 1e-12 * exact,
                     qPrintable(QString("%1 vs %2").arg(got, 0, 'g', 17).arg(exact, 0, 'g', 17)));
        }
    }

    // One group: M ~ Binomial(n, a), E[1 / (1 + M)] = (1 - (1 - a)^(n+1)) / ((n + 1) a) in closed form (the
    // recursion above loses digits over 1e5 records).
    void integralOfBinomial()
    {
        for (auto [a, n] : std::vector<std::pair<double, double>>{{1e-5, 1e5}, {0.3, 1e6}, {1.0, 45221}, {0.02, 37}, {1e-9, 3e7}}) {
            MatchCountTerms terms;
            terms.add(a, n);
            const double exact = -std::expm1((n + 1) * std::log1p(-a)) / ((n + 1) * a);
            const double got = expectedInverseOnePlus(terms);
            QVERIFY2(std::abs(got - exact) <= 1e-12 * exact,
                     qPrintable(QString("a %1 n %2: %3 vs %4").arg(a).arg(n).arg(got, 0, 'g', 17).arg(exact, 0, 'g', 17)));
        }
    }

    // The agreement patterns (Moebius inversion of the subset marginals) equal the direct sum over cells.
    void agreementPatternsEqualCellSum()
    {
        const ContingencyTable t = randomTable({3, 5, 2, 4}, 0.4, 20, 29);
        const std::vector<DistortionMatrix> m = warner(t, {0.6, 0.75, 0.9, 0.45});
        ReidentificationRequest patterns, cells;
        patterns.grouping = MatchGrouping::AgreementPatterns;
        cells.grouping = MatchGrouping::Cells;
        cells.threads = 3;
        const ReidentificationRisk a = reidentificationRisk(t, m, patterns);
        const ReidentificationRisk b = reidentificationRisk(t, m, cells);
        QCOMPARE(a.cells.size(), b.cells.size());
        for (std::size_t c = 0; c < a.cells.size(); ++c) {
            QCOMPARE(a.cells[c].cell, b.cells[c].cell);
            QVERIFY2(std::abs(a.cells[c].randomized - b.cells[c].randomized) <= 1e-12 * b.cells[c].randomized,
                     qPrintable(QString::number(a.cells[c].randomized - b.cells[c].randomized)));
        }
    }

    // The attack itself: randomize the records, pick uniformly among the released records that match the
    // target's true QIs. 20,000 draws; every cell's share of picks within 3 standard errors of R_id.
    void monteCarloOfTheAttack()
    {
        ContingencyTable t({2, 3, 2});
        t.counts() << 1, 3, 0, 2, 1, 4, 2, 0, 1, 5, 1, 2;
        const std::vector<DistortionMatrix> m = warner(t, {0.8, 0.7, 0.75});
        const ReidentificationRisk risk = reidentificationRisk(t, m);

        std::vector<std::vector<int>> records; // true QIs of every record
        std::vector<std::size_t> cellOf;       // its position in risk.cells
        for (std::size_t c = 0; c < risk.cells.size(); ++c)
            for (int r = 0; r < int(risk.cells[c].count); ++r) {
                records.push_back(t.coordinates(risk.cells[c].cell));
                cellOf.push_back(c);
            }
        std::vector<ColumnSampler> samplers;
        for (const DistortionMatrix& p : m)
            samplers.emplace_back(p);
        RandomSource random = RandomSource::seeded(2026);
        const int draws = 20000;
        std::vector<double> sum(risk.cells.size(), 0.0), sumSq(risk.cells.size(), 0.0);
        std::vector<std::vector<int>> released(records.size());
        std::vector<std::size_t> matches;
        for (int draw = 0; draw < draws; ++draw) {
            for (std::size_t r = 0; r < records.size(); ++r) {
                released[r].resize(records[r].size());
                for (std::size_t i = 0; i < records[r].size(); ++i)
                    released[r][i] = samplers[i].draw(records[r][i], random);
            }
            std::vector<double> hits(risk.cells.size(), 0.0);
            for (std::size_t target = 0; target < records.size(); ++target) {
                matches.clear();
                for (std::size_t r = 0; r < records.size(); ++r)
                    if (released[r] == records[target])
                        matches.push_back(r);
                if (!matches.empty() && matches[random.below(matches.size())] == target)
                    hits[cellOf[target]] += 1;
            }
            for (std::size_t c = 0; c < hits.size(); ++c) {
                const double share = hits[c] / risk.cells[c].count;
                sum[c] += share;
                sumSq[c] += share * share;
            }
        }
        for (std::size_t c = 0; c < risk.cells.size(); ++c) {
            const double mean = sum[c] / draws;
            const double sd = std::sqrt(std::max(0.0, sumSq[c] / draws - mean * mean));
            const double se = sd / std::sqrt(double(draws));
            QVERIFY2(std::abs(mean - risk.cells[c].randomized) <= 3 * se,
                     qPrintable(QString("cell %1: simulated %2 +- %3, R_id %4")
                                    .arg(risk.cells[c].cell).arg(mean).arg(se).arg(risk.cells[c].randomized)));
        }
    }

    void adultSized()
    {
        const Table adult = testdata::adultComplete();
        const ContingencyTable qi = testdata::emgrw(adult).marginal({0, 1, 2, 3});
        for (const std::vector<double>& p : {std::vector<double>{0.7, 0.8, 0.9, 0.9}, std::vector<double>{0.9, 0.9, 0.9, 0.9}}) {
            ReidentificationRequest request;
            request.threads = 2;
            const ReidentificationRisk r = reidentificationRisk(qi, warner(qi, p), request);
            QVERIFY(r.cells.size() > 100);
            QCOMPARE(r.original.records, 45222.0);
            for (const ReidentificationCell& c : r.cells)
                QVERIFY(std::isfinite(c.randomized) && c.randomized >= 0 && c.randomized <= 1);
            for (const ReidentificationSummary* s : {&r.original, &r.randomized}) {
                QVERIFY(s->max >= s->mean && s->mean > 0 && s->max <= 1);
                double h = 0;
                for (double b : s->histogram)
                    h += b;
                QVERIFY(std::abs(h - 1) < 1e-12);
            }
            QVERIFY(r.randomized.max < r.original.max);
            QVERIFY(r.randomized.mean < r.original.mean);
            QVERIFY(r.original.sampleUniques > 0);
        }
    }

    void refusals()
    {
        const ContingencyTable t = randomTable({2, 3}, 0.9, 5, 1);
        QVERIFY_THROWS_EXCEPTION(InputError, reidentificationRisk(t, warner(t, {0.9})));
        ReidentificationRequest bad;
        bad.threshold = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, reidentificationRisk(t, warner(t, {0.9, 0.9}), bad));
        ReidentificationRequest patterns;
        patterns.grouping = MatchGrouping::AgreementPatterns;
        QVERIFY_THROWS_EXCEPTION(InputError, reidentificationRisk(t, {skewed(2, 0.8), skewed(3, 0.8)}, patterns));
        ReidentificationRequest cancel;
        cancel.progress = [](double) { return false; };
        QVERIFY_THROWS_EXCEPTION(ReidentificationCancelled, reidentificationRisk(t, warner(t, {0.9, 0.9}), cancel));
    }
};

QTEST_APPLESS_MAIN(TestReidentification)
#include "test_reidentification.moc"
