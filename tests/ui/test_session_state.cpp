// Never a stale result, sessions that keep what is shown, and undo (issue 11): the risk surface's record
// target and title follow roles, files and sessions; sessions keep only p in use, the surface axes shown and
// the import options (a COIL session reopens); a slider drag is one undo step named by its final value.
#include "SessionBytes.h"
#include "TestData.h"
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/analysis/RecordGroup.h"
#include "core/data/Errors.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/models/RiskyRecordsModel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/session/SessionCapture.h"
#include "ui/views/RecordGroupDialog.h"
#include "ui/views/RiskView.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"

#include <QBarSeries>
#include <QBarSet>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace rr;
using namespace rr::ui;

class TestSessionState : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QTemporaryDir tmp;

    AnalysisState* state() const { return w->state(); }
    void idle() const { w->workspace()->waitForIdle(); }
    QComboBox* target() const { return w->view<SurfaceView>("surface")->findChild<QComboBox*>("surfaceTarget"); }
    QString surfaceTitle() const { return w->view<SurfaceView>("surface")->chart()->chart()->title(); }
    static QByteArray readAll(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QJsonObject savedJson(const QString& name)
    {
        const QString path = tmp.filePath(name);
        w->workspace()->saveSession(path);
        return QJsonDocument::fromJson(readAll(path)).object();
    }

    // The selector and the title name one target: the record named in both, or max risk in both; the axis
    // boxes list the analysis's attributes and the chart is drawn over the boxes' attributes.
    void checkSurfaceAgrees()
    {
        const auto a = w->workspace()->analysis();
        const auto frame = w->view<SurfaceView>("surface")->chart()->data();
        QVERIFY(a && frame);
        QCOMPARE(w->view<SurfaceView>("surface")->xBox()->count(), a->axisCount());
        for (int i = 0; i < a->axisCount(); ++i)
            QCOMPARE(w->view<SurfaceView>("surface")->xBox()->itemText(i).toStdString(), a->names[static_cast<std::size_t>(i)]);
        QCOMPARE(w->view<SurfaceView>("surface")->xBox()->currentText().toStdString(), frame->xName);
        QCOMPARE(w->view<SurfaceView>("surface")->yBox()->currentText().toStdString(), frame->yName);
        if (target()->currentIndex() == 1) {
            QVERIFY(frame->cell.has_value());
            // The full title (the drawn one may shorten the record's label to fit the width).
            const QString full = w->view<SurfaceView>("surface")->chart()->fullTitle();
            QVERIFY2(full.startsWith("Risk of the record (" + QString::fromStdString(frame->cellLabel) + ")"),
                     qPrintable(full));
            QVERIFY2(surfaceTitle().startsWith("Risk of the record ("), qPrintable(surfaceTitle()));
            QVERIFY(target()->currentText().contains(QString::fromStdString(frame->cellLabel)));
        } else {
            QVERIFY(!frame->cell.has_value());
            QVERIFY2(surfaceTitle().startsWith("Max risk over records"), qPrintable(surfaceTitle()));
        }
    }

    // Selects the riskiest record in the Risk view and the record target on the surface.
    void targetRiskiestRecord()
    {
        w->showView("risk"); // as a person picks it: on the Risk page (a hidden page draws when shown)
        QTableView* table = w->view<RiskView>("risk")->recordsView();
        table->setCurrentIndex(table->model()->index(0, 0));
        w->showView("surface");
        idle();
        QCOMPARE(target()->currentIndex(), 0);
        target()->setCurrentIndex(1);
        emit target()->activated(1);
        idle();
        QVERIFY(state()->view().surfaceSelectedRecord);
        QCOMPARE(target()->currentIndex(), 1);
        checkSurfaceAgrees();
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QVERIFY(tmp.isValid());
    }

    void init()
    {
        w = testing::openSampleWindow();
        w->showView("surface");
        idle();
    }

    void cleanup() { w.reset(); }

    // After a role change the old record (five values) is no record of the new roles: the selector falls back to
    // max risk with the title, names no old record, and cannot be set to "record" until one is selected.
    void surfaceTargetAfterRoleChange()
    {
        targetRiskiestRecord();
        AnalysisSpec spec = state()->spec();
        spec.quasiIdentifiers.pop_back(); // EMGRW without race
        state()->setSpec(spec);
        idle();
        QCOMPARE(target()->currentIndex(), 0);
        QVERIFY(!state()->view().surfaceSelectedRecord);
        QVERIFY(state()->view().selectedRecord.empty());
        const auto* model = qobject_cast<const QStandardItemModel*>(target()->model());
        QVERIFY(model && !model->item(1)->isEnabled());
        checkSurfaceAgrees();
        // A record of the new roles can be targeted again, and the title follows.
        targetRiskiestRecord();
        QCOMPARE(state()->view().selectedRecord.size(), std::size_t(4));
    }

    // Another file: the selector and the title are about its attributes and max risk.
    void surfaceTargetAfterFileOpen()
    {
        targetRiskiestRecord();
        w->openCsv({QString::fromStdString(testdata::sharedData("coil2000/ticdata2000.txt"))});
        idle();
        QCOMPARE(target()->currentIndex(), 0);
        checkSurfaceAgrees();
        QVERIFY(!surfaceTitle().contains("education"));
    }

    // A session whose record is no record of its data and whose axes name no attribute: shown as max risk over
    // the default axes, and the state (hence the next save) says so.
    void surfaceTargetAfterSessionLoad()
    {
        targetRiskiestRecord();
        QJsonObject o = savedJson("record.json");
        QCOMPARE(o["view"].toObject()["surfaceTarget"].toString(), QString("record"));
        QJsonObject view = o["view"].toObject();
        view["selectedRecord"] = QJsonArray{"Doctorate", "Widowed", "Female", "Other", "Never-worked"};
        view["surfaceAxes"] = QJsonArray{"no-such", "sex"};
        o["view"] = view;
        const QString path = tmp.filePath("stale-record.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
        f.close();
        QVERIFY(w->openSession(path));
        idle();
        w->showView("surface");
        idle();
        QCOMPARE(target()->currentIndex(), 0);
        QCOMPARE(w->view<SurfaceView>("surface")->xBox()->currentText(), QString("education"));
        QCOMPARE(w->view<SurfaceView>("surface")->yBox()->currentText(), QString("sex"));
        checkSurfaceAgrees();
        const QJsonObject again = savedJson("again.json")["view"].toObject();
        QCOMPARE(again["surfaceTarget"].toString(), QString("max"));
        QCOMPARE(again["surfaceAxes"].toArray(), (QJsonArray{"education", "sex"}));
        QVERIFY(again["selectedRecord"].toArray().isEmpty());
    }

    // p of an attribute outside the roles is not saved; the surface axes saved are the ones drawn; save, load,
    // save gives the same bytes and the loaded window shows what the file says.
    void sessionKeepsShownState()
    {
        state()->setRetention("race", 0.8);
        state()->setRetention("education", 0.7);
        state()->setMode(RandomizationMode::Both);
        w->view<SurfaceView>("surface")->xBox()->setCurrentIndex(3); // race
        emit w->view<SurfaceView>("surface")->xBox()->activated(3);
        idle();
        QCOMPARE(state()->view().surfaceX, std::string("race"));
        AnalysisSpec spec = state()->spec();
        spec.quasiIdentifiers.pop_back(); // race leaves the roles
        state()->setSpec(spec);
        idle();
        const QJsonObject o = savedJson("shown.json");
        const QJsonObject p = o["p"].toObject();
        QVERIFY(!p.contains("race"));
        QCOMPARE(p["education"].toDouble(), 0.7);
        // The x axis drawn now (race is gone) is education's.
        QCOMPARE(o["view"].toObject()["surfaceAxes"].toArray(),
                 (QJsonArray{QString::fromStdString(w->view<SurfaceView>("surface")->chart()->data()->xName),
                             QString::fromStdString(w->view<SurfaceView>("surface")->chart()->data()->yName)}));
        QCOMPARE(o["view"].toObject()["surfaceAxes"].toArray()[0].toString(), QString("education"));

        // Round trip in a fresh window.
        const QByteArray first = readAll(tmp.filePath("shown.json"));
        w = std::make_unique<MainWindow>();
        w->show();
        QVERIFY(w->openSession(tmp.filePath("shown.json")));
        idle();
        w->showView("surface");
        idle();
        QCOMPARE(state()->retentions(), (std::map<std::string, double>{{"education", 0.7}}));
        QVERIFY(state()->mode() == RandomizationMode::Both);
        QCOMPARE(w->parameterPanel()->slider("education")->value(), 700);
        QCOMPARE(w->view<SurfaceView>("surface")->xBox()->currentText(), QString("education"));
        checkSurfaceAgrees();
        w->workspace()->saveSession(tmp.filePath("shown2.json"));
        QCOMPARE(readAll(tmp.filePath("shown2.json")), first);
    }

    // A drag over several values is one undo step named by the value it ended on; a drag back to its start
    // leaves no step.
    void dragUndoLabel()
    {
        QSlider* slider = w->parameterPanel()->slider("education");
        QUndoStack* undo = state()->undoStack();
        const int before = undo->count();
        slider->setSliderDown(true);
        for (int v : {950, 900, 820, 760, 700})
            slider->setValue(v);
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), before + 1);
        QCOMPARE(undo->undoText(), QString("p(education) = 0.700"));
        QCOMPARE(state()->retention("education"), 0.7);
        undo->undo();
        QCOMPARE(state()->retention("education"), 1.0);
        undo->redo();
        QCOMPARE(state()->retention("education"), 0.7);
        // There and back again: nothing to undo for this drag.
        slider->setSliderDown(true);
        for (int v : {650, 600, 650, 700})
            slider->setValue(v);
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), before + 1);
        QCOMPARE(undo->undoText(), QString("p(education) = 0.700"));
    }

    // COIL's tab file without a header row, with "?" and "NA" missing: the session keeps the import options
    // and reopens the file as it was read (86 columns named 1..86, the same roles).
    void coilSessionReopens()
    {
        const QString coil = QString::fromStdString(testdata::sharedData("coil2000/ticdata2000.txt"));
        CsvOptions options;
        options.hasHeader = false;
        options.delimiter = '\t';
        options.missingTokens = {"?", "NA"};
        w->openCsvWith({coil}, options);
        idle();
        QVERIFY(w->workspace()->analysis());
        const AnalysisSpec spec = state()->spec();
        const QJsonObject o = savedJson("coil.json");
        const QJsonObject import = o["import"].toObject();
        QCOMPARE(import["header"].toBool(true), false);
        QCOMPARE(import["delimiter"].toString(), QString("\t"));
        QCOMPARE(import["missing"].toArray(), (QJsonArray{"?", "NA"}));

        w = std::make_unique<MainWindow>();
        w->show();
        QVERIFY(w->openSession(tmp.filePath("coil.json")));
        idle();
        QVERIFY(w->workspace()->analysis());
        QCOMPARE(w->workspace()->source()->summary().attributes.size(), std::size_t(86));
        QCOMPARE(w->workspace()->source()->summary().attributes[0].name, std::string("1"));
        QCOMPARE(w->workspace()->analysis()->loadedRows, std::size_t(5822));
        QVERIFY(state()->spec() == spec);
        QCOMPARE(w->workspace()->csvOptions().missingTokens, (std::vector<std::string>{"?", "NA"}));
        QCOMPARE(w->workspace()->csvOptions().hasHeader, false);
        w->workspace()->saveSession(tmp.filePath("coil2.json"));
        QCOMPARE(readAll(tmp.filePath("coil2.json")), readAll(tmp.filePath("coil.json")));
    }

    // Double-clicking a risky record opens its QI group with core's numbers at the current p: each S value's
    // records, share and risk, the record clicked in bold.
    void riskyRecordGroup()
    {
        state()->setRetention("education", 0.6);
        state()->setRetention("marital-status", 0.8);
        w->showView("risk");
        idle();
        QTableView* table = w->view<RiskView>("risk")->recordsView();
        const RiskyRecord* rec = w->view<RiskView>("risk")->recordsModel()->recordAt(0);
        QVERIFY(rec);
        emit table->doubleClicked(table->model()->index(0, 1));
        auto* dialog = w->view<RiskView>("risk")->findChild<RecordGroupDialog*>("recordGroupDialog");
        QVERIFY(dialog && dialog->isVisible());
        const auto a = w->workspace()->analysis();
        DisclosureRiskModel model = a->model;
        const RecordGroup g = recordGroup(*a, model, w->workspace()->effectiveP(), rec->cell);
        const Eigen::VectorXd risk = model.evaluateWarner(w->workspace()->effectiveP());
        QCOMPARE(dialog->table()->rowCount(), static_cast<int>(g.cells.size()));
        QCOMPARE(g.cells.size(), std::size_t(7)); // the workclasses
        double records = 0;
        for (int r = 0; r < dialog->table()->rowCount(); ++r) {
            const GroupCell& c = g.cells[static_cast<std::size_t>(r)];
            QCOMPARE(dialog->table()->item(r, 0)->text().toStdString(), c.sensitiveValue);
            QCOMPARE(dialog->table()->item(r, 2)->text(), QString::number(c.share * 100, 'f', 1) + " %");
            if (c.defined)
                QCOMPARE(dialog->table()->item(r, 3)->text(), QString::number(c.risk, 'f', 4));
            else
                QVERIFY(dialog->table()->item(r, 3)->text().startsWith("undefined: no record"));
            QCOMPARE(dialog->table()->item(r, 0)->font().bold(), r == g.selected);
            records += c.records;
        }
        RR_COMPARE_NEAR(records, g.records, 0.0);
        // The clicked row is the record: its values, records and risk as the Risk view lists them.
        const GroupCell& mine = g.cells[static_cast<std::size_t>(g.selected)];
        QCOMPARE(mine.sensitiveValue, rec->values.back());
        RR_COMPARE_NEAR(mine.records, rec->records, 0.0);
        RR_COMPARE_NEAR(mine.risk, rec->risk, 1e-12);
        RR_COMPARE_NEAR(mine.risk, risk[rec->cell], 1e-12);
        for (std::size_t k = 0; k + 1 < rec->values.size(); ++k)
            QVERIFY(dialog->heading()->text().contains(QString::fromStdString(rec->values[k]).toHtmlEscaped()));
        const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(dialog->grab().save(dir + "/record_group.png"));
        }
        dialog->close();
    }

    // Trade-off curves are saved with the records and roles they were computed for: the loaded window draws the
    // same points, a second save gives the same bytes; other roles or changed records drop them with a message.
    void tradeOffRoundTrip()
    {
        ViewChoices v = state()->view();
        v.tradeOffMaxL = 3;
        state()->setView(v);
        w->workspace()->computeTradeOff();
        idle();
        const auto curve = w->workspace()->lastTradeOff();
        QVERIFY(curve && curve->points.size() == 6); // 3 modes x l = 2, 3
        const QJsonObject o = savedJson("tradeoff.json");
        const QJsonObject t = o["tradeOff"].toObject();
        QCOMPARE(t["points"].toArray().size(), 6);
        QCOMPARE(t["inputs"].toObject()["records"].toDouble(), 45222.0);
        QCOMPARE(t["inputs"].toObject()["sensitive"].toString(), QString("workclass"));
        QVERIFY(readAll(tmp.filePath("tradeoff.json")).size() < 8000); // compact: no records, no tables
        QList<QPointF> drawn[3];
        for (int m = 0; m < 3; ++m)
            drawn[m] = w->view<TradeOffView>("tradeoff")->chart()->curve(static_cast<RandomizationMode>(m));

        w = std::make_unique<MainWindow>();
        w->show();
        QVERIFY(w->openSession(tmp.filePath("tradeoff.json")));
        idle();
        const auto back = w->workspace()->lastTradeOff();
        QVERIFY(back);
        QCOMPARE(back->points.size(), curve->points.size());
        for (std::size_t i = 0; i < curve->points.size(); ++i) {
            const TradeOffPoint &a = curve->points[i], &b = back->points[i];
            QVERIFY(b.mode == a.mode);
            QCOMPARE(b.l, a.l);
            QCOMPARE(b.feasible, a.feasible);
            if (a.feasible) {
                QCOMPARE(b.maxRisk, a.maxRisk);
                QCOMPARE(b.utilityLoss, a.utilityLoss);
                QCOMPARE(b.p, a.p);
            } else {
                QCOMPARE(b.blockingRecords, a.blockingRecords);
            }
        }
        for (int m = 0; m < 3; ++m)
            QCOMPARE(w->view<TradeOffView>("tradeoff")->chart()->curve(static_cast<RandomizationMode>(m)), drawn[m]);
        QVERIFY(testing::allFinite(w->view<TradeOffView>("tradeoff")->chart()->chart()));
        w->workspace()->saveSession(tmp.filePath("tradeoff2.json"));
        QCOMPARE(readAll(tmp.filePath("tradeoff2.json")), readAll(tmp.filePath("tradeoff.json")));

        // Other roles than the curve's: not drawn, and the info bar says why.
        QJsonObject other = o;
        QJsonObject roles = other["roles"].toObject();
        roles["quasiIdentifiers"] = QJsonArray{"education", "marital-status", "sex"};
        other["roles"] = roles;
        const QString otherPath = tmp.filePath("tradeoff-other-roles.json");
        QFile f(otherPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(other).toJson());
        f.close();
        QVERIFY(w->openSession(otherPath));
        idle();
        QVERIFY(!w->workspace()->lastTradeOff());
        QVERIFY(w->view<TradeOffView>("tradeoff")->chart()->curve(RandomizationMode::QI).isEmpty());
        QVERIFY(w->infoBar()->text().contains("trade-off curves saved in the session were computed for other"));
        // Records that changed since (another fingerprint): dropped too.
        QJsonObject changed = o;
        QJsonObject saved = changed["tradeOff"].toObject();
        QJsonObject inputs = saved["inputs"].toObject();
        inputs["fingerprint"] = "0123456789abcdef";
        saved["inputs"] = inputs;
        changed["tradeOff"] = saved;
        const QString changedPath = tmp.filePath("tradeoff-changed.json");
        QFile g(changedPath);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(QJsonDocument(changed).toJson());
        g.close();
        QVERIFY(w->openSession(changedPath));
        idle();
        QVERIFY(!w->workspace()->lastTradeOff());
    }

    // The comparison is saved with its choices and the numbers its charts draw: the loaded window draws the same
    // bars (every measure) and heat map, says the released tables are not saved, and saves the same bytes;
    // other roles drop it with a message.
    void comparisonRoundTrip()
    {
        ComparisonView* view = w->view<ComparisonView>("comparison");
        view->lMaxSpin()->setValue(3);
        view->seedSpin()->setValue(5);
        view->run();
        QTRY_VERIFY_WITH_TIMEOUT(view->result() != nullptr, 60000);
        idle();
        const auto bars = [](ComparisonView* v) {
            QList<QList<qreal>> out;
            for (int i = 0; i < v->measureCombo()->count(); ++i) {
                v->measureCombo()->setCurrentIndex(i);
                for (QBarSet* set : v->barChart()->series()->barSets()) {
                    QList<qreal> values;
                    for (int k = 0; k < set->count(); ++k)
                        values << set->at(k);
                    out << values;
                }
            }
            return out;
        };
        const auto before = bars(view);
        QVERIFY(before.size() >= 9 * 3);
        const double heatMax = view->heatMap()->scaleMax();
        const int heatCells = view->heatMap()->cellCount();
        QVERIFY(heatCells > 0);
        QVERIFY(w->saveSession(tmp.filePath("comparison.json"))); // the window adds the comparison
        const QJsonObject o = QJsonDocument::fromJson(readAll(tmp.filePath("comparison.json"))).object();
        const QJsonObject c = o["comparison"].toObject();
        QCOMPARE(c["results"].toArray().size(), 2);
        QCOMPARE(c["choices"].toObject()["seed"].toString(), QString("5"));
        QCOMPARE(c["records"].toDouble(), 45222.0);
        QVERIFY(readAll(tmp.filePath("comparison.json")).size() < 40000); // no records, no released tables

        w = std::make_unique<MainWindow>();
        w->show();
        QVERIFY(w->openSession(tmp.filePath("comparison.json")));
        idle();
        view = w->view<ComparisonView>("comparison");
        QVERIFY(view->result());
        QCOMPARE(view->seedSpin()->value(), 5);
        QCOMPARE(view->lMaxSpin()->value(), 3);
        QCOMPARE(view->shownLSpin()->value(), 3);
        QCOMPARE(bars(view), before);
        QCOMPARE(view->heatMap()->cellCount(), heatCells);
        QCOMPARE(view->heatMap()->scaleMax(), heatMax);
        QVERIFY(view->statusLabel()->text().contains("released tables are not saved"));
        QVERIFY_THROWS_EXCEPTION(InputError, view->exportTables(tmp.filePath("none")));
        w->workspace()->waitForIdle();
        const QString again = tmp.filePath("comparison2.json");
        QVERIFY(w->saveSession(again));
        QCOMPARE(readAll(again), readAll(tmp.filePath("comparison.json")));

        // Other roles: not shown, and said.
        QJsonObject other = o;
        QJsonObject roles = other["roles"].toObject();
        roles["quasiIdentifiers"] = QJsonArray{"education", "marital-status", "sex"};
        other["roles"] = roles;
        const QString otherPath = tmp.filePath("comparison-other-roles.json");
        QFile f(otherPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(other).toJson());
        f.close();
        QVERIFY(w->openSession(otherPath));
        idle();
        QVERIFY(!view->result());
        QVERIFY(w->infoBar()->text().contains("comparison saved in the session was computed for other"));

        // A bad value names its field.
        QJsonObject bad = o;
        QJsonObject comparison = bad["comparison"].toObject();
        QJsonArray results = comparison["results"].toArray();
        QJsonObject first = results[0].toObject();
        QJsonObject methods = first["methods"].toObject();
        QString available; // the first method that gave a release at l = 2
        for (const QString key : {"lDiversity", "anatomy", "randomization"})
            if (available.isEmpty() && methods[key].toObject()["available"].toBool())
                available = key;
        QVERIFY(!available.isEmpty());
        QJsonObject method = methods[available].toObject();
        method["maxRisk"] = 7;
        methods[available] = method;
        first["methods"] = methods;
        results[0] = first;
        comparison["results"] = results;
        bad["comparison"] = comparison;
        try {
            // Without the program's places, sample: paths cannot resolve: name the folder itself.
            testing::sessionFromBytes(QJsonDocument(bad).toJson().replace(
                "sample:", QByteArray(RR_RESOURCES_DIR) + "/data/"));
            QFAIL("a max risk of 7 was accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("comparison.results[0].methods." + available + ".maxRisk"), e.what());
        }
        QJsonObject first2 = results[0].toObject();
        QJsonObject u = first2["originalUncertainty"].toObject();
        u.remove(u.keys().front());
        first2["originalUncertainty"] = u;
        results[0] = first2;
        comparison["results"] = results;
        bad["comparison"] = comparison;
        QVERIFY_THROWS_EXCEPTION(InputError, testing::sessionFromBytes(QJsonDocument(bad).toJson()));
    }

    // A saved result with a bad value is refused with the field named (never drawn as NaN).
    void badSavedTradeOff()
    {
        SessionData s;
        s.dataPaths = {"/x.csv"};
        s.spec.quasiIdentifiers = {"a"};
        s.spec.sensitive = "b";
        SavedTradeOff t;
        t.inputs.quasiIdentifiers = {"a"};
        t.inputs.sensitive = "b";
        t.inputs.records = 10;
        t.inputs.fingerprint = "0000000000000001";
        t.curve.lMax = 3;
        TradeOffPoint p;
        p.mode = RandomizationMode::Both;
        p.l = 2;
        p.feasible = true;
        p.maxRisk = 0.4;
        p.utilityLoss = 0.01;
        p.objective = 5;
        p.p = {0.9, 0.8};
        t.curve.points = {p};
        s.tradeOff = t;
        const QJsonObject good = QJsonDocument::fromJson(testing::sessionToBytes(s)).object();
        const SessionData back = testing::sessionFromBytes(testing::sessionToBytes(s));
        QVERIFY(back.tradeOff && back.tradeOff->curve.points.size() == 1);
        QCOMPARE(back.tradeOff->curve.points[0].p, p.p);
        QCOMPARE(back.tradeOff->inputs, t.inputs);
        const auto error = [&](const std::function<void(QJsonObject&)>& edit) {
            QJsonObject o = good;
            QJsonObject tr = o["tradeOff"].toObject();
            edit(tr);
            o["tradeOff"] = tr;
            try {
                testing::sessionFromBytes(QJsonDocument(o).toJson());
            } catch (const InputError& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        const auto point = [](QJsonObject& tr, const QString& key, const QJsonValue& value) {
            QJsonArray points = tr["points"].toArray();
            QJsonObject q = points[0].toObject();
            q[key] = value;
            points[0] = q;
            tr["points"] = points;
        };
        QVERIFY(error([&](QJsonObject& tr) { point(tr, "maxRisk", "x"); }).contains("tradeOff.points[0].maxRisk"));
        QVERIFY(error([&](QJsonObject& tr) { point(tr, "maxRisk", 1.5); }).contains("tradeOff.points[0].maxRisk"));
        QVERIFY(error([&](QJsonObject& tr) { point(tr, "p", QJsonArray{0.5}); }).contains("tradeOff.points[0].p"));
        QVERIFY(error([&](QJsonObject& tr) { point(tr, "l", 9); }).contains("tradeOff.points[0].l"));
        QVERIFY(error([&](QJsonObject& tr) { point(tr, "mode", "xy"); }).contains("xy"));
        QVERIFY(error([&](QJsonObject& tr) {
                    QJsonArray many;
                    for (int i = 0; i < kMaxSavedTradeOffPoints + 1; ++i)
                        many.append(tr["points"].toArray()[0]);
                    tr["points"] = many;
                }).contains("at most 57 points"));
        QVERIFY(error([&](QJsonObject& tr) { tr.remove("inputs"); }).contains("tradeOff.inputs"));
        // An undefined utility loss (null) is read as "not drawn" (infinite), never NaN.
        QVERIFY(error([&](QJsonObject& tr) { point(tr, "utilityLoss", QJsonValue()); }).isEmpty());
    }

    // Bad import options are refused with the field named.
    void badImportOptions()
    {
        const auto load = [](const QJsonObject& import) {
            SessionData s;
            s.dataPaths = {"/x.csv"};
            s.spec.quasiIdentifiers = {"a"};
            s.spec.sensitive = "b";
            QJsonObject o = QJsonDocument::fromJson(testing::sessionToBytes(s)).object();
            o["import"] = import;
            try {
                testing::sessionFromBytes(QJsonDocument(o).toJson());
            } catch (const InputError& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        QVERIFY(load(QJsonObject{{"header", "yes"}}).contains("'header'"));
        QVERIFY(load(QJsonObject{{"delimiter", "ab"}}).contains("'delimiter'"));
        QVERIFY(load(QJsonObject{{"missing", 3}}).contains("'missing'"));
        QCOMPARE(load(QJsonObject{{"header", false}, {"delimiter", ";"}}), QString());
    }
};

QTEST_MAIN(TestSessionState)
#include "test_session_state.moc"
