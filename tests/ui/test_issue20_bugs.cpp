// Issue 20, "Readable charts at any window size (bugs found)": one test per numbered bug, on the
// bundled Adult sample in a 1280 x 800 window (offscreen).
#include "TestData.h"
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/release/ComparisonRun.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/DistributionChart.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/export/ComparisonTable.h"
#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/measures/MeasureForestChart.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesView.h"
#include "ui/models/AttributeModel.h"
#include "ui/panels/AttributePanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/DistributionView.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QFile>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QKeySequence>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QMenuBar>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTemporaryFile>

#include <functional>

using namespace rr;
using namespace rr::ui;

namespace {

// The access key of a menu text ("Re&lease" -> 'l'); none for a text without one.
QChar accessKey(const QString& text)
{
    for (int i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != '&')
            continue;
        if (text[i + 1] == '&') {
            ++i;
            continue;
        }
        return text[i + 1].toLower();
    }
    return {};
}

// The texts a chart draws (axis labels, titles, legend entries are QGraphicsTextItems in its scene) that
// Qt Charts cut short with "..." because they did not fit.
QStringList elidedTexts(QGraphicsView* view)
{
    QStringList out;
    for (QGraphicsItem* item : view->scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            if (const QString t = text->toPlainText(); t.endsWith("...") || t.endsWith(QChar(0x2026)))
                out << t;
    return out;
}

// Qt lays a chart out over several event-loop passes (the plot, then the margins its row labels and legend ask
// for): wait until the plot area holds still for three passes (sanitizer builds take many).
void settle(QChart* chart)
{
    QRectF last;
    int still = 0;
    for (int i = 0; i < 150 && still < 3; ++i) {
        QTest::qWait(20);
        const QRectF now = chart->plotArea();
        still = now == last ? still + 1 : 0;
        last = now;
    }
}

QMenu* menuNamed(QMenuBar* bar, const QString& title)
{
    for (QAction* a : bar->actions())
        if (a->menu() && a->text().remove('&') == title)
            return a->menu();
    return nullptr;
}

} // namespace

class TestIssue20Bugs : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QStringList sample; // the Adult sample's files, as opened on the first start

    // The view `name` shown with the choices `edit` makes, once the workspace is idle.
    void showWith(const QString& name, const std::function<void(ViewChoices&)>& edit)
    {
        ViewChoices v = w->state()->view();
        edit(v);
        w->state()->setView(v);
        w->showView(name);
        w->workspace()->waitForIdle();
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        sample = w->state()->dataPaths();
    }
    void cleanupTestCase() { w.reset(); }

    // Bug 11: every menu's access keys are distinct; no shortcut is given twice; Release and Compare have one.
    void bug11MenuAccessKeysAndShortcutsAreUnique()
    {
        QMenuBar* bar = w->menuBar();
        for (QAction* top : bar->actions()) {
            QMenu* menu = top->menu();
            if (!menu)
                continue;
            QSet<QChar> keys;
            for (QAction* a : menu->actions()) {
                const QChar key = accessKey(a->text());
                if (key.isNull() || a->isSeparator())
                    continue;
                QVERIFY2(!keys.contains(key),
                         qPrintable(QString("%1: access key %2 twice (%3)").arg(top->text(), QString(key), a->text())));
                keys.insert(key);
            }
        }
        QSet<QString> shortcuts;
        for (QAction* a : w->findChildren<QAction*>()) {
            for (const QKeySequence& k : a->shortcuts()) {
                const QString s = k.toString();
                QVERIFY2(!shortcuts.contains(s), qPrintable(QString("shortcut %1 twice (%2)").arg(s, a->text())));
                shortcuts.insert(s);
            }
        }
        QMenu* file = menuNamed(bar, "File");
        QVERIFY(file);
        QAction* release = nullptr;
        for (QAction* a : file->actions())
            if (a->text().remove('&').startsWith("Release"))
                release = a;
        QVERIFY(release);
        QVERIFY(!release->shortcut().isEmpty());
        QAction* compare = nullptr;
        for (QMenu* m : {file, menuNamed(bar, "Analysis")})
            for (QAction* a : m->actions())
                if (a->text().remove('&').startsWith("Compare with"))
                    compare = a;
        QVERIFY(compare);
        QVERIFY(!compare->shortcut().isEmpty());
    }

    // The mode the Analysis menu checks and the mode the Parameters panel checks, by name ("" for none).
    QString menuMode() const
    {
        for (QAction* a : menuNamed(w->menuBar(), "Analysis")->actions())
            if (a->isCheckable() && a->isChecked())
                return a->text().remove('&').remove("Randomize ");
        return {};
    }
    QString panelMode() const
    {
        for (QRadioButton* b : w->parameterPanel()->findChildren<QRadioButton*>())
            if (b->isChecked())
                return b->text().remove('&');
        return {};
    }

    // Bug 5: after a session in RR-Both, then COIL, then the Adult sample, the menu agrees with the panel.
    void bug5MenuModeFollowsThePanel()
    {
        QTemporaryDir dir;
        w->state()->setMode(RandomizationMode::Both);
        w->workspace()->waitForIdle();
        QCOMPARE(menuMode(), style::modeName(RandomizationMode::Both));
        QVERIFY(w->saveSession(dir.filePath("both.json")));
        w->openCsv({QString::fromStdString(testdata::sharedData("coil2000/ticdata2000.txt"))});
        w->workspace()->waitForIdle();
        QVERIFY(w->openSession(dir.filePath("both.json")));
        w->workspace()->waitForIdle();
        QCOMPARE(panelMode(), style::modeName(RandomizationMode::Both));
        QCOMPARE(menuMode(), panelMode());
        w->openCsv({QString::fromStdString(testdata::sharedData("coil2000/ticdata2000.txt"))});
        w->workspace()->waitForIdle();
        QCOMPARE(panelMode(), style::modeName(w->state()->mode()));
        QCOMPARE(menuMode(), panelMode());
        w->openCsv(sample);
        w->workspace()->waitForIdle();
        QCOMPARE(panelMode(), style::modeName(w->state()->mode()));
        QCOMPARE(menuMode(), panelMode());
    }

    // Bug 6: a click on the risk surface of education x workclass in RR-QI stays in RR-QI, sets p(education)
    // only and says in the message strip that p(workclass) was left, offering RR-Both.
    void bug6SurfaceClickKeepsTheMode()
    {
        w->state()->setMode(RandomizationMode::QI);
        showWith("surface", [](ViewChoices& v) {
            v.surfaceX = "education";
            v.surfaceY = "workclass";
        });
        const auto s = w->view<SurfaceView>("surface")->chart()->data();
        QVERIFY(s);
        QCOMPARE(s->yName, std::string("workclass"));
        const double pS = w->state()->retention("workclass");
        const int steps = w->state()->undoStack()->count();
        w->view<SurfaceView>("surface")->pick(0.6, 0.5);
        QVERIFY(w->state()->mode() == RandomizationMode::QI);
        QCOMPARE(w->state()->retention("education"), 0.6);
        QCOMPARE(w->state()->retention("workclass"), pS);
        QCOMPARE(w->state()->undoStack()->count(), steps + 1);
        QCOMPARE(menuMode(), QString("RR-QI"));
        QVERIFY2(w->infoBar()->text().contains("workclass"), qPrintable(w->infoBar()->text()));
        QVERIFY(w->infoBar()->actionTexts().contains("Switch to RR-Both and set both p"));
        QVERIFY(w->infoBar()->trigger("Switch to RR-Both and set both p")); // asked for: both p, one step
        QVERIFY(w->state()->mode() == RandomizationMode::Both);
        QCOMPARE(w->state()->retention("workclass"), 0.5);
        QCOMPARE(w->state()->undoStack()->count(), steps + 2);
        w->state()->undoStack()->undo();
        w->state()->undoStack()->undo();
        w->workspace()->waitForIdle();
    }

    // Bug 9: where an estimate is undefined (a negative cell of race x education at low p), the variance
    // and both ranges give its reason, not "the estimate is undefined".
    void bug9UndefinedVarianceSaysWhy()
    {
        w->state()->setMode(RandomizationMode::QI);
        w->state()->setRetentions({{"race", 0.3}, {"education", 0.1}}, "test");
        showWith("measures", [](ViewChoices& v) {
            v.measuresA = "race";
            v.measuresB = "education";
        });
        w->view<MeasuresView>("measures")->task()->waitForFinished();
        QTableWidget* table = w->view<MeasuresView>("measures")->table();
        int undefinedRows = 0;
        for (int r = 0; r < table->rowCount(); ++r) {
            const QString estimate = table->item(r, 2)->text();
            if (!estimate.startsWith("undefined: "))
                continue;
            ++undefinedRows;
            for (int c : {3, 4, 5}) {
                const QString text = table->item(r, c)->text();
                QVERIFY2(!text.contains("the estimate is undefined"), qPrintable(text));
                QCOMPARE(text, estimate); // "undefined: " and the estimate's own reason
            }
        }
        QVERIFY(undefinedRows > 0);
        w->state()->undoStack()->undo();
        w->workspace()->waitForIdle();
        w->view<MeasuresView>("measures")->task()->waitForFinished();
    }

    // Bug 1: the forest plot's row labels are drawn whole at 1280 x 800 and 1024 x 700 (as at 1600 px):
    // nothing in the chart is cut to "...", every label lies inside the chart left of the plot, centred
    // on its row, and no two labels overlap.
    void bug1ForestRowLabelsFitTheWindow()
    {
        w->showView("measures");
        w->workspace()->waitForIdle();
        w->view<MeasuresView>("measures")->task()->waitForFinished();
        MeasureForestChart* forest = w->view<MeasuresView>("measures")->forestChart();
        const int rows = forest->rowLabels().size();
        QVERIFY(rows >= 21);
        const QSize before = w->size();
        for (const QSize size : {QSize(1280, 800), QSize(1024, 700)}) {
            w->resize(size);
            settle(forest->chart());
            const QString where = QString("%1x%2: ").arg(size.width()).arg(size.height());
            QVERIFY(forest->isVisible());
            QVERIFY2(forest->width() < size.width() - 200, qPrintable(where)); // the left docks are beside it
            const QStringList cut = elidedTexts(forest);
            for (const QString& t : cut)
                QVERIFY2(!forest->rowLabels().contains(t) && t != "...", qPrintable(where + cut.join(" | ")));
            const auto items = forest->rowLabelItems();
            QCOMPARE(items.size(), rows);
            const QRectF plot = forest->chart()->plotArea();
            double previousBottom = -1;
            for (int i = 0; i < rows; ++i) {
                QCOMPARE(items[i]->text(), forest->rowLabels()[i]);
                QVERIFY(items[i]->isVisible());
                const QRectF r = items[i]->sceneBoundingRect();
                QVERIFY2(r.left() >= 0 && r.right() <= plot.left(), qPrintable(where + items[i]->text()));
                QFontMetricsF fm(items[i]->font());
                QVERIFY2(fm.horizontalAdvance(items[i]->text()) <= r.width() + 0.5,
                         qPrintable(where + items[i]->text()));
                const double rowY = forest->chart()->mapToPosition(QPointF(0, rows - 1 - i)).y();
                QVERIFY2(std::abs(r.center().y() - rowY) <= 2.0, qPrintable(where + items[i]->text()));
                QVERIFY2(r.top() >= previousBottom - 1.0, qPrintable(where + items[i]->text()));
                QVERIFY(items[i]->font().pixelSize() >= 8);
                previousBottom = r.bottom();
            }
        }
        w->resize(before);
    }

    // Bug 2: marital-status x sex, also after other attributes were shown: each 95% range is centred on
    // its estimate bar (in pixels), and every legend entry shown has a label (no unlabeled black swatches).
    void bug2PairRangesOnTheEstimatesAndALabelledLegend()
    {
        DistributionChart* chart = w->view<DistributionView>("distribution")->chart();
        auto show = [this](const std::string& a, const std::string& b) {
            showWith("distribution", [&](ViewChoices& v) {
                v.distributionA = a;
                v.distributionB = b;
                v.distributionFirstRank = 0;
            });
            QTest::qWait(20);
        };
        show("education", "");
        show("marital-status", "sex");
        show("marital-status", "");
        show("marital-status", "sex");
        const QStringList categories = chart->categories();
        const int n = categories.size();
        QCOMPARE(n, 14);
        QCOMPARE(QSet<QString>(categories.begin(), categories.end()).size(), n); // distinct
        int shown = 0;
        for (QLegendMarker* m : chart->chart()->legend()->markers()) {
            if (!m->isVisible())
                continue;
            ++shown;
            QVERIFY2(!m->label().isEmpty(), "a legend entry without a label");
        }
        QCOMPARE(shown, 4); // original, expected randomized, estimate, the range (no value below 0 here)
        // The estimate bars as drawn (inside the plot), left to right.
        const QRectF plot = chart->chart()->plotArea();
        QList<QRectF> bars;
        for (QGraphicsItem* item : chart->scene()->items())
            if (auto* r = dynamic_cast<QGraphicsRectItem*>(item);
                r && r->isVisible() && r->brush().color() == style::estimate()) {
                const QRectF rect = r->sceneBoundingRect();
                if (plot.adjusted(-1, -1, 1, 1).contains(rect) && rect.width() > 1)
                    bars << rect;
            }
        std::sort(bars.begin(), bars.end(), [](const QRectF& a, const QRectF& b) { return a.left() < b.left(); });
        QCOMPARE(bars.size(), n);
        QList<double> whiskerX;
        for (QAbstractSeries* s : chart->chart()->series())
            if (auto* line = qobject_cast<QLineSeries*>(s); line && line->isVisible() && line->count() == 6)
                whiskerX << chart->chart()->mapToPosition(line->at(2), line).x();
        std::sort(whiskerX.begin(), whiskerX.end());
        QCOMPARE(whiskerX.size(), n);
        for (int i = 0; i < n; ++i)
            QVERIFY2(std::abs(whiskerX[i] - bars[i].center().x()) <= 1.5,
                     qPrintable(QString("cell %1: range at x = %2, estimate bar centred at %3")
                                    .arg(i)
                                    .arg(whiskerX[i])
                                    .arg(bars[i].center().x())));
        show("", "");
    }

    // Bug 7: the release sub-tabs are never blank: before a run they say to press Compare; after a run on the
    // EMGRW roles (anatomy impossible: Private is most of workclass) the anatomy tab gives the reason, and
    // the generalized tab shows its table.
    void bug7ReleaseTabsSayWhyTheyAreEmpty()
    {
        ComparisonView* view = w->view<ComparisonView>("comparison");
        auto shown = [](QLabel* placeholder) {
            auto* stack = qobject_cast<QStackedWidget*>(placeholder->parentWidget());
            return stack && stack->currentWidget() == placeholder;
        };
        QVERIFY(!view->result());
        QVERIFY(shown(view->generalizedPlaceholder()));
        QVERIFY(shown(view->anatomyPlaceholder()));
        QVERIFY2(view->generalizedPlaceholder()->text().contains("Compare"),
                 qPrintable(view->generalizedPlaceholder()->text()));
        QVERIFY(view->anatomyPlaceholder()->text().contains("Compare"));
        view->lMaxSpin()->setValue(2);
        view->run();
        QTRY_VERIFY_WITH_TIMEOUT(view->result() != nullptr, 20000);
        const ComparisonResult& r = view->result()->sweep.results.front();
        QVERIFY(!r.anatomy.available);
        QVERIFY(shown(view->anatomyPlaceholder()));
        QCOMPARE(view->anatomyPlaceholder()->text(),
                 QString("No anatomy release at l = 2: %1").arg(QString::fromStdString(r.anatomy.note)));
        QVERIFY(!r.anatomy.note.empty());
        QCOMPARE(shown(view->generalizedPlaceholder()), !r.search.found);
        // The bar chart names it under the bars and points to the line above it, which gives the reason.
        QVERIFY2(view->barChart()->xAxisTitle().contains("anatomy gave no release"),
                 qPrintable(view->barChart()->xAxisTitle()));
        auto* info = view->findChild<QLabel*>("comparisonReleaseInfo");
        QVERIFY(info && !info->isHidden());
        QVERIFY2(info->text().contains(QString::fromStdString(r.anatomy.note)), qPrintable(info->text()));
        // Entropy 2-diversity is found, with a largest risk above 1/2: the line says why that is no error.
        QVERIFY(r.search.found);
        QVERIFY2(r.lDiversity.maxRisk > 0.5, qPrintable(QString::number(r.lDiversity.maxRisk)));
        QVERIFY2(info->text().contains(QString("does not cap the commonest value, so its largest risk, %1, lies above "
                                               "1/l = 0.5000")
                                           .arg(r.lDiversity.maxRisk, 0, 'f', 4)),
                 qPrintable(info->text()));
    }

    // Bug 12: "1 column." (not "1 columns."); the comparison's parameters name the model of the whole
    // range ("entropy l-diversity" for l = 2..7, not "entropy 2-diversity"); the trade-off view does not
    // say "changed" on a first visit when nothing changed.
    void bug12Wording()
    {
        QTemporaryFile one(QDir::tempPath() + "/XXXXXX.csv");
        QVERIFY(one.open());
        one.write("colour\nred\nblue\n");
        one.close();
        ImportDialog dialog({one.fileName()});
        QCOMPARE(dialog.problemLabel()->text(), QString("1 column."));

        ComparisonRun run;
        for (int l = 2; l <= 7; ++l) {
            ComparisonResult r;
            r.l = l;
            r.privacyModel = "entropy " + std::to_string(l) + "-diversity";
            run.sweep.results.push_back(r);
        }
        run.sweep.lMin = 2;
        run.sweep.lMax = 7;
        const QString params = comparisonParameters(run);
        QVERIFY2(params.contains("entropy l-diversity"), qPrintable(params));
        QVERIFY2(!params.contains("2-diversity"), qPrintable(params));
        run.sweep.results.resize(1); // a single l keeps its own name
        QVERIFY(comparisonParameters(run).contains("entropy 2-diversity"));

        const QString status = w->view<TradeOffView>("tradeoff")->statusLabel()->text();
        QVERIFY2(!status.contains("changed"), qPrintable(status));
    }

    // Bug 8: the Rules view's items can be searched, shown checked only (with a count), and a numeric
    // attribute binarized by a threshold becomes a checked item that is mined and kept by the session.
    void bug8RulesItemsSearchAndThreshold()
    {
        showWith("rules", [](ViewChoices& v) {
            v.rulesItems = {"sex=Male", "class=<=50K", "race=White"};
            v.rulesMinSupport = 0.1;
            v.rulesMinConfidence = 0.5;
        });
        RulesView* rv = w->view<RulesView>("rules");
        rv->task()->waitForFinished();
        QListWidget* list = rv->itemList();
        const auto visible = [list]() {
            QStringList out;
            for (int i = 0; i < list->count(); ++i)
                if (!list->item(i)->isHidden())
                    out << list->item(i)->text();
            return out;
        };
        QVERIFY(list->count() > 50);
        // Bug 3's "workcla": names are never cut; a narrow list scrolls sideways to them.
        QCOMPARE(list->textElideMode(), Qt::ElideNone);
        QVERIFY(list->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff);
        int widest = 0;
        for (int i = 0; i < list->count(); ++i)
            widest = std::max(widest, list->fontMetrics().horizontalAdvance(list->item(i)->text()));
        QVERIFY(list->horizontalScrollBar()->maximum() + list->viewport()->width() >= widest);
        QCOMPARE(rv->checkedCountLabel()->text(), QString("3 of %1 checked").arg(list->count()));
        rv->itemSearch()->setText("RACE");
        QCOMPARE(visible().size(), 5); // Adult's five races
        for (const QString& t : visible())
            QVERIFY2(t.startsWith("race = "), qPrintable(t));
        rv->itemSearch()->clear();
        rv->checkedOnlyBox()->setChecked(true);
        QCOMPARE(visible(), (QStringList{"race = White", "sex = Male", "class = <=50K"})); // in the file's order

        const int age = rv->thresholdAttributeBox()->findText("age");
        QVERIFY2(age >= 0, "age is offered for a threshold");
        QCOMPARE(rv->thresholdAttributeBox()->findText("sex"), -1); // not numeric
        rv->thresholdAttributeBox()->setCurrentIndex(age);
        QCOMPARE(rv->thresholdSpin()->minimum(), 17.0);
        QCOMPARE(rv->thresholdSpin()->maximum(), 90.0);
        rv->thresholdSpin()->setValue(40);
        rv->addThresholdButton()->click();
        w->workspace()->waitForIdle();
        rv->task()->waitForFinished();
        QCOMPARE(list->item(0)->text(), QString("age \u2265 40"));
        QCOMPARE(list->item(0)->checkState(), Qt::Checked);
        QVERIFY(visible().contains("age \u2265 40"));
        const auto& items = w->state()->view().rulesItems;
        QVERIFY(std::find(items.begin(), items.end(), "age>=40") != items.end());
        QVERIFY(rv->result());
        QCOMPARE(rv->result()->itemNames.size(), std::size_t(4));
        QVERIFY(std::find(rv->result()->itemNames.begin(), rv->result()->itemNames.end(), "age>=40") !=
                rv->result()->itemNames.end());

        // The threshold item comes back with the session, checked.
        QTemporaryDir tmp;
        QVERIFY(w->saveSession(tmp.filePath("rules.json")));
        auto other = std::make_unique<MainWindow>();
        QVERIFY(other->openSession(tmp.filePath("rules.json")));
        other->workspace()->waitForIdle();
        other->view<RulesView>("rules")->task()->waitForFinished();
        QListWidget* again = other->view<RulesView>("rules")->itemList();
        QCOMPARE(again->item(0)->text(), QString("age \u2265 40"));
        QCOMPARE(again->item(0)->checkState(), Qt::Checked);
        QVERIFY(other->view<RulesView>("rules")->result());
        QCOMPARE(other->view<RulesView>("rules")->result()->rows.size(), rv->result()->rows.size());
        rv->checkedOnlyBox()->setChecked(false);
    }

    // Bug 3: the Attributes panel shows every name whole ("education" and "education-num" were both "e..."),
    // at 1280 x 800 and 1024 x 700, and a panel saved narrow is widened again on the next start.
    void bug3AttributeNamesWhole()
    {
        const auto namesWhole = [](MainWindow* window) {
            auto* panel = window->findChild<AttributePanel*>();
            QTableView* view = panel->view();
            const QFontMetrics fm(view->font());
            QStringList cut;
            for (int r = 0; r < view->model()->rowCount(); ++r) {
                const QModelIndex i = view->model()->index(r, AttributeModel::Name);
                const QString name = i.data().toString();
                // 3 px of text margin each side (QStyle::PM_FocusFrameHMargin + 1)
                if (view->horizontalHeader()->sectionSize(AttributeModel::Name) < fm.horizontalAdvance(name) + 6)
                    cut << name;
            }
            return cut;
        };
        for (const QSize size : {QSize(1024, 700), QSize(1280, 800)}) {
            w->resize(size);
            QTest::qWait(50);
            const QStringList cut = namesWhole(w.get());
            QVERIFY2(cut.isEmpty(), qPrintable(QString("%1 px: cut %2").arg(size.width()).arg(cut.join(", "))));
        }
        QVERIFY(w->findChild<AttributePanel*>()->wholeWidth() > 0);
        // The panel's width is checked on a fresh start below: this window's docks were resized by earlier tests.

        // A restart after the owner made the panel narrow: it comes back wide enough.
        {
            auto narrow = testing::openSampleWindow();
            auto* d = narrow->findChild<QDockWidget*>("attributesDock");
            QTest::qWait(50);
            narrow->resizeDocks({d}, {1}, Qt::Horizontal); // as narrow as the Parameters panel lets it be
            QTest::qWait(50);
            QVERIFY2(d->width() < narrow->findChild<AttributePanel*>()->wholeWidth() - 50,
                     qPrintable(QString("narrow dock %1").arg(d->width())));
            QSettings().setValue("window/state", narrow->saveState());
            QSettings().setValue("window/geometry", narrow->saveGeometry());
        }
        auto again = testing::openSampleWindow();
        QTest::qWait(100);
        auto* d = again->findChild<QDockWidget*>("attributesDock");
        auto* p = again->findChild<AttributePanel*>();
        QVERIFY2(d->width() >= std::min(p->wholeWidth(), again->width() * 45 / 100) - 2,
                 qPrintable(QString("dock %1 after a narrow restart, whole %2").arg(d->width()).arg(p->wholeWidth())));
        QVERIFY(namesWhole(again.get()).isEmpty());
        QSettings().remove("window/state");
        QSettings().remove("window/geometry");
        w->resize(1280, 800);
    }

    // Bug 3, the distribution's cells: shortened to the room the axis has, each value keeps the prefix that
    // tells it apart, so labels stay distinct at any budget and whole when there is room.
    void bug3CellLabelsShortAndDistinct()
    {
        std::vector<std::string> cells;
        for (const char* m : {"Never-married", "Married-civ-spouse", "Divorced", "Married-spouse-absent", "Separated",
                              "Married-AF-spouse", "Widowed"})
            for (const char* s : {"Female", "Male"})
                cells.push_back(std::string(m) + " | " + s);
        for (int budget = 8; budget <= 40; ++budget) {
            const QStringList labels = shortCellLabels(cells, budget);
            QCOMPARE(labels.size(), static_cast<qsizetype>(cells.size()));
            QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
            for (const QString& l : labels)
                QVERIFY2(l.size() <= std::max(budget, 15), qPrintable(QString("%1 at %2").arg(l).arg(budget)));
        }
        QCOMPARE(shortCellLabels(cells, 15)[11], QString("Married-A\u2026 | M\u2026")); // the shortest distinct form
        QCOMPARE(shortCellLabels(cells, 40)[6], QString("Married-spouse-absent | Female"));
    }
};

QTEST_MAIN(TestIssue20Bugs)
#include "test_issue20_bugs.moc"
