// p chosen for the analysis (issue 44): on EMGRW (003 Table 5.2) at l = 3, the optimum for an analysis' expected
// variance against today's optimum (003 Problem 1) at the same tau: both meet tau; each is the better one by its own
// objective; and the analysis objective itself against its definition (a logistic model's expected covariance, a
// table's tr Sigma).
#include "TestData.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/models/AnalysisObjective.h"
#include "core/optimization/OptimalParameters.h"

#include "TestSupport.h"

#include <QtTest>

using namespace rr;

namespace {

std::shared_ptr<const PreparedAnalysis> emgrw()
{
    AnalysisSpec spec;
    spec.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    spec.sensitive = "workclass";
    return prepareAnalysis(testdata::adultComplete(), spec);
}

} // namespace

class TestModelsOptimize : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const PreparedAnalysis> m_a;

private slots:
    void initTestCase() { m_a = emgrw(); }

    void analysisOptimumBeatsTodaysForItsAnalysis_data()
    {
        QTest::addColumn<QString>("analysis");
        QTest::addColumn<int>("mode");
        QTest::newRow("regress, RR-Both") << "regress:workclass=Private~sex,race" << int(RandomizationMode::Both);
        QTest::newRow("regress, RR-QI") << "regress:sex=Female~race,marital-status" << int(RandomizationMode::QI);
        QTest::newRow("cells, RR-Both") << "cells:sex,workclass" << int(RandomizationMode::Both);
    }
    void analysisOptimumBeatsTodaysForItsAnalysis()
    {
        QFETCH(QString, analysis);
        QFETCH(int, mode);
        const AnalysisObjective objective =
            analysisObjective(parseAnalysisTarget(analysis.toStdString()), m_a->names, m_a->categories, m_a->joint);
        OptimizationOptions opt;
        opt.mode = static_cast<RandomizationMode>(mode);
        opt.tau = 1.0 / 3;
        DisclosureRiskModel model = m_a->model;
        const OptimizationResult today = optimizeParameters(model, opt);
        opt.objective = objective.value;
        const OptimizationResult mine = optimizeParameters(model, opt);
        QVERIFY(today.feasible && mine.feasible);
        QVERIFY(today.maxRisk <= opt.tau && mine.maxRisk <= opt.tau);
        QVERIFY(mine.maxRisk >= opt.tau - 1e-6); // on the constraint's boundary, as today's
        QCOMPARE(mine.analysisObjective, objective.value(mine.p));
        const double todays = objective.value(today.p);
        qInfo("%s: variance %.6g at the analysis optimum, %.6g at today's; 003's objective %.6g and %.6g",
              qPrintable(analysis), mine.analysisObjective, todays, mine.objective, today.objective);
        QVERIFY(mine.analysisObjective < 0.9 * todays);
        QVERIFY(today.objective <= mine.objective);
    }

    // The logistic objective is the trace of the expected covariance but the intercept's; the cells' is 003 Lemma 4.
    void objectiveIsItsDefinition()
    {
        const std::vector<double> p{0.6, 0.8, 0.9, 0.85, 0.7};
        const AnalysisObjective cells =
            analysisObjective(parseAnalysisTarget("cells:race,workclass"), m_a->names, m_a->categories, m_a->joint);
        const ContingencyTable rw = m_a->joint.marginal({3, 4});
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(rw.dims()[0], 0.85),
                                              DistortionMatrix::warner(rw.dims()[1], 0.7)};
        RR_COMPARE_NEAR(cells.value(p), expectedSquaredError(m, rw.proportions(), rw.total()), 1e-15);
        const AnalysisObjective logit = analysisObjective(parseAnalysisTarget("regress:workclass=Private~sex"),
                                                          m_a->names, m_a->categories, m_a->joint);
        QCOMPARE(logit.terms, (std::vector<std::string>{"sex=" + m_a->categories[2][1]}));
        // more randomization of the outcome, a larger variance; an attribute outside the model changes nothing
        std::vector<double> q = p;
        q[4] = 0.5;
        QVERIFY(logit.value(q) > logit.value(p));
        q = p;
        q[0] = 0.3;
        QCOMPARE(logit.value(q), logit.value(p));
        QVERIFY_THROWS_EXCEPTION(InputError, analysisObjective(parseAnalysisTarget("cells:sex,occupation"), m_a->names,
                                                               m_a->categories, m_a->joint));
        QVERIFY_THROWS_EXCEPTION(InputError, parseAnalysisTarget("anova:sex"));
    }
};

QTEST_APPLESS_MAIN(TestModelsOptimize)
#include "test_models_optimize.moc"
