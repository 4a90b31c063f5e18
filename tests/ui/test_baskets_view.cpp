// The Baskets workspace (issue #10): the numbers its tables and charts show equal core/baskets' own, the
// cut-and-paste suggestion fills the per-size table with BreachParameters' choice, the release is written with
// its sizes from the OS CSPRNG, and a basket session restores the operator and its parameters.
#include "UiTestSupport.h"
#include "tests/TestData.h"
#include "tests/TestSupport.h"

#include "core/baskets/Apriori.h"
#include "core/baskets/Breach.h"
#include "core/baskets/BreachParameters.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/MiningComparison.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/baskets/SupportEstimator.h"
#include "core/data/Errors.h"
#include "ui/baskets/BasketsCharts.h"
#include "ui/baskets/BasketsSession.h"
#include "ui/baskets/BasketsView.h"
#include "ui/export/HeadlessExport.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScreen>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <fstream>

using namespace rr;
using namespace rr::ui;

namespace {

const std::string kSmall = testdata::sharedData("baskets/small.dat");

double cell(QTableWidget* t, int row, int column)
{
    bool ok = false;
    const double v = t->item(row, column)->text().toDouble(&ok);
    if (!ok)
        throw std::runtime_error("not a number: " + t->item(row, column)->text().toStdString());
    return v;
}

int rowOf(QTableWidget* t, const QString& first)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == first)
            return r;
    return -1;
}

// The view's choice with a fixed operator: cut-and-paste K = 3, rho = 0.4; s_min 10, 20, 30%.
BasketsChoice smallChoice()
{
    BasketsChoice c;
    c.kind = OperatorKind::CutAndPaste;
    c.cutoff = 3;
    c.rho = 0.4;
    c.level = 0.5;
    c.seed = 7;
    c.minSupports = {0.1, 0.2, 0.3};
    c.topItemsets = 6;
    return c;
}

struct CoreSide {
    Transactions baskets;
    BasketSummary summary;
    BasketOperator op;
};

CoreSide coreSide(const BasketsChoice& c)
{
    CoreSide s;
    s.baskets = readFimiFile(kSmall).transactions;
    s.summary = summarize(s.baskets);
    s.op = cutAndPasteOperator(c.cutoff, c.rho, s.summary.maxSize);
    return s;
}

} // namespace

class TestBasketsView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { testing::isolateSettings(); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        m_view = m_window->basketsView();
        QVERIFY(m_view);
        m_window->openBaskets(QString::fromStdString(kSmall));
        m_view->workspace()->waitForIdle();
        QVERIFY(m_view->workspace()->data());
        m_view->applyChoice(smallChoice());
        m_view->workspace()->waitForIdle();
        QVERIFY(m_view->workspace()->frame());
        QCOMPARE(m_window->tabs()->currentWidget(), m_view);
    }
    void cleanup() { m_window.reset(); }

    // Breach table cell (size m, worst breach) = core's worstCaseBreaches with item 1 (in 41 of 60 baskets,
    // above the 50% level) declared public.
    void breachCellEqualsCore()
    {
        const BasketsChoice c = smallChoice();
        const CoreSide s = coreSide(c);
        const std::vector<std::uint8_t> publicItems = unprotectableItems(s.baskets, c.level);
        QCOMPARE(int(publicItems.at(1)), 1);
        // Also items at the level within a size holding >= 1% of the baskets (core's unprotectableItems): named.
        const auto count = std::count(publicItems.begin(), publicItems.end(), 1);
        QVERIFY(m_view->summaryLabel()->text().contains(QString("%1 item(s) (1, ").arg(count)));
        MaxSupportOptions o;
        o.maxItemsetSize = c.breachItemsets;
        o.excludedItems = publicItems;
        const MaxSupports smax = computeMaxSupports(s.baskets, o);
        const BreachReport report =
            worstCaseBreaches(s.op, smax, c.breachItemsets, s.baskets.itemCount, s.summary.sizeHistogram);
        QVERIFY(report.sizes.size() >= 4);
        QCOMPARE(m_view->breachTable()->rowCount(), int(report.sizes.size()));
        for (const SizeBreach& sb : report.sizes) {
            const int row = rowOf(m_view->breachTable(), QString::number(sb.m));
            QVERIFY2(row >= 0, qPrintable(QString("size %1").arg(sb.m)));
            RR_COMPARE_RELATIVE(cell(m_view->breachTable(), row, 2), sb.worst, 1e-5);
            QCOMPARE(int(cell(m_view->breachTable(), row, 3)), sb.worstK);
        }
        // The chart's points are the table's.
        const auto pts = m_view->breachChart()->worstSeries()->points();
        QCOMPARE(pts.size(), qsizetype(report.sizes.size()));
        for (int i = 0; i < pts.size(); ++i) {
            QCOMPARE(pts[i].x(), double(report.sizes[i].m));
            QCOMPARE(pts[i].y(), report.sizes[i].worst);
        }
        QVERIFY(testing::allFinite(m_view->breachChart()->chart()));
        QVERIFY(m_view->summaryLabel()->text().contains("seeded preview (seed 7)"));
    }

    // Recovered support of the top item {1} = SupportEstimator on the seeded release (seed 7), point and range.
    void recoveredPointEqualsCore()
    {
        const BasketsChoice c = smallChoice();
        const CoreSide s = coreSide(c);
        RandomSource rng = RandomSource::seeded(c.seed);
        const BasketRelease release = randomizeBaskets(s.baskets, s.op, rng);
        SupportEstimator estimator(release, s.op);
        const std::vector<std::uint32_t> top{1};
        const BasketSupportEstimate e = estimator.estimate(top);
        QVERIFY(e.defined);
        QCOMPARE(m_view->supportsTable()->item(0, 0)->text(), QString("{1}"));
        RR_COMPARE_NEAR(cell(m_view->supportsTable(), 0, 1), 41.0 / 60.0, 1e-6);
        RR_COMPARE_RELATIVE(cell(m_view->supportsTable(), 0, 2), e.estimate, 1e-5);
        const auto est = m_view->supportsChart()->estimateSeries()->points();
        QVERIFY(!est.isEmpty());
        QCOMPARE(est[0], QPointF(1, e.estimate));
        QCOMPARE(m_view->supportsChart()->truthSeries()->points()[0], QPointF(1, 41.0 / 60.0));
        if (e.varianceDefined) {
            const Interval r = supportRange(e, 0.05);
            QCOMPARE(m_view->supportsTable()->item(0, 3)->text(),
                     QString("[%1, %2]").arg(QString::number(r.rawLo, 'g', 6), QString::number(r.rawHi, 'g', 6)));
        }
        QVERIFY(testing::allFinite(m_view->supportsChart()->chart()));
    }

    // Precision and recall at s_min = 20% = compareMining of 004's Apriori on the same release.
    void precisionRecallEqualsCore()
    {
        const BasketsChoice c = smallChoice();
        const CoreSide s = coreSide(c);
        RandomSource rng = RandomSource::seeded(c.seed);
        const BasketRelease release = randomizeBaskets(s.baskets, s.op, rng);
        SupportEstimator estimator(release, s.op);
        BasketMiningOptions o;
        o.minSupport = 0.2;
        o.maxItemsetSize = c.miningMaxSize;
        const BasketMiningResult truth = mineOriginal(s.baskets, o);
        const BasketMiningResult found = mineRelease(release, s.op, o);
        const MiningComparison cmp = compareMining(truth, found, 0.2, o.maxItemsetSize, estimator, s.baskets);
        QVERIFY(cmp.trueItemsets > 0);
        QTableWidget* t = m_view->miningTable();
        QCOMPARE(t->rowCount(), 3);
        QCOMPARE(t->item(1, 0)->text(), QString("20%"));
        QCOMPARE(std::size_t(cell(t, 1, 1)), cmp.trueItemsets);
        QCOMPARE(std::size_t(cell(t, 1, 2)), cmp.found);
        QCOMPARE(std::size_t(cell(t, 1, 3)), cmp.truePositives);
        QVERIFY(cmp.recall.defined);
        RR_COMPARE_RELATIVE(cell(t, 1, 5), cmp.recall.value, 1e-5);
        const auto recall = m_view->miningChart()->recallSeries()->points();
        QCOMPARE(recall.size(), 3);
        QCOMPARE(recall[1], QPointF(20, cmp.recall.value));
        if (cmp.precision.defined)
            RR_COMPARE_RELATIVE(cell(t, 1, 4), cmp.precision.value, 1e-5);
        else
            QVERIFY(t->item(1, 4)->text().startsWith("undefined: "));
    }

    // Editing one row of the per-size table changes that size's (K_m, rho_m) only; its breach follows core's.
    void perSizeEditReachesTheOperator()
    {
        QTableWidget* t = m_view->perSizeTable();
        const int row = rowOf(t, "2");
        QVERIFY(row >= 0);
        t->item(row, 3)->setText("0.9");
        m_view->workspace()->waitForIdle();
        const BasketsChoice& c = m_view->workspace()->choice();
        QCOMPARE(c.perSize.at(2).rho, 0.9);
        QCOMPARE(c.perSize.at(2).cutoff, 3);
        QCOMPARE(c.perSize.at(3).rho, 0.4);
        const CoreSide s = coreSide(c);
        MaxSupportOptions o;
        o.maxItemsetSize = c.breachItemsets;
        o.excludedItems = unprotectableItems(s.baskets, c.level);
        const BasketOperator op = cutAndPasteOperator(c.perSize);
        const BreachCell worst = worstBreachOfSize(op, 2, computeMaxSupports(s.baskets, o).row(2, c.breachItemsets),
                                                   c.breachItemsets, s.baskets.itemCount);
        RR_COMPARE_RELATIVE(cell(m_view->breachTable(), rowOf(m_view->breachTable(), "2"), 2), worst.breach.value,
                            1e-5);
    }

    // The suggestion button's table = chooseCutAndPaste (004 Sec. 4.4) per size with baskets.
    void suggestionFillsPerSizeTable()
    {
        m_view->workspace()->suggestCutAndPaste();
        m_view->workspace()->waitForIdle();
        const BasketsChoice c = smallChoice();
        const CoreSide s = coreSide(c);
        MaxSupportOptions o;
        o.maxItemsetSize = c.breachItemsets;
        o.excludedItems = unprotectableItems(s.baskets, c.level);
        BreachTarget target;
        target.level = c.level;
        target.maxItemsetSize = c.breachItemsets;
        const std::vector<SizeChoice> choices =
            chooseCutAndPaste(computeMaxSupports(s.baskets, o), s.summary.sizeHistogram, target);
        QTableWidget* t = m_view->perSizeTable();
        int checked = 0;
        for (const SizeChoice& sc : choices) {
            if (!sc.feasible)
                continue;
            const int row = rowOf(t, QString::number(sc.m));
            QVERIFY(row >= 0);
            QCOMPARE(int(cell(t, row, 2)), sc.cutoff);
            RR_COMPARE_RELATIVE(cell(t, row, 3), sc.rho, 1e-5);
            QCOMPARE(m_view->workspace()->choice().perSize.at(sc.m).cutoff, sc.cutoff);
            ++checked;
        }
        QVERIFY(checked > 0);
        // The breaches under the suggested table stay under the level for every feasible size.
        for (int r = 0; r < m_view->breachTable()->rowCount(); ++r) {
            const int m = m_view->breachTable()->item(r, 0)->text().toInt();
            for (const SizeChoice& sc : choices)
                if (sc.m == m && sc.feasible)
                    QVERIFY2(m_view->breachTable()->item(r, 4)->text() == "yes",
                             qPrintable(QString("size %1: %2").arg(m).arg(m_view->breachTable()->item(r, 2)->text())));
        }
    }

    // A release: FILE (line i = basket i) and FILE.sizes (the original sizes), from the OS CSPRNG.
    void releaseWritesBasketsAndSizes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("release.dat");
        m_view->workspace()->writeRelease(path);
        m_view->workspace()->waitForIdle();
        const CoreSide s = coreSide(smallChoice());
        FimiOptions fo;
        fo.itemCount = s.baskets.itemCount;
        const Transactions released = readFimiFile(path.toStdString(), fo).transactions;
        QCOMPARE(released.size(), s.baskets.size());
        std::ifstream in((path + ".sizes").toStdString());
        QVERIFY(in.good());
        const std::vector<std::uint32_t> sizes = readSizes(in, s.baskets.size(), "sizes");
        QCOMPARE(sizes, basketSizes(s.baskets));
    }

    // A basket session restores file, operator and per-size table; bad sessions are refused with a reason.
    void sessionRoundTrip()
    {
        QTemporaryDir dir;
        BasketsChoice c = smallChoice();
        c.kind = OperatorKind::Uniform;
        c.replace = 0.35;
        c.level = 0.4;
        c.perSize = {{3, 0.5}, {4, 0.6}, {3, 0.7}};
        m_view->applyChoice(c);
        m_view->workspace()->waitForIdle();
        const QString path = dir.filePath("b.json");
        m_view->saveSession(path);
        m_view->applyChoice(smallChoice());
        m_view->workspace()->waitForIdle();
        m_view->openSession(path);
        m_view->workspace()->waitForIdle();
        const BasketsChoice& r = m_view->workspace()->choice();
        QCOMPARE(r.kind, OperatorKind::Uniform);
        QCOMPARE(r.replace, 0.35);
        QCOMPARE(r.level, 0.4);
        QCOMPARE(r.perSize.size(), std::size_t(3));
        QCOMPARE(r.perSize[2].rho, 0.7);
        QCOMPARE(m_view->operatorBox()->currentIndex(), 1);
        QCOMPARE(m_view->levelBox()->value(), 40.0);
        QCOMPARE(m_view->workspace()->frame()->op.kind, OperatorKind::Uniform);
        QVERIFY_THROWS_EXCEPTION(InputError, basketsSessionFromJson("{\"kind\": \"other\"}"));
        QVERIFY_THROWS_EXCEPTION(
            InputError,
            basketsSessionFromJson("{\"kind\": \"rr-explorer baskets session\", \"data\": \"x.dat\", \"level\": 1.5}"));
    }

    // `rr-explorer --session B.json --export-chart basket-mining --out F.png` renders the session's chart.
    void headlessExportOfABasketSession()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("b.json");
        m_view->saveSession(session);
        HeadlessOptions o;
        o.session = session;
        o.chart = "basket-mining";
        o.out = dir.filePath("m.png");
        QString text;
        QTextStream err(&text);
        QCOMPARE(runHeadlessExport(o, err), 0);
        QVERIFY2(QFileInfo(o.out).size() > 1000, qPrintable(text));
        o.chart = "basket-nothing";
        QCOMPARE(runHeadlessExport(o, err), 2);
    }

    // A preview too large to draw (cut-and-paste inserting ~6,600 items a basket on retail's 16,470): the
    // breaches of the new file stand, recovery and mining blank out and the message says why; nothing of the
    // previous file stays on screen.
    void oversizedPreviewKeepsBreachesOnly()
    {
        QVERIFY(m_view->supportsTable()->rowCount() > 0);
        m_window->openBaskets(QString::fromStdString(testdata::sharedData("retail/retail.dat")));
        m_view->workspace()->waitForIdle();
        const auto frame = m_view->workspace()->frame();
        QVERIFY(frame);
        QVERIFY(!frame->previewDefined);
        QVERIFY(frame->breach.sizes.size() > 50); // retail's sizes, not small.dat's five
        QCOMPARE(m_view->breachTable()->rowCount(), int(frame->breach.sizes.size()));
        QCOMPARE(m_view->supportsTable()->rowCount(), 0);
        QCOMPARE(m_view->miningTable()->rowCount(), 0);
        QVERIFY(m_view->supportsChart()->estimateSeries()->points().isEmpty());
        QVERIFY(m_view->findChild<QLabel*>("basketsMessage")->text().contains("above the preview's limit of 3e+07"));
    }

    // With RR_SCREENSHOT_DIR set (Xvfb, QT_QPA_PLATFORM=xcb): retail with the suggested per-size table, for
    // the README. Skipped otherwise (retail takes seconds).
    void retailScreenshot()
    {
        const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("RR_SCREENSHOT_DIR not set");
        for (QDockWidget* d : m_window->findChildren<QDockWidget*>())
            d->hide();
        m_window->resize(1600, 1000);
        m_view->applyChoice(BasketsChoice{}); // the defaults a first start shows
        m_view->workspace()->waitForIdle();
        m_window->openBaskets(QString::fromStdString(testdata::sharedData("retail/retail.dat")));
        m_view->workspace()->waitForIdle();
        if (qEnvironmentVariableIsSet("RR_SCREENSHOT_SUGGEST")) {
            m_view->workspace()->suggestCutAndPaste();
            m_view->workspace()->waitForIdle();
        }
        for (int i = 0; i < 10; ++i) {
            QApplication::processEvents();
            QTest::qWait(50);
        }
        QVERIFY2(m_view->workspace()->frame(), qPrintable(m_view->findChild<QLabel*>("basketsMessage")->text()));
        QCOMPARE(m_view->breachTable()->rowCount(), int(m_view->workspace()->frame()->breach.sizes.size()));
        QVERIFY(testing::allFinite(m_view->supportsChart()->chart()));
        const QString name = qEnvironmentVariable("RR_SCREENSHOT_NAME", "baskets");
        QImage image = QGuiApplication::platformName() == "xcb"
                           ? m_window->screen()->grabWindow(m_window->winId()).toImage()
                           : m_window->grab().toImage();
        QVERIFY(image.save(dir + "/" + name + ".png"));
    }

    void exportWritesThreeCharts()
    {
        QTemporaryDir dir;
        const QStringList files = m_view->exportCharts(dir.filePath("b"), "png", 96);
        QCOMPARE(files.size(), 3);
        for (const QString& f : files)
            QVERIFY(QFileInfo(f).size() > 1000);
    }

private:
    std::unique_ptr<MainWindow> m_window;
    BasketsView* m_view = nullptr;
};

QTEST_MAIN(TestBasketsView)
#include "test_baskets_view.moc"
