// Issue 20, "Readable charts at any window size": every view of the catalog, and every chart tab inside
// it, drawn at 1024 x 700 and at 1280 x 800 on the Adult sample (optimized for l = 3, two attributes in the
// distribution, a comparison run) and on the basket sample. Fails on a text Qt Charts cut to "..." (axis
// labels, titles, legend entries), on a label wider than the box it is drawn in (by the font metrics of the
// drawn item), on a label drawn outside the chart's visible area, on a window that grew past the screen, and on
// the distribution's 95% ranges not centred on their estimates.
#include "TestData.h"
#include "UiTestSupport.h"

#include "ui/baskets/BasketsView.h"
#include "ui/baskets/BasketsWorkspace.h"
#include "ui/catalog/ViewCatalog.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/DistributionChart.h"
#include "ui/views/DistributionView.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesView.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/TradeOffView.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QRegularExpression>
#include <QTextDocument>

using namespace rr;
using namespace rr::ui;

namespace {

// What is wrong with the texts a chart draws, one line each ("elided: ...", "wider than its box: ...",
// "outside the chart: ...").
QStringList unreadableTexts(QGraphicsView* view)
{
    QStringList out;
    const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect().adjusted(-1, -1, 1, 1);
    for (QGraphicsItem* item : view->scene()->items()) {
        if (!item->isVisible() || item->effectiveOpacity() == 0)
            continue;
        QString text;
        QFont font;
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) {
            text = t->toPlainText();
            font = t->font();
            // A text item wraps only when given a width; then each line is measured by the layout.
            if (t->textWidth() < 0 && !text.contains('\n')) {
                const double needed = QFontMetricsF(font).horizontalAdvance(text);
                const double box = t->document()->idealWidth();
                if (needed > box + 1.0)
                    out << QString("wider than its box (%1 > %2 px): %3").arg(needed).arg(box).arg(text);
            }
        } else if (auto* s = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
            text = s->text();
            font = s->font();
        } else {
            continue;
        }
        if (text.trimmed().isEmpty())
            continue;
        const QRectF r = item->sceneBoundingRect();
        // Qt Charts cuts with three dots; a value the view abbreviated itself ("Married-A\u2026", full name in
        // its tooltip and tables) ends with the one-character ellipsis and is allowed.
        if (text.endsWith("..."))
            out << QString("elided at (%1, %2): %3").arg(r.left()).arg(r.top()).arg(text);
        if (!visible.contains(r))
            out << QString("outside the chart (%1,%2 %3x%4 in %5x%6): %7")
                       .arg(r.left())
                       .arg(r.top())
                       .arg(r.width())
                       .arg(r.height())
                       .arg(visible.width())
                       .arg(visible.height())
                       .arg(text);
    }
    return out;
}

// The distribution's 95% ranges, each centred (within 1.5 px) on its estimate bar as drawn.
QStringList offCentreRanges(DistributionChart* chart)
{
    QStringList out;
    const QRectF plot = chart->chart()->plotArea();
    QList<QRectF> bars;
    for (QGraphicsItem* item : chart->scene()->items())
        if (auto* r = dynamic_cast<QGraphicsRectItem*>(item); r && r->isVisible() && r->brush().color() == style::estimate())
            if (const QRectF rect = r->sceneBoundingRect(); plot.adjusted(-1, -1, 1, 1).contains(rect) && rect.width() > 1)
                bars << rect;
    std::sort(bars.begin(), bars.end(), [](const QRectF& a, const QRectF& b) { return a.left() < b.left(); });
    QList<double> whiskers;
    for (QAbstractSeries* s : chart->chart()->series())
        if (auto* line = qobject_cast<QLineSeries*>(s); line && line->isVisible() && line->count() == 6)
            whiskers << chart->chart()->mapToPosition(line->at(2), line).x();
    std::sort(whiskers.begin(), whiskers.end());
    if (bars.size() != whiskers.size() || bars.isEmpty())
        return {QString("%1 estimate bars, %2 ranges").arg(bars.size()).arg(whiskers.size())};
    for (int i = 0; i < bars.size(); ++i)
        if (std::abs(whiskers[i] - bars[i].center().x()) > 1.5)
            out << QString("range %1 at x = %2, its estimate bar centred at %3").arg(i).arg(whiskers[i]).arg(bars[i].center().x());
    return out;
}

// The cells of a table drawn cut ("Self-emp-not..." where the column is narrower than its text): each visible
// cell's text measured in the view's font, with the delegate's margins, against its column.
QStringList elidedCells(QTableView* table)
{
    QStringList out;
    const QFontMetrics metrics(table->font());
    const int margin = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    const QRect shown = table->viewport()->rect();
    QAbstractItemModel* model = table->model();
    for (int r = 0; model && r < model->rowCount(); ++r) {
        if (table->isRowHidden(r) || table->visualRect(model->index(r, 0)).top() > shown.bottom())
            continue;
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex i = model->index(r, c);
            const QRect cell = table->visualRect(i);
            if (table->isColumnHidden(c) || !cell.intersects(shown))
                continue;
            const QString text = i.data(Qt::DisplayRole).toString();
            if (!text.isEmpty() && !text.contains('\n') && metrics.horizontalAdvance(text) + margin > cell.width())
                out << QString("cell (%1, %2) cut (%3 > %4 px): %5")
                           .arg(r)
                           .arg(c)
                           .arg(metrics.horizontalAdvance(text) + margin)
                           .arg(cell.width())
                           .arg(text);
        }
    }
    return out;
}

// Every chart of a page, each tab of its tab widgets shown in turn.
QStringList unreadableInPage(QWidget* page, const QString& where)
{
    QStringList out;
    auto check = [&](const QString& tab) {
        QApplication::processEvents();
        QTest::qWait(30);
        // RR_SCREENSHOT_DIR: each tab inside the page too, to look at.
        if (const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR"); !dir.isEmpty() && !tab.isEmpty())
            page->window()->grab().save(
                QString("%1/tab-%2%3.png").arg(dir, where, tab).replace(QRegularExpression("[ \\[\\]]+"), "-"));
        for (QGraphicsView* v : page->findChildren<QGraphicsView*>()) {
            if (!(v->isVisible() && v->scene() && v->width() > 50 && v->height() > 50))
                continue;
            for (const QString& problem : unreadableTexts(v))
                out << where + tab + " " + v->metaObject()->className() + ": " + problem;
            // A widget beside the chart in its layout that was squeezed onto it (a layout given less than
            // its minimum places its widgets over each other).
            for (QObject* o : v->parentWidget()->children())
                if (auto* sibling = qobject_cast<QWidget*>(o); sibling && sibling != v && sibling->isVisible() &&
                                                               sibling->geometry().intersects(v->geometry()))
                    out << where + tab + " " + v->metaObject()->className() + ": covered by " +
                               sibling->metaObject()->className() + " " + sibling->objectName();
        }
        for (QTableView* t : page->findChildren<QTableView*>())
            if (t->isVisible() && t->objectName() == "releasedTable")
                for (const QString& problem : elidedCells(t))
                    out << where + tab + " table: " + problem;
    };
    const QList<QTabWidget*> tabs = page->findChildren<QTabWidget*>();
    if (tabs.isEmpty())
        check({});
    for (QTabWidget* t : tabs) {
        if (!t->isVisible())
            continue;
        const int before = t->currentIndex();
        for (int i = 0; i < t->count(); ++i) {
            t->setCurrentIndex(i);
            check(" [" + t->tabText(i) + "]");
        }
        t->setCurrentIndex(before);
    }
    return out;
}

} // namespace

class TestReadableViews : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    void settle()
    {
        w->workspace()->waitForIdle();
        // A view shown after it fell behind computes then (issue 25): its own task, then the layout.
        w->view<MeasuresView>("measures")->task()->waitForFinished();
        w->view<RulesView>("rules")->task()->waitForFinished();
        for (int i = 0; i < 4; ++i) {
            QApplication::processEvents();
            QTest::qWait(20);
        }
    }

    QStringList unreadableEverywhere(const QStringList& views)
    {
        QStringList out;
        for (const QSize size : {QSize(1024, 700), QSize(1280, 800)}) {
            w->resize(size);
            for (const QString& name : views) {
                w->showView(name);
                settle();
                if (w->size() != size) // the step's pages asked for more than the screen
                    out << QString("%1 at %2x%3: the window grew to %4x%5")
                               .arg(name)
                               .arg(size.width())
                               .arg(size.height())
                               .arg(w->width())
                               .arg(w->height());
                // What stays on screen counts: a layout that follows late data (titles fitted again once the
                // plot area moved, queued) gets up to a second of events on a busy machine before it is judged.
                const QString where = QString("%1 at %2x%3").arg(name).arg(size.width()).arg(size.height());
                QStringList cut = unreadableInPage(w->tabs()->currentWidget(), where);
                for (int i = 0; i < 20 && !cut.isEmpty(); ++i) {
                    QTest::qWait(50);
                    cut = unreadableInPage(w->tabs()->currentWidget(), where);
                }
                out << cut;
                if (name == "distribution")
                    for (const QString& p : offCentreRanges(w->view<DistributionView>("distribution")->chart()))
                        out << QString("distribution at %1x%2: %3").arg(size.width()).arg(size.height()).arg(p);
                // RR_SCREENSHOT_DIR: a picture of each view at each size, to look at.
                if (const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR"); !dir.isEmpty())
                    w->grab().save(QString("%1/readable-%2-%3.png").arg(dir, name).arg(size.width()));
            }
        }
        return out;
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        w->infoBar()->hide();
        w->state()->setTau(1.0 / 3.0);
        w->parameterPanel()->optimizeButton()->click();
        settle();
        ViewChoices v = w->state()->view();
        v.distributionA = "marital-status";
        v.distributionB = "sex";
        w->state()->setView(v);
        settle();
        w->showView("tradeoff");
        w->view<TradeOffView>("tradeoff")->computeButton()->click();
        settle();
        ComparisonView* comparison = w->view<ComparisonView>("comparison");
        w->showView("comparison");
        comparison->lMaxSpin()->setValue(4);
        comparison->run();
        QTRY_VERIFY_WITH_TIMEOUT(comparison->result() != nullptr, 120000);
        comparison->shownLSpin()->setValue(2); // l = 2: a generalized release and an anatomy release to show
        w->showView("measures");
        settle();
        w->view<MeasuresView>("measures")->task()->waitForFinished();
        ViewChoices rules = w->state()->view();
        rules.rulesItems = {"sex=Male", "class=<=50K", "race=White", "age>=40"};
        rules.rulesMinSupport = 0.1;
        w->state()->setView(rules);
        w->showView("rules");
        settle();
        w->view<RulesView>("rules")->task()->waitForFinished();
    }
    void cleanupTestCase() { w.reset(); }

    // Every table view: no chart text cut, too wide or outside at either size.
    void tableViews()
    {
        QStringList names;
        for (const ViewDescriptor& d : viewCatalog())
            if (d.step != WorkflowStep::Baskets)
                names << d.name;
        QVERIFY(names.size() >= 10);
        const QStringList problems = unreadableEverywhere(names);
        for (const QString& p : problems)
            qInfo("%s", qPrintable(p));
        QVERIFY2(problems.isEmpty(), qPrintable(QString("%1 unreadable texts (listed above)").arg(problems.size())));
    }

    // The Baskets workspace on its sample, at either size.
    void basketViews()
    {
        auto* baskets = w->view<BasketsView>("baskets");
        w->openBaskets(QString::fromStdString(testdata::sharedData("baskets/small.dat")));
        baskets->workspace()->waitForIdle();
        BasketsChoice c;
        c.kind = OperatorKind::CutAndPaste;
        c.cutoff = 3;
        c.rho = 0.4;
        c.level = 0.5;
        c.seed = 7;
        c.minSupports = {0.1, 0.2, 0.3};
        c.topItemsets = 6;
        baskets->applyChoice(c);
        baskets->workspace()->waitForIdle();
        QVERIFY(baskets->workspace()->frame());
        const QStringList problems = unreadableEverywhere({"baskets"});
        for (const QString& p : problems)
            qInfo("%s", qPrintable(p));
        QVERIFY2(problems.isEmpty(), qPrintable(QString("%1 unreadable texts (listed above)").arg(problems.size())));
    }
};

QTEST_MAIN(TestReadableViews)
#include "test_readable_views.moc"
