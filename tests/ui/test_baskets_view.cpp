// The Baskets workspace (issue #10): the numbers its tables and charts show equal core/baskets' own, the
// cut-and-paste suggestion fills the per-size table with BreachParameters' choice, the release is written with
// its sizes from the OS CSPRNG, and a basket session restores the operator and its parameters. Select-a-size
// and frequency-aware distortion show core's breaches, recovery and mining; the privacy tab shows core's R
// (002 eq. 16, 17) and epsilon, or says in words why R does not apply.
#include "UiTestSupport.h"
#include "tests/TestData.h"
#include "tests/TestSupport.h"

#include "core/baskets/Apriori.h"
#include "core/baskets/Breach.h"
#include "core/baskets/BreachParameters.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/MaxSupports.h"
#include "core/baskets/MiningComparison.h"
#include "core/baskets/OperatorPrivacy.h"
#include "core/baskets/PrivacyMeasures.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/baskets/SupportEstimator.h"
#include "core/data/Errors.h"
#include "ui/baskets/BasketsCharts.h"
#include "ui/baskets/BasketsSession.h"
#include "ui/baskets/BasketsView.h"
#include "ui/headless/HeadlessExport.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScreen>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <algorithm>
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

// Select-a-size on small.dat: rho = 0.3 and binomial p_m[j] with q = 0.7, size 3 given (0.1, 0.2, 0.3, 0.4).
BasketsChoice selectChoice()
{
    BasketsChoice c = smallChoice();
    c.kind = OperatorKind::SelectASize;
    c.rho = 0.3;
    c.selectKeep = 0.7;
    c.selectPerSize.resize(4);
    c.selectPerSize[3] = {0.4, {0.1, 0.2, 0.3, 0.4}};
    return c;
}

// Frequency-aware on small.dat: items in >= 30% of the baskets kept with fp = 0.9, the others with 0.8.
BasketsChoice frequencyChoice()
{
    BasketsChoice c = smallChoice();
    c.kind = OperatorKind::FrequencyAware;
    c.fp = 0.9;
    c.nfp = 0.8;
    c.frequentSupport = 0.3;
    return c;
}

QString six(double v)
{
    return QString::number(v, 'g', 6);
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
        m_view = m_window->view<BasketsView>("baskets");
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

    // A release: FILE (the baskets in a random order) and FILE.sizes (their original sizes, line by line), from
    // the OS CSPRNG.
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
        std::vector<std::uint32_t> sizes = readSizes(in, s.baskets.size(), "sizes");
        std::vector<std::uint32_t> original = basketSizes(s.baskets);
        std::sort(sizes.begin(), sizes.end());
        std::sort(original.begin(), original.end());
        QCOMPARE(sizes, original);
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

    // One session format for both workspaces (issue 43): what the Baskets workspace saves is version 2 of it, and
    // a table session opened here says what it is and where it opens.
    void aTableSessionSaysWhereItOpens()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("b.json");
        m_view->saveSession(path);
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(saved.readAll()).object();
        QCOMPARE(root["format"].toString(), QString("rr-explorer-session"));
        QCOMPARE(root["version"].toInt(), 2);
        try {
            m_view->openSession(RR_TESTS_DIR "/data/sessions/table-v1.json");
            QFAIL("a table session opened in the Baskets workspace");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("this is a table session, not a basket session"), e.what());
        }
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

    // Select-a-size: the operator has the edited size and binomial p_m[j] elsewhere; breaches per size equal
    // core's; recovery and mining are drawn; R does not apply (said in words) and epsilon per size is core's.
    void selectASizeEqualsCore()
    {
        const BasketsChoice c = selectChoice();
        m_view->applyChoice(c);
        m_view->workspace()->waitForIdle();
        const auto frame = m_view->workspace()->frame();
        QVERIFY(frame);
        QCOMPARE(frame->op.kind, OperatorKind::SelectASize);
        QCOMPARE(m_view->operatorBox()->currentIndex(), 3);
        const CoreSide s = coreSide(c);
        std::vector<SelectASizeLevel> levels;
        for (int m = 0; m <= static_cast<int>(s.summary.maxSize); ++m)
            levels.push_back({0.3, rr::binomialSizeProbabilities(m, 0.7)});
        levels[3] = {0.4, {0.1, 0.2, 0.3, 0.4}};
        const BasketOperator op = selectASizeOperator(levels);
        QCOMPARE(frame->op.selectASize[3].sizeProbabilities, levels[3].sizeProbabilities);
        QCOMPARE(frame->op.selectASize[2].sizeProbabilities, levels[2].sizeProbabilities);

        QTableWidget* sizes = m_view->selectASizeTable();
        QCOMPARE(sizes->rowCount(), 5);
        QCOMPARE(sizes->item(rowOf(sizes, "3"), 3)->text(), QString("0.1, 0.2, 0.3, 0.4"));
        QCOMPARE(sizes->item(rowOf(sizes, "3"), 2)->text(), QString("0.4"));

        MaxSupportOptions o;
        o.maxItemsetSize = c.breachItemsets;
        o.excludedItems = unprotectableItems(s.baskets, c.level);
        const BreachReport report = worstCaseBreaches(op, computeMaxSupports(s.baskets, o), c.breachItemsets,
                                                      s.baskets.itemCount, s.summary.sizeHistogram);
        QCOMPARE(m_view->breachTable()->rowCount(), int(report.sizes.size()));
        for (const SizeBreach& sb : report.sizes)
            RR_COMPARE_RELATIVE(cell(m_view->breachTable(), rowOf(m_view->breachTable(), QString::number(sb.m)), 2),
                                sb.worst, 1e-5);
        QVERIFY(m_view->supportsTable()->rowCount() > 0);
        QCOMPARE(m_view->miningTable()->rowCount(), 3);
        QVERIFY(testing::allFinite(m_view->supportsChart()->chart()));

        auto* reason = m_view->findChild<QLabel*>("basketsReconstructionReason");
        QVERIFY(reason->parentWidget() && qobject_cast<QStackedWidget*>(reason->parentWidget()));
        QCOMPARE(qobject_cast<QStackedWidget*>(reason->parentWidget())->currentWidget(), reason);
        QVERIFY(reason->text().startsWith("R(p, s) does not apply to select-a-size"));
        QVERIFY(reason->toolTip().startsWith("R(p, s) (002 eq. 13-17) does not apply to select-a-size")); // the source
        QVERIFY(!m_view->reconstructionChart()->hasData());
        QTableWidget* eps = m_view->epsilonTable();
        QCOMPARE(eps->rowCount(), 5);
        double worst = 0;
        for (int m = 1; m <= 5; ++m) {
            const BasketEpsilon e = basketEpsilon(op, m, s.baskets.itemCount);
            QVERIFY(e.bounded);
            QCOMPARE(eps->item(rowOf(eps, QString::number(m)), 2)->text(), six(e.value));
            worst = std::max(worst, e.value);
        }
        QVERIFY(m_view->privacyLabel()->text().contains(QString("LDP: \u03B5 = %1").arg(six(worst))));
        QVERIFY(m_view->summaryLabel()->text().contains(QString("LDP: \u03B5 = %1").arg(six(worst))));

        // An edited row of p_m[j] reaches the operator (size 2 only).
        sizes->item(rowOf(sizes, "2"), 3)->setText("0.5, 0.25, 0.25");
        m_view->workspace()->waitForIdle();
        const BasketsChoice& edited = m_view->workspace()->choice();
        QCOMPARE(edited.selectPerSize.at(2).sizeProbabilities, (std::vector<double>{0.5, 0.25, 0.25}));
        QCOMPARE(edited.selectPerSize.at(3).sizeProbabilities, levels[3].sizeProbabilities);
        QCOMPARE(m_view->workspace()->frame()->op.selectASize[2].sizeProbabilities,
                 (std::vector<double>{0.5, 0.25, 0.25}));
        // A row that does not sum to 1 is refused with the reason; the operator keeps the last valid one.
        sizes->item(rowOf(sizes, "2"), 3)->setText("0.5, 0.25, 0.5");
        m_view->workspace()->waitForIdle();
        QVERIFY(m_view->findChild<QLabel*>("basketsMessage")->text().contains("summing to 1"));
        QCOMPARE(m_view->workspace()->choice().selectPerSize.at(2).sizeProbabilities,
                 (std::vector<double>{0.5, 0.25, 0.25}));
    }

    // Select-a-size's suggestion: per size the rho_m of core's smallestRho for the row's binomial p_m[j]
    // (004 Sec. 4.4); those sizes' breaches stay under the level, the others keep rho = 0.3.
    void selectASizeSuggestionMeetsTheLevel()
    {
        BasketsChoice c = selectChoice();
        c.selectPerSize.clear();
        m_view->applyChoice(c);
        m_view->workspace()->waitForIdle();
        m_view->workspace()->suggestSelectASize();
        m_view->workspace()->waitForIdle();
        const CoreSide s = coreSide(c);
        MaxSupportOptions o;
        o.maxItemsetSize = c.breachItemsets;
        o.excludedItems = unprotectableItems(s.baskets, c.level);
        const MaxSupports smax = computeMaxSupports(s.baskets, o);
        BreachTarget target;
        target.level = c.level;
        target.maxItemsetSize = c.breachItemsets;
        const BasketsChoice& r = m_view->workspace()->choice();
        int feasible = 0;
        for (int m = 1; m <= 5; ++m) {
            std::vector<double> row;
            for (int k = 1; k <= c.breachItemsets && k <= m && k <= int(smax.bySize[m].size()); ++k)
                row.push_back(smax.at(k, m));
            const ParameterChoice pc = smallestRho(m, rr::binomialSizeProbabilities(m, 0.7), row, target);
            const double rho = r.selectPerSize.at(m).rho;
            const int tableRow = rowOf(m_view->breachTable(), QString::number(m));
            if (pc.feasible) {
                ++feasible;
                QCOMPARE(rho, pc.value);
                QCOMPARE(m_view->breachTable()->item(tableRow, 4)->text(), QString("yes"));
                RR_COMPARE_RELATIVE(cell(m_view->breachTable(), tableRow, 2), pc.worstBreach, 1e-5);
            } else {
                QCOMPARE(rho, 0.3);
            }
            QCOMPARE(m_view->selectASizeTable()->item(rowOf(m_view->selectASizeTable(), QString::number(m)), 2)->text(),
                     six(rho));
        }
        QVERIFY(feasible > 0);
        QVERIFY(m_view->findChild<QLabel*>("basketsMessage")->text().contains("size(s) searched"));
    }

    // Frequency-aware: breaches of frequent and of other items' itemsets = core's frequencyAwareBreaches on the
    // classes' maximum supports; R over the items = 002 eq. 17; the R(p, s) curves and epsilon are core's.
    void frequencyAwareEqualsCore()
    {
        const BasketsChoice c = frequencyChoice();
        m_view->applyChoice(c);
        m_view->workspace()->waitForIdle();
        const auto frame = m_view->workspace()->frame();
        QVERIFY(frame);
        QCOMPARE(frame->op.kind, OperatorKind::FrequencyAware);
        QCOMPARE(m_view->operatorBox()->currentIndex(), 4);
        const CoreSide s = coreSide(c);
        const auto frequent = frequentItemFlags(s.summary.itemCounts, s.summary.baskets, 0.3);
        QCOMPARE(frame->op.frequentItems, frequent);
        const BasketOperator op = frequencyAwareOperator(0.9, 0.8, frequent);

        const std::vector<std::uint8_t> publicItems = unprotectableItems(s.baskets, c.level);
        MaxSupportOptions o;
        o.maxItemsetSize = c.breachItemsets;
        o.excludedItems.assign(s.baskets.itemCount, 0);
        for (std::uint32_t a = 0; a < s.baskets.itemCount; ++a)
            o.excludedItems[a] = !frequent[a] || publicItems[a];
        const std::vector<double> frequentRow = computeMaxSupports(s.baskets, o).all;
        for (std::uint32_t a = 0; a < s.baskets.itemCount; ++a)
            o.excludedItems[a] = frequent[a] || publicItems[a];
        const std::vector<double> otherRow = computeMaxSupports(s.baskets, o).all;
        const BreachReport report = frequencyAwareBreaches(op, frequentRow, otherRow, c.breachItemsets);
        QCOMPARE(report.sizes.size(), std::size_t(2));
        QTableWidget* t = m_view->breachTable();
        QCOMPARE(t->rowCount(), 2);
        for (int i = 0; i < 2; ++i) {
            const int row = rowOf(t, QString::fromStdString(report.sizes[i].label));
            QVERIFY(row >= 0);
            RR_COMPARE_RELATIVE(cell(t, row, 2), report.sizes[i].worst, 1e-5);
        }
        QCOMPARE(m_view->breachChart()->worstSeries()->points().at(0).y(), report.sizes[0].worst);
        QCOMPARE(m_view->breachChart()->otherSeries()->points().at(0).y(), report.sizes[1].worst);
        QVERIFY(m_view->breachChart()->otherSeries()->isVisible());

        QVERIFY(m_view->supportsTable()->rowCount() > 0);
        QCOMPARE(m_view->miningTable()->rowCount(), 3);
        QVERIFY(testing::allFinite(m_view->supportsChart()->chart()));
        const DiscoverabilityValue d =
            lowestDiscoverableSupport(itemBitsOperator(0.8), s.summary.sizeHistogram, 1, s.baskets.itemCount);
        QVERIFY(m_view->summaryLabel()->text().contains(
            d.defined ? QString("other items 1-itemsets %1%").arg(six(100 * d.support)) : QString("other items")));

        std::vector<double> supports;
        for (std::size_t n : s.summary.itemCounts)
            supports.push_back(static_cast<double>(n) / static_cast<double>(s.summary.baskets));
        const double R = reconstructionProbability(0.9, 0.8, supports, frequent);
        QVERIFY(m_view->privacyLabel()->toolTip().contains(QString("R = %1 (002 eq. 17)").arg(six(R))));
        QVERIFY2(m_view->privacyLabel()->text().contains(QString("R = %1").arg(six(R))),
                 qPrintable(m_view->privacyLabel()->text()));
        QVERIFY(m_view->reconstructionChart()->hasData());
        const auto curves = m_view->reconstructionChart()->classSeries();
        QCOMPARE(curves.size(), 2);
        for (int i = 0; i < 2; ++i) {
            const auto pts = curves[i]->points();
            QCOMPARE(pts.size(), 121);
            for (const QPointF& p : {pts.first(), pts[60], pts.last()})
                QCOMPARE(p.y(), reconstructionProbability(i == 0 ? 0.9 : 0.8, p.x()));
        }
        QCOMPARE(m_view->reconstructionChart()->overallSeries()->points().at(0).y(), R);
        QVERIFY(testing::allFinite(m_view->reconstructionChart()->chart()));
        const BasketEpsilon e = basketEpsilon(op, 0, s.baskets.itemCount);
        QCOMPARE(m_view->epsilonTable()->rowCount(), 1);
        QCOMPARE(m_view->epsilonTable()->item(0, 2)->text(), six(e.value));
        RR_COMPARE_NEAR(e.value, 5 * std::log(9.0) + 6 * std::log(4.0), 1e-9); // 5 frequent, 6 other items
    }

    // Sessions store and restore select-a-size's table and frequency-aware's parameters (the CLI's names).
    void sessionRoundTripOfSelectAndFrequency()
    {
        QTemporaryDir dir;
        BasketsChoice c = selectChoice();
        c.selectKeep = 0.65;
        m_view->applyChoice(c);
        m_view->workspace()->waitForIdle();
        const QString select = dir.filePath("s.json");
        m_view->saveSession(select);
        const QByteArray json = [&] {
            QFile f(select);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        QVERIFY(json.contains("\"sizes_table\"") && json.contains("\"select_keep\": 0.65"));

        BasketsChoice f = frequencyChoice();
        f.nfp = 0.85;
        m_view->applyChoice(f);
        m_view->workspace()->waitForIdle();
        const QString frequency = dir.filePath("f.json");
        m_view->saveSession(frequency);

        m_view->openSession(select);
        m_view->workspace()->waitForIdle();
        const BasketsChoice& r = m_view->workspace()->choice();
        QCOMPARE(r.kind, OperatorKind::SelectASize);
        QCOMPARE(r.rho, 0.3);
        QCOMPARE(r.selectKeep, 0.65);
        QCOMPARE(r.selectPerSize.size(), std::size_t(4));
        QCOMPARE(r.selectPerSize[3].rho, 0.4);
        QCOMPARE(r.selectPerSize[3].sizeProbabilities, (std::vector<double>{0.1, 0.2, 0.3, 0.4}));
        QVERIFY(r.selectPerSize[2].sizeProbabilities.empty());
        QCOMPARE(m_view->operatorBox()->currentIndex(), 3);
        QCOMPARE(m_view->workspace()->frame()->op.kind, OperatorKind::SelectASize);

        m_view->openSession(frequency);
        m_view->workspace()->waitForIdle();
        const BasketsChoice& g = m_view->workspace()->choice();
        QCOMPARE(g.kind, OperatorKind::FrequencyAware);
        QCOMPARE(g.fp, 0.9);
        QCOMPARE(g.nfp, 0.85);
        QCOMPARE(g.frequentSupport, 0.3);
        QCOMPARE(m_view->operatorBox()->currentIndex(), 4);
        QCOMPARE(m_view->workspace()->frame()->op.infrequentKeep, 0.85);

        QVERIFY_THROWS_EXCEPTION(InputError,
                                 basketsSessionFromJson("{\"kind\": \"rr-explorer baskets session\", \"data\": "
                                                        "\"x.dat\", \"sizes_table\": [[2, 0.3, 0.5, 0.6, 0.1]]}"));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 basketsSessionFromJson("{\"kind\": \"rr-explorer baskets session\", \"data\": "
                                                        "\"x.dat\", \"nfp\": 0.4}"));

        // Headless: the privacy chart of the frequency-aware session; select-a-size says why there is none.
        HeadlessOptions h;
        h.session = frequency;
        h.chart = "basket-privacy";
        h.out = dir.filePath("p.png");
        QString text;
        QTextStream err(&text);
        QCOMPARE(runHeadlessExport(h, err), 0);
        QVERIFY2(QFileInfo(h.out).size() > 1000, qPrintable(text));
        h.session = select;
        h.out = dir.filePath("q.png");
        QCOMPARE(runHeadlessExport(h, err), 2);
        err.flush();
        QVERIFY2(text.contains("does not apply to select-a-size"), qPrintable(text));
    }

    // With RR_SCREENSHOT_DIR set (Xvfb, QT_QPA_PLATFORM=xcb): retail for the README, saved as
    // RR_SCREENSHOT_NAME.png; RR_SCREENSHOT_OPERATOR (e.g. select-a-size, frequency-aware) switches the operator,
    // RR_SCREENSHOT_TAB picks the result tab (3: privacy), RR_SCREENSHOT_SUGGEST fills cut-and-paste's table.
    // Skipped otherwise (retail takes seconds).
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
        if (const QString op = qEnvironmentVariable("RR_SCREENSHOT_OPERATOR"); !op.isEmpty()) {
            BasketsChoice c = m_view->workspace()->choice();
            c.kind = parseOperatorKind(op.toStdString());
            m_view->applyChoice(c);
            m_view->workspace()->waitForIdle();
        }
        if (const QString tab = qEnvironmentVariable("RR_SCREENSHOT_TAB"); !tab.isEmpty())
            m_view->resultTabs()->setCurrentIndex(tab.toInt());
        if (qEnvironmentVariableIsSet("RR_SCREENSHOT_SUGGEST")) {
            m_view->workspace()->suggestCutAndPaste();
            m_view->workspace()->waitForIdle();
        }
        for (int i = 0; i < 30; ++i) { // chart animations end
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
