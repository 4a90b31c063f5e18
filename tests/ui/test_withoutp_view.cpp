// The "Without p" view (issue 9): its tab, the table's values equal the core verdicts, the heat map
// and its contour, current p from the parameters, the session round trip, the computed help.
#include "SessionBytes.h"
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/analysis/WithoutP.h"
#include "core/withoutp/FlipExamples.h"
#include "ui/session/AnalysisState.h"
#include "ui/import/BundledData.h"
#include "core/session/SessionJson.h"
#include "ui/withoutp/MatrixEditor.h"
#include "ui/withoutp/MeasureSurfaceChart.h"
#include "ui/withoutp/WithoutPView.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineSeries>
#include <QScreen>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>

using namespace rr;
using namespace rr::ui;

class TestWithoutPView : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    WithoutPView* view() const { return w->view<WithoutPView>("withoutp"); }

    void choose(const std::string& first, const std::string& second, const std::string& measure)
    {
        ViewChoices v = w->state()->view();
        v.withoutPFirst = first;
        v.withoutPSecond = second;
        v.withoutPFirstPresent.clear();
        v.withoutPSecondPresent.clear();
        v.withoutPMeasure = measure;
        w->state()->setView(v);
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
    }

    void tab()
    {
        const int index = w->tabs()->indexOf(view());
        QVERIFY(index > 0);
        QCOMPARE(w->tabs()->tabText(index), QString("Without p"));
        w->showView("withoutp");
        QCOMPARE(w->tabs()->currentWidget(), static_cast<QWidget*>(view()));
        QCOMPARE(w->currentChart(), static_cast<ChartView*>(view()->chart()));
        QVERIFY2(w->minimumSizeHint().width() <= 1280, qPrintable(QString::number(w->minimumSizeHint().width())));
        QVERIFY2(w->minimumSizeHint().height() <= 800, qPrintable(QString::number(w->minimumSizeHint().height())));
    }

    // The table shows the core verdicts at the current p; sex is binary, race has 5 categories.
    void tableEqualsCore()
    {
        w->state()->setMode(RandomizationMode::Both);
        w->state()->setRetentions({{"sex", 0.8}, {"race", 0.9}}, "test");
        w->workspace()->waitForIdle();
        choose("sex", "race", "chi_square");
        QVERIFY(view()->frame());
        const auto a = w->workspace()->analysis();
        WithoutPRequest r{"sex", "race", "", "", 0.8, 0.9, Measure::ChiSquare, 41};
        const WithoutPFrame f = computeWithoutP(*a, r);
        QCOMPARE(view()->frame()->first, std::string("sex"));
        QCOMPARE(view()->frame()->firstPresent, f.firstPresent);
        QCOMPARE(view()->frame()->secondPresent, f.secondPresent);
        QCOMPARE(view()->frame()->report.n, f.report.n);
        QCOMPARE(view()->frame()->report.binary[0].original.value, f.report.binary[0].original.value);
        QCOMPARE(view()->frame()->pFirst, 0.8);
        QCOMPARE(view()->frame()->pSecond, 0.9);
        QTableWidget* t = view()->table();
        QCOMPARE(t->rowCount(), kMeasureCount + 5); // 21 pooled measures and Table 4.1's five on 2 x 5
        for (int i = 0; i < kMeasureCount; ++i) {
            const VerticalVerdict& v = f.report.binary[static_cast<std::size_t>(i)];
            QCOMPARE(t->item(i, 0)->text(), QString::fromStdString(v.label));
            QCOMPARE(t->item(i, 2)->text(), QString::number(v.original.value, 'g', 5));
            QCOMPARE(t->item(i, 3)->text(), QString::number(v.randomized.value, 'g', 5));
            QCOMPARE(t->item(i, 1)->text().startsWith(QString::fromUtf8("\u2714")), v.guarantee.guaranteed);
        }
        QVERIFY(t->item(kMeasureCount, 0)->text().endsWith(", 2\u00D75"));
        // chi-square never rises above the original (Result 4): no red point, no contour inside
        const auto* chart = view()->chart();
        QCOMPARE(chart->data()->surface.aboveOriginal, 0);
        QCOMPARE(chart->currentPoint(), QPointF(0.8, 0.9));
        QVERIFY(testing::allFinite(chart->chart()));
    }

    // Fig. 4.1's cosine: it rises above the original, and the chart draws where it equals it.
    void cosineContour()
    {
        choose("sex", "race", "cosine");
        const auto f = view()->frame();
        QVERIFY(f);
        QCOMPARE(f->surface.measure, Measure::Cosine);
        QVERIFY(f->surface.aboveOriginal > 0);
        int below = 0;
        for (const MeasureValue& v : f->surface.values)
            below += v.value < f->surface.original.value - 1e-9 ? 1 : 0;
        qInfo("cosine(sex, race): above the original at %d, below at %d of %zu points", f->surface.aboveOriginal, below,
              f->surface.values.size());
        QCOMPARE(view()->chart()->contourCount() >= 1, below > 0); // a contour separates above from below
        QVERIFY(view()->chart()->scaleHalfWidth() > 0);
        QCOMPARE(view()->measureBox()->currentData().toString(), QString("cosine"));
        QVERIFY(testing::allFinite(view()->chart()->chart()));
    }

    // Where the surface lies partly above and partly below the original, the contour is drawn.
    void contourWhereItCrosses()
    {
        const auto a = w->workspace()->analysis();
        bool found = false;
        for (const std::string& first : a->names)
            for (const std::string& second : a->names)
                for (const char* m : {"support", "cosine", "jaccard", "confidence"}) {
                    if (found || first == second)
                        continue;
                    choose(first, second, m);
                    const auto f = view()->frame();
                    int below = 0;
                    for (const MeasureValue& v : f->surface.values)
                        below += v.defined && v.value < f->surface.original.value - 1e-9 ? 1 : 0;
                    if (below > 0 && f->surface.aboveOriginal > 0) {
                        found = true;
                        qInfo("%s of %s, %s crosses its original: contour drawn", m, first.c_str(), second.c_str());
                        QVERIFY(view()->chart()->contourCount() >= 1);
                    }
                }
        QVERIFY(found);
    }

    void sessionRoundTrip()
    {
        choose("race", "sex", "odds_ratio");
        ViewChoices v = w->state()->view();
        v.withoutPFirstPresent = "White";
        w->state()->setView(v);
        QCOMPARE(view()->frame()->firstPresent, std::string("White"));
        SessionData s;
        for (const QString& path : bundledSample())
            s.dataPaths.push_back(path.toStdString());
        s.spec = w->state()->spec();
        s.view = w->state()->view();
        const SessionData back = testing::sessionFromBytes(testing::sessionToBytes(s));
        QCOMPARE(back.view.withoutPFirst, std::string("race"));
        QCOMPARE(back.view.withoutPSecond, std::string("sex"));
        QCOMPARE(back.view.withoutPFirstPresent, std::string("White"));
        QCOMPARE(back.view.withoutPMeasure, std::string("odds_ratio"));
    }

    // The matrix editor: starts from Warner p, binary (p0, p1) or a file; checks every edit with core's
    // validation; an applied matrix drives the verdict table.
    void matrixEditor()
    {
        const auto a = w->workspace()->analysis();
        const std::vector<std::string> sex = a->categories[static_cast<std::size_t>(a->axisOf("sex"))];
        QCOMPARE(sex.size(), std::size_t(2));
        MatrixEditor e("sex", sex, Eigen::Vector2d(100, 200), 0.8);
        QVERIFY(e.spec());
        QVERIFY(e.spec()->kind == DistortionKind::Warner);
        QCOMPARE(e.spec()->p, 0.8);
        QCOMPARE(e.table()->item(1, 0)->text(), QString("0.2"));
        e.kindBox()->setCurrentIndex(e.kindBox()->findData(int(DistortionKind::Binary)));
        emit e.kindBox()->activated(e.kindBox()->currentIndex());
        e.firstParameter()->setValue(0.7);
        e.secondParameter()->setValue(0.9);
        QVERIFY(e.spec()->kind == DistortionKind::Binary);
        QCOMPARE(e.table()->item(0, 1)->text(), QString("0.1")); // 1 - p1
        e.table()->item(0, 0)->setText("0.6");                   // column 1 now sums to 0.9
        QVERIFY(!e.spec());
        QVERIFY2(e.checkText().contains("column 1"), qPrintable(e.checkText()));
        e.table()->item(1, 0)->setText("0.4");
        QVERIFY(e.spec());
        QVERIFY(e.spec()->kind == DistortionKind::MatrixFile);
        QCOMPARE(e.spec()->matrix[0][0], 0.6);
        // singular: both columns equal
        e.table()->item(0, 1)->setText("0.6");
        e.table()->item(1, 1)->setText("0.4");
        QVERIFY(!e.spec());
        e.table()->item(0, 1)->setText("0.1");
        e.table()->item(1, 1)->setText("0.9");
        QTemporaryDir dir;
        const QString path = dir.filePath("sex.csv");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QString("\"%1\",\"%2\"\n0.75,0.2\n0.25,0.8\n")
                       .arg(QString::fromStdString(sex[0]), QString::fromStdString(sex[1]))
                       .toUtf8());
        file.close();
        QVERIFY(e.loadFile(path));
        QCOMPARE(e.spec()->matrix[1][0], 0.25);

        choose("sex", "race", "cosine");
        const DistortionSpec rows = *e.spec();
        view()->setMatrices(rows, std::nullopt);
        const auto f = view()->frame();
        QCOMPARE(f->firstDistortion, describe(rows));
        WithoutPRequest r{"sex", "race", "", "", f->pFirst, f->pSecond, Measure::Cosine, 41, rows, std::nullopt};
        const WithoutPFrame expected = computeWithoutP(*w->workspace()->analysis(), r);
        QCOMPARE(f->firstPresent, sex[1]); // the last category is present: p0 = P(0|0), p1 = P(1|1)
        RR_COMPARE_NEAR(f->report.first.p0, 0.75, 1e-15);
        RR_COMPARE_NEAR(f->report.first.p1, 0.8, 1e-15);
        for (int i = 0; i < kMeasureCount; ++i)
            QCOMPARE(view()->table()->item(i, 3)->text(),
                     QString::number(expected.report.binary[static_cast<std::size_t>(i)].randomized.value, 'g', 5));
        view()->setMatrices({}, {});
        QVERIFY(view()->frame()->firstDistortion.rfind("Warner", 0) == 0);
    }

    // With RR_SCREENSHOT_DIR set (Xvfb, QT_QPA_PLATFORM=xcb): the README's picture of the view.
    void screenshot()
    {
        const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("RR_SCREENSHOT_DIR not set");
        w->state()->setRetentions({{"education", 0.7}, {"race", 0.8}}, "screenshot");
        w->workspace()->waitForIdle();
        choose("education", "race", "cosine");
        w->showView("withoutp");
        for (int i = 0; i < 10; ++i) {
            QApplication::processEvents();
            QTest::qWait(50);
        }
        QImage image = QGuiApplication::platformName() == "xcb" ? w->screen()->grabWindow(w->winId()).toImage()
                                                                : w->grab().toImage();
        QVERIFY(image.save(dir + "/withoutp.png"));
    }

    // The help's examples are computed by core (Results 12-14), not written in.
    void helpIsComputed()
    {
        const QString html = WithoutPView::examplesHtml();
        for (const FlipExample& e : unknownPExamples()) {
            QVERIFY(html.contains(QString::fromStdString(e.result)));
            QVERIFY(html.contains(QString::number(e.values.front().randomized, 'f', 4)));
        }
    }
};

QTEST_MAIN(TestWithoutPView)
#include "test_withoutp_view.moc"
