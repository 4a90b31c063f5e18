// The desktop application end to end (offscreen): sample opens with the EMGRW roles, sliders
// drive the charts to the values core computes, Optimize lands on a feasible point, RR-S says
// why it cannot, undo/redo, chart and report export, sessions, roles, the headless export.
#include "ui/mainwindow/DataPage.h"
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/data/Errors.h"
#include "core/estimation/Intervals.h"
#include "core/estimation/Reconstruction.h"
#include "core/randomization/RandomSource.h"
#include "core/randomization/Randomize.h"
#include "ui/charts/DistributionChart.h"
#include "ui/charts/IntervalsChart.h"
#include "ui/charts/RiskChart.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/baskets/BasketsView.h"
#include "ui/baskets/BasketsWorkspace.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/export/ChartExport.h"
#include "ui/export/ReportWriter.h"
#include "ui/mainwindow/ElidingLabel.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/models/AttributeModel.h"
#include "ui/panels/AttributePanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/session/SessionCapture.h"
#include "ui/views/DistributionView.h"
#include "ui/views/IntervalsView.h"
#include "ui/views/RiskView.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"

#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <csignal>
#include <functional>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace rr;
using namespace rr::ui;

namespace {

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QTemporaryDir tmp;

    AnalysisState* state() const { return w->state(); }
    std::shared_ptr<const PreparedAnalysis> analysis() const { return w->workspace()->analysis(); }
    void idle() const { w->workspace()->waitForIdle(); }
    int attributeRow(const std::string& name) const
    {
        const auto& attrs = w->workspace()->source()->summary().attributes;
        for (std::size_t i = 0; i < attrs.size(); ++i)
            if (attrs[i].name == name)
                return static_cast<int>(i);
        return -1;
    }

    // Max risk at the state's p, computed by core from scratch.
    double coreMaxRisk() const
    {
        const auto a = analysis();
        DisclosureRiskModel model(a->joint);
        std::vector<DistortionMatrix> qi;
        const auto p = w->workspace()->effectiveP();
        for (int k = 0; k + 1 < a->axisCount(); ++k)
            qi.push_back(
                DistortionMatrix::warner(a->dims[static_cast<std::size_t>(k)], p[static_cast<std::size_t>(k)]));
        return model.maxRisk(qi, DistortionMatrix::warner(a->dims.back(), p.back()));
    }

    // The distribution chart of education shows exactly what core computes at p_education = p.
    void checkDistribution(double p)
    {
        const auto a = analysis();
        w->showView("distribution"); // a page draws the frame when shown
        auto* chart = w->view<DistributionView>("distribution")->chart();
        const Eigen::VectorXd counts = a->joint.marginal({0}).counts();
        const double n = counts.sum();
        const Eigen::VectorXd pi = counts / n;
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(16, p)};
        const Eigen::VectorXd lambda = expectedRandomized(m, pi);
        RandomSource rng = RandomSource::seeded(state()->view().seed);
        const Eigen::VectorXd lambdaHat = randomizeCounts(counts, {16}, m, rng) / n;
        const Eigen::VectorXd estimate = reconstruct(m, lambdaHat);
        const Eigen::VectorXd var = varianceDiagonal(m, lambdaHat, n);
        const auto orig = chart->originalValues();
        const auto exp = chart->expectedValues();
        const auto est = chart->estimateValues();
        QCOMPARE(orig.size(), 16);
        for (int i = 0; i < 16; ++i) {
            RR_COMPARE_NEAR(orig[i], pi[i], 1e-12);
            RR_COMPARE_NEAR(exp[i], lambda[i], 1e-12);
            RR_COMPARE_NEAR(est[i], estimate[i], 1e-12);
            const Interval iv = interquantileRange(estimate[i], var[i], state()->view().alpha, IntervalKind::Normal);
            const auto whisker = chart->whiskerPoints(i);
            QCOMPARE(whisker.size(), 6);
            RR_COMPARE_NEAR(whisker[0].y(), iv.hi, 1e-12);
            RR_COMPARE_NEAR(whisker[3].y(), iv.lo, 1e-12);
        }
    }

    QString writeSession(const QByteArray& text, const QString& name)
    {
        const QString path = tmp.filePath(name);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return path;
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QVERIFY(tmp.isValid());
        w = testing::openSampleWindow();
    }

    void sampleOpensWithEmgrwRoles()
    {
        const auto a = analysis();
        QVERIFY(a);
        QCOMPARE(w->workspace()->source()->summary().rows, std::size_t(48842));
        QCOMPARE(a->records, 45222.0);
        QCOMPARE(a->droppedRows, std::size_t(3620));
        QVERIFY(a->names == (std::vector<std::string>{"education", "marital-status", "sex", "race", "workclass"}));
        QVERIFY(a->dims == (std::vector<int>{16, 7, 2, 5, 7}));
        QCOMPARE(a->joint.cellCount(), std::size_t(7840));
        QVERIFY(state()->mode() == RandomizationMode::QI);
        QCOMPARE(state()->tau(), 1.0 / 3.0);
        QCOMPARE(w->view<DataPage>("data")->records()->model()->rowCount(), 48842);
        // Unrandomized, some QI groups hold one record: max risk 1.
        QCOMPARE(w->workspace()->lastLive()->maxRisk, 1.0);
        w->showView("distribution"); // a page draws the frame when shown
        QVERIFY(w->view<DistributionView>("distribution")->chart()->hasData());
    }

    // Squeezed, the status bar's labels end in "…" and fit; never a number cut short ("analysed 4" for 45,222).
    void statusLabelsElideWhenSqueezed()
    {
        const QList<ElidingLabel*> labels = w->statusBar()->findChildren<ElidingLabel*>();
        QCOMPARE(labels.size(), 3);
        QVERIFY(labels[0]->fullText().contains("analysed 45,222"));
        ElidingLabel alone;
        alone.setFullText(labels[0]->fullText());
        alone.show();
        alone.resize(alone.minimumSizeHint().width() + 20, alone.sizeHint().height());
        QVERIFY2(alone.text().endsWith(QChar(0x2026)) && alone.text().size() < alone.fullText().size(),
                 qPrintable(alone.text()));
        QVERIFY(alone.fontMetrics().horizontalAdvance(alone.text()) <= alone.contentsRect().width());
        alone.resize(alone.sizeHint());
        QCOMPARE(alone.text(), alone.fullText());

        const QSize before = w->size();
        w->resize(w->minimumSizeHint().width(), before.height());
        QApplication::processEvents();
        for (const ElidingLabel* label : labels) {
            const QString shown = label->text();
            QVERIFY2(shown == label->fullText() || shown.endsWith(QChar(0x2026)), qPrintable(shown));
            QVERIFY2(label->fontMetrics().horizontalAdvance(shown) <= label->contentsRect().width(), qPrintable(shown));
        }
        w->resize(before);
        QTRY_COMPARE(labels[0]->text(), labels[0]->fullText());
    }

    void sliderDrivesTheChartsToCoreValues()
    {
        QSlider* slider = w->parameterPanel()->slider("education");
        QVERIFY(slider);
        QCOMPARE(slider->minimum(), 63); // (1/16, 1] in thousandths
        QCOMPARE(slider->maximum(), 1000);
        slider->setValue(800);
        QCOMPARE(state()->retention("education"), 0.8);
        idle();
        checkDistribution(0.8);
        const auto before = w->view<DistributionView>("distribution")->chart()->expectedValues();
        const double riskBefore = w->workspace()->lastLive()->maxRisk;
        RR_COMPARE_NEAR(riskBefore, coreMaxRisk(), 1e-12);

        slider->setValue(650);
        idle();
        checkDistribution(0.65);
        QVERIFY(w->view<DistributionView>("distribution")->chart()->expectedValues() != before);
        RR_COMPARE_NEAR(w->workspace()->lastLive()->maxRisk, coreMaxRisk(), 1e-12);
        QCOMPARE(w->parameterPanel()->spinBox("education")->value(), 0.65);

        // Risk view: the histogram holds every record; the tau line sits at tau.
        w->showView("risk");
        auto* risk = w->view<RiskView>("risk")->chart();
        const auto steps = risk->histogramPoints();
        double records = 0;
        for (int i = 1; i + 1 < steps.size(); i += 2)
            records += steps[i].y();
        RR_COMPARE_NEAR(records, 45222.0, 1e-6);
        QCOMPARE(risk->tauLineX(), 1.0 / 3.0);

        // Intervals view (education, its largest cell, p varying): core's ranges at each p.
        const auto a = analysis();
        w->showView("intervals");
        auto* intervals = w->view<IntervalsView>("intervals")->chart();
        const Eigen::VectorXd counts = a->joint.marginal({0}).counts();
        Eigen::Index cell = 0;
        counts.maxCoeff(&cell);
        const double n = counts.sum();
        const Eigen::VectorXd pi = counts / n;
        const auto upper = intervals->normalUpper();
        const auto cheb = intervals->chebyshevLower();
        QVERIFY(upper.size() > 10);
        for (int k : {5, 40, static_cast<int>(upper.size()) - 1}) {
            const std::vector<DistortionMatrix> m{DistortionMatrix::warner(16, upper[k].x())};
            const Eigen::VectorXd lambda = expectedRandomized(m, pi);
            const double var = varianceDiagonal(m, lambda, n)[cell];
            RR_COMPARE_NEAR(upper[k].y(), interquantileRange(pi[cell], var, 0.05, IntervalKind::Normal).hi, 1e-9);
            RR_COMPARE_NEAR(cheb[k].y(), interquantileRange(pi[cell], var, 0.05, IntervalKind::Chebyshev).lo, 1e-9);
        }
        QCOMPARE(intervals->simulatedPoint().x(), 0.65);
    }

    void modeDisablesSlidersAtOne()
    {
        QSlider* s = w->parameterPanel()->slider("workclass");
        QSlider* e = w->parameterPanel()->slider("education");
        QVERIFY(!s->isEnabled());
        QCOMPARE(s->value(), 1000);
        state()->setMode(RandomizationMode::S);
        idle();
        QVERIFY(s->isEnabled());
        QVERIFY(!e->isEnabled());
        QCOMPARE(e->value(), 1000);                      // shown at p = 1 outside the mode
        QCOMPARE(state()->retention("education"), 0.65); // the stored value returns with the mode
        QCOMPARE(w->workspace()->effectiveP()[0], 1.0);
        state()->setMode(RandomizationMode::QI);
        idle();
        QCOMPARE(e->value(), 650);
    }

    void undoRedoRestoresP()
    {
        QUndoStack* undo = state()->undoStack();
        QSlider* slider = w->parameterPanel()->slider("marital-status");
        const int steps = undo->count();
        // A drag (press, many moves, release) is one undo step.
        slider->setSliderDown(true); // emits sliderPressed: a new gesture
        for (int v = 990; v >= 700; v -= 10)
            slider->setValue(v);
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(state()->retention("marital-status"), 0.7);
        undo->undo();
        QCOMPARE(state()->retention("marital-status"), 1.0);
        QCOMPARE(slider->value(), 1000);
        undo->redo();
        QCOMPARE(state()->retention("marital-status"), 0.7);
        QCOMPARE(slider->value(), 700);
        // Mode and tau are undoable too.
        state()->setTau(0.25);
        undo->undo();
        QCOMPARE(state()->tau(), 1.0 / 3.0);
    }

    void optimizeMovesSlidersToAFeasiblePoint()
    {
        state()->setMode(RandomizationMode::QI);
        state()->setTau(1.0 / 3.0);
        w->parameterPanel()->optimizeButton()->click();
        idle();
        QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Success);
        const auto a = analysis();
        int moved = 0;
        for (int k = 0; k < 4; ++k) {
            const QString name = QString::fromStdString(a->names[static_cast<std::size_t>(k)]);
            const double p = state()->retention(name.toStdString());
            moved += p < 1.0 ? 1 : 0;
            QCOMPARE(w->parameterPanel()->slider(name)->value(), static_cast<int>(std::lround(p * 1000)));
        }
        QVERIFY(moved >= 3);
        QVERIFY(coreMaxRisk() <= 1.0 / 3.0 + 1e-9);
        QVERIFY(coreMaxRisk() >= 1.0 / 3.0 - 1e-6); // on the boundary: no utility wasted
        QVERIFY(w->workspace()->lastLive()->maxRisk <= 1.0 / 3.0 + 1e-9);
        // One undo step takes the optimizer's move back.
        state()->undoStack()->undo();
        QVERIFY(coreMaxRisk() > 1.0 / 3.0);
        state()->undoStack()->redo();
        QVERIFY(coreMaxRisk() <= 1.0 / 3.0 + 1e-9);
    }

    void rrsInfeasibleSaysWhyAndOffersRRBoth()
    {
        state()->setMode(RandomizationMode::S);
        w->parameterPanel()->optimizeButton()->click();
        idle();
        QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Warning);
        const QString text = w->infoBar()->text();
        QVERIFY2(text.contains("648"), qPrintable(text)); // FIDELITY: 268 groups hold 648 records
        QVERIFY(text.contains("RR-S"));
        QVERIFY(w->infoBar()->actionTexts().contains("Switch to RR-Both and optimize"));
        QVERIFY(w->infoBar()->trigger("Switch to RR-Both and optimize"));
        idle();
        QVERIFY(state()->mode() == RandomizationMode::Both);
        QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Success);
        QVERIFY(coreMaxRisk() <= 1.0 / 3.0 + 1e-9);
    }

    void everyChartExportsAsPngSvgPdf()
    {
        w->view<TradeOffView>("tradeoff")->computeButton()->click();
        idle();
        w->showView("surface");
        ViewChoices v = state()->view();
        v.surfaceX = "education";
        v.surfaceY = "workclass";
        state()->setView(v);
        idle();
        for (const QString& name : QStringList{"distribution", "risk", "surface", "intervals", "tradeoff"}) {
            w->showView(name);
            QApplication::processEvents();
            QVERIFY2(w->currentChart() && w->currentChart()->hasData(), qPrintable(name));
            QVERIFY2(testing::allFinite(w->currentChart()->chart()), qPrintable(name));
            const QString base = tmp.filePath(name);
            QVERIFY(w->exportCurrentChart(base + ".png", 150));
            QVERIFY(w->exportCurrentChart(base + ".svg"));
            QVERIFY(w->exportCurrentChart(base + ".pdf"));
            QImage png(base + ".png");
            QVERIFY2(!png.isNull() && png.width() > 300, qPrintable(name));
            RR_COMPARE_NEAR(png.dotsPerMeterX(), 150 / 0.0254, 2);
            QSvgRenderer svg(base + ".svg");
            QVERIFY2(svg.isValid(), qPrintable(name));
            QFile pdf(base + ".pdf");
            QVERIFY(pdf.open(QIODevice::ReadOnly));
            QVERIFY(pdf.size() > 1000);
            QVERIFY(pdf.read(5) == "%PDF-");
        }
        // A name without a known extension is refused with a message, not written.
        QVERIFY(!w->exportCurrentChart(tmp.filePath("chart.bmp")));
        QVERIFY(w->infoBar()->text().contains(".png, .svg or .pdf"));
        QVERIFY(!QFile::exists(tmp.filePath("chart.bmp")));
    }

    void reportAsHtmlAndPdf()
    {
        QList<ChartView*> charts{w->view<DistributionView>("distribution")->chartView(),
                                 w->view<RiskView>("risk")->chartView(), w->view<SurfaceView>("surface")->chartView(),
                                 w->view<IntervalsView>("intervals")->chartView(),
                                 w->view<TradeOffView>("tradeoff")->chartView()};
        exportReport(tmp.filePath("report.html"), *w->workspace(), charts);
        QFile html(tmp.filePath("report.html"));
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QVERIFY(text.contains("Attribute disclosure risk"));
        QVERIFY(text.contains("workclass"));
        QCOMPARE(text.count("data:image/png;base64,"), 5);
        QVERIFY(!text.contains(QRegularExpression(">\\s*-?(nan|inf)\\s*<", QRegularExpression::CaseInsensitiveOption)));
        exportReport(tmp.filePath("report.pdf"), *w->workspace(), charts);
        QFile pdf(tmp.filePath("report.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY_THROWS_EXCEPTION(InputError, exportReport(tmp.filePath("report.doc"), *w->workspace(), charts));
    }

    void surfaceClickSetsBothParameters()
    {
        ViewChoices v = state()->view();
        v.surfaceX = "education";
        v.surfaceY = "marital-status";
        state()->setView(v);
        w->showView("surface");
        idle();
        const auto s = w->view<SurfaceView>("surface")->chart()->data();
        QVERIFY(s);
        QCOMPARE(s->surface.risk.rows(), Eigen::Index(41));
        QCOMPARE(s->xName, std::string("education"));
        const int steps = state()->undoStack()->count();
        const double before = state()->retention("education");
        w->view<SurfaceView>("surface")->pick(0.7004, 0.5);
        QCOMPARE(state()->retention("education"), 0.7);
        QCOMPARE(state()->retention("marital-status"), 0.5);
        QCOMPARE(state()->undoStack()->count(), steps + 1);
        idle();
        QCOMPARE(w->view<SurfaceView>("surface")->chart()->currentPoint(), QPointF(0.7, 0.5));
        state()->undoStack()->undo();
        QCOMPARE(state()->retention("education"), before);
    }

    void rolesAndPolicyReprepare()
    {
        AttributeModel* model = w->attributePanel()->model();
        const int row = attributeRow("occupation");
        QVERIFY(model->setData(model->index(row, AttributeModel::RoleColumn), static_cast<int>(Role::QuasiIdentifier),
                               Qt::EditRole));
        idle();
        QCOMPARE(analysis()->axisCount(), 6);
        QCOMPARE(analysis()->names.back(), std::string("workclass"));
        QVERIFY(w->parameterPanel()->slider("occupation"));
        AnalysisSpec spec = state()->spec();
        spec.policy = MissingPolicy::DropIfUsedMissing;
        state()->setSpec(spec);
        idle();
        QVERIFY(analysis()->records >= 45222.0);
        state()->undoStack()->undo();
        state()->undoStack()->undo();
        idle();
        QCOMPARE(analysis()->axisCount(), 5);
        QCOMPARE(analysis()->records, 45222.0);
        // A role that leaves no sensitive attribute is explained, not a crash.
        const int wc = attributeRow("workclass");
        model->setData(model->index(wc, AttributeModel::RoleColumn), static_cast<int>(Role::Ignored), Qt::EditRole);
        idle();
        QVERIFY(!analysis());
        QVERIFY(w->infoBar()->text().contains("sensitive"));
        state()->undoStack()->undo();
        idle();
        QVERIFY(analysis());
    }

    void sessionRoundTrip()
    {
        state()->setMode(RandomizationMode::Both);
        state()->setRetention("race", 0.9);
        state()->setTau(0.25);
        ViewChoices v = state()->view();
        v.distributionA = "sex";
        v.distributionB = "race";
        v.alpha = 0.1;
        v.kind = IntervalKind::Chebyshev;
        v.seed = 42;
        v.riskCdf = true;
        v.intervalsA = "race";
        v.intervalsCell = {"Black"};
        state()->setView(v);
        idle();
        const QString path = tmp.filePath("session.json");
        QVERIFY(w->saveSession(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray json = f.readAll();
        QVERIFY(json.contains("\"sample:adult.data.csv\"")); // portable across clones
        QVERIFY(json.contains("\"mode\": \"both\""));

        auto other = std::make_unique<MainWindow>();
        QVERIFY(other->openSession(path));
        other->workspace()->waitForIdle();
        const AnalysisState& s = *other->state();
        QVERIFY(s.mode() == RandomizationMode::Both);
        QCOMPARE(s.tau(), 0.25);
        QVERIFY(s.retentions() == state()->retentions());
        QVERIFY(s.view() == state()->view());
        QVERIFY(s.spec() == state()->spec());
        QCOMPARE(s.dataPaths(), state()->dataPaths());
        QCOMPARE(other->workspace()->lastLive()->maxRisk, w->workspace()->lastLive()->maxRisk);
        // A hidden page draws the frame when shown (issue 25): shown, as a person would.
        other->resize(1280, 800);
        other->show();
        other->showView("distribution");
        QCOMPARE(other->view<DistributionView>("distribution")->chart()->categories().size(), 10); // sex x race
        other->showView("intervals");
        w->showView("intervals");
        QCOMPARE(other->view<IntervalsView>("intervals")->chart()->normalUpper(),
                 w->view<IntervalsView>("intervals")->chart()->normalUpper());
        QVERIFY(other->state()->undoStack()->count() == 0);
    }

    void malformedSessionGivesAMessage()
    {
        const auto before = analysis();
        struct Case {
            QByteArray text;
            QString expect;
        } cases[] = {
            {"{ not json", "not valid JSON"},
            {"[1, 2]", "JSON object"},
            {R"({"format": "something-else"})", "not an RR Explorer session"},
            {R"({"format": "rr-explorer-session", "version": 1, "data": []})", "'data'"},
            {R"({"format": "rr-explorer-session", "version": 1, "data": ["sample:adult.data.csv"], "roles": {"quasiIdentifiers": ["education"], "sensitive": "workclass"}, "mode": "qi", "p": {"education": 2}})",
             "p of 'education'"},
            {R"({"format": "rr-explorer-session", "version": 1, "data": ["sample:adult.data.csv"], "roles": {"quasiIdentifiers": ["education"], "sensitive": "workclass"}, "mode": "sideways"})",
             "unknown mode"},
        };
        int i = 0;
        for (const Case& c : cases) {
            const QString path = writeSession(c.text, QString("bad%1.json").arg(i++));
            QVERIFY(!w->openSession(path));
            QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Error);
            QVERIFY2(w->infoBar()->text().contains(c.expect), qPrintable(w->infoBar()->text()));
            QCOMPARE(analysis(), before); // nothing changed
        }
        QVERIFY(!w->openSession(tmp.filePath("missing.json")));
        QVERIFY(w->infoBar()->text().contains("cannot open"));
        // Valid JSON naming an attribute the data lacks: the analysis reports it.
        const QString unknown = writeSession(
            R"({"format": "rr-explorer-session", "version": 1, "data": ["sample:adult.data.csv", "sample:adult.test.csv"], "roles": {"quasiIdentifiers": ["shoe-size"], "sensitive": "workclass"}, "mode": "qi"})",
            "unknown.json");
        QVERIFY(w->openSession(unknown));
        idle();
        QVERIFY(w->infoBar()->text().contains("shoe-size"));
    }

    // File > Open Session on a basket session (issue 43: one session format): the Baskets page opens it in its
    // own workspace; the table's analysis, session path and title stay.
    void basketSessionOpensInTheBasketsPage()
    {
        const auto before = analysis();
        const QString title = w->windowTitle();
        QVERIFY(w->openSession(RR_TESTS_DIR "/data/sessions/baskets-select-v1.json"));
        auto* baskets = w->view<BasketsView>("baskets");
        QVERIFY(baskets);
        QCOMPARE(w->tabs()->currentWidget(), static_cast<QWidget*>(baskets));
        QTRY_VERIFY_WITH_TIMEOUT(baskets->workspace()->data() != nullptr, 20000);
        baskets->workspace()->waitForIdle();
        QVERIFY2(QString::fromStdString(baskets->workspace()->data()->path).endsWith("small.dat"),
                 baskets->workspace()->data()->path.c_str());
        QCOMPARE(baskets->workspace()->choice().selectKeep, 0.6); // the session's select_keep
        QCOMPARE(analysis(), before);
        QCOMPARE(w->windowTitle(), title);
        // A broken basket session: the reason in the info bar, nothing changed.
        const QString bad = writeSession(R"({"format": "rr-explorer-session", "version": 2, "data": "x.dat", "level": 7})",
                                         "bad-baskets.json");
        QVERIFY(!w->openSession(bad));
        QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Error);
        QVERIFY2(w->infoBar()->text().contains("basket session"), qPrintable(w->infoBar()->text()));
        QCOMPARE(analysis(), before);
    }

    void headlessExport()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        const QString session = tmp.filePath("session.json");
        QVERIFY(QFile::exists(session));
        auto run = [&](const QStringList& args, QString* err, std::function<void()> childSetup = {}) {
            QProcess p;
            p.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
            if (childSetup)
                p.setChildProcessModifier(childSetup);
            p.start(RR_GUI_PATH, args);
            p.waitForFinished(120000);
            if (err)
                *err = QString::fromUtf8(p.readAllStandardError());
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        };
        QString err;
        for (const QString& name : QStringList{"risk", "surface", "distribution"}) {
            const QString out = tmp.filePath("headless-" + name + ".png");
            QCOMPARE(run({"--session", session, "--export-chart", name, "--out", out, "--dpi", "96"}, &err), 0);
            QImage image(out);
            QVERIFY2(!image.isNull(), qPrintable(err));
            QCOMPARE(image.size(), QSize(1100, 680));
        }
        const QString svg = tmp.filePath("headless.svg");
        QCOMPARE(run({"--session", session, "--export-chart", "intervals", "--out", svg}, &err), 0);
        QVERIFY(QSvgRenderer(svg).isValid());
        const QString pdf = tmp.filePath("headless.pdf");
        QCOMPARE(run({"--session", session, "--export-chart", "tradeoff", "--out", pdf}, &err), 0);
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly) && f.read(5) == "%PDF-");

        QCOMPARE(run({"--session", session, "--export-chart", "pie", "--out", tmp.filePath("x.png")}, &err), 2);
        QVERIFY2(err.contains("unknown chart 'pie'"), qPrintable(err));
        QCOMPARE(run({"--session", tmp.filePath("bad0.json"), "--export-chart", "risk", "--out", tmp.filePath("x.png")},
                     &err),
                 2);
        QVERIFY2(err.contains("not valid JSON"), qPrintable(err));
        QCOMPARE(run({"--session", session, "--export-chart", "risk", "--out", tmp.filePath("x.gif")}, &err), 2);
        QVERIFY(err.contains(".png, .svg or .pdf"));
        QVERIFY(!QFile::exists(tmp.filePath("x.png")));

        // A write that fails halfway (a full disk; here a 1 KiB file-size limit on the child, SIGXFSZ ignored
        // so that write() returns EFBIG): exit 1 with the reason, no file and no temporary file. It used to
        // abort on the uncaught IoError.
        const auto fileSizeLimit = [] {
            const rlimit limit{1024, 1024};
            setrlimit(RLIMIT_FSIZE, &limit);
            std::signal(SIGXFSZ, SIG_IGN);
        };
        const QString full = tmp.filePath("full.png");
        QCOMPARE(run({"--session", session, "--export-chart", "risk", "--out", full}, &err, fileSizeLimit), 1);
        QVERIFY2(err.contains("cannot write") && err.contains("full.png"), qPrintable(err));
        QVERIFY(!QFile::exists(full));
        QVERIFY(QDir(tmp.path()).entryList({"full.png*"}, QDir::Files | QDir::Hidden).isEmpty());
    }

    // Issue 24 items 2, 6, 8 and 13 for the headless export: a session from a device or a FIFO, or naming a
    // FIFO as its data, is refused at once (exit 2; a hang fails after 20 s), --out may not replace the session
    // or its data file, and a run without XDG_RUNTIME_DIR prints nothing but its own lines.
    void headlessInputsAndOutputs()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        const QString session = tmp.filePath("session.json");
        QVERIFY(QFile::exists(session));
        auto run = [&](const QStringList& args, QString* err) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove("XDG_RUNTIME_DIR");
            p.setProcessEnvironment(env);
            p.start(RR_GUI_PATH, args);
            if (!p.waitForFinished(20000)) {
                p.kill();
                p.waitForFinished();
                *err = "hung (killed after 20 s)";
                return -2;
            }
            *err = QString::fromUtf8(p.readAllStandardError());
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        };
        QString err;
        // a private runtime folder instead of Qt's warning: a good run prints nothing
        QCOMPARE(run({"--session", session, "--export-chart", "distribution", "--out", tmp.filePath("xdg.png")}, &err),
                 0);
        QVERIFY2(err.isEmpty(), qPrintable(err));

        // devices and FIFOs as the session, for table and basket charts
        const QString fifo = tmp.filePath("session-fifo.json");
        QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
        for (const QString& chart : {QString("risk"), QString("basket-breach")}) {
            QCOMPARE(run({"--session", "/dev/zero", "--export-chart", chart, "--out", tmp.filePath("o.png")}, &err), 2);
            QVERIFY2(err.contains("/dev/zero") && err.contains("(a device)") && err.count('\n') == 1, qPrintable(err));
            QCOMPARE(run({"--session", fifo, "--export-chart", chart, "--out", tmp.filePath("o.png")}, &err), 2);
            QVERIFY2(err.contains("session-fifo.json") && err.contains("(a FIFO)"), qPrintable(err));
        }
        QVERIFY(!QFile::exists(tmp.filePath("o.png")));
        // the interactive open reads through the same limits
        QVERIFY_THROWS_EXCEPTION(InputError, readSessionFile("/dev/zero"));
        QVERIFY_THROWS_EXCEPTION(InputError, readSessionFile(fifo));

        // a session naming a FIFO as its data
        QFile in(session);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
        in.close();
        const QString dataFifo = tmp.filePath("data-fifo.csv");
        QVERIFY(::mkfifo(dataFifo.toLocal8Bit().constData(), 0600) == 0);
        const QString original =
            QString::fromStdString(readSessionFile(session).dataPaths.front()); // resolved ("sample:" included)
        root["data"] = QJsonArray{dataFifo};
        const QString fifoSession = tmp.filePath("fifo-data.json");
        QFile out(fifoSession);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(root).toJson()) > 0);
        out.close();
        QCOMPARE(run({"--session", fifoSession, "--export-chart", "risk", "--out", tmp.filePath("o.png")}, &err), 2);
        QVERIFY2(err.contains("data-fifo.csv") && err.contains("(a FIFO)"), qPrintable(err));

        // --out naming the session, or the data file it names (a CSV called .png)
        const QString pdfSession = tmp.filePath("session.pdf");
        QVERIFY(QFile::copy(session, pdfSession));
        const QByteArray sessionBytes = readBytes(pdfSession);
        QCOMPARE(run({"--session", pdfSession, "--export-chart", "risk", "--out", pdfSession}, &err), 2);
        QVERIFY2(err.contains("is the session file") && err.count('\n') == 1, qPrintable(err));
        QCOMPARE(readBytes(pdfSession), sessionBytes);
        const QString pngData = tmp.filePath("data.png");
        QVERIFY(QFile::copy(original, pngData));
        const QByteArray dataBytes = readBytes(pngData);
        root["data"] = QJsonArray{pngData};
        const QString pngSession = tmp.filePath("png-data.json");
        QFile png(pngSession);
        QVERIFY(png.open(QIODevice::WriteOnly) && png.write(QJsonDocument(root).toJson()) > 0);
        png.close();
        QCOMPARE(run({"--session", pngSession, "--export-chart", "risk", "--out", pngData}, &err), 2);
        QVERIFY2(err.contains("is the data file") && err.contains("data.png"), qPrintable(err));
        QCOMPARE(readBytes(pngData), dataBytes);
        for (const QString& f : {fifo, dataFifo, fifoSession, pdfSession, pngData, pngSession, tmp.filePath("xdg.png")})
            QFile::remove(f);
    }

    // Any CSV opens with default roles (last small attribute sensitive, the others QIs):
    // 003 Table 2.5(b), Gender x Disease, as 100 records.
    void openAnotherCsv()
    {
        QFile f(tmp.filePath("gender-disease.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Gender,Disease\n");
        const char* disease[3] = {"Cancer", "Flu", "Anemia"};
        const int counts[2][3] = {{8, 16, 48}, {12, 14, 2}};
        for (int g = 0; g < 2; ++g)
            for (int d = 0; d < 3; ++d)
                for (int k = 0; k < counts[g][d]; ++k)
                    f.write(QByteArray(g ? "Female," : "Male,") + disease[d] + "\n");
        f.close();
        w->openCsv({f.fileName()});
        idle();
        const auto a = analysis();
        QVERIFY(a);
        QVERIFY(a->names == (std::vector<std::string>{"Gender", "Disease"}));
        QCOMPARE(a->records, 100.0);
        QCOMPARE(state()->undoStack()->count(), 0);
        // Unrandomized, the riskiest records are the 48 male anemia patients: 48/72.
        const auto& riskiest = w->workspace()->lastLive()->risk.riskiest;
        RR_COMPARE_NEAR(riskiest.front().risk, 48.0 / 72.0, 1e-12);
        QCOMPARE(riskiest.front().records, 48.0);
        // FIDELITY, Fig. 5.2: Female/Cancer (cell 3) at p_G = 1/2 (the slider's minimum is 0.501)
        // and p_D = 1/3 is 0.0514; just above the minimum it is slightly more.
        state()->setMode(RandomizationMode::Both);
        state()->setRetentions({{"Gender", 0.501}, {"Disease", 0.334}}, "test");
        idle();
        double femaleCancer = -1;
        for (const RiskyRecord& r : w->workspace()->lastLive()->risk.riskiest)
            if (r.values == std::vector<std::string>{"Female", "Cancer"})
                femaleCancer = r.risk;
        QVERIFY2(femaleCancer > 0.0514 && femaleCancer < 0.0525, qPrintable(QString::number(femaleCancer)));
        QVERIFY(w->windowTitle().contains("gender-disease.csv"));
    }

    // A window closed while its loader, live views, surface, optimizer, trade-off and comparison run:
    // every job is joined before what it reports to goes away (no crash, no late callback).
    void destroyedWhileJobsRun()
    {
        for (int round = 0; round < 4; ++round) {
            auto other = std::make_unique<MainWindow>();
            other->resize(1280, 800);
            other->show();
            other->openInitial({});
            if (round > 0) { // with an analysis: every kind of job at once
                other->workspace()->waitForIdle();
                other->state()->setMode(RandomizationMode::Both);
                other->state()->setRetentions({{"education", 0.7}, {"workclass", 0.8}}, "busy");
                other->workspace()->setSurfaceShown(true);
                other->workspace()->computeTradeOff();
                other->workspace()->optimize();
                other->view<ComparisonView>("comparison")->run();
                QVERIFY(!other->workspace()->isIdle());
                QTest::qWait(3 * round);
            }
            other.reset();
            QCoreApplication::processEvents();
        }
    }

    // A trade-off curve is cleared when the missing-value policy (or roles, or the file) changes: it was
    // computed for other records (issue 11: 24,354 blocking records shown after a switch to ESGRO).
    void tradeOffClearedWhenInputsChange()
    {
        auto other = testing::openSampleWindow();
        ViewChoices v = other->state()->view();
        v.tradeOffMaxL = 3;
        other->state()->setView(v);
        other->workspace()->computeTradeOff();
        other->workspace()->waitForIdle();
        auto points = [&]() {
            int n = 0;
            for (QAbstractSeries* s : other->view<TradeOffView>("tradeoff")->chart()->chart()->series())
                if (auto* line = qobject_cast<QLineSeries*>(s))
                    n += static_cast<int>(line->count());
            return n;
        };
        QVERIFY(other->workspace()->lastTradeOff());
        QVERIFY(points() > 0);
        AnalysisSpec spec = other->state()->spec();
        spec.policy = MissingPolicy::DropIfUsedMissing;
        other->state()->setSpec(spec);
        other->workspace()->waitForIdle();
        QVERIFY(!other->workspace()->lastTradeOff());
        QCOMPARE(points(), 0);
    }

    // Changes not saved: one modified mark in the title, before the application name, and quitting asks
    // first; Cancel keeps the window, Discard closes it.
    void unsavedWorkAsksBeforeDiscarding()
    {
        auto other = testing::openSampleWindow();
        QVERIFY(!other->isWindowModified());
        other->state()->setRetention("race", 0.9);
        QVERIFY(other->isWindowModified());
        QCOMPARE(other->windowTitle().count("[*]"), 1);
        QVERIFY2(other->windowTitle().endsWith(QStringLiteral("[*] \u2014 RR Explorer")),
                 qPrintable(other->windowTitle()));

        qunsetenv("RR_NO_CLOSE_PROMPT");
        QStringList asked;
        auto answerWith = [&](QMessageBox::StandardButton button) {
            auto* poll = new QTimer(other.get());
            connect(poll, &QTimer::timeout, poll, [&asked, poll, button]() {
                if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                    asked << box->text();
                    box->button(button)->click();
                    poll->deleteLater();
                }
            });
            poll->start(20);
        };
        answerWith(QMessageBox::Cancel);
        QVERIFY(!other->close());
        QVERIFY(other->isVisible());
        answerWith(QMessageBox::Discard);
        QVERIFY(other->close());
        qputenv("RR_NO_CLOSE_PROMPT", "1");
        QCOMPARE(asked.size(), 2);
        QVERIFY2(asked.front().contains("quitting"), qPrintable(asked.front()));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
