// The Risk step's re-identification panel (issue 22) on the bundled Adult sample: it draws core's numbers for the
// QI marginal at the current p, follows the sliders live, and at p = 1 the randomized risk is the original's,
// 1 / (QI class size) (ARX's prosecutor risk).
#include "UiTestSupport.h"

#include "core/risk/Reidentification.h"
#include "ui/charts/ReidentificationChart.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/ReidentificationPanel.h"
#include "ui/views/RiskView.h"

#include <QLabel>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

using namespace rr;
using namespace rr::ui;

namespace {

bool sameBits(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Core's risk over the QI marginal of the live analysis at the live frame's p.
ReidentificationRisk direct(const Workspace& workspace)
{
    const auto a = workspace.analysis();
    const auto live = workspace.lastLive();
    std::vector<int> axes;
    for (int i = 0; i < a->sensitiveAxis(); ++i)
        axes.push_back(i);
    std::vector<DistortionMatrix> matrices = a->matrices(live->p);
    matrices.pop_back(); // the sensitive attribute's
    return reidentificationRisk(a->joint.marginal(axes), matrices);
}

} // namespace

class TestReidentificationPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(); }

    void drawsCoreNumbersLive()
    {
        auto w = testing::openSampleWindow();
        w->showView("risk"); // the page draws each frame while shown
        auto* panel = w->view<RiskView>("risk")->reidentificationPanel();
        QVERIFY(panel);
        // The RR-Both optimum at l = 3 of the README (education, marital-status, sex, race; workclass).
        w->state()->setMode(RandomizationMode::Both);
        w->state()->setRetentions({{"education", 0.5692497287508763},
                                   {"marital-status", 0.8422116810943663},
                                   {"sex", 0.9085851430694039},
                                   {"race", 0.9564804680111733},
                                   {"workclass", 0.9519822525931341}},
                                  "test");
        w->workspace()->waitForIdle();
        QCoreApplication::processEvents();
        const auto live = w->workspace()->lastLive();
        QVERIFY(live && live->reidentification.risk);
        const ReidentificationRisk expected = direct(*w->workspace());
        const ReidentificationRisk& shown = *live->reidentification.risk;
        QVERIFY(sameBits(shown.randomized.max, expected.randomized.max));
        QVERIFY(sameBits(shown.randomized.mean, expected.randomized.mean));
        QVERIFY(sameBits(shown.original.mean, expected.original.mean));
        // The README's figures: 133 sample uniques; max 1 -> 0.334, mean 0.01455 -> 0.00345.
        QCOMPARE(shown.original.sampleUniques, 133.0);
        QCOMPARE(shown.original.max, 1.0);
        QVERIFY2(std::abs(shown.randomized.max - 0.334) < 5e-4, qPrintable(QString::number(shown.randomized.max)));
        QVERIFY2(std::abs(shown.randomized.mean - 0.00345) < 5e-5, qPrintable(QString::number(shown.randomized.mean)));

        // The chart's bars are the histogram (percent; empty bins on the axis floor, a decade below one record).
        const QList<qreal> bars = panel->chart()->randomizedBars();
        QCOMPARE(bars.size(), kReidentificationBins);
        const double floor = std::pow(10.0, std::floor(std::log10(100.0 / expected.original.records)));
        for (int b = 0; b < kReidentificationBins; ++b)
            QCOMPARE(bars[b], std::max(floor, 100 * expected.randomized.histogram[std::size_t(b)]));
        QVERIFY(testing::allFinite(panel->chart()->chart()));
        QVERIFY(panel->chart()->hasData());
        const QString summary = panel->summary()->text();
        QVERIFY2(summary.contains(QString::number(expected.randomized.max, 'f', 3)), qPrintable(summary));
        QVERIFY2(summary.contains(QString::number(expected.randomized.mean, 'f', 4)), qPrintable(summary));

        // p = 1 for every QI: nobody is protected against re-identification, whatever S's p.
        w->state()->setRetentions({{"education", 1.0}, {"marital-status", 1.0}, {"sex", 1.0}, {"race", 1.0}}, "test");
        w->workspace()->waitForIdle();
        QCoreApplication::processEvents();
        const auto kept = w->workspace()->lastLive()->reidentification.risk;
        QVERIFY(kept);
        for (const ReidentificationCell& c : kept->cells)
            QVERIFY(sameBits(c.randomized, 1.0 / c.count) || std::abs(c.randomized - 1.0 / c.count) < 1e-12);
        QCOMPARE(panel->chart()->randomizedBars(), panel->chart()->originalBars());
    }
};

QTEST_MAIN(TestReidentificationPanel)
#include "test_reidentification_panel.moc"
