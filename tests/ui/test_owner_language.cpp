// Issue 20, "Speak the owner's language": the papers' references (003 eq. 5.8, Property 1, 004 Def. 8) stay in
// the Guide, the report's method section and tooltips. Every text the owner reads in a label, a button, a tab,
// a list, a table cell, a chart or a message of every step, view, panel and dialog has none; nor has the
// message of an unreachable target (Property 1's). Tooltips keep them.
#include "WidgetWalk.h"

#include "ui/charts/ChartView.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/texts/Citations.h"
#include "ui/release/ReleaseStepPage.h"

#include "core/session/CombinedReleaseRisk.h"
#include "core/session/ReleaseLog.h"
#include "core/optimization/Infeasibility.h"
#include "core/optimization/ModeLimit.h"
#include "core/risk/ShareInference.h"
#include "core/risk/TargetMeaning.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QPushButton>
#include <QTabBar>
#include <QTextDocument>

using namespace rr;
using namespace rr::ui;

class TestOwnerLanguage : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QStringList m_found; // "text (where: widget)"
    int m_texts = 0;

    static QString plain(const QString& text)
    {
        if (!Qt::mightBeRichText(text))
            return text;
        QTextDocument d;
        d.setHtml(text);
        return d.toPlainText();
    }
    void checkText(const QString& text, const QString& where, const QObject* owner)
    {
        const QString t = plain(text).trimmed();
        if (t.isEmpty())
            return;
        ++m_texts;
        if (hasCitation(t) && m_found.size() < 200)
            m_found << QString("\"%1\" in %2: %3").arg(t.left(160), where, testing::describe(owner));
    }
    void checkChart(ChartView* view, const QString& where)
    {
        QChart* chart = view->chart();
        checkText(chart->title(), where + " (chart title)", view);
        for (QAbstractAxis* axis : chart->axes())
            if (axis->isVisible() && axis->isTitleVisible())
                checkText(axis->titleText(), where + " (axis title)", view);
        for (QLegendMarker* marker : chart->legend()->markers())
            if (marker->isVisible())
                checkText(marker->label(), where + " (legend)", view);
    }
    // What a widget shows, not its tooltip.
    void check(const QString& where, QWidget* window)
    {
        checkText(window->windowTitle(), where + " (window title)", window);
        for (QWidget* c : testing::shownWidgets(window)) {
            if (c->objectName().startsWith("qt_"))
                continue;
            if (auto* l = qobject_cast<QLabel*>(c))
                checkText(l->text(), where, c);
            if (auto* b = qobject_cast<QAbstractButton*>(c))
                checkText(b->text(), where, c);
            if (auto* g = qobject_cast<QGroupBox*>(c))
                checkText(g->title(), where, c);
            if (auto* tabs = qobject_cast<QTabBar*>(c))
                for (int i = 0; i < tabs->count(); ++i)
                    checkText(tabs->tabText(i), where + " (tab)", c);
            if (auto* box = qobject_cast<QComboBox*>(c))
                for (int i = 0; i < box->count(); ++i)
                    checkText(box->itemText(i), where + " (list item)", c);
            if (auto* view = qobject_cast<QAbstractItemView*>(c); view && view->model()) {
                const QAbstractItemModel* m = view->model();
                for (int col = 0; col < m->columnCount(); ++col)
                    checkText(m->headerData(col, Qt::Horizontal).toString(), where + " (header)", c);
                for (int row = 0; row < std::min(m->rowCount(), 60); ++row)
                    for (int col = 0; col < m->columnCount(); ++col)
                        checkText(m->index(row, col).data().toString(), where + " (cell)", c);
            }
            if (auto* chart = qobject_cast<ChartView*>(c))
                checkChart(chart, where);
        }
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
    }
    void cleanupTestCase() { w.reset(); }

    // The references go, what else a parenthesis says stays, texts without references are untouched.
    void withoutCitationsKeepsTheRest()
    {
        QCOMPARE(withoutCitations("the posterior equals the prior, which is certain (003 eq. 5.8, Property 1). So 12"),
                 QString("the posterior equals the prior, which is certain. So 12"));
        QCOMPARE(withoutCitations("Lowest discoverable support (004 Sec. 5.1, 4 \u03C3): 0.2."),
                 QString("Lowest discoverable support (4 \u03C3): 0.2."));
        QCOMPARE(withoutCitations("kept with probability p (Warner, 003 eq. 5.2). Range (1/7, 1]."),
                 QString("kept with probability p (Warner). Range (1/7, 1]."));
        QCOMPARE(withoutCitations("R = 0.512 (002 eq. 17)"), QString("R = 0.512"));
        QCOMPARE(withoutCitations("orders that randomization reverses (003 Sec. 4.4 (Results 4, 5))"),
                 QString("orders that randomization reverses"));
        QCOMPARE(withoutCitations("cut-and-paste (004 Def. 8)"), QString("cut-and-paste"));
        QCOMPARE(withoutCitations("004 Sec. 4.4: per size, the smallest \u03C1_m"), QString("per size, the smallest \u03C1_m"));
        QCOMPARE(withoutCitations("conflicts s-p 0, c-p 0 (003 Table 3.3)"), QString("conflicts s-p 0, c-p 0"));
        const QString plainText("workclass (d = 7): 2,799 missing (5.7%), Table of 3 rows");
        QCOMPARE(withoutCitations(plainText), plainText);
        QVERIFY(!hasCitation(withoutCitations("a (003 Result 16, proof) b")));
    }

    // Issue 46's texts, from core (the CLI's reasons, warnings and notes are these): no reference, no symbol, no
    // bound a guess from the published shares breaks.
    static void checkOwnerWords(const QString& text)
    {
        QVERIFY2(!hasCitation(text), qPrintable(text));
        for (const char* symbol : {"pi_", "Pr(", "tau", "\u03C4", "eq.", "Property", "at most", "guesses the"})
            QVERIFY2(!text.contains(QString::fromUtf8(symbol)), qPrintable(symbol + QString(" in: ") + text));
    }
    void issue46TextsSpeakTheOwnersLanguage()
    {
        const QString refused = QString::fromStdString(lBeyondValuesReason("workclass", 2));
        QCOMPARE(refused, QString("workclass has 2 values: a guess is right at least half the time, so l cannot exceed 2"));
        checkOwnerWords(refused);
        const QString clear = QString::fromStdString(sensitiveInClearWarning("workclass"));
        QVERIFY(clear.startsWith("workclass leaves in clear (p = 1)"));
        QVERIFY(clear.contains("randomized quasi-identifiers"));
        checkOwnerWords(clear);
        // The release log's warning: when and where, and the level of all the draws together.
        const ReleaseLogEntry now{"2026-12-03T08:00:00Z", {"/d/b.csv"}, 10, {{"sex", "f", 0.6, std::log(1.5)}}};
        const ReleaseLogEntry before{"2026-12-02T07:10:00Z", {"/d/a.csv", "/d/a.sav"}, 10, {{"sex", "f", 0.8, std::log(4.0)}}};
        const QString again = QString::fromStdString(previousReleasesWarning({before}, now));
        QCOMPARE(again, QString("values of these records were released before (2026-12-02 07:10:00 UTC to a.csv and 1 "
                                "more): anyone holding both releases can combine the draws, which protects less than "
                                "either alone (all draws together: sex epsilon 1.79). Publish the earlier release "
                                "again instead, or accept this knowingly"));
        checkOwnerWords(again);
        // What the draws reveal together (the product of their channels), beside this release alone.
        const QString together = QString::fromStdString(combinedRiskSentence(
            {{"max_risk", 0.4123}, {"records_over_tau", 3617.0}, {"tau", 1.0 / 3}, {"this_release_max_risk", 0.3333}}));
        QCOMPARE(together, QString("Linking a person's records across the releases reveals up to 0.412 (this release "
                                   "alone: 0.333, target 0.333); 3,617 records are above the target together"));
        checkOwnerWords(together);
        const QString notComputed =
            QString::fromStdString(combinedRiskSentence({{"not_computed", "an earlier release of 'sex' used a matrix "
                                                                          "from a file"}}));
        QVERIFY(notComputed.startsWith("What linking a person's records across the releases reveals is not computed"));
        checkOwnerWords(notComputed);
        const auto a = w->workspace()->analysis();
        QVERIFY(a);
        const ShareInference inf = shareInference(a->joint, 1.0 / 3);
        checkOwnerWords(QString::fromStdString(shareInferenceSentence(inf, "workclass", a->categories.back())));
        OptimizationOptions o;
        o.mode = RandomizationMode::S;
        o.tau = 1.0 / 3;
        const std::vector<ReachableL> reach = bestWholeLPerMode(a->model, o);
        const QString why = QString::fromStdString(infeasibleExplanation(a->model, a->names, a->categories, o, reach));
        QVERIFY2(why.contains("RR-S cannot go beyond l = 1 on these data"), qPrintable(why));
        checkOwnerWords(why);
        for (const RandomizationMode mode : {RandomizationMode::S, RandomizationMode::QI, RandomizationMode::Both}) {
            const QString reason =
                QString::fromStdString(infeasibleReason(modeLimit(a->model, mode, 1.0 / 3), mode, 1.0 / 3));
            QVERIFY2(reason.contains("cannot bring every record's risk down to the target"), qPrintable(reason));
            checkOwnerWords(reason);
        }
    }

    // The GUI refuses l above the number of sensitive values with the CLI's words; a sensitive attribute left in
    // clear is said in amber on the Release step; its risk lines say what they measure.
    void issue46GuiRefusesAndWarns()
    {
        w->state()->setMode(RandomizationMode::Both);
        w->state()->setTau(1.0 / 8); // workclass has 7 values
        w->parameterPanel()->optimizeButton()->click();
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        QCOMPARE(w->infoBar()->text(),
                 QString("workclass has 7 values: a guess is right at least one time in 7, so l cannot exceed 7"));
        w->state()->setMode(RandomizationMode::QI);
        w->state()->setTau(1.0 / 3);
        w->parameterPanel()->optimizeButton()->click();
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        w->showView("release");
        QApplication::processEvents();
        auto* page = w->view<ReleaseStepPage>("release");
        QVERIFY(page);
        const QString html = page->summaryText();
        QString warning = QString::fromStdString(sensitiveInClearWarning("workclass")).toHtmlEscaped();
        warning[0] = warning[0].toUpper(); // a sentence of its own in the GUI
        QVERIFY2(html.contains("<p style='color:#b03a00'>\u26A0 " + warning), qPrintable(html));
        QVERIFY2(html.contains("reveals beyond chance"), qPrintable(html));
        QVERIFY2(html.contains("What the published shares of workclass reveal"), qPrintable(html));
        QVERIFY2(!html.contains("guesses the sensitive value right"), qPrintable(html)); // the old false claim
        w->state()->resetParameters();
        w->workspace()->waitForIdle();
    }

    // Every place of the GUI, and the message of a target no p reaches.
    void noReferenceWhereTheOwnerReads()
    {
        // RR-S at l = 7 (workclass has 7 values; a larger l is refused, issue 46): Property 1's limit, explained in
        // the message strip.
        w->state()->setMode(RandomizationMode::S);
        w->state()->setTau(1.0 / 7);
        w->parameterPanel()->optimizeButton()->click();
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        QVERIFY(w->infoBar()->isVisible());
        const QString message = w->infoBar()->text();
        QVERIFY2(message.contains("knows the value, whatever p is"), qPrintable(message)); // the reason, in words
        checkText(message, "the unreachable target's message", w->infoBar());
        w->state()->setMode(RandomizationMode::QI);
        w->state()->setTau(1.0 / 3.0);
        testing::walkEverything(w.get(), [this](const QString& where, QWidget* window) { check(where, window); });
        qInfo("%d texts checked", m_texts);
        QVERIFY(m_texts > 1000);
        for (const QString& f : m_found)
            qInfo("%s", qPrintable(f));
        QVERIFY2(m_found.isEmpty(), qPrintable(QString("%1 texts name a reference (listed above)").arg(m_found.size())));
    }
};

QTEST_MAIN(TestOwnerLanguage)
#include "test_owner_language.moc"
