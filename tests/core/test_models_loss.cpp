// What an analyst's model loses (issue 44, the Utility step's panel): on EMGRW (Adult's complete records), the
// model from the original data beside the fit expected from a release at p. At p = 1 the two are one fit; the
// release's fit is the observed-data fit to the expected released counts P n (checked against P written out);
// its ranges widen as p falls, only for the attributes in the model; and the comparison shares the optimizer's
// analysis path (optimizeForAnalysis: both optima, both objectives, today's optimum unchanged).
#include "TestData.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/data/Errors.h"
#include "core/distortion/KroneckerFactor.h"
#include "core/models/AnalysisOptima.h"
#include "core/models/ModelLoss.h"
#include "core/estimation/Intervals.h"

#include "TestSupport.h"

#include <optional>
#include <QtTest>

#include <cmath>

using namespace rr;

namespace {

std::shared_ptr<const PreparedAnalysis> emgrw()
{
    AnalysisSpec spec;
    spec.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    spec.sensitive = "workclass";
    return prepareAnalysis(testdata::adultComplete(), spec);
}

LogitModelSpec workclassBySexRace()
{
    LogitModelSpec spec;
    spec.outcome = "workclass";
    spec.positive = "Private";
    spec.predictors = {"sex", "race"};
    return spec;
}

} // namespace

class TestModelsLoss : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const PreparedAnalysis> m_a;

private slots:
    void initTestCase() { m_a = emgrw(); }

    void atP1TheReleaseIsTheData()
    {
        const ModelLossModel m = prepareModelLoss(workclassBySexRace(), m_a->names, m_a->categories, m_a->joint);
        QCOMPARE(m.axes, (std::vector<int>{2, 3, 4}));
        const ModelLoss loss = modelLossAt(m, std::vector<double>(5, 1.0));
        QCOMPARE(loss.rows.size(), std::size_t(1 + 1 + 4)); // intercept, sex (2 categories), race (5)
        QCOMPARE(loss.rows[0].term, std::string("(intercept)"));
        QCOMPARE(loss.n, m_a->joint.total());
        QVERIFY(loss.converged);
        const double z = normalCriticalValue(0.05);
        for (std::size_t j = 0; j < loss.rows.size(); ++j) {
            const CoefficientLoss& r = loss.rows[j];
            RR_COMPARE_NEAR(r.release, r.original, 1e-9);
            RR_COMPARE_NEAR(r.widthRatio, 1.0, 1e-7);
            RR_COMPARE_NEAR(r.originalHalf, z * std::sqrt(m.originalFit.covariance(Eigen::Index(j), Eigen::Index(j))),
                            1e-15);
            QCOMPARE(r.original, m.originalFit.estimate[Eigen::Index(j)]);
        }
    }

    // The release's fit is the fit to P n with P written out (an oracle that needs no Kronecker structure), its
    // ranges the expected information's at that fit.
    void releaseIsTheFitToTheExpectedCounts_data()
    {
        QTest::addColumn<std::vector<double>>("p");
        QTest::newRow("outcome and sex") << std::vector<double>{0.5, 0.6, 0.9, 1.0, 0.7};
        QTest::newRow("outcome, sex and race") << std::vector<double>{0.5, 0.6, 0.9, 0.8, 0.7};
    }
    void releaseIsTheFitToTheExpectedCounts()
    {
        QFETCH(std::vector<double>, p);
        const ModelLossModel m = prepareModelLoss(workclassBySexRace(), m_a->names, m_a->categories, m_a->joint);
        const ModelLoss loss = modelLossAt(m, p);
        RandomizedLogitRequest r = m.original;
        Eigen::MatrixXd P = Eigen::MatrixXd::Ones(1, 1);
        for (std::size_t k = 0; k < 3; ++k) {
            const int d = r.matrices[k].size();
            r.matrices[k] = DistortionMatrix::warner(d, p[std::size_t(m.axes[k])]);
            const Eigen::MatrixXd f = r.matrices[k].matrix();
            Eigen::MatrixXd next(P.rows() * d, P.cols() * d);
            for (Eigen::Index i = 0; i < P.rows(); ++i)
                for (Eigen::Index j = 0; j < P.cols(); ++j)
                    next.block(i * d, j * d, d, d) = P(i, j) * f;
            P = next;
        }
        r.counts = P * m.original.counts;
        RandomizedLogitResult fit;
        try {
            fit = fitRandomizedLogit(r);
            QVERIFY(loss.fitted);
        } catch (const InputError& e) {
            // The fit to P n can refuse with a rare category of a randomized predictor (race = Other here, 0.8% of
            // the records): the data's values stand in, and the panel says so.
            QVERIFY(!loss.fitted);
            QCOMPARE(loss.fitProblem, std::string(e.what()));
            fit = m.originalFit;
        }
        const Eigen::MatrixXd cov = expectedLogitCovariance(r, fit.estimate, fit.shares, m.originalFit.n);
        const double z = normalCriticalValue(0.05);
        for (std::size_t j = 0; j < loss.rows.size(); ++j) {
            const auto jj = Eigen::Index(j);
            RR_COMPARE_NEAR(loss.rows[j].release, fit.estimate[jj], 1e-9);
            RR_COMPARE_NEAR(loss.rows[j].releaseHalf, z * std::sqrt(cov(jj, jj)), 1e-9);
            QVERIFY2(loss.rows[j].widthRatio > 1.05, loss.rows[j].term.c_str()); // sex and workclass randomized
            // the expected fit stays near the data's (within the data's own range here)
            QVERIFY2(std::abs(loss.rows[j].release - loss.rows[j].original) < loss.rows[j].originalHalf,
                     loss.rows[j].term.c_str());
        }
    }

    void rangesWidenAsPFallsOnlyForTheModelsAttributes()
    {
        const ModelLossModel m = prepareModelLoss(workclassBySexRace(), m_a->names, m_a->categories, m_a->joint);
        const ModelLoss high = modelLossAt(m, {1, 1, 0.95, 1, 0.9});
        const ModelLoss low = modelLossAt(m, {1, 1, 0.8, 1, 0.6});
        const ModelLoss other = modelLossAt(m, {0.4, 0.5, 0.8, 1, 0.6}); // education, marital-status: not in it
        QVERIFY(high.fitted && low.fitted && other.fitted);
        for (std::size_t j = 0; j < high.rows.size(); ++j) {
            QVERIFY(low.rows[j].widthRatio > high.rows[j].widthRatio);
            QVERIFY(high.rows[j].widthRatio > 1);
            QCOMPARE(other.rows[j].release, low.rows[j].release);
            QCOMPARE(other.rows[j].releaseHalf, low.rows[j].releaseHalf);
        }
        const ModelLoss narrow = modelLossAt(m, {1, 1, 0.8, 1, 0.6}, 0.2); // an 80% range
        QVERIFY(narrow.rows[1].releaseHalf < low.rows[1].releaseHalf);
        RR_COMPARE_NEAR(narrow.rows[1].widthRatio, low.rows[1].widthRatio, 1e-12);
    }

    // The panel recomputes while a slider moves: a model of a few hundred cells (education x sex x workclass, 224)
    // with all three randomized, one p step at a time from one prepared fit (its speed: BM_ModelLossStep in
    // tests/bench/bench_models.cpp). Each step's ranges widen as p falls, and the data's column never moves.
    void stepsOfAFewHundredCells()
    {
        LogitModelSpec spec;
        spec.outcome = "workclass";
        spec.positive = "Private";
        spec.predictors = {"education", "sex"};
        const ModelLossModel m = prepareModelLoss(spec, m_a->names, m_a->categories, m_a->joint);
        std::optional<ModelLoss> previous;
        int fitted = 0;
        for (double p = 0.95; p > 0.6; p -= 0.05) {
            const ModelLoss loss = modelLossAt(m, {p, 1, 0.9, 1, p});
            QCOMPARE(loss.rows.size(), std::size_t(1 + 15 + 1));
            if (!loss.fitted) { // the expected counts at the simplex edge: the page says why
                QVERIFY(!loss.fitProblem.empty());
                continue;
            }
            ++fitted;
            if (previous)
                for (std::size_t j = 0; j < loss.rows.size(); ++j) {
                    QCOMPARE(loss.rows[j].original, previous->rows[j].original);
                    QVERIFY2(loss.rows[j].releaseHalf > previous->rows[j].releaseHalf, loss.rows[j].term.c_str());
                }
            previous = loss;
        }
        QVERIFY(fitted >= 3);
    }

    void refusesWhatDoesNotFit()
    {
        LogitModelSpec spec = workclassBySexRace();
        spec.predictors = {"sex", "occupation"};
        QVERIFY_THROWS_EXCEPTION(InputError, prepareModelLoss(spec, m_a->names, m_a->categories, m_a->joint));
        spec = workclassBySexRace();
        spec.positive = "Rich";
        QVERIFY_THROWS_EXCEPTION(InputError, prepareModelLoss(spec, m_a->names, m_a->categories, m_a->joint));
        const ModelLossModel m = prepareModelLoss(workclassBySexRace(), m_a->names, m_a->categories, m_a->joint);
        QVERIFY_THROWS_EXCEPTION(InputError, modelLossAt(m, {1, 1, 1}));           // one p per attribute
        QVERIFY_THROWS_EXCEPTION(InputError, modelLossAt(m, {1, 1, 0.5, 1, 1})); // p = 1/d for sex
    }

    // Both optima for an analysis, as optimize --for and the GUI compute them: today's is the plain search's.
    void analysisOptimaHoldBothObjectives()
    {
        const AnalysisObjective objective = analysisObjective(
            parseAnalysisTarget("regress:workclass=Private~sex,race"), m_a->names, m_a->categories, m_a->joint);
        OptimizationOptions opt;
        opt.mode = RandomizationMode::Both;
        opt.tau = 1.0 / 3;
        int searches = 0;
        const auto search = [&](const OptimizationOptions& o) {
            ++searches;
            DisclosureRiskModel model = m_a->model;
            return optimizeParameters(model, o);
        };
        const AnalysisOptima o = optimizeForAnalysis(objective, opt, search);
        QCOMPARE(searches, 2);
        const OptimizationResult today = search(opt);
        QCOMPARE(o.classic.p, today.p);
        QCOMPARE(o.classicAnalysisObjective, objective.value(today.p));
        QCOMPARE(o.forAnalysis.analysisObjective, objective.value(o.forAnalysis.p));
        QVERIFY(o.forAnalysis.analysisObjective < o.classicAnalysisObjective);
        QVERIFY(o.classic.objective <= o.forAnalysis.objective);
        QVERIFY(o.forAnalysis.maxRisk <= opt.tau && o.classic.maxRisk <= opt.tau);
    }
};

QTEST_APPLESS_MAIN(TestModelsLoss)
#include "test_models_loss.moc"
