// The CLI and the GUI run the same core/analysis pipeline: for the same data, roles and p they report
// the same numbers, bit for bit (risk summary, optimal p, objective).
#include "UiTestSupport.h"
#include "cli/CliRunner.h"

#include "core/optimization/OptimalParameters.h"
#include "ui/session/AnalysisState.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>

#include <bit>
#include <cstdint>

using namespace rr;
using namespace rr::ui;
using namespace rr::testcli;

namespace {

// Equal as IEEE doubles, bit for bit (QCOMPARE on doubles is fuzzy).
void compareBits(double gui, double cli, const char* what)
{
    QVERIFY2(std::bit_cast<std::uint64_t>(gui) == std::bit_cast<std::uint64_t>(cli),
             qPrintable(QString("%1: GUI %2, CLI %3").arg(what).arg(gui, 0, 'g', 17).arg(cli, 0, 'g', 17)));
}

QString pList(const std::vector<std::string>& names, const std::vector<double>& p)
{
    QStringList items;
    for (std::size_t i = 0; i < names.size(); ++i)
        items << QString("%1=%2").arg(QString::fromStdString(names[i])).arg(p[i], 0, 'g', 17);
    return items.join(',');
}

} // namespace

class TestCliGuiParity : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow(); // Adult, EMGRW, records complete in every column
        QVERIFY(w->workspace()->analysis());
    }
    void cleanupTestCase() { w.reset(); }

    void riskSummary_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QList<double>>("p"); // E M G R W
        QTest::newRow("RR-QI") << int(RandomizationMode::QI) << QList<double>{0.6, 0.8, 0.9, 0.95, 1.0};
        QTest::newRow("RR-S") << int(RandomizationMode::S) << QList<double>{1, 1, 1, 1, 0.55};
        QTest::newRow("RR-Both") << int(RandomizationMode::Both) << QList<double>{0.5, 0.7, 0.85, 0.9, 0.8};
    }
    void riskSummary()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        QFETCH(int, mode);
        QFETCH(QList<double>, p);
        AnalysisState* st = w->state();
        const auto a = w->workspace()->analysis();
        std::map<std::string, double> values;
        for (std::size_t i = 0; i < a->names.size(); ++i)
            values[a->names[i]] = p[static_cast<qsizetype>(i)];
        st->setMode(static_cast<RandomizationMode>(mode));
        st->setRetentions(values, "parity");
        w->workspace()->waitForIdle();
        const auto live = w->workspace()->lastLive();
        QVERIFY(live);
        const std::vector<double> effective = w->workspace()->effectiveP();

        const CliRun r =
            runCli(QStringList{"risk"} + adultComplete() + emgrw() +
                   QStringList{"--p", pList(a->names, effective), "--tau", QString::number(st->tau(), 'g', 17)});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        const QJsonObject j = r.json();
        const RiskSummary& s = live->risk.summary;
        compareBits(s.maxRisk, j["max_risk"].toDouble(), "max risk");
        compareBits(s.meanRisk, j["mean_risk"].toDouble(), "mean risk");
        compareBits(s.p50, j["quantiles"].toObject()["p50"].toDouble(), "p50");
        compareBits(s.p90, j["quantiles"].toObject()["p90"].toDouble(), "p90");
        compareBits(s.p99, j["quantiles"].toObject()["p99"].toDouble(), "p99");
        compareBits(s.recordsOverTau, j["records_over_tau"].toDouble(), "records over tau");
        QCOMPARE(j["records"].toDouble(), a->records);
        QCOMPARE(j["dropped_rows"].toInt(), int(a->droppedRows));
    }

    void optimum()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        AnalysisState* st = w->state();
        st->setMode(RandomizationMode::Both);
        st->setTau(1.0 / 3.0);
        QSignalSpy done(w->workspace(), &Workspace::optimizationFinished);
        w->workspace()->optimize();
        QVERIFY(done.wait(60000));
        w->workspace()->waitForIdle();
        const auto result = done.takeFirst().at(0).value<rr::OptimizationResult>();
        QVERIFY(result.feasible);

        const CliRun r =
            runCli(QStringList{"optimize"} + adultComplete() + emgrw() + QStringList{"--mode", "both", "--l", "3"});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        const QJsonObject j = r.json();
        const auto a = w->workspace()->analysis();
        for (std::size_t i = 0; i < a->names.size(); ++i)
            compareBits(result.p[i], j["p"].toObject()[QString::fromStdString(a->names[i])].toDouble(),
                        a->names[i].c_str());
        compareBits(result.objective, j["objective"].toDouble(), "objective");
        compareBits(result.maxRisk, j["max_risk"].toDouble(), "max risk at the optimum");
        // The sliders hold the optimum exactly, so the views show the CLI's point.
        const std::vector<double> shown = w->workspace()->effectiveP();
        for (std::size_t i = 0; i < shown.size(); ++i)
            compareBits(shown[i], result.p[i], "slider value");
    }

    // The Protect step's re-identification bound (issue 22) reaches Optimize: the GUI's optimum is the CLI's
    // `--max-reidentification 0.2` optimum bit for bit, and the bound, not tau, set it.
    void optimumWithReidentificationBound()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN();
        AnalysisState* st = w->state();
        st->setMode(RandomizationMode::Both);
        st->setTau(1.0 / 3.0);
        auto* bound = w->findChild<QDoubleSpinBox*>("maxReidentification");
        QVERIFY(bound);
        bound->setValue(0.2);
        QCOMPARE(st->view().maxReidentification, 0.2);
        QSignalSpy done(w->workspace(), &Workspace::optimizationFinished);
        w->workspace()->optimize();
        QVERIFY(done.wait(120000));
        w->workspace()->waitForIdle();
        const auto result = done.takeFirst().at(0).value<rr::OptimizationResult>();
        QVERIFY(result.feasible && result.reidentificationBinding);
        QVERIFY(result.reidentification && result.reidentification->max <= 0.2);

        const CliRun r = runCli(QStringList{"optimize"} + adultComplete() + emgrw() +
                                QStringList{"--mode", "both", "--l", "3", "--max-reidentification", "0.2"});
        QVERIFY2(r.ok(), r.diagnostics().constData());
        const QJsonObject j = r.json();
        const auto a = w->workspace()->analysis();
        for (std::size_t i = 0; i < a->names.size(); ++i)
            compareBits(result.p[i], j["p"].toObject()[QString::fromStdString(a->names[i])].toDouble(),
                        a->names[i].c_str());
        compareBits(result.reidentification->max, j["reidentification"].toObject()["max"].toDouble(),
                    "re-identification at the optimum");
        QVERIFY(j["reidentification"].toObject()["binding"].toBool());
        bound->setValue(0);
        QCOMPARE(st->view().maxReidentification, 0.0);
    }
};

QTEST_MAIN(TestCliGuiParity)
#include "test_cli_gui_parity.moc"
