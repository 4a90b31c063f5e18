// Reports that print and exports that travel (issue 11): the PDF report's charts lie inside the
// page (rendered with pdftoppm), with captions, parameters and the comparison table (pdftotext);
// SVG labels are whole <text> strings; the headless export knows every view; dialogs start in the
// last folder used.
#include "UiTestSupport.h"

#include "core/release/ComparisonRun.h"
#include "core/statfiles/StatFileReleaseTarget.h"
#include "ui/baskets/BasketsHeadless.h"
#include "ui/charts/ChartView.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/export/ChartCaptions.h"
#include "ui/export/ChartExport.h"
#include "ui/headless/HeadlessExport.h"
#include "ui/catalog/ViewCatalog.h"
#include "ui/export/LastFolder.h"
#include "ui/export/ReportWriter.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesView.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/AnalysisView.h"
#include "ui/views/DistributionView.h"
#include "ui/views/IntervalsView.h"
#include "ui/views/RiskView.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"
#include "ui/withoutp/WithoutPView.h"

#include <QAbstractAxis>
#include <fstream>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextTable>
#include <QTextDocument>
#include <QTimer>
#include <QXmlStreamReader>

using namespace rr;
using namespace rr::ui;

namespace {

QString tool(const QString& name)
{
    return QStandardPaths::findExecutable(name);
}

// Runs a program; false when it failed. Its standard output goes to `out`.
bool runTool(const QString& program, const QStringList& args, QString* out = nullptr)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return false;
    if (out)
        *out = QString::fromUtf8(p.readAllStandardOutput());
    return true;
}

// pdftotext's text without the ligatures it reports ("trade-o\uFB00", "coe\uFB03cients").
QString withoutLigatures(QString text)
{
    return text.replace(QChar(0xFB00), "ff")
        .replace(QChar(0xFB01), "fi")
        .replace(QChar(0xFB02), "fl")
        .replace(QChar(0xFB03), "ffi")
        .replace(QChar(0xFB04), "ffl");
}

bool isInk(QRgb c)
{
    return qRed(c) < 235 || qGreen(c) < 235 || qBlue(c) < 235;
}

// The texts of every <text> element of an SVG file (each element's whole content).
QStringList svgTexts(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    QStringList texts;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return xml.hasError() ? QStringList{"XML error: " + xml.errorString()} : texts;
}

} // namespace

class TestReportExport : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QTemporaryDir tmp;

    QList<ChartView*> allCharts() const
    {
        return {w->view<DistributionView>("distribution")->chartView(), w->view<RiskView>("risk")->chartView(),     w->view<SurfaceView>("surface")->chartView(),
                w->view<IntervalsView>("intervals")->chartView(),    w->view<TradeOffView>("tradeoff")->chartView(), w->view<ComparisonView>("comparison")->barChart(),
                w->view<ComparisonView>("comparison")->heatMap()};
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QSettings().clear();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
        w->state()->setRetention("education", 0.7);
        w->state()->setRetention("marital-status", 0.8);
        // Every chart drawn: the trade-off computed and a comparison for l = 2..3.
        w->showView("surface");
        w->workspace()->waitForIdle();
        w->workspace()->computeTradeOff();
        w->workspace()->waitForIdle();
        w->showView("comparison");
        w->view<ComparisonView>("comparison")->lMaxSpin()->setValue(3);
        w->view<ComparisonView>("comparison")->run();
        w->view<ComparisonView>("comparison")->task()->waitForFinished();
        QVERIFY(w->view<ComparisonView>("comparison")->result());
        w->showView("comparison");
        QCoreApplication::processEvents();
        // As MainWindow's report does first: the hidden pages draw the frame of now.
        for (AnalysisView* v : w->findChildren<AnalysisView*>())
            v->catchUp();
        for (ChartView* c : allCharts())
            QVERIFY2(c->hasData(), qPrintable(c->chartName()));
    }

    // The PDF report: pages rendered by poppler's pdftoppm; no ink in the 15 mm margins (nothing cut
    // at the page's edge), the full-width charts' frames reach the right margin from inside; every
    // heading, caption, parameter line and every l of the comparison table is in its text (pdftotext).
    void pdfReportFitsThePage()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        if (tool("pdftoppm").isEmpty() || tool("pdftotext").isEmpty())
            QSKIP("poppler-utils (pdftoppm, pdftotext) not installed: scripts/packages.sh installs it");
        const QString pdf = tmp.filePath("report.pdf");
        const auto comparison = w->view<ComparisonView>("comparison")->result();
        exportReport(pdf, *w->workspace(), allCharts(), {}, comparison);

        const int dpi = 60;
        QVERIFY(runTool(tool("pdftoppm"), {"-r", QString::number(dpi), "-png", pdf, tmp.filePath("page")}));
        QStringList pages = QDir(tmp.path()).entryList({"page-*.png"}, QDir::Files, QDir::Name);
        QVERIFY(pages.size() >= 3);
        const int margin = static_cast<int>(15 / 25.4 * dpi); // 35 px at 60 dpi
        int frames = 0, pageNumber = 0;
        for (const QString& name : pages) {
            // The charts on this page, by their headings.
            ++pageNumber;
            QString pageText;
            QVERIFY(runTool(tool("pdftotext"),
                            {"-f", QString::number(pageNumber), "-l", QString::number(pageNumber), pdf, "-"},
                            &pageText));
            pageText = withoutLigatures(pageText.simplified());
            int headings = 0;
            for (ChartView* c : allCharts())
                headings += pageText.contains(chartHeading(c->chartName())) ? 1 : 0;
            // With RR_SCREENSHOT_DIR set: the page with the risk surface (colour bar, star) for the README.
            const QString shots = qEnvironmentVariable("RR_SCREENSHOT_DIR");
            if (!shots.isEmpty() && pageText.contains(chartHeading("surface"))) {
                const QString base = tmp.filePath("shot");
                QVERIFY(runTool(tool("pdftoppm"), {"-r", "100", "-f", QString::number(pageNumber), "-l",
                                                   QString::number(pageNumber), "-png", "-singlefile", pdf, base}));
                QFile::remove(shots + "/report-page.png");
                QVERIFY(QFile::copy(base + ".png", shots + "/report-page.png"));
            }
            const QImage page = QImage(tmp.filePath(name)).convertToFormat(QImage::Format_RGB32);
            QCOMPARE(page.width(), static_cast<int>(std::lround(210 / 25.4 * dpi)));
            int rightmost = -1, leftmost = page.width();
            std::vector<int> rightInk(static_cast<std::size_t>(page.height()), -1); // per row
            for (int y = 0; y < page.height(); ++y)
                for (int x = 0; x < page.width(); ++x)
                    if (isInk(page.pixel(x, y))) {
                        rightmost = std::max(rightmost, x);
                        leftmost = std::min(leftmost, x);
                        rightInk[static_cast<std::size_t>(y)] = x;
                    }
            // Nothing in the left or right margin (one pixel of rounding allowed).
            QVERIFY2(rightmost < page.width() - margin + 1,
                     qPrintable(name + ": ink at x = " + QString::number(rightmost)));
            QVERIFY2(leftmost >= margin - 1, qPrintable(name));
            if (headings == 0)
                continue; // a text page (tables have long right borders, too)
            // A chart's frame is the rightmost ink of every row it spans: count the stretches of rows
            // taller than an inch that end at the same column.
            int found = 0, start = 0;
            for (int y = 1; y <= page.height(); ++y) {
                const bool same = y < page.height() && rightInk[std::size_t(y)] >= 0 &&
                                  std::abs(rightInk[std::size_t(y)] - rightInk[std::size_t(start)]) <= 1;
                if (same)
                    continue;
                if (rightInk[std::size_t(start)] >= 0 && y - start > dpi)
                    ++found;
                start = y;
            }
            QVERIFY2(found == headings,
                     qPrintable(QString("%1: %2 frames, %3 headings").arg(name).arg(found).arg(headings)));
            frames += found;
        }
        // Every chart's frame was found whole inside the page (the text pages have none).
        QCOMPARE(frames, static_cast<int>(allCharts().size()));

        QString text;
        QVERIFY(runTool(tool("pdftotext"), {"-layout", pdf, "-"}, &text));
        // Without poppler's ligatures ("trade-o\uFB00").
        text = withoutLigatures(text.simplified());
        QVERIFY(!text.isEmpty());
        for (ChartView* c : allCharts()) {
            QVERIFY2(text.contains(chartHeading(c->chartName())), qPrintable(c->chartName()));
            // The caption's first words (pdftotext breaks lines where the PDF wraps them).
            const QString start = chartCaption(c->chartName()).section(' ', 0, 5);
            QVERIFY2(text.contains(start), qPrintable(start));
        }
        QVERIFY(text.contains("Mode RR-QI, l = "));
        QVERIFY(text.contains(QRegularExpression("education p = 0\\.\\d{3} \\(\u03B5 = \\d+\\.\\d\\d\\)")));
        QVERIFY(text.contains("l = 2..3 (\u03C4 = 1/l)"));
        // The comparison table: a row group per l with the three methods.
        QVERIFY(text.contains("Comparison table: l-diversity, t-closeness, anatomy and RR-QI"));
        for (int l = 2; l <= 3; ++l)
            QVERIFY2(text.contains(QString("l = %1 l-diversity").arg(l)), qPrintable(QString::number(l)));
        QCOMPARE(text.count(QRegularExpression("l = \\d l-diversity")), 2);
        QVERIFY(!text.contains(QRegularExpression("\\b(nan|inf)\\b", QRegularExpression::CaseInsensitiveOption)));
    }

    // A statistical file's variable labels are the attributes' descriptions in the report's parameter table
    // (issue 21); a CSV source, without labels, has no such column.
    void reportDescribesLabelledAttributes()
    {
        QVERIFY(!reportTextHtml(*w->workspace()).contains("<th>description</th>"));
        QTemporaryDir dir;
        const QString path = dir.filePath("labelled.dta");
        AttributeDetails marital, sex;
        marital.label = "Marital status";
        sex.label = "Sex & gender";
        StatTableWriter table(path.toStdString(), StatFormat::Dta, {"marital_status", "sex", "income"},
                              {&marital, &sex, nullptr});
        const char* statuses[] = {"Divorced", "Never-married", "Married", "Widowed"};
        for (int r = 0; r < 400; ++r)
            table.add({std::string(statuses[r % 4]), std::string(r % 3 ? "Male" : "Female"),
                       std::string(r % 5 ? "<=50K" : ">50K")});
        {
            std::ofstream out(path.toStdString(), std::ios::binary);
            table.write(out);
        }
        MainWindow m;
        m.openInitial({path});
        m.workspace()->waitForIdle();
        QVERIFY(m.workspace()->source());
        m.workspace()->state()->setSpec(AnalysisSpec{{"marital_status", "sex"}, "income", MissingPolicy::DropIfUsedMissing});
        m.workspace()->waitForIdle();
        const QString html = reportTextHtml(*m.workspace());
        QVERIFY2(html.contains("<th>description</th>"), qPrintable(html));
        QVERIFY2(html.contains("<td>marital_status</td><td>Marital status</td>"), qPrintable(html));
        QVERIFY2(html.contains("<td>sex</td><td>Sex &amp; gender</td>"), qPrintable(html));
    }

    // The HTML report carries the same headings, captions, parameters and the comparison table.
    void htmlReportHasCaptionsAndTable()
    {
        const auto comparison = w->view<ComparisonView>("comparison")->result();
        const QString html = reportHtml(*w->workspace(), allCharts(), false, {}, comparison);
        QCOMPARE(html.count("<figure>"), allCharts().size());
        for (ChartView* c : allCharts())
            QVERIFY(html.contains("<figcaption>" + chartCaption(c->chartName()).toHtmlEscaped() + "</figcaption>"));
        for (const ComparisonResult& r : comparison->sweep.results)
            QVERIFY(html.contains(QString("valign=\"top\" class=\"number\">l = %1</td>").arg(r.l)));
        QCOMPARE(comparison->sweep.results.size(), std::size_t(2));
        // The table's variational distance of RR-QI at l = 2 is the run's value.
        const double dv = comparison->sweep.results[0].randomization.distances.dV.value;
        QVERIFY(html.contains("number\">" + QString::number(dv, 'g', 4) + "</td>"));
    }

    // Issue 45: the comparison table's header row is the table's header (repeated on every page it runs over,
    // on a page of its own), and the owner's Utility sentence leaves the papers' equations to the Method part.
    void reportTableHeaderAndOwnerText()
    {
        const auto comparison = w->view<ComparisonView>("comparison")->result();
        const QString html = reportTextHtml(*w->workspace(), {}, comparison);
        QTextDocument doc;
        doc.setHtml(html);
        QTextTable* widest = nullptr;
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
            if (QTextTable* t = QTextCursor(b).currentTable(); t && (!widest || t->columns() > widest->columns()))
                widest = t;
        QVERIFY(widest);
        QVERIFY(widest->rows() > 5);
        QCOMPARE(widest->format().headerRowCount(), 1);
        QCOMPARE(widest->cellAt(0, 1).firstCursorPosition().block().text(), QString("method"));
        const qsizetype utility = html.indexOf("<h2>Utility</h2>");
        QVERIFY(utility >= 0);
        const QString sentence = html.mid(utility, html.indexOf("<h2", utility + 5) - utility);
        QVERIFY2(!sentence.contains("003") && !sentence.contains("Lemma") && !sentence.contains("eq. "),
                 qPrintable(sentence));
        QVERIFY(html.contains("<h2>Method</h2>"));
        QVERIFY(html.mid(html.indexOf("<h2>Method</h2>")).contains("003 Lemma 4"));
    }

    // SVG: the title and the axis titles are each one whole <text> string.
    void svgTextIsWhole()
    {
        // (Charts whose titles fit at the window's size: Qt Charts elides longer ones on screen, too.)
        for (ChartView* c : {w->view<RiskView>("risk")->chartView(), w->view<DistributionView>("distribution")->chartView(),
                             static_cast<ChartView*>(w->view<ComparisonView>("comparison")->barChart())}) {
            const QString path = tmp.filePath(c->chartName() + ".svg");
            exportChart(c, path);
            const QStringList texts = svgTexts(path);
            QVERIFY2(!texts.isEmpty() && !texts.front().startsWith("XML error"), qPrintable(texts.join('|')));
            QStringList expected{c->chart()->title()};
            for (QAbstractAxis* axis : c->chart()->axes())
                if (axis->isVisible() && axis->isTitleVisible() && !axis->titleText().isEmpty())
                    expected << axis->titleText();
            QVERIFY(expected.size() >= 3);
            for (const QString& e : expected) {
                QVERIFY2(texts.contains(e),
                         qPrintable(c->chartName() + ": '" + e + "' not among " + texts.join(" | ")));
            }
        }
    }

    // Every view's name renders a non-empty file; an unknown name exits 2 with the list.
    void headlessKnowsEveryView()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        // Rules need items chosen (the sample has no 0/1 columns to default to).
        ViewChoices v = w->state()->view();
        v.rulesItems = {"sex=Male", "class=<=50K", "race=White", "marital-status=Married-civ-spouse"};
        w->state()->setView(v);
        const QString session = tmp.filePath("session.json");
        QVERIFY(w->saveSession(session));
        for (const QString& name : exportableChartNames()) {
            if (viewOfChart(viewCatalog(), name)->step == WorkflowStep::Baskets) // a Baskets session: tests/ui/test_baskets_view.cpp
                continue;
            QString errors;
            QTextStream err(&errors);
            HeadlessOptions o;
            o.session = session;
            o.chart = name;
            o.out = tmp.filePath("headless-" + name + ".png");
            o.dpi = 48;
            o.comparisonLMax = 2;
            const int code = runHeadlessExport(o, err);
            err.flush();
            QVERIFY2(code == 0 && errors.isEmpty(), qPrintable(name + ": " + errors));
            const QImage image(o.out);
            QVERIFY2(!image.isNull() && image.width() == 550, qPrintable(name));
        }
        for (const char* name : {"comparison", "uncertainty", "withoutp", "measures_forest", "basket-breach"})
            QVERIFY(exportableChartNames().contains(name));

        QString errors;
        QTextStream err(&errors);
        HeadlessOptions o;
        o.session = session;
        o.chart = "pie";
        o.out = tmp.filePath("pie.png");
        QCOMPARE(runHeadlessExport(o, err), 2);
        err.flush();
        QVERIFY(errors.contains("unknown chart 'pie'"));
        QVERIFY2(errors.contains(exportableChartNames().join(", ")), qPrintable(errors));
        QVERIFY(!QFile::exists(o.out));

#ifdef RR_GUI_PATH
        // --help lists every name.
        QProcess p;
        p.start(RR_GUI_PATH, {"--help"});
        QVERIFY(p.waitForFinished(60000));
        const QString help = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        for (const QString& name : exportableChartNames())
            QVERIFY2(help.contains(name), qPrintable(name));
        QVERIFY(help.contains("--l-max"));
#endif
    }

    // Export dialogs start in the folder last used, per kind, kept in the settings.
    void dialogsStartInTheLastFolder()
    {
        QVERIFY(QDir(tmp.path()).mkpath("first"));
        QVERIFY(QDir(tmp.path()).mkpath("second"));
        const QString first = QDir(tmp.filePath("first")).absolutePath();
        const QString second = QDir(tmp.filePath("second")).absolutePath();
        rememberFolder("report", first + "/old.pdf");
        QCOMPARE(lastFolder("report"), first);
        QCOMPARE(lastFolder("chart"), first); // no chart folder yet: the last of any kind
        QCOMPARE(startPath("report", "report.pdf"), first + "/report.pdf");
        rememberFolder("chart", second + "/c.png");
        QCOMPARE(lastFolder("report"), first);
        QCOMPARE(lastFolder("chart"), second);
        QCOMPARE(QSettings().value("folders/report").toString(), first);

        // The report dialog opens in `first`; choosing a file in `second` moves it there.
        QString shownDirectory;
        QTimer::singleShot(200, this, [&]() {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            shownDirectory = dialog->directory().absolutePath();
            dialog->setDirectory(second);
            if (auto* name = dialog->findChild<QLineEdit*>("fileNameEdit"))
                name->setText("chosen.pdf");
            QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
        });
        const auto actions = w->findChildren<QAction*>();
        QAction* report = nullptr;
        for (QAction* a : actions)
            if (a->text().remove(QChar('&')).startsWith("Export Report"))
                report = a;
        QVERIFY(report);
        report->trigger();
        QCOMPARE(shownDirectory, first);
        QCOMPARE(lastFolder("report"), second);
        QTRY_VERIFY2_WITH_TIMEOUT(QFileInfo(second + "/chosen.pdf").size() > 1000, qPrintable(w->infoBar()->text()),
                                  60000);
    }
};

QTEST_MAIN(TestReportExport)
#include "test_report_export.moc"
