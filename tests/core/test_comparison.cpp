// Reconstruction of the original table from each release and the measures of 003 Sec. 5.3.3:
// Table 5.3's "Original" row (eq. 5.19), query errors, and the full comparison on ESGRO.
#include "EsgroData.h"

#include "core/anonymization/Generalization.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/KAnonymity.h"
#include "core/comparison/Comparison.h"
#include "core/comparison/GeneralizationEstimate.h"
#include "core/comparison/GeneralizedReidentification.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/comparison/QueryError.h"
#include "core/comparison/UncertaintyCoefficient.h"
#include "core/data/Errors.h"
#include "core/risk/DisclosureRisk.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace rr;
using namespace rr::testdata;

namespace {

ContingencyTable jointOf(const Esgro& e)
{
    std::vector<int> used = e.qi;
    used.push_back(e.sensitive);
    std::vector<uint32_t> rows(e.table.rowCount());
    std::iota(rows.begin(), rows.end(), 0u);
    return buildContingency(e.table, used, rows);
}

std::vector<std::string> esgroNames()
{
    std::vector<std::string> n = esgroQi();
    n.push_back("occupation");
    return n;
}

void checkFinite(const MethodUtility& m, const std::string& what)
{
    QVERIFY2(m.available, (what + ": " + m.note).c_str());
    QVERIFY2(std::isfinite(m.maxRisk), what.c_str());
    for (const DistanceValue* d : {&m.distances.dV, &m.distances.L2, &m.distances.KL, &m.distances.chi2})
        QVERIFY2(std::isfinite(d->value), what.c_str());
    QVERIFY2(std::isfinite(m.baseQueries.averageRelativeError), what.c_str());
    QVERIFY2(std::isfinite(m.cubeQueries.averageRelativeError), what.c_str());
    QCOMPARE(m.uncertainty.size(), std::size_t(20)); // 5 x 4 ordered pairs
    for (const auto& [pair, u] : m.uncertainty)
        QVERIFY2(std::isfinite(u) && u >= 0 && u <= 1 + 1e-12, (what + " " + pair).c_str());
    QVERIFY2(std::abs(m.estimate.sum() - 1.0) < 1e-9, what.c_str());
}

} // namespace

class TestComparison : public QObject {
    Q_OBJECT
    Esgro m_esgro;
    ContingencyTable m_joint;
private slots:
    void initTestCase()
    {
        m_esgro = esgro();
        m_joint = jointOf(m_esgro);
        QCOMPARE(m_joint.total(), 30162.0);
        QCOMPARE(m_joint.dims(), (std::vector<int>{16, 2, 2, 5, 14}));
    }

    // 003 Table 5.3, "Original" row (x 1e-2), FIDELITY.md; G-R computes to 1.27, not the printed 1.08.
    void table53OriginalRow_data()
    {
        QTest::addColumn<QString>("pair");
        QTest::addColumn<double>("expected");
        QTest::newRow("E-S") << "education|salary-class" << 11.54;
        QTest::newRow("E-G") << "education|sex" << 0.68;
        QTest::newRow("E-R") << "education|race" << 1.92;
        QTest::newRow("S-G") << "salary-class|sex" << 4.12;
        QTest::newRow("S-R") << "salary-class|race" << 1.07;
        QTest::newRow("G-R") << "sex|race" << 1.27;
        QTest::newRow("E-O") << "education|occupation" << 9.90;
        QTest::newRow("S-O") << "salary-class|occupation" << 2.74;
        QTest::newRow("G-O") << "sex|occupation" << 4.40;
        QTest::newRow("R-O") << "race|occupation" << 0.57;
    }
    void table53OriginalRow()
    {
        QFETCH(QString, pair);
        QFETCH(double, expected);
        const auto u = uncertaintyCoefficients(m_joint.proportions(), m_joint.dims(), esgroNames());
        const double value = 100.0 * u.at(pair.toStdString());
        QVERIFY2(std::abs(value - expected) <= 0.005, (pair.toStdString() + " = " + std::to_string(value)).c_str());
    }

    void uncertaintyProperties()
    {
        Eigen::MatrixXd t(2, 2);
        t << 0.4, 0.1, 0.1, 0.4;
        RR_COMPARE_NEAR(uncertaintyCoefficient(t), 0.2780719051, 1e-9);
        // Independence: 0; a response determined by the row: 1.
        Eigen::Vector3d a(0.2, 0.3, 0.5);
        Eigen::Vector4d b(0.1, 0.2, 0.3, 0.4);
        QVERIFY(uncertaintyCoefficient(a * b.transpose()) < 1e-12);
        RR_COMPARE_NEAR(uncertaintyCoefficient(Eigen::Matrix3d(a.asDiagonal())), 1.0, 1e-12);
        // Asymmetric: which attribute is the response matters.
        Eigen::MatrixXd c(2, 3);
        c << 3, 1, 0, 1, 2, 5;
        RR_COMPARE_NEAR(uncertaintyCoefficient(c), 0.2690723174, 1e-9);
        RR_COMPARE_NEAR(uncertaintyCoefficient(c.transpose()), 0.4555131566, 1e-9);
        // A constant response has nothing to explain.
        Eigen::MatrixXd constant(3, 1);
        constant << 1, 2, 3;
        QCOMPARE(uncertaintyCoefficient(constant), 0.0);
        Eigen::MatrixXd negative(1, 2);
        negative << 1, -1;
        bool threw = false;
        try {
            uncertaintyCoefficient(negative);
        } catch (const InputError&) {
            threw = true;
        }
        QVERIFY(threw);
    }

    void queryErrorsByHand()
    {
        Eigen::VectorXd actual(3), estimate(3);
        actual << 2, 0, 4;
        estimate << 1, 1, 5;
        const QueryErrorSummary base = baseQueryError(actual, estimate);
        QCOMPARE(base.queries, std::size_t(2));
        RR_COMPARE_NEAR(base.averageRelativeError, 0.375, 1e-15);
        // CUBE over one attribute: the two cells and the grand total (6 vs 7).
        const QueryErrorSummary cube = cubeQueryError(actual, estimate, {3});
        QCOMPARE(cube.queries, std::size_t(3));
        RR_COMPARE_NEAR(cube.averageRelativeError, (0.5 + 0.25 + 1.0 / 6.0) / 3.0, 1e-15);
        // A 2 x 2 table: 4 cells + 2 + 2 marginal cells + total = 9 queries; exact estimate: 0.
        Eigen::VectorXd t(4);
        t << 1, 2, 3, 4;
        QCOMPARE(cubeQueryError(t, t, {2, 2}).queries, std::size_t(9));
        QCOMPARE(cubeQueryError(t, t, {2, 2}).averageRelativeError, 0.0);
        const Eigen::VectorXd rowSums = marginalOver(t, {2, 2}, {0});
        QCOMPARE(rowSums[0], 3.0);
        QCOMPARE(rowSums[1], 7.0);
        QCOMPARE(marginalOver(t, {2, 2}, {})[0], 10.0);
    }

    // Re-identification of a generalized release (issue 22): 1 / class size over the released records. At the
    // bottom node it is the original data's prosecutor risk (core/risk at p = 1); generalizing can only merge
    // classes, so no record's risk grows; suppressed classes leave the summary.
    void generalizedReidentification()
    {
        const auto& qi = m_esgro.hierarchies;
        const KAnonymity k1(1);
        const Partition bottom = partitionAt(m_joint, qi, {0, 0, 0, 0});
        const ReidentificationSummary atBottom =
            rr::generalizedReidentification(bottom, assessPartition(bottom, {&k1}, 0).suppressed);
        std::vector<DistortionMatrix> ids;
        for (int d : {16, 2, 2, 5})
            ids.push_back(DistortionMatrix::identity(d));
        const ReidentificationRisk original = reidentificationRisk(m_joint.marginal({0, 1, 2, 3}), ids);
        QCOMPARE(atBottom.records, original.original.records);
        QCOMPARE(atBottom.max, original.original.max);
        QCOMPARE(atBottom.sampleUniques, original.original.sampleUniques);
        RR_COMPARE_NEAR(atBottom.mean, original.original.mean, 1e-15);
        RR_COMPARE_NEAR(atBottom.aboveThreshold, original.original.aboveThreshold, 1e-15);
        // The mean of 1 / size over the records is the number of classes over the records.
        RR_COMPARE_NEAR(atBottom.mean, double(bottom.classes.size()) / atBottom.records, 1e-15);

        const Partition coarse = partitionAt(m_joint, qi, {1, 0, 1, 1});
        const ReidentificationSummary merged =
            rr::generalizedReidentification(coarse, assessPartition(coarse, {&k1}, 0).suppressed);
        QVERIFY(merged.max <= atBottom.max && merged.mean <= atBottom.mean);
        double smallest = coarse.classes.front().size;
        for (const auto& c : coarse.classes)
            smallest = std::min(smallest, c.size);
        QCOMPARE(merged.max, 1.0 / smallest);
        // 5-anonymity with suppression: the classes under 5 records leave; every risk left is at most 1/5.
        const KAnonymity k5(5);
        const NodeAssessment five = assessPartition(bottom, {&k5}, 1.0);
        const ReidentificationSummary kept = rr::generalizedReidentification(bottom, five.suppressed);
        QVERIFY(kept.max <= 0.2 + 1e-15);
        QCOMPARE(kept.sampleUniques, 0.0);
        QVERIFY(kept.records < atBottom.records);
    }

    // Generalization estimate: exact at the bottom node; at any node it keeps each class's mass
    // and spreads it uniformly; its posterior risk is c_E(s) / |E| (Definition 7).
    void generalizationEstimate()
    {
        const auto& qi = m_esgro.hierarchies;
        const Eigen::VectorXd pi = m_joint.proportions();
        const Partition bottom = partitionAt(m_joint, qi, {0, 0, 0, 0});
        const KAnonymity k1(1);
        const Eigen::VectorXd exact = estimateFromGeneralization(bottom, assessPartition(bottom, {&k1}, 0), qi, 14);
        QVERIFY((exact - pi).cwiseAbs().maxCoeff() < 1e-15);
        // Bottom-node risk = the unrandomized risk of the risk module (p = 1 everywhere).
        DisclosureRiskModel model(m_joint);
        std::vector<DistortionMatrix> ids;
        for (int d : {16, 2, 2, 5})
            ids.push_back(DistortionMatrix::identity(d));
        RR_COMPARE_NEAR(maxPosteriorRisk(m_joint, exact), model.maxRisk(ids, DistortionMatrix::identity(14)), 1e-12);

        const LatticeNode node{1, 0, 1, 1}; // education level 1, salary kept, sex and race suppressed
        const Partition p = partitionAt(m_joint, qi, node);
        const NodeAssessment none = assessPartition(p, {&k1}, 0);
        const Eigen::VectorXd est = estimateFromGeneralization(p, none, qi, 14);
        RR_COMPARE_NEAR(est.sum(), 1.0, 1e-12);
        double worst = 0;
        for (const auto& c : p.classes)
            worst = std::max(worst, *std::max_element(c.sensitive.begin(), c.sensitive.end()) / c.size);
        RR_COMPARE_NEAR(maxPosteriorRisk(m_joint, est), worst, 1e-12);
        // sex and race are suppressed, so the estimate makes them independent of everything.
        const auto u = uncertaintyCoefficients(est, m_joint.dims(), esgroNames());
        QVERIFY(u.at("sex|occupation") < 1e-12);
        QVERIFY(u.at("education|race") < 1e-12);
        QVERIFY(u.at("salary-class|occupation") > 0.005);
        // The released marginal of (education level 1, salary, occupation) is kept exactly.
        const Eigen::VectorXd m1 = marginalOver(est, m_joint.dims(), {1, 4});
        const Eigen::VectorXd m0 = marginalOver(pi, m_joint.dims(), {1, 4});
        QVERIFY((m1 - m0).cwiseAbs().maxCoeff() < 1e-12);
    }

    // The three methods at l = 4 on ESGRO: same privacy requirement, everything finite.
    void fullComparison()
    {
        ComparisonOptions o;
        o.l = 4;
        o.seed = 7;
        const ComparisonResult r =
            compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        QCOMPARE(r.tau, 0.25);
        QCOMPARE(r.originalUncertainty.size(), std::size_t(20));
        checkFinite(r.lDiversity, "l-diversity");
        checkFinite(r.anatomy, "anatomy");
        checkFinite(r.randomization, "randomization");
        checkFinite(r.randomizationExpected, "randomization (expected)");

        // Privacy under 003 Definition 7.
        QVERIFY(r.anatomy.maxRisk <= 0.25 + 1e-12);
        QVERIFY2(r.randomization.maxRisk <= 0.25 + 1e-9, std::to_string(r.randomization.maxRisk).c_str());
        double worst = 0;
        for (std::size_t i = 0; i < r.search.partition.classes.size(); ++i) {
            const auto& c = r.search.partition.classes[i];
            worst = std::max(worst, *std::max_element(c.sensitive.begin(), c.sensitive.end()) / c.size);
        }
        RR_COMPARE_NEAR(r.lDiversity.maxRisk, worst, 1e-12);

        // l-diversity: an optimal node found by checking part of the 32-node lattice.
        QVERIFY(r.search.found);
        QCOMPARE(r.search.node.size(), std::size_t(4));
        QVERIFY(r.search.nodesChecked > 0 && r.search.nodesChecked < 32);
        QCOMPARE(r.privacyModel, std::string("entropy 4-diversity"));
        // Pairs of attributes the node leaves at level 0 keep their correlation exactly;
        // a QI generalized to '*' loses every correlation.
        std::vector<std::string> names = esgroNames();
        std::vector<int> level = r.search.node;
        level.push_back(0);
        for (int a = 0; a < 5; ++a)
            for (int b = 0; b < 5; ++b) {
                if (a == b)
                    continue;
                const std::string key = names[a] + "|" + names[b];
                if (level[a] == 0 && level[b] == 0)
                    QVERIFY2(std::abs(r.lDiversity.uncertainty.at(key) - r.originalUncertainty.at(key)) < 1e-9,
                             key.c_str());
                if (a < 4 && level[a] == m_esgro.hierarchies[a].maxLevel())
                    QVERIFY2(r.lDiversity.uncertainty.at(key) < 1e-12, key.c_str());
            }
        // Anatomy publishes the QIs unchanged: every QI-QI coefficient is the original one.
        RR_COMPARE_NEAR(r.anatomy.uncertainty.at("education|salary-class"),
                        r.originalUncertainty.at("education|salary-class"), 1e-12);
        RR_COMPARE_NEAR(r.anatomy.uncertainty.at("sex|race"), r.originalUncertainty.at("sex|race"), 1e-12);
        // ... and weakens QI-S correlation (every group mixes l sensitive values).
        QVERIFY(r.anatomy.uncertainty.at("salary-class|occupation") <
                r.originalUncertainty.at("salary-class|occupation"));

        // Randomization: the expected randomized table gives pi back; the simulated one does not.
        QVERIFY(r.randomizationExpected.distances.dV.value < 1e-9);
        QVERIFY(r.randomization.distances.dV.value > 1e-4);
        QCOMPARE(r.rr.parameters.p.size(), std::size_t(5));
        QCOMPARE(r.rr.parameters.p.back(), 1.0); // RR-QI keeps S
        for (int i = 0; i < 4; ++i)
            QVERIFY(r.rr.parameters.p[i] > 1.0 / m_joint.dims()[i] && r.rr.parameters.p[i] <= 1.0);
        QVERIFY(r.rr.expectedSquaredError > 0);
        // The unbiased estimate answers the same queries (its negative cells kept), differently.
        QCOMPARE(r.randomizationUnbiasedBase.queries, r.randomization.baseQueries.queries);
        QCOMPARE(r.randomizationUnbiasedCube.queries, r.randomization.cubeQueries.queries);
        QVERIFY(std::isfinite(r.randomizationUnbiasedBase.averageRelativeError));
        QVERIFY(r.randomizationUnbiasedBase.averageRelativeError != r.randomization.baseQueries.averageRelativeError);
        QVERIFY(r.rngDescription.find("seed 7") != std::string::npos);
    }

    void seededAndCancellable()
    {
        ComparisonOptions o;
        o.l = 3;
        o.seed = 11;
        const auto a = compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        const auto b = compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        QCOMPARE(a.randomization.distances.L2.value, b.randomization.distances.L2.value);
        o.seed = 12;
        const auto c = compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        QVERIFY(a.randomization.distances.L2.value != c.randomization.distances.L2.value);
        // Deterministic releases do not depend on the seed.
        QCOMPARE(a.anatomy.distances.L2.value, c.anatomy.distances.L2.value);
        QCOMPARE(a.lDiversity.distances.L2.value, c.lDiversity.distances.L2.value);

        std::vector<std::string> stages;
        o.progress = [&](const std::string& s) {
            stages.push_back(s);
            return s != "anatomy";
        };
        bool cancelled = false;
        try {
            compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        } catch (const ComparisonCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QCOMPARE(stages.back(), std::string("anatomy"));
    }

    void unavailableMethodsAndBadInput()
    {
        // l = 8: anatomy is ineligible (Prof-specialty is on more than N/8 records); the others run.
        ComparisonOptions o;
        o.l = 8;
        o.model = PrivacyModelKind::DistinctLDiversity;
        const auto r = compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        QVERIFY(!r.anatomy.available);
        QVERIFY(r.anatomy.note.find("Prof-specialty") != std::string::npos);
        QVERIFY(r.lDiversity.available);
        QVERIFY(r.randomization.available);
        QVERIFY(r.randomization.maxRisk <= 0.125 + 1e-9);
        // t-closeness runs only when asked for; at l = 8 no t reaches tau = 0.125: Prof-specialty's share of the
        // table (0.134) bounds the risk of any t-close generalization.
        QVERIFY(!r.tCloseness.available);
        QCOMPARE(r.tCloseness.note, std::string("t-closeness was not asked for"));
        o.tCloseness = true;
        const auto t8 = compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        QVERIFY(!t8.tCloseness.available);
        QVERIFY(t8.tCloseness.note.find("most frequent value has share 0.13387") != std::string::npos);
        o.l = 7; // tau = 0.143: only the one-class release (every QI at the top) has risk 0.134 <= tau
        const auto t7 = compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        QVERIFY(t7.tCloseness.available);
        QCOMPARE(t7.tSearch.search.node, (LatticeNode{3, 1, 1, 1}));
        RR_COMPARE_NEAR(t7.tCloseness.maxRisk, 4038.0 / 30162.0, 1e-12);
        RR_COMPARE_NEAR(t7.tCloseness.reidentification.max, 1.0 / 30162.0, 1e-15);
        o.tCloseness = false;

        o.l = 1;
        bool threw = false;
        try {
            compareReleases(m_esgro.table, m_esgro.qi, m_esgro.sensitive, m_esgro.hierarchies, o);
        } catch (const InputError&) {
            threw = true;
        }
        QVERIFY(threw);
        o.l = 3;
        threw = false;
        try {
            compareReleases(m_esgro.table, m_esgro.qi, m_esgro.qi[0], m_esgro.hierarchies, o);
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("both a quasi-identifier and the sensitive") != std::string::npos;
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestComparison)
#include "test_comparison.moc"
