// Issue 11, "smaller things seen": the banner never moves the tabs (and, issue 20, covers nothing), the surface's title fits
// and its hover read-out and 3D overlay show the grid's numbers, the empty comparison shows only what
// to do, trade-off points carry core's values in tooltips and labels with RR-QI drawn over RR-Both,
// negative estimates are marked, and every cell of a large pair can be shown.
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/DistributionChart.h"
#include "ui/charts/Surface3D.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/DistributionView.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"

#include <QAbstractAxis>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLegend>
#include <QMouseEvent>
#include <QPushButton>
#include <QScatterSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsScene>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>

using namespace rr;
using namespace rr::ui;

namespace {
// Issue 45: the legend's entry of each mode drawn as its points (RR-QI's large squares showed a circle), and
// no "l = ..." label over a point's marker.
void tradeOffLegendAndLabels(TradeOffChart* chart)
{
    QList<QRectF> marks;
    for (QAbstractSeries* s : chart->chart()->series()) {
        auto* scatter = qobject_cast<QScatterSeries*>(s);
        if (!scatter || !scatter->isVisible())
            continue;
        // The legend's own shape follows the series (circle, triangle, star) but drew a circle for squares.
        if (scatter->markerShape() == QScatterSeries::MarkerShapeRectangle)
            for (QLegendMarker* m : chart->chart()->legend()->markers(scatter))
                QVERIFY2(m->shape() == QLegend::MarkerShapeRectangle, qPrintable(scatter->name()));
        const qreal half = scatter->markerSize() / 2 - 1;
        for (const QPointF& p : scatter->points()) {
            const QPointF at = chart->chart()->mapToScene(chart->chart()->mapToPosition(p, scatter));
            marks << QRectF(at - QPointF(half, half), QSizeF(2 * half, 2 * half));
        }
    }
    QStringList over;
    for (QGraphicsItem* item : chart->scene()->items())
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item); t && t->isVisible() && t->text().startsWith("l = "))
            for (const QRectF& m : marks)
                if (t->sceneBoundingRect().adjusted(1, 1, -1, -1).intersects(m))
                    over << t->text();
    QVERIFY2(over.isEmpty(), qPrintable(over.join(", ")));
}

} // namespace

class TestChartPolish : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    AnalysisState* state() const { return w->state(); }
    void settle() const
    {
        w->workspace()->waitForIdle();
        for (int i = 0; i < 3; ++i)
            QApplication::processEvents();
    }
    void showSurface()
    {
        ViewChoices v = state()->view();
        v.surfaceX = "education";
        v.surfaceY = "marital-status";
        v.surfaceSelectedRecord = false;
        state()->setView(v);
        w->showView("surface");
        settle();
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
    }

    // 1. Showing or hiding a message never moves the tab bar (issue 11), and the message covers none of the
    // page: it lies below it and the page gets shorter (issue 20, bug 4: it hid legends and labels).
    void bannerKeepsTabsInPlace()
    {
        w->showView("distribution");
        w->infoBar()->hide();
        settle();
        const QRect tabBar = w->tabs()->tabBar()->geometry();
        const QPoint tabsAt = w->tabs()->mapTo(w.get(), QPoint(0, 0));
        const QRect pageWithout = w->tabs()->currentWidget()->geometry();
        w->infoBar()->showMessage(QString("A message long enough to wrap onto a second line. ").repeated(6),
                                  InfoBar::Kind::Warning);
        settle();
        QVERIFY(w->infoBar()->isVisible());
        QCOMPARE(w->tabs()->tabBar()->geometry(), tabBar);
        QCOMPARE(w->tabs()->mapTo(w.get(), QPoint(0, 0)), tabsAt);
        // The page and the message do not overlap; the page is shorter by about the message's height.
        const QRect page(w->tabs()->currentWidget()->mapTo(w.get(), QPoint(0, 0)),
                         w->tabs()->currentWidget()->size());
        const QRect bar(w->infoBar()->mapTo(w.get(), QPoint(0, 0)), w->infoBar()->size());
        QVERIFY2(!page.intersects(bar), qPrintable(QString("page bottom %1, message top %2").arg(page.bottom()).arg(bar.top())));
        QVERIFY(page.height() < pageWithout.height());
        QCOMPARE(page.width(), pageWithout.width());
        QVERIFY(bar.height() >= w->infoBar()->heightForWidth(bar.width()) - 1);
        w->infoBar()->hide();
        settle();
        QCOMPARE(w->tabs()->currentWidget()->geometry(), pageWithout);
    }

    // 3. The surface's title is plain text that fits the chart; a narrow chart elides it, and the whole
    // title (with the grid's size) is the tooltip over it.
    void surfaceTitleFits()
    {
        showSurface();
        SurfaceChart* chart = w->view<SurfaceView>("surface")->chart();
        QVERIFY(chart->data());
        const QString full = chart->fullTitle();
        QVERIFY2(full.contains("education") && full.contains("marital-status") && full.contains("41\u00D741"),
                 qPrintable(full));
        const QFontMetrics metrics(chart->chart()->titleFont());
        const QString title = chart->chart()->title();
        QCOMPARE(title, QString("Max risk over records, by p of education (x) and marital-status (y)"));
        QVERIFY2(metrics.horizontalAdvance(title) <= chart->chart()->size().width() - 20, qPrintable(title));
        QCOMPARE(chart->toolTip(), full);

        SurfaceChart narrow;
        narrow.resize(380, 300);
        narrow.show();
        narrow.setData(chart->data(), state()->tau());
        QApplication::processEvents();
        const QString cut = narrow.chart()->title();
        QVERIFY2(metrics.horizontalAdvance(cut) <= narrow.chart()->size().width() - 20, qPrintable(cut));
        QVERIFY(cut.endsWith(QChar(0x2026))); // elided
        QCOMPARE(narrow.toolTip(), full);
    }

    // 8. Hovering the map reads the nearest grid point's p and value out of the computed grid.
    void surfaceHoverReadOut()
    {
        showSurface();
        SurfaceChart* chart = w->view<SurfaceView>("surface")->chart();
        const auto frame = chart->data();
        QVERIFY(frame);
        const RiskSurface& s = frame->surface;
        for (const auto& [ix, iy] : {std::pair<Eigen::Index, Eigen::Index>{10, 30}, {33, 4}}) {
            const QPointF value(s.px[static_cast<std::size_t>(ix)], s.py[static_cast<std::size_t>(iy)]);
            QScatterSeries* current = nullptr;
            for (QAbstractSeries* series : chart->chart()->series())
                if (auto* scatter = qobject_cast<QScatterSeries*>(series))
                    current = scatter;
            QVERIFY(current);
            const QPointF inChart = chart->chart()->mapToPosition(value, current);
            const QPoint pos = chart->mapFromScene(chart->chart()->mapToScene(inChart));
            QMouseEvent move(QEvent::MouseMove, QPointF(pos), chart->viewport()->mapToGlobal(QPointF(pos)),
                             Qt::NoButton, Qt::NoButton, Qt::NoModifier);
            QApplication::sendEvent(chart->viewport(), &move);
            const QString text = chart->readOut();
            QVERIFY2(text.contains(QString("p(education) = %1").arg(value.x(), 0, 'f', 3)), qPrintable(text));
            QVERIFY2(text.contains(QString("p(marital-status) = %1").arg(value.y(), 0, 'f', 3)), qPrintable(text));
            QVERIFY2(text.contains(QString("max risk %1").arg(s.risk(iy, ix), 0, 'f', 4)), qPrintable(text));
        }
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(chart, &leave);
        QVERIFY(chart->readOut().isEmpty());
    }

    // 2. The 3D view has the 2D title, the tau contour of the same grid at height tau, and the current
    // point at the grid's value (its OpenGL graph is only made when shown: not needed here).
    void surface3DOverlay()
    {
        showSurface();
        SurfaceChart* chart = w->view<SurfaceView>("surface")->chart();
        const double tau = 0.2;
        Surface3D view;
        view.setData(chart->data(), tau, chart->fullTitle());
        const QPointF current = chart->currentPoint();
        view.setCurrentPoint(current.x(), current.y(), chart->valueAt(current.x(), current.y()));
        QVERIFY(view.title().startsWith(chart->fullTitle()));
        QVERIFY2(view.title().contains("\u03C4 = 0.200"), qPrintable(view.title()));
        const QList<QVector3D> contour = view.contourPoints();
        QVERIFY2(contour.size() >= 5, qPrintable(QString::number(contour.size())));
        for (const QVector3D& v : contour) {
            QCOMPARE(v.y(), static_cast<float>(tau));
            RR_COMPARE_NEAR(chart->valueAt(v.x(), v.z()), tau, 1e-6); // on the grid's iso-line
        }
        QCOMPARE(view.currentPoint().size(), 1);
        QCOMPARE(view.currentPoint().front().x(), static_cast<float>(current.x()));
        QCOMPARE(view.currentPoint().front().z(), static_cast<float>(current.y()));
        QCOMPARE(view.currentPoint().front().y(), static_cast<float>(chart->valueAt(current.x(), current.y())));
        view.setTau(chart->data()->surface.minRisk() / 2); // below the whole surface: no contour, and it says so
        QVERIFY(view.contourPoints().isEmpty());
        QVERIFY(view.title().contains("not reached"));
    }

    // 4. Before a run the comparison charts show nothing but what to do.
    void emptyComparisonShowsOnlyTheMessage()
    {
        ComparisonView view;
        ChartView* chart = view.chartView();
        QVERIFY(!chart->hasData());
        QVERIFY2(chart->emptyMessage().contains("Compare"), qPrintable(chart->emptyMessage()));
        QVERIFY(chart->chart()->title().isEmpty());
        QVERIFY(!chart->chart()->legend()->isVisible());
        for (QAbstractAxis* axis : chart->chart()->axes())
            QVERIFY(!axis->isVisible());
        QVERIFY(view.findChild<QLabel*>("comparisonReleaseInfo")->isHidden());
    }

    // 4. After a run, other records or roles leave no label of it behind: only the message again.
    void comparisonClearedLeavesNoStrayLabel()
    {
        ComparisonView* view = w->view<ComparisonView>("comparison");
        w->showView("comparison");
        view->lMaxSpin()->setValue(3);
        view->run();
        QTRY_VERIFY_WITH_TIMEOUT(view->result() != nullptr, 120000);
        auto* info = view->findChild<QLabel*>("comparisonReleaseInfo");
        QVERIFY(info->isVisibleTo(view) && info->text().contains("RR-QI"));
        QVERIFY(view->chartView()->emptyMessage().isEmpty());
        QVERIFY(!view->chartView()->chart()->title().isEmpty());
        view->setInput(nullptr, AnalysisSpec{});
        QVERIFY(info->isHidden() && info->text().isEmpty());
        QVERIFY(!view->chartView()->hasData());
        QVERIFY(view->chartView()->emptyMessage().contains("Compare"));
        QVERIFY(view->chartView()->chart()->title().isEmpty());
    }

    // 5. Trade-off: a marker per optimal point at core's (max risk, utility loss), an l label and a
    // tooltip with core's p, utility loss and max risk; RR-QI drawn larger and after RR-Both.
    void tradeOffPointsCarryCoreValues()
    {
        w->showView("tradeoff");
        w->view<TradeOffView>("tradeoff")->computeButton()->click();
        settle();
        const auto curve = w->workspace()->lastTradeOff();
        QVERIFY(curve);
        TradeOffChart* chart = w->view<TradeOffView>("tradeoff")->chart();
        const auto names = w->workspace()->analysis()->names;
        int checked = 0;
        for (RandomizationMode mode : {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both}) {
            const QList<QPointF> markers = chart->markers(mode);
            const QStringList labels = chart->labels(mode), tips = chart->toolTips(mode);
            QCOMPARE(labels.size(), markers.size());
            QCOMPARE(tips.size(), markers.size());
            QCOMPARE(chart->curve(mode), markers);
            int i = 0;
            for (const TradeOffPoint& p : curve->points) {
                if (p.mode != mode || !p.feasible || !(p.utilityLoss > 0))
                    continue;
                QVERIFY(i < markers.size());
                QCOMPARE(markers[i], QPointF(p.maxRisk, p.utilityLoss));
                QCOMPARE(labels[i], QString("l = %1").arg(p.l));
                QVERIFY2(tips[i].contains(QString("max risk %1").arg(p.maxRisk, 0, 'f', 4)), qPrintable(tips[i]));
                QVERIFY2(tips[i].contains(QString::number(p.utilityLoss, 'g', 4)), qPrintable(tips[i]));
                for (std::size_t k = 0; k < p.p.size(); ++k)
                    QVERIFY2(tips[i].contains(
                                 QString("p(%1) = %2").arg(QString::fromStdString(names[k])).arg(p.p[k], 0, 'f', 3)),
                             qPrintable(tips[i]));
                ++i;
                ++checked;
            }
            QCOMPARE(i, markers.size());
        }
        QVERIFY(checked >= 5);
        QVERIFY(!chart->markers(RandomizationMode::QI).isEmpty());
        // RR-QI over RR-Both: a later series with a larger marker of another shape.
        QScatterSeries *qi = nullptr, *both = nullptr;
        const auto series = chart->chart()->series();
        for (QAbstractSeries* s : series)
            if (auto* scatter = qobject_cast<QScatterSeries*>(s)) {
                if (scatter->name().startsWith(style::modeName(RandomizationMode::QI)))
                    qi = scatter;
                else if (scatter->name().startsWith(style::modeName(RandomizationMode::Both)))
                    both = scatter;
            }
        QVERIFY(qi && both);
        QVERIFY(series.indexOf(qi) > series.indexOf(both));
        QVERIFY(qi->markerSize() > both->markerSize());
        QVERIFY(qi->markerShape() != both->markerShape());
        tradeOffLegendAndLabels(chart);
    }

    // Issue 45: before Compute (the current configuration alone) the log axis spans two decades or more, so it
    // has more than one tick.
    void tradeOffAxisBeforeCompute()
    {
        TradeOffChart chart;
        chart.resize(700, 450);
        chart.setCurrent(0.5, 2.5e-5, UtilityMetric::TraceCovariance);
        auto* y = qobject_cast<QLogValueAxis*>(chart.chart()->axes(Qt::Vertical).value(0));
        QVERIFY(y);
        QVERIFY2(std::log10(y->max() / y->min()) >= 2 - 1e-9, qPrintable(QString("%1..%2").arg(y->min()).arg(y->max())));
    }

    // 7 and 6. A pair with more cells than the chart shows can be paged through to its last cells;
    // estimates below zero there are drawn as they are, marked, and explained in the legend.
    void cellsPageAndNegativeEstimatesAreMarked()
    {
        state()->setMode(RandomizationMode::Both);
        state()->setRetentions({{"education", 0.2}, {"marital-status", 0.3}}, "low p");
        ViewChoices v = state()->view();
        v.distributionA.clear(); // the default first attribute, as at start: education
        v.distributionB = "marital-status";
        v.distributionFirstRank = 0;
        state()->setView(v);
        w->showView("distribution");
        QCOMPARE(w->view<DistributionView>("distribution")->attributeBox()->currentData().toString(), QString("education"));
        settle();
        DistributionView* view = w->view<DistributionView>("distribution");
        auto frame = w->workspace()->lastLive();
        QVERIFY(frame);
        const std::size_t total = frame->distribution.totalCells;
        const std::size_t shown = frame->distribution.cells.size();
        QVERIFY2(total > shown + 24, qPrintable(QString("%1 of %2").arg(shown).arg(total)));
        QVERIFY(view->rankBox()->isVisibleTo(view));
        QCOMPARE(view->rankBox()->maximum(), static_cast<int>(total - shown) + 1);
        const std::vector<std::size_t> largest = frame->distribution.cells;

        view->rankBox()->setValue(25); // cells ranked 25..48
        settle();
        frame = w->workspace()->lastLive();
        QCOMPARE(frame->distribution.firstRank, std::size_t(24));
        QCOMPARE(state()->view().distributionFirstRank, 24);
        QCOMPARE(view->chart()->categories(), shortCellLabels(frame->distribution.labels, view->chart()->labelBudget()));
        for (std::size_t c : frame->distribution.cells)
            QVERIFY(std::find(largest.begin(), largest.end(), c) == largest.end());
        QVERIFY(view->chart()->chart()->title().contains(QString("ranked 25\u2013%1").arg(24 + shown)));

        view->rankBox()->setValue(view->rankBox()->maximum()); // the last, smallest cells
        settle();
        frame = w->workspace()->lastLive();
        QCOMPARE(frame->distribution.firstRank, total - shown);
        QList<QPointF> negative;
        for (std::size_t i = 0; i < frame->distribution.estimate.size(); ++i)
            if (frame->distribution.estimate[i] < 0)
                negative << QPointF(0, frame->distribution.estimate[i]);
        QVERIFY2(!negative.isEmpty(), "the smallest cells at p = 0.2 / 0.3 (seed 1) have negative estimates");
        const QList<QPointF> marked = view->chart()->negativePoints();
        QCOMPARE(marked.size(), negative.size());
        for (int i = 0; i < marked.size(); ++i)
            QCOMPARE(marked[i].y(), negative[i].y()); // drawn as computed, not clipped
        const QString note = view->chart()->negativeNote();
        QVERIFY2(note.contains(QString("%1 estimates below 0").arg(negative.size())) && note.contains("sampling noise"),
                 qPrintable(note));
        QVERIFY(view->chart()->xAxisTitle().contains(note));     // said where the cells are named
        QVERIFY(!view->chart()->chart()->title().contains("<")); // plain text: exports keep it whole
        QCOMPARE(view->chart()->estimateValues().size(), static_cast<int>(shown));
        QFile guide(":/help/guide.html"); // the legend's "see Help > Guide" has a section to read
        QVERIFY(guide.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(guide.readAll());
        QVERIFY(html.contains("Negative estimates") && html.contains("sampling noise"));

        // Another pair starts again at the largest cells; one attribute needs no paging.
        v = state()->view();
        v.distributionB.clear();
        v.distributionFirstRank = 0;
        state()->setView(v);
        settle();
        QVERIFY(!view->rankBox()->isVisibleTo(view));
        QVERIFY(w->workspace()->lastLive()->distribution.firstRank == 0);
    }
};

QTEST_MAIN(TestChartPolish)
#include "test_chart_polish.moc"
