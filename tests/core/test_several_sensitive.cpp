// Several sensitive attributes and what an attacker knows (issue 22): with one target everything equals the
// one-attribute path bit for bit; with two, each target's risk equals the one-attribute risk on its own table;
// a known attribute changes the risk as the one-attribute formula on the larger table says; a record's risk is
// the largest over the targets, checked cell by cell through the tables' labels. The optimizer with one
// constraint per target: one target is optimizeParameters bit for bit; two are each met, and nothing on a grid is
// cheaper; when tau is out of reach, each attribute says why.
#include "TestData.h"
#include "TestSupport.h"

#include "core/datasource/CsvSource.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/analysis/SeveralSensitiveOptimum.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/optimization/ModeLimit.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace rr;
using namespace rr::testdata;

namespace {

// The one-attribute path, as `risk` runs it.
RiskSummary oneTarget(const DataSource& source, const std::vector<std::string>& qi, const std::string& s,
                      MissingPolicy policy, const std::vector<double>& p, double tau)
{
    AnalysisSpec spec;
    spec.quasiIdentifiers = qi;
    spec.sensitive = s;
    spec.policy = policy;
    const auto a = prepareAnalysis(source, spec);
    DisclosureRiskModel model = a->model;
    return summarizeRisk(model.evaluateWarner(p), a->joint, tau);
}

void compareBits(const RiskSummary& a, const RiskSummary& b)
{
    QCOMPARE(a.records, b.records);
    QCOMPARE(a.cells, b.cells);
    QCOMPARE(a.maxRisk, b.maxRisk);
    QCOMPARE(a.meanRisk, b.meanRisk);
    QCOMPARE(a.p90, b.p90);
    QCOMPARE(a.recordsOverTau, b.recordsOverTau);
    QCOMPARE(a.worstCell, b.worstCell);
}

} // namespace

class TestSeveralSensitive : public QObject {
    Q_OBJECT
    std::shared_ptr<const CsvSource> m_adult;
    const std::vector<std::string> m_qi{"education", "marital-status", "sex", "race"};

private slots:
    void initTestCase()
    {
        m_adult = CsvSource::open({sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")});
    }

    void oneTargetIsTheOneAttributePath()
    {
        SeveralSensitiveSpec spec{m_qi, {{"workclass", {}}}, MissingPolicy::DropIncomplete};
        const SeveralSensitiveAnalysis a = prepareSeveralSensitive(*m_adult, spec);
        const std::vector<double> p{0.6, 0.8, 0.9, 0.95, 0.85};
        const SeveralSensitiveRisk r = severalSensitiveRisk(a, p, 1.0 / 3);
        const RiskSummary one = oneTarget(*m_adult, m_qi, "workclass", MissingPolicy::DropIncomplete, p, 1.0 / 3);
        compareBits(r.perTarget[0], one);
        compareBits(r.overall, one);
        QCOMPARE(r.recordsSetBy[0], 45222.0);
    }

    // Two targets, one with a known attribute: each equals the one-attribute risk on its own table (QIs and
    // what is known, then the target), and the record's risk is the largest of the two at its cells.
    void twoTargetsAndKnowledge()
    {
        SeveralSensitiveSpec spec{m_qi, {{"workclass", {}}, {"class", {"relationship"}}}, MissingPolicy::DropIncomplete};
        QVERIFY((spec.attributes() ==
                 std::vector<std::string>{"education", "marital-status", "sex", "race", "workclass", "relationship",
                                          "class"}));
        const SeveralSensitiveAnalysis a = prepareSeveralSensitive(*m_adult, spec);
        // p per attribute of the union: education .. race, workclass, relationship, class
        const std::vector<double> p{0.7, 0.8, 0.9, 0.9, 0.8, 0.75, 0.9};
        const double tau = 0.5;
        const SeveralSensitiveRisk r = severalSensitiveRisk(a, p, tau, 2);
        compareBits(r.perTarget[0], oneTarget(*m_adult, m_qi, "workclass", MissingPolicy::DropIncomplete,
                                              {0.7, 0.8, 0.9, 0.9, 0.8}, tau));
        std::vector<std::string> withRelationship = m_qi;
        withRelationship.push_back("relationship");
        compareBits(r.perTarget[1], oneTarget(*m_adult, withRelationship, "class", MissingPolicy::DropIncomplete,
                                              {0.7, 0.8, 0.9, 0.9, 0.75, 0.9}, tau));
        // Knowing relationship (randomized at p = 0.75) changes the risk for class: lower here, its noise spreads the
        // posterior more than the finer partition sharpens it (0.3889 against 0.4210 with the QIs alone).
        const RiskSummary without =
            oneTarget(*m_adult, m_qi, "class", MissingPolicy::DropIncomplete, {0.7, 0.8, 0.9, 0.9, 0.9}, tau);
        RR_COMPARE_NEAR(r.perTarget[1].maxRisk, 0.38890, 1e-5);
        RR_COMPARE_NEAR(without.maxRisk, 0.42096, 1e-5);

        // Cell by cell through the labels: the largest of the two targets' risks.
        double weighted = 0, largest = 0, total = 0;
        std::vector<Eigen::VectorXd> risks;
        for (std::size_t j = 0; j < 2; ++j) {
            std::vector<double> pj;
            for (int axis : a.axesOf[j])
                pj.push_back(p[static_cast<std::size_t>(axis)]);
            DisclosureRiskModel m = a.perTarget[j]->model;
            risks.push_back(m.evaluateWarner(pj));
        }
        std::vector<double> setBy(2, 0.0);
        for (std::size_t cell = 0; cell < a.all.joint.cellCount(); ++cell) {
            const double n = a.all.joint.counts()[static_cast<Eigen::Index>(cell)];
            if (n == 0)
                continue;
            const std::vector<std::string> values = a.all.cellValues(cell);
            double best = -1;
            int who = -1;
            for (std::size_t j = 0; j < 2; ++j) {
                std::vector<std::string> v;
                for (int axis : a.axesOf[j])
                    v.push_back(values[static_cast<std::size_t>(axis)]);
                std::vector<int> axes(v.size());
                for (std::size_t k = 0; k < v.size(); ++k)
                    axes[k] = static_cast<int>(k);
                const long long at = a.perTarget[j]->cellIndex(axes, v);
                QVERIFY(at >= 0);
                const double rj = risks[j][at];
                if (rj > best)
                    best = rj, who = static_cast<int>(j);
            }
            weighted += n * best;
            total += n;
            largest = std::max(largest, best);
            setBy[static_cast<std::size_t>(who)] += n;
        }
        QCOMPARE(r.overall.maxRisk, largest);
        QCOMPARE(r.overall.maxRisk, std::max(r.perTarget[0].maxRisk, r.perTarget[1].maxRisk));
        RR_COMPARE_NEAR(r.overall.meanRisk, weighted / total, 1e-12);
        QCOMPARE(r.recordsSetBy[0], setBy[0]);
        QCOMPARE(r.recordsSetBy[1], setBy[1]);
        QCOMPARE(r.recordsSetBy[0] + r.recordsSetBy[1], 45222.0);
    }

    // One target, nothing known: the optimum is optimizeParameters' bit for bit, in every mode, infeasible or not,
    // with a re-identification bound too.
    void optimumOfOneTargetIsTheOneAttributeOptimum()
    {
        const SeveralSensitiveAnalysis a =
            prepareSeveralSensitive(*m_adult, {m_qi, {{"workclass", {}}}, MissingPolicy::DropIncomplete});
        AnalysisSpec roles;
        roles.quasiIdentifiers = m_qi;
        roles.sensitive = "workclass";
        roles.policy = MissingPolicy::DropIncomplete;
        const auto single = prepareAnalysis(*m_adult, roles);
        int infeasible = 0;
        for (RandomizationMode mode : {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both})
            for (double tau : {1.0 / 3, 0.1})
                for (double bound : {0.0, 0.2}) {
                    if (bound > 0 && mode != RandomizationMode::Both)
                        continue;
                    OptimizationOptions o;
                    o.mode = mode;
                    o.tau = tau;
                    o.reidentification.max = bound;
                    DisclosureRiskModel model = single->model;
                    const OptimizationResult one = optimizeParameters(model, o);
                    const SeveralSensitiveOptimum several = optimizeSeveralSensitive(a, o);
                    const OptimizationResult& r = several.result;
                    QCOMPARE(r.feasible, one.feasible);
                    QVERIFY(r.p == one.p);
                    QCOMPARE(r.objective, one.objective);
                    QCOMPARE(r.maxRisk, one.maxRisk);
                    QCOMPARE(r.evaluations, one.evaluations);
                    QCOMPARE(r.lowestMaxRisk, one.lowestMaxRisk);
                    QCOMPARE(r.blockingRecords, one.blockingRecords);
                    QCOMPARE(several.targets[0].maxRisk, one.maxRisk);
                    QCOMPARE(r.reidentification.has_value(), one.reidentification.has_value());
                    if (one.reidentification)
                        QCOMPARE(r.reidentification->max, one.reidentification->max);
                    if (!one.feasible) {
                        ++infeasible;
                        QVERIFY2(r.reason.find(one.reason) != std::string::npos, r.reason.c_str());
                    }
                }
        QVERIFY(infeasible >= 1); // RR-S at tau = 0.1 cannot be met here
    }

    // Two targets under RR-QI (the two QIs are the variables): the optimum meets tau for each (the risk path says
    // so), one of them at tau; on a 60 x 60 grid of p nothing meeting both is cheaper, and the best is within 10%.
    void twoTargetsOptimumAgainstAGrid()
    {
        const std::vector<std::string> qi{"education", "marital-status"};
        const SeveralSensitiveAnalysis a =
            prepareSeveralSensitive(*m_adult, {qi, {{"workclass", {}}, {"class", {}}}, MissingPolicy::DropIncomplete});
        OptimizationOptions o;
        o.mode = RandomizationMode::QI;
        o.tau = 0.6;
        const SeveralSensitiveOptimum opt = optimizeSeveralSensitive(a, o);
        QVERIFY2(opt.result.feasible, opt.result.reason.c_str());
        QCOMPARE(opt.randomized, (std::vector<int>{0, 1}));
        QCOMPARE(opt.result.p[2], 1.0);
        QCOMPARE(opt.result.p[3], 1.0);
        const SeveralSensitiveRisk at = severalSensitiveRisk(a, opt.result.p, o.tau);
        for (std::size_t j = 0; j < 2; ++j) {
            QVERIFY(meetsThreshold(at.perTarget[j].maxRisk, o.tau));
            QCOMPARE(opt.targets[j].maxRisk, at.perTarget[j].maxRisk);
        }
        QVERIFY(std::abs(std::max(at.perTarget[0].maxRisk, at.perTarget[1].maxRisk) - o.tau) < 1e-9);
        const auto cost = [&](const std::vector<double>& p) {
            double c = 1;
            for (std::size_t k = 0; k < p.size(); ++k)
                c *= warnerInverseFrobeniusSquared(a.all.dims[k], p[k]);
            return c;
        };
        QCOMPARE(cost(opt.result.p), opt.result.objective);
        double bestOnGrid = std::numeric_limits<double>::infinity();
        const int n = 60;
        for (int i = 1; i <= n; ++i)
            for (int k = 1; k <= n; ++k) {
                std::vector<double> p = opt.result.p;
                p[0] = 1.0 / a.all.dims[0] + (1 - 1.0 / a.all.dims[0]) * i / n;
                p[1] = 1.0 / a.all.dims[1] + (1 - 1.0 / a.all.dims[1]) * k / n;
                if (!meetsThreshold(severalSensitiveRisk(a, p).overall.maxRisk, o.tau))
                    continue;
                QVERIFY(cost(p) >= opt.result.objective * (1 - 1e-9));
                bestOnGrid = std::min(bestOnGrid, cost(p));
            }
        QVERIFY(bestOnGrid <= 1.1 * opt.result.objective);
    }

    // RR-S at tau = 0.1: each target says why, with its own table's Property-1 figures (003 Property 1).
    void infeasibleSaysWhichAttribute()
    {
        const SeveralSensitiveAnalysis a =
            prepareSeveralSensitive(*m_adult, {m_qi, {{"workclass", {}}, {"class", {}}}, MissingPolicy::DropIncomplete});
        OptimizationOptions o;
        o.mode = RandomizationMode::S;
        o.tau = 0.1;
        const SeveralSensitiveOptimum opt = optimizeSeveralSensitive(a, o);
        QVERIFY(!opt.result.feasible);
        double lowest = 0;
        for (std::size_t j = 0; j < 2; ++j) {
            const ModeLimit limit = modeLimit(a.perTarget[j]->model, RandomizationMode::S, o.tau);
            QCOMPARE(opt.targets[j].lowestMaxRisk, limit.lowestMaxRisk);
            QCOMPARE(opt.targets[j].blockingRecords, limit.blockingRecords);
            QCOMPARE(opt.targets[j].reason, infeasibleReason(limit, RandomizationMode::S, o.tau));
            const std::string said = "For '" + opt.targets[j].attribute + "': " + opt.targets[j].reason;
            QVERIFY2(opt.result.reason.find(said) != std::string::npos, opt.result.reason.c_str());
            lowest = std::max(lowest, limit.lowestMaxRisk);
        }
        QCOMPARE(opt.result.lowestMaxRisk, lowest);
        QVERIFY(opt.result.p == std::vector<double>(a.all.names.size(), 1.0));
    }

    // class's attacker knows workclass, itself a target: under RR-QI workclass stays as it is, so class's table is
    // partly randomized. Its limit is the risk with the QIs at p = 1/d (where each risk is lowest, 003 Result 16)
    // and workclass, class at 1; a tau below it is refused, naming what is kept.
    void mixedRandomizationLimit()
    {
        const SeveralSensitiveAnalysis a = prepareSeveralSensitive(
            *m_adult, {m_qi, {{"workclass", {}}, {"class", {"workclass"}}}, MissingPolicy::DropIncomplete});
        DisclosureRiskModel model = a.perTarget[1]->model;
        std::vector<double> p;
        for (int d : model.dims())
            p.push_back(1.0 / d);
        p[4] = p[5] = 1.0;
        double expected = 0;
        const Eigen::VectorXd& risk = model.evaluateWarner(p);
        for (Eigen::Index c : model.presentCells())
            expected = std::max(expected, risk[c]);
        OptimizationOptions o;
        o.mode = RandomizationMode::QI;
        o.tau = 0.9 * expected;
        const SeveralSensitiveOptimum opt = optimizeSeveralSensitive(a, o);
        QVERIFY(!opt.result.feasible);
        QCOMPARE(opt.targets[1].lowestMaxRisk, expected);
        QVERIFY2(opt.targets[1].reason.find("'workclass', 'class' kept as they are") != std::string::npos,
                 opt.targets[1].reason.c_str());
        QVERIFY(opt.targets[1].blockingRecords > 0);
    }

    void rolesAreChecked()
    {
        const auto fails = [&](SeveralSensitiveSpec spec, const char* fragment) {
            try {
                prepareSeveralSensitive(*m_adult, spec);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find(fragment) != std::string::npos, e.what());
                return;
            }
            QFAIL(fragment);
        };
        fails({m_qi, {}}, "at least one sensitive");
        fails({m_qi, {{"class", {}}, {"class", {}}}}, "named twice");
        fails({m_qi, {{"sex", {}}}}, "both a quasi-identifier and a sensitive");
        fails({m_qi, {{"class", {"class"}}}}, "cannot be known");
        fails({m_qi, {{"class", {"race"}}}}, "quasi-identifier already");
        fails({m_qi, {{"class", {"occupation", "occupation"}}}}, "named twice among");
        fails({m_qi, {{"nothing", {}}}}, "nothing");
        // The table of every attribute is checked against the memory budget before counting.
        try {
            prepareSeveralSensitive(*m_adult, {m_qi, {{"class", {"occupation", "native-country"}}}}, {}, 64 << 10);
            QFAIL("a table over the budget was counted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("KiB") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestSeveralSensitive)
#include "test_several_sensitive.moc"
