// Optimal randomization parameters (003 Problem 1, Result 16, Table 5.2).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/optimization/BoundarySearch.h"
#include "core/optimization/CostSqp.h"
#include "core/optimization/OptimalParameters.h"
#include "core/optimization/RetentionCost.h"
#include "core/risk/DisclosureRisk.h"
#include "core/risk/Reidentification.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace rr;

namespace {

// prod_i ||P_i^-1||_F^2 over all attributes (003 eq. 5.18, Lemma 5).
double objectiveOf(const std::vector<int>& dims, const std::vector<double>& p)
{
    double product = 1;
    for (std::size_t k = 0; k < dims.size(); ++k)
        product *= warnerInverseFrobeniusSquared(dims[k], p[k]);
    return product;
}

QString joined(const std::vector<double>& v)
{
    QStringList parts;
    for (double x : v)
        parts << QString::number(x, 'f', 3);
    return parts.join(' ');
}

ContingencyTable randomTable(const std::vector<int>& dims, std::mt19937_64& g)
{
    ContingencyTable t(dims);
    std::uniform_int_distribution<int> count(0, 40);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = count(g);
    return t;
}

// tau halfway between the lowest max risk the mode reaches (Property 1) and the max risk at p = 1.
double interestingTau(DisclosureRiskModel& model, RandomizationMode mode)
{
    const Eigen::VectorXd minimum = model.propertyOneMinimum(mode);
    double lowest = 0;
    for (Eigen::Index i : model.presentCells())
        lowest = std::max(lowest, minimum[i]);
    const double top = model.maxRiskWarner(std::vector<double>(model.dims().size(), 1.0));
    return 0.5 * (lowest + top);
}

// Published Table 5.2 of 003 (EMGRW): (a) RR-QI p for E, M, G, R; (c) RR-Both p for E, M, G, R, W.
const double kPublishedQi[4][4] = {{0.824, 0.872, 0.920, 0.941},
                                   {0.548, 0.812, 0.898, 0.985},
                                   {0.382, 0.736, 0.918, 0.961},
                                   {0.314, 0.615, 0.873, 0.938}};
const double kPublishedBoth[4][5] = {{0.824, 0.872, 0.920, 0.941, 1.0},
                                     {0.573, 0.821, 0.913, 0.973, 0.955},
                                     {0.428, 0.780, 0.926, 0.953, 0.871},
                                     {0.353, 0.688, 0.902, 0.953, 0.813}};

} // namespace

class TestOptimization : public QObject {
    Q_OBJECT

    Table m_adult;
    ContingencyTable m_emgrw;

    void checkTable52(RandomizationMode mode, int l, std::vector<double> published)
    {
        if (published.size() == 4)
            published.push_back(1.0); // RR-QI leaves W alone
        DisclosureRiskModel model(m_emgrw);
        OptimizationOptions options;
        options.mode = mode;
        options.tau = 1.0 / l;
        const OptimizationResult r = optimizeParameters(model, options);
        const auto& dims = m_emgrw.dims();
        const double publishedObjective = objectiveOf(dims, published);
        double largestDiff = 0;
        for (std::size_t k = 0; k < published.size(); ++k)
            largestDiff = std::max(largestDiff, std::abs(r.p[k] - published[k]));
        qDebug().noquote() << QString("RR-%1 l=%2: p = %3 | published %4 | max |diff| %5; objective %6 (published %7, "
                                      "ratio %8); max risk %9 (published %10); %11 risk passes")
                                  .arg(mode == RandomizationMode::QI ? "QI" : "Both")
                                  .arg(l)
                                  .arg(joined(r.p), joined(published))
                                  .arg(largestDiff, 0, 'f', 3)
                                  .arg(r.objective, 0, 'f', 1)
                                  .arg(publishedObjective, 0, 'f', 1)
                                  .arg(r.objective / publishedObjective, 0, 'f', 4)
                                  .arg(r.maxRisk, 0, 'f', 12)
                                  .arg(model.maxRiskWarner(published), 0, 'f', 4)
                                  .arg(r.evaluations);
        QVERIFY(r.feasible);
        QCOMPARE(r.p.size(), std::size_t(5));
        if (mode == RandomizationMode::QI)
            QCOMPARE(r.p[4], 1.0);
        // exactly on the boundary, never above it
        QVERIFY2(r.maxRisk <= options.tau + 1e-9, qPrintable(QString::number(r.maxRisk, 'g', 17)));
        QVERIFY2(r.maxRisk >= options.tau - 1e-9, qPrintable(QString::number(r.maxRisk, 'g', 17)));
        QCOMPARE(model.maxRiskWarner(r.p), r.maxRisk);
        RR_COMPARE_NEAR(r.objective, objectiveOf(dims, r.p), 1e-9 * r.objective);
        QVERIFY2(r.objective <= 1.03 * publishedObjective,
                 qPrintable(QString("objective %1 vs published %2").arg(r.objective).arg(publishedObjective)));
        // FIDELITY: an exact optimizer lands within about 0.03 of every published p (largest seen: 0.034)
        QVERIFY2(largestDiff < 0.04, qPrintable(QString("largest |diff| %1").arg(largestDiff)));
        for (std::size_t k = 0; k < r.p.size(); ++k)
            QVERIFY(r.p[k] > 1.0 / dims[k] && r.p[k] <= 1.0);
        QVERIFY(r.evaluations > 0);
    }

private slots:
    void initTestCase()
    {
        m_adult = testdata::adultComplete();
        m_emgrw = testdata::emgrw(m_adult);
        QCOMPARE(m_emgrw.total(), 45222.0);
    }

    void retentionCostRoundTrip()
    {
        for (int d : {2, 5, 7, 16}) {
            QCOMPARE(retentionCost(d, 1.0), 0.0);
            QCOMPARE(retentionFromCost(d, 0.0), 1.0);
            for (double p : {0.999, 0.9, 0.6, 1.0 / d + 0.01, 1.0 / d + 1e-6}) {
                const double t = retentionCost(d, p);
                QVERIFY(t > 0);
                RR_COMPARE_NEAR(retentionFromCost(d, t), p, 1e-12);
                // 003 Lemma 5
                RR_COMPARE_NEAR(std::exp(t) * d, (std::pow(d - 1.0, 3) / std::pow(d * p - 1, 2) + 1), 1e-6 * std::exp(t) * d);
            }
            QVERIFY(retentionFromCost(d, 1e6) > 1.0 / d);
            RR_COMPARE_NEAR(retentionFromCost(d, maximalRetentionCost(d)), (1.0 / d + kRetentionMargin), 1e-15);
        }
    }

    void table52RrQi()
    {
        // At l = 2 the published point is slightly infeasible and still costs more.
        for (int l = 2; l <= 5; ++l)
            checkTable52(RandomizationMode::QI, l, {kPublishedQi[l - 2], kPublishedQi[l - 2] + 4});
        DisclosureRiskModel model(m_emgrw);
        const OptimizationResult r = optimizeParameters(model, {RandomizationMode::QI, 0.5});
        std::vector<double> published(kPublishedQi[0], kPublishedQi[0] + 4);
        published.push_back(1.0);
        QVERIFY(r.objective < objectiveOf(m_emgrw.dims(), published));
    }

    void table52RrBoth()
    {
        for (int l = 2; l <= 5; ++l)
            checkTable52(RandomizationMode::Both, l, {kPublishedBoth[l - 2], kPublishedBoth[l - 2] + 5});
    }

    // FIDELITY: RR-S cannot reach tau < 1 on EMGRW (268 homogeneous QI groups, 648 records).
    void table52RrSIsInfeasible()
    {
        DisclosureRiskModel model(m_emgrw);
        const Eigen::VectorXd& counts = m_emgrw.counts();
        const int ds = m_emgrw.dims().back();
        for (int l = 2; l <= 5; ++l) {
            const double tau = 1.0 / l;
            const OptimizationResult r = optimizeParameters(model, {RandomizationMode::S, tau});
            qDebug().noquote() << QString("RR-S l=%1: %2").arg(l).arg(QString::fromStdString(r.reason));
            QVERIFY(!r.feasible);
            QCOMPARE(r.lowestMaxRisk, 1.0);
            QCOMPARE(r.certainGroups, std::size_t(268));
            QCOMPARE(r.certainRecords, 648.0);
            // records whose RR-S minimum (pi_QI,S / pi_QI)^2 is at or above tau, counted here directly
            double blocking = 0;
            std::size_t cells = 0;
            for (Eigen::Index i = 0; i < counts.size(); ++i) {
                const double group = counts.segment((i / ds) * ds, ds).sum();
                if (counts[i] > 0 && std::pow(counts[i] / group, 2) >= tau) {
                    blocking += counts[i];
                    ++cells;
                }
            }
            QCOMPARE(r.blockingRecords, blocking);
            QCOMPARE(r.blockingCells, cells);
            QVERIFY(r.blockingRecords >= 648);
            QVERIFY(r.reason.find("268 such QI groups hold 648 records") != std::string::npos);
            QVERIFY(r.reason.find("knows the value, whatever p is") != std::string::npos);
            QCOMPARE(r.p, std::vector<double>(5, 1.0));
        }
    }

    void tauAboveUnrandomizedRiskNeedsNoRandomization()
    {
        DisclosureRiskModel model(testdata::genderDisease()); // max risk at p = 1: 48/72
        for (RandomizationMode mode : {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both}) {
            const OptimizationResult r = optimizeParameters(model, {mode, 0.7});
            QVERIFY(r.feasible);
            QCOMPARE(r.p, (std::vector<double>{1.0, 1.0}));
            QCOMPARE(r.objective, 6.0); // d_G * d_D
            RR_COMPARE_NEAR(r.maxRisk, 48.0 / 72, 1e-15);
        }
        // EMGRW has unique QI combinations: its max risk is 1, so only tau = 1 needs nothing.
        DisclosureRiskModel emgrw(m_emgrw);
        const OptimizationResult r = optimizeParameters(emgrw, {RandomizationMode::Both, 1.0});
        QVERIFY(r.feasible);
        QCOMPARE(r.objective, 16.0 * 7 * 2 * 5 * 7);
    }

    // Every feasible point of a fine grid costs at least as much as the optimizer's answer.
    void bruteForceGridFindsNothingCheaper()
    {
        std::mt19937_64 g(2024);
        for (int trial = 0; trial < 4; ++trial) {
            const std::vector<int> dims = trial % 2 ? std::vector<int>{3, 2, 3} : std::vector<int>{4, 3, 2};
            const ContingencyTable t = randomTable(dims, g);
            DisclosureRiskModel model(t);
            for (RandomizationMode mode : {RandomizationMode::QI, RandomizationMode::Both}) {
                const double tau = interestingTau(model, mode);
                const OptimizationResult r = optimizeParameters(model, {mode, tau});
                QVERIFY(r.feasible);
                QVERIFY(r.maxRisk <= tau + 1e-9 && r.maxRisk >= tau - 1e-9);
                const int steps = mode == RandomizationMode::QI ? 300 : 60;
                const int free = mode == RandomizationMode::QI ? 2 : 3;
                std::vector<double> p(3, 1.0);
                double bestGrid = std::numeric_limits<double>::infinity();
                std::vector<double> bestGridP;
                std::vector<int> index(free, 1);
                for (;;) {
                    for (int k = 0; k < free; ++k)
                        p[k] = 1.0 / dims[k] + (1.0 - 1.0 / dims[k]) * index[k] / steps;
                    if (model.maxRiskWarner(p) <= tau) {
                        const double objective = objectiveOf(dims, p);
                        if (objective < bestGrid)
                            bestGrid = objective, bestGridP = p;
                    }
                    int k = 0;
                    while (k < free && ++index[k] > steps)
                        index[k++] = 1;
                    if (k == free)
                        break;
                }
                QVERIFY2(bestGrid >= r.objective * (1 - 1e-6),
                         qPrintable(QString("trial %1 mode %2: grid %3 at %4 beats %5 at %6")
                                        .arg(trial)
                                        .arg(QString::fromStdString(toString(mode)))
                                        .arg(bestGrid)
                                        .arg(joined(bestGridP))
                                        .arg(r.objective)
                                        .arg(joined(r.p))));
                // and the grid comes close: the optimum is no artefact of the search
                QVERIFY(bestGrid <= r.objective * 1.05);
            }
        }
    }

    // The re-identification bound (issue 22): a bound the tau optimum meets changes nothing (bitwise); a binding
    // one is met, and active, as reidentificationRisk computes it at the returned p, with tau still met; a
    // 2-QI grid finds no cheaper point meeting both; an unreachable bound and RR-S say why.
    void reidentificationBound()
    {
        DisclosureRiskModel model(m_emgrw);
        const OptimizationOptions plain{RandomizationMode::Both, 1.0 / 3};
        const OptimizationResult r0 = optimizeParameters(model, plain);
        QVERIFY(r0.feasible && !r0.reidentification);
        std::vector<int> qiAxes{0, 1, 2, 3};
        const ContingencyTable qi = m_emgrw.marginal(qiAxes);
        const auto reidAt = [&](const std::vector<double>& p) {
            std::vector<DistortionMatrix> m;
            for (std::size_t i = 0; i < 4; ++i)
                m.push_back(DistortionMatrix::warner(m_emgrw.dims()[i], p[i]));
            return reidentificationRisk(qi, m).randomized;
        };
        const ReidentificationSummary atOptimum = reidAt(r0.p);

        OptimizationOptions loose = plain;
        loose.reidentification.max = atOptimum.max + 0.01;
        const OptimizationResult r1 = optimizeParameters(model, loose);
        QVERIFY(r1.feasible && !r1.reidentificationBinding);
        QVERIFY(r1.p == r0.p);
        QCOMPARE(r1.reidentification->max, atOptimum.max);

        for (const auto& [max, mean] : {std::pair{0.2, 0.0}, std::pair{0.0, 0.002}, std::pair{0.15, 0.002}}) {
            OptimizationOptions bound = plain;
            bound.reidentification = {max, mean};
            const OptimizationResult r = optimizeParameters(model, bound);
            QVERIFY(r.feasible && r.reidentificationBinding);
            QVERIFY(r.maxRisk <= plain.tau);
            QVERIFY(r.objective > r0.objective);
            const ReidentificationSummary s = reidAt(r.p);
            RR_COMPARE_NEAR(s.max, r.reidentification->max, 1e-12);
            RR_COMPARE_NEAR(s.mean, r.reidentification->mean, 1e-12);
            QVERIFY(max <= 0 || s.max <= max);
            QVERIFY(mean <= 0 || s.mean <= mean);
            // active: one of the bounds holds with equality to the bisection's precision
            const bool active = (max > 0 && s.max >= max * (1 - 1e-4)) || (mean > 0 && s.mean >= mean * (1 - 1e-4));
            QVERIFY2(active, qPrintable(QString("max %1 mean %2").arg(s.max).arg(s.mean)));
        }

        // Two QIs, RR-QI: no point of a grid meets both constraints more cheaply.
        const ContingencyTable small = m_emgrw.marginal({1, 2, 4}); // marital status, sex | workclass
        DisclosureRiskModel two(small);
        OptimizationOptions both{RandomizationMode::QI, 0.0};
        both.tau = interestingTau(two, RandomizationMode::QI);
        const ContingencyTable smallQi = small.marginal({0, 1});
        const auto reidSmall = [&](const std::vector<double>& p) {
            return reidentificationRisk(smallQi, {DistortionMatrix::warner(small.dims()[0], p[0]),
                                                  DistortionMatrix::warner(small.dims()[1], p[1])})
                .randomized;
        };
        const OptimizationResult rTau = optimizeParameters(two, both);
        QVERIFY(rTau.feasible);
        both.reidentification.mean = 0.8 * reidSmall(rTau.p).mean;
        const OptimizationResult r = optimizeParameters(two, both);
        QVERIFY(r.feasible && r.reidentificationBinding);
        double bestGrid = std::numeric_limits<double>::infinity();
        const int steps = 60;
        for (int i = 1; i <= steps; ++i)
            for (int k = 1; k <= steps; ++k) {
                const std::vector<double> p{1.0 / small.dims()[0] + (1.0 - 1.0 / small.dims()[0]) * i / steps,
                                            1.0 / small.dims()[1] + (1.0 - 1.0 / small.dims()[1]) * k / steps, 1.0};
                if (two.maxRiskWarner(p) <= both.tau && reidSmall(p).mean <= both.reidentification.mean)
                    bestGrid = std::min(bestGrid, objectiveOf(small.dims(), p));
            }
        QVERIFY2(bestGrid >= r.objective * (1 - 1e-6), qPrintable(QString("grid %1 beats %2 at %3")
                                                                      .arg(bestGrid)
                                                                      .arg(r.objective)
                                                                      .arg(joined(r.p))));
        QVERIFY(bestGrid <= r.objective * 1.1);

        OptimizationOptions unreachable = plain;
        unreachable.reidentification.max = 1e-9;
        const OptimizationResult u = optimizeParameters(model, unreachable);
        QVERIFY(!u.feasible);
        QVERIFY2(QString::fromStdString(u.reason).contains("out of reach"), u.reason.c_str());
        OptimizationOptions sOnly{RandomizationMode::S, 1.0};
        sOnly.reidentification.max = 0.2;
        const OptimizationResult s = optimizeParameters(model, sOnly);
        QVERIFY(!s.feasible);
        QVERIFY2(QString::fromStdString(s.reason).contains("RR-QI or RR-Both"), s.reason.c_str());
        OptimizationOptions bad = plain;
        bad.reidentification.max = 1.5;
        QVERIFY_THROWS_EXCEPTION(InputError, optimizeParameters(model, bad));
    }

    // One randomized attribute: the boundary along one axis, against a scan.
    void singleAttributeMode()
    {
        ContingencyTable t({3, 3});
        t.counts() << 5, 3, 2, 1, 6, 3, 2, 2, 6; // no homogeneous group: RR-S can reach tau below 0.6
        DisclosureRiskModel model(t);
        const double tau = 0.45;
        const OptimizationResult r = optimizeParameters(model, {RandomizationMode::S, tau});
        QVERIFY(r.feasible);
        QCOMPARE(r.p[0], 1.0);
        RR_COMPARE_NEAR(r.maxRisk, tau, 1e-9);
        QVERIFY(r.maxRisk <= tau);
        // a slightly larger p_s violates tau: the answer is the largest feasible p_s
        QVERIFY(model.maxRiskWarner({1.0, r.p[1] + 1e-6}) > tau);
    }

    void sameInputSameAnswer()
    {
        DisclosureRiskModel model(m_emgrw);
        const OptimizationResult a = optimizeParameters(model, {RandomizationMode::Both, 1.0 / 3});
        const OptimizationResult b = optimizeParameters(model, {RandomizationMode::Both, 1.0 / 3});
        QCOMPARE(a.p, b.p);
        OptimizationOptions one{RandomizationMode::QI, 1.0 / 3};
        one.starts = 1;
        const OptimizationResult c = optimizeParameters(model, one);
        QVERIFY(c.feasible && c.maxRisk <= one.tau);
    }

    // A local search that nears a known minimum stops there (multi-level single linkage's clustering rule): it
    // would have converged to that minimum, which the full search confirms, and it costs fewer risk passes.
    void searchStopsAtAKnownMinimum()
    {
        DisclosureRiskModel model(m_emgrw);
        ModelRiskConstraint risk(model);
        const std::vector<int> axes{0, 1, 2, 3, 4};
        const double tau = 1.0 / 3;
        BoundarySearch boundary(risk, axes, tau);
        CostSqp sqp(risk, axes, tau);
        auto startAlong = [&](const std::vector<double>& w) {
            const BoundarySearch::Point start = boundary.boundary(w, 1.0, 1e-12);
            std::vector<double> t0;
            for (double x : w)
                t0.push_back(start.scale * x);
            return t0;
        };
        const CostSqp::Result first = sqp.run(startAlong({0.2, 0.2, 0.2, 0.2, 0.2}), 100, 1e-10);
        QVERIFY(!first.reachedKnown);
        QVERIFY(first.maxRisk <= tau + 1e-9);
        const std::vector<double> other = startAlong({0.1, 0.1, 0.1, 0.1, 0.6});
        const CostSqp::Result full = sqp.run(other, 100, 1e-10);
        QVERIFY(!full.reachedKnown);
        double gap = 0, size = 0;
        for (std::size_t i = 0; i < axes.size(); ++i) {
            gap = std::max(gap, std::abs(full.t[i] - first.t[i]));
            size += first.t[i];
        }
        QVERIFY2(gap < 1e-6 * size, qPrintable(QString("the two searches end %1 apart").arg(gap)));
        const CostSqp::Result stopped = sqp.run(other, 100, 1e-10, first.t, 1e-4);
        QVERIFY(stopped.reachedKnown);
        qDebug().noquote() << QString("the second search: %1 risk passes in full, %2 stopped at the known minimum")
                                  .arg(full.evaluations)
                                  .arg(stopped.evaluations);
        QVERIFY(stopped.evaluations < full.evaluations);
        // A point that is not where the search goes does not stop it: it ends where it ends without one.
        std::vector<double> elsewhere = first.t;
        elsewhere[0] += 0.05;
        const CostSqp::Result notStopped = sqp.run(other, 100, 1e-10, elsewhere, 1e-4);
        QVERIFY(!notStopped.reachedKnown);
        QCOMPARE(notStopped.t, full.t);
        QCOMPARE(notStopped.evaluations, full.evaluations);
    }

    void badInput()
    {
        DisclosureRiskModel model(testdata::genderDisease());
        for (double tau : {0.0, -0.5, 1.5, std::nan(""), std::numeric_limits<double>::infinity()})
            QVERIFY_THROWS_EXCEPTION(InputError, optimizeParameters(model, {RandomizationMode::QI, tau}));
        ContingencyTable oneCategory({1, 3, 2}, {"country", "age", "disease"});
        oneCategory.counts() << 4, 1, 2, 3, 0, 5;
        DisclosureRiskModel single(oneCategory);
        QVERIFY_THROWS_EXCEPTION(InputError, optimizeParameters(single, {RandomizationMode::QI, 0.5}));
        QVERIFY_THROWS_EXCEPTION(InputError, optimizeParameters(single, {RandomizationMode::Both, 0.5}));
        try {
            optimizeParameters(single, {RandomizationMode::QI, 0.5});
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("country") != std::string::npos);
        }
        // RR-S leaves the one-category QI alone
        QVERIFY(optimizeParameters(single, {RandomizationMode::S, 0.9}).p[0] == 1.0);
    }
};

QTEST_GUILESS_MAIN(TestOptimization)
#include "test_optimization.moc"
