// The live view as a person drives it (issue 25): one slider step on Adult EMGRW, computed and painted, the
// way a drag delivers it. Google Benchmark with a QApplication (offscreen unless QT_QPA_PLATFORM says
// otherwise); nothing here asserts (ui_test_live_drag checks the numbers drawn). Goal: median <= 16 ms.
// Run: bench_ui --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include "UiTestSupport.h"

#include "ui/charts/ChartView.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSlider>

#include <benchmark/benchmark.h>

using namespace rr;
using namespace rr::ui;

namespace {

MainWindow& window()
{
    static std::unique_ptr<MainWindow> w = [] {
        testing::isolateSettings();
        auto win = testing::openSampleWindow();
        win->state()->setMode(RandomizationMode::Both);
        win->workspace()->waitForIdle();
        return win;
    }();
    return *w;
}

// Until the frame for the slider's latest value has arrived (the engine answers the newest request).
void waitForFrame(MainWindow& w, double p)
{
    while (!w.workspace()->lastLive() || w.workspace()->lastLive()->p[0] != p)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

// A step of the education slider with one page shown (0 distribution, 1 risk, 2 intervals), as a drag shows
// it: the value set, the frame computed on the worker thread and drawn on the page, the page's chart painted.
// The hidden pages draw the frame only when shown (AnalysisView::whenShown).
void BM_LiveSliderStep(benchmark::State& state)
{
    static const char* const pages[] = {"distribution", "risk", "intervals"};
    const char* page = pages[state.range(0)];
    state.SetLabel(page);
    MainWindow& w = window();
    w.showView(page);
    w.workspace()->waitForIdle();
    QSlider* slider = w.parameterPanel()->slider("education");
    slider->setSliderDown(true); // a drag: one undo step, the re-identification risk left for its end
    int value = 1000;
    QElapsedTimer t;
    double set = 0, wait = 0, paint = 0; // where a step's time goes (means, as counters)
    for (auto _ : state) {
        value = value > 500 ? value - 3 : 1000;
        t.start();
        slider->setValue(value);
        set += t.nsecsElapsed() * 1e-6;
        t.start();
        waitForFrame(w, value / 1000.0);
        wait += t.nsecsElapsed() * 1e-6;
        t.start();
        w.currentChart()->grab(); // the offscreen platform exposes no window: the page is painted here
        paint += t.nsecsElapsed() * 1e-6;
    }
    const double n = double(state.iterations());
    state.counters["set_ms"] = set / n;
    state.counters["frame_ms"] = wait / n;
    state.counters["paint_ms"] = paint / n;
    slider->setSliderDown(false);
    w.workspace()->waitForIdle();
}
BENCHMARK(BM_LiveSliderStep)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

// The same step with the 41 x 41 risk surface page shown (axes sex x race, so every step recomputes the
// whole grid): until the surface for the new value is drawn.
void BM_LiveSliderStepSurface(benchmark::State& state)
{
    MainWindow& w = window();
    ViewChoices v = w.state()->view();
    v.surfaceX = "sex";
    v.surfaceY = "race";
    w.state()->setView(v);
    w.showView("surface");
    w.workspace()->waitForIdle();
    QSlider* slider = w.parameterPanel()->slider("education");
    slider->setSliderDown(true);
    int value = 1000;
    for (auto _ : state) {
        value = value > 500 ? value - 3 : 1000;
        slider->setValue(value);
        const double p = value / 1000.0;
        while (!w.workspace()->lastSurface() || w.workspace()->lastSurface()->p[0] != p)
            QApplication::processEvents(QEventLoop::WaitForMoreEvents);
        w.currentChart()->grab();
    }
    slider->setSliderDown(false);
    w.workspace()->waitForIdle();
    w.showView("distribution");
}
BENCHMARK(BM_LiveSliderStepSurface)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
