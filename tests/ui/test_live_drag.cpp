// Dragging a slider on Adult EMGRW: every step recomputes views 1, 2 and 4 (off the GUI thread)
// and redraws the one shown; the others draw when shown. Prints the frame rate and the 41x41 surface time (measured, never
// asserted: no timed tests); asserts that what is finally drawn is core's value at the final p.
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/analysis/ReidentificationStep.h"
#include "core/estimation/Reconstruction.h"
#include "core/risk/RiskSurface.h"
#include "ui/charts/DistributionChart.h"
#include "ui/charts/IntervalsChart.h"
#include "ui/charts/RiskChart.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/tasks/LiveEngine.h"
#include "ui/models/RiskyRecordsModel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/session/ViewResolution.h"
#include "ui/views/DistributionView.h"
#include "ui/views/IntervalsView.h"
#include "ui/views/ReidentificationPanel.h"
#include "ui/views/RiskView.h"
#include "ui/views/SurfaceView.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>

#include <algorithm>

using namespace rr;
using namespace rr::ui;

class TestLiveDrag : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    void renderViews()
    {
        // What a frame costs on screen: the shown page's chart painted once (hidden pages draw when shown).
        if (ChartView* chart = w->currentChart())
            chart->grab();
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        w->state()->setMode(RandomizationMode::Both);
        w->workspace()->waitForIdle();
    }

    // Where a frame's time goes: computing (worker thread), applying to the charts, painting.
    void frameBreakdown()
    {
        const auto a = w->workspace()->analysis();
        DisclosureRiskModel model(a->joint);
        FrameRequest r = buildFrameRequest(*a, *w->state(), 1);
        r.reidentificationThreshold.reset(); // as during a drag (it comes with the frame at the drag's end)
        r.reidentificationDeferred = true;
        QElapsedTimer t;
        double compute = 0, apply = 0, paint[3] = {0, 0, 0};
        const int n = 50;
        for (int k = 0; k < n; ++k) {
            r.p[0] = 0.9 - 0.005 * k;
            t.start();
            const Frame live = computeFrame(*a, model, r);
            compute += t.nsecsElapsed() * 1e-6;
            t.start();
            w->view<DistributionView>("distribution")->chart()->setData(live.distribution);
            w->view<RiskView>("risk")->chart()->setData(live.risk, false);
            w->view<IntervalsView>("intervals")->chart()->setData(live.intervals);
            apply += t.nsecsElapsed() * 1e-6;
            t.start();
            w->view<DistributionView>("distribution")->chart()->grab();
            paint[0] += t.nsecsElapsed() * 1e-6;
            t.start();
            w->view<RiskView>("risk")->chart()->grab();
            paint[1] += t.nsecsElapsed() * 1e-6;
            t.start();
            w->view<IntervalsView>("intervals")->chart()->grab();
            paint[2] += t.nsecsElapsed() * 1e-6;
        }
        qInfo("FRAME breakdown (mean of %d): compute %.2f ms, apply to charts %.2f ms, paint distribution %.2f ms, "
              "risk %.2f ms, intervals %.2f ms",
              n, compute / n, apply / n, paint[0] / n, paint[1] / n, paint[2] / n);
        double each[3] = {0, 0, 0}, signal = 0;
        for (int k = 0; k < n; ++k) {
            r.p[0] = 0.9 - 0.005 * k;
            auto live = std::make_shared<const Frame>(computeFrame(*a, model, r));
            t.start();
            w->view<DistributionView>("distribution")->chart()->setData(live->distribution);
            each[0] += t.nsecsElapsed() * 1e-6;
            t.start();
            w->view<RiskView>("risk")->chart()->setData(live->risk, false);
            each[1] += t.nsecsElapsed() * 1e-6;
            t.start();
            w->view<IntervalsView>("intervals")->chart()->setData(live->intervals);
            each[2] += t.nsecsElapsed() * 1e-6;
            t.start();
            emit w->workspace()->liveUpdated(live);
            signal += t.nsecsElapsed() * 1e-6;
        }
        qInfo("APPLY: distribution %.2f ms, risk %.2f ms, intervals %.2f ms; every listener of a result %.2f ms",
              each[0] / n, each[1] / n, each[2] / n, signal / n);
    }

    // Each step waits for its own result and paints the shown page: the end-to-end latency.
    void dragStepByStep()
    {
        w->showView("distribution");
        QSlider* slider = w->parameterPanel()->slider("education");
        QSignalSpy updates(w->workspace(), &Workspace::liveUpdated);
        slider->setSliderDown(true);
        const int steps = 200;
        QElapsedTimer timer;
        timer.start();
        for (int k = 1; k <= steps; ++k) {
            slider->setValue(1000 - 3 * k);
            if (updates.count() < k) // the result may already be in (a paint can deliver events)
                QVERIFY(updates.wait(5000));
            renderViews();
        }
        const double ms = timer.nsecsElapsed() * 1e-6;
        // During the drag the re-identification risk waits (it takes tens of ms); the panel keeps the last one.
        QVERIFY(w->workspace()->lastLive()->reidentificationDeferred);
        QVERIFY(!w->workspace()->lastLive()->reidentification.risk);
        const int before = int(updates.count());
        slider->setSliderDown(false); // let go: one more frame, with it
        if (updates.count() == before)
            QVERIFY(updates.wait(5000));
        w->workspace()->waitForIdle();
        const auto last = w->workspace()->lastLive();
        QVERIFY(!last->reidentificationDeferred);
        QVERIFY(last->reidentification.risk);
        const auto a = w->workspace()->analysis();
        const ReidentificationStep direct = reidentificationStep(*a, a->matrices(last->p), {});
        RR_COMPARE_NEAR(last->reidentification.risk->randomized.max, direct.risk->randomized.max, 1e-12);
        RR_COMPARE_NEAR(last->reidentification.risk->randomized.mean, direct.risk->randomized.mean, 1e-12);
        QCOMPARE(last->p[0], 0.4);
        qInfo("DRAG step-by-step: %d slider steps, each computing the frame and painting the shown page: %.1f ms total, "
              "%.2f ms per frame, %.1f frames/s",
              steps, ms, ms / steps, 1000.0 * steps / ms);
        // One undo step for the whole drag.
        QCOMPARE(w->state()->retention("education"), 0.4);
    }

    // Slider events as fast as the event loop delivers them: the engine coalesces (latest value
    // wins), so frames are fewer than events and the last frame shows the last value.
    void dragFlood()
    {
        QSlider* slider = w->parameterPanel()->slider("marital-status");
        LiveEngine* engine = w->workspace()->liveEngine();
        const int answeredBefore = engine->answered();
        const int coalescedBefore = engine->coalesced();
        int frames = 0;
        auto connection = connect(w->workspace(), &Workspace::liveUpdated, this, [&]() {
            ++frames;
            renderViews();
        });
        slider->setSliderDown(true);
        QElapsedTimer timer;
        timer.start();
        for (int k = 1; k <= 400; ++k) {
            slider->setValue(1000 - 2 * k);
            QApplication::processEvents();
        }
        w->workspace()->waitForIdle();
        const double ms = timer.nsecsElapsed() * 1e-6;
        slider->setSliderDown(false);
        disconnect(connection);
        qInfo("DRAG flood: 400 slider events in %.1f ms, %d frames drawn (%.1f frames/s), %d stale requests "
              "replaced before computing",
              ms, frames, 1000.0 * frames / ms, engine->coalesced() - coalescedBefore);
        QVERIFY(frames >= 1);
        QCOMPARE(engine->answered() - answeredBefore, frames);
        // The last frame is for the last value.
        const auto live = w->workspace()->lastLive();
        QCOMPARE(live->p[1], 0.2);
        QCOMPARE(live->p[0], 0.4);
    }

    void finalFrameIsCoreValue()
    {
        w->showView("distribution");
        const auto a = w->workspace()->analysis();
        const auto p = w->workspace()->effectiveP();
        DisclosureRiskModel model(a->joint);
        std::vector<DistortionMatrix> qi;
        for (int k = 0; k < 4; ++k)
            qi.push_back(
                DistortionMatrix::warner(a->dims[static_cast<std::size_t>(k)], p[static_cast<std::size_t>(k)]));
        const double maxRisk = model.maxRisk(qi, DistortionMatrix::warner(7, p[4]));
        RR_COMPARE_NEAR(w->workspace()->lastLive()->maxRisk, maxRisk, 1e-12);
        const Eigen::VectorXd pi = a->joint.marginal({0}).counts() / a->records;
        const Eigen::VectorXd lambda = expectedRandomized({DistortionMatrix::warner(16, 0.4)}, pi);
        const auto drawn = w->view<DistributionView>("distribution")->chart()->expectedValues();
        for (int i = 0; i < 16; ++i)
            RR_COMPARE_NEAR(drawn[i], lambda[i], 1e-12);
    }

    // A page draws the slider's frames only while it is shown (issue 25: a step pays for the page on screen);
    // a hidden page draws the newest frame when shown, with the re-identification risk of the drag's end.
    void hiddenPagesCatchUpWhenShown()
    {
        w->showView("risk"); // drawn once, at the p of now
        QVERIFY(w->view<RiskView>("risk")->recordsModel()->recordAt(0));
        w->showView("distribution");
        w->workspace()->waitForIdle();
        auto* risk = w->view<RiskView>("risk");
        auto* intervals = w->view<IntervalsView>("intervals");
        QVERIFY(!risk->isVisible() && !intervals->isVisible());
        const double topBefore = risk->recordsModel()->recordAt(0)->risk;
        const QString reidBefore = risk->reidentificationPanel()->summary()->text();
        QSlider* slider = w->parameterPanel()->slider("education");
        slider->setSliderDown(true);
        for (int v : {700, 650, 600})
            slider->setValue(v);
        slider->setSliderDown(false); // the drag's end: the frame with the re-identification risk
        w->workspace()->waitForIdle();
        const auto live = w->workspace()->lastLive();
        QCOMPARE(live->p[0], 0.6);
        QVERIFY(!live->reidentificationDeferred);
        QVERIFY(live->risk.riskiest.front().risk != topBefore); // so the checks below can tell stale from new
        // Hidden: nothing drawn.
        QCOMPARE(risk->recordsModel()->recordAt(0)->risk, topBefore);
        QCOMPARE(risk->reidentificationPanel()->summary()->text(), reidBefore);
        // The distribution, shown, has the frame.
        const std::vector<double>& expected = live->distribution.expected;
        const auto drawn = w->view<DistributionView>("distribution")->chart()->expectedValues();
        QCOMPARE(qsizetype(expected.size()), drawn.size());
        for (qsizetype i = 0; i < drawn.size(); ++i)
            QCOMPARE(drawn[i], expected[static_cast<std::size_t>(i)]);
        // Shown: the newest frame, drawn as a chart given it directly draws it.
        w->showView("risk");
        QCOMPARE(risk->recordsModel()->recordAt(0)->risk, live->risk.riskiest.front().risk);
        QVERIFY(risk->reidentificationPanel()->summary()->text() != reidBefore);
        ReidentificationPanel direct;
        direct.setData(live->reidentification);
        QCOMPARE(risk->reidentificationPanel()->summary()->text(), direct.summary()->text());
        w->showView("intervals");
        IntervalsChart fresh;
        fresh.setData(live->intervals);
        QCOMPARE(intervals->chart()->normalUpper(), fresh.normalUpper());
        QCOMPARE(intervals->chart()->simulatedPoint(), fresh.simulatedPoint());
        w->showView("distribution");
    }

    void surfaceTime()
    {
        // In the application: request to drawn heat map, 41 x 41 grid, other p fixed.
        ViewChoices v = w->state()->view();
        v.surfaceX = "sex";
        v.surfaceY = "race";
        w->showView("surface");
        w->workspace()->waitForIdle();
        QSignalSpy spy(w->workspace(), &Workspace::surfaceUpdated);
        QElapsedTimer timer;
        timer.start();
        w->state()->setView(v);
        if (spy.isEmpty())
            QVERIFY(spy.wait(10000));
        const double appMs = timer.nsecsElapsed() * 1e-6;
        const auto s = w->workspace()->lastSurface();
        QCOMPARE(s->surface.risk.rows(), Eigen::Index(41));
        QCOMPARE(s->surface.risk.cols(), Eigen::Index(41));
        // In core alone, for the axes pair with the largest domains (education x workclass).
        const auto a = w->workspace()->analysis();
        DisclosureRiskModel model(a->joint);
        RiskSurfaceOptions o;
        o.xAttribute = 0;
        o.yAttribute = 4;
        std::vector<double> samples;
        for (int r = 0; r < 5; ++r) {
            QElapsedTimer t;
            t.start();
            const RiskSurface grid = computeRiskSurface(model, w->workspace()->effectiveP(), o);
            samples.push_back(t.nsecsElapsed() * 1e-6);
            QVERIFY(grid.complete);
        }
        std::sort(samples.begin(), samples.end());
        qInfo("SURFACE 41x41: %.1f ms in the application (request to result, sex x race), grid %.1f ms; core alone "
              "education x workclass: median %.1f ms of 5",
              appMs, s->seconds * 1000, samples[2]);
    }

    // With the surface page shown, dragging a parameter that is not one of its axes recomputes the
    // whole grid (latest value wins) and redraws the heat map.
    void dragWithSurfaceShown()
    {
        w->showView("surface");
        ViewChoices v = w->state()->view();
        v.surfaceX = "sex";
        v.surfaceY = "race";
        w->state()->setView(v);
        w->workspace()->waitForIdle();
        QSlider* slider = w->parameterPanel()->slider("education"); // axes are sex x race
        int surfaces = 0;
        auto connection = connect(w->workspace(), &Workspace::surfaceUpdated, this, [&]() {
            ++surfaces;
            w->currentChart()->grab();
        });
        slider->setSliderDown(true);
        QElapsedTimer timer;
        timer.start();
        for (int k = 1; k <= 100; ++k) {
            slider->setValue(400 + 5 * k);
            QApplication::processEvents();
            QTest::qWait(16); // a drag delivers about 60 move events per second
        }
        w->workspace()->waitForIdle();
        const double ms = timer.nsecsElapsed() * 1e-6;
        slider->setSliderDown(false);
        disconnect(connection);
        {
            auto* chart = w->view<SurfaceView>("surface")->chart();
            const auto last = w->workspace()->lastSurface();
            QElapsedTimer t;
            double set = 0, paint = 0;
            for (int k = 0; k < 20; ++k) {
                t.start();
                chart->setData(last, w->state()->tau());
                set += t.nsecsElapsed() * 1e-6;
                t.start();
                chart->grab();
                paint += t.nsecsElapsed() * 1e-6;
            }
            qInfo("SURFACE chart: setData %.2f ms, paint %.2f ms", set / 20, paint / 20);
        }
        qInfo("DRAG with the surface shown: 100 events over %.0f ms, %d surfaces (41x41) recomputed and drawn, "
              "%.1f per second",
              ms, surfaces, 1000.0 * surfaces / ms);
        QVERIFY(surfaces >= 1);
        const auto s = w->workspace()->lastSurface();
        QCOMPARE(s->p[0], 0.9); // the last surface is for the last value
    }
};

QTEST_MAIN(TestLiveDrag)
#include "test_live_drag.moc"
