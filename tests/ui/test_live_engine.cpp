// The live engine (ui/tasks) without a window: the live engine stops a frame a newer request supersedes and never reports it
// as a failure (issue 18); the risk surface's cache key holds the analysis's values, not its address.
#include "TestData.h"
#include "TestSupport.h"

#include "core/analysis/PreparedAnalysis.h"
#include "ui/tasks/LiveEngine.h"
#include "ui/document/Workspace.h"
#include "core/session/SessionResults.h"
#include "ui/session/ViewResolution.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rr;
using namespace rr::ui;
using namespace rr::testdata;

namespace {

AnalysisSpec emgrwSpec(MissingPolicy policy)
{
    AnalysisSpec s;
    s.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
    s.sensitive = "workclass";
    s.policy = policy;
    return s;
}

FrameRequest frameAt(std::uint64_t generation, double pEducation)
{
    FrameRequest r;
    r.generation = generation;
    r.p = {pEducation, 0.8, 0.9, 0.95, 0.85};
    r.metric = UtilityMetric::VariationalDistance;
    return r;
}

} // namespace

class TestCompute : public QObject {
    Q_OBJECT
    Table m_adult;
    std::shared_ptr<const PreparedAnalysis> m_emgrw;

private slots:
    void initTestCase()
    {
        m_adult = readCsv({sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")});
        m_emgrw = prepareAnalysis(m_adult, emgrwSpec(MissingPolicy::DropIncomplete));
    }

    // Requests in a burst: each is answered, replaced while pending or stopped while running (never reported
    // as a failure), and what is shown last is the newest request's frame, the same as core computes it.
    void newestRequestWins()
    {
        LiveEngine engine;
        engine.setAnalysis(m_emgrw);
        std::vector<std::shared_ptr<const Frame>> results;
        connect(&engine, &LiveEngine::resultReady, this,
                [&results](std::shared_ptr<const Frame> f) { results.push_back(std::move(f)); });
        QSignalSpy failures(&engine, &LiveEngine::failed);
        const int requests = 12;
        for (int k = 1; k <= requests; ++k)
            engine.request(frameAt(static_cast<std::uint64_t>(k), 0.9 - 0.02 * k));
        engine.waitForIdle();
        qInfo("%d requests: %d answered, %d replaced while pending, %d stopped while running", requests,
              engine.answered(), engine.coalesced(), engine.cancelled());
        QCOMPARE(failures.count(), 0);
        QCOMPARE(engine.answered(), static_cast<int>(results.size()));
        QCOMPARE(engine.answered() + engine.coalesced() + engine.cancelled(), requests);
        QVERIFY(!results.empty());
        const auto last = results.back();
        QCOMPARE(last->generation, std::uint64_t(requests));
        DisclosureRiskModel model = m_emgrw->model;
        const Frame expected = computeFrame(*m_emgrw, model, frameAt(requests, 0.9 - 0.02 * requests));
        QCOMPARE(last->maxRisk, expected.maxRisk);
        QCOMPARE(last->utility, expected.utility);
        QVERIFY(last->distribution.estimate == expected.distribution.estimate);
        QVERIFY(last->intervals.normalHi == expected.intervals.normalHi);
    }

    // Two analyses of the same records and roles, at different addresses, share a surface; another analysis
    // (here other records: the policy keeps more) never gets the first one's surface, wherever it lives.
    void surfaceKeyHoldsValues()
    {
        const auto twin = prepareAnalysis(m_adult, emgrwSpec(MissingPolicy::DropIncomplete));
        const auto other = prepareAnalysis(m_adult, emgrwSpec(MissingPolicy::DropIfUsedMissing));
        QVERIFY(twin.get() != m_emgrw.get());
        const ResolvedView v = resolveView(*m_emgrw, ViewChoices{});
        const std::vector<double> p{0.6, 0.8, 0.9, 0.95, 0.85};
        const std::string key = surfaceKey(inputsOf(*m_emgrw), v, p);
        QCOMPARE(surfaceKey(inputsOf(*twin), resolveView(*twin, ViewChoices{}), p), key);
        QVERIFY(surfaceKey(inputsOf(*other), resolveView(*other, ViewChoices{}), p) != key);
        // The surface varies the p of its two axes itself; any other p is a new surface.
        std::vector<double> q = p;
        q[static_cast<std::size_t>(v.surfaceX)] = 0.7;
        q[static_cast<std::size_t>(v.surfaceY)] = 0.7;
        QCOMPARE(surfaceKey(inputsOf(*m_emgrw), v, q), key);
        for (std::size_t i = 0; i < p.size(); ++i)
            if (static_cast<int>(i) != v.surfaceX && static_cast<int>(i) != v.surfaceY) {
                q = p;
                q[i] = 0.75;
                QVERIFY(surfaceKey(inputsOf(*m_emgrw), v, q) != key);
            }
    }
};

QTEST_MAIN(TestCompute)
#include "test_live_engine.moc"
