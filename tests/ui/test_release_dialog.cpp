// File > Release randomized table... on the Adult sample at the published RR-Both point for l = 4 (003 Table
// 5.2): the summary shows core's numbers, the write leaves the table and its notes (columns, JSON, matrices),
// a failed write leaves nothing, and the Data tab's preview is the seeded release.
#include "ui/mainwindow/DataPage.h"
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "core/release/Release.h"
#include "core/data/CsvReader.h"
#include "core/session/ReleaseLog.h"
#include "core/statfiles/StatFileSource.h"
#include "ui/charts/ChartStyle.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/release/ReleaseDialog.h"
#include "ui/session/AnalysisState.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cmath>
#include <map>

using namespace rr;
using namespace rr::ui;

namespace {

const std::map<std::string, double> kBothL4 = {
    {"education", 0.428}, {"marital-status", 0.780}, {"sex", 0.926}, {"race", 0.953}, {"workclass", 0.871}};

QString comboText(QTableWidget* t, const QString& column)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == column)
            return qobject_cast<QComboBox*>(t->cellWidget(r, 2))->currentText();
    return {};
}

QString cell(QTableWidget* t, const QString& column, int c)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == column)
            return t->item(r, c) ? t->item(r, c)->text() : QString();
    return {};
}

} // namespace

class TestReleaseDialog : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QTemporaryDir tmp;

    std::unique_ptr<ReleaseDialog> dialog() { return std::unique_ptr<ReleaseDialog>(w->createReleaseDialog()); }

    // With RR_SCREENSHOT_DIR set (run under Xvfb), saves the widget for the README.
    static void screenshot(QWidget* widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR");
        if (dir.isEmpty())
            return;
        widget->show();
        for (int i = 0; i < 5; ++i) {
            QApplication::processEvents();
            QTest::qWait(30);
        }
        QVERIFY(widget->grab().save(dir + "/" + name + ".png"));
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        w->state()->setMode(RandomizationMode::Both);
        w->state()->setTau(0.25);
        w->state()->setRetentions(kBothL4, "Table 5.2");
        w->workspace()->waitForIdle();
        QVERIFY(tmp.isValid());
    }
    void cleanupTestCase() { w.reset(); }

    // The summary: ignored columns dropped, analysed ones randomized at their p with d and epsilon; the records
    // the policy drops; the max risk (0.2631, FIDELITY) above tau = 0.25; the matrices of the 5 columns.
    void summaryOfAdult()
    {
        auto d = dialog();
        QVERIFY(d);
        QVERIFY(d->summary().has_value());
        const ReleaseSummary& s = *d->summary();
        QTableWidget* t = d->columnTable();
        QCOMPARE(t->rowCount(), 15);
        for (const char* ignored : {"age", "fnlwgt", "occupation", "native-country", "class"})
            QCOMPARE(comboText(t, ignored), QString("dropped"));
        for (const auto& [name, p] : kBothL4) {
            const QString n = QString::fromStdString(name);
            QCOMPARE(comboText(t, n), QString("randomized"));
            QCOMPARE(cell(t, n, 4), QString::number(p, 'f', 3));
        }
        QCOMPARE(cell(t, "workclass", 3), QString("7"));
        QCOMPARE(cell(t, "education", 3), QString("16"));
        // epsilon with its band in words (issue 20): workclass ln(0.871 x 6 / 0.129) = 3.70, weak
        QCOMPARE(cell(t, "workclass", 5), QString::number(warnerEpsilon(7, 0.871), 'f', 3) + " (weak)");
        QCOMPARE(s.droppedRows, std::size_t(3620));
        QCOMPARE(s.releasedRows, std::size_t(45222));
        RR_COMPARE_NEAR(s.risk.maxRisk, 0.2631, 5e-5);

        const QString text = d->summaryText();
        QVERIFY2(text.contains(style::count(3620) + " dropped"), qPrintable(text));
        QVERIFY(text.contains(style::count(45222) + " released"));
        QVERIFY(text.contains(QString::number(s.risk.maxRisk, 'f', 4)));
        QVERIFY(text.contains(style::count(s.risk.recordsOverTau) + " records above the target"));
        QVERIFY(s.risk.recordsOverTau > 0);
        QVERIFY(text.contains("RR-Both"));
        QVERIFY2(text.contains("Weak: a released record changes the odds between any two original records at most"),
                 qPrintable(text));
        const QString m = d->matricesHtml();
        QCOMPARE(m.count("<h3>"), 5);
        QVERIFY(m.contains("workclass (d = 7, p = 0.8710, q = 0.021500)"));
        screenshot(d.get(), "release");

        // Keeping an ignored column in clear warns that the risk does not cover it; the summary follows.
        d->setAction("age", ReleaseAction::KeepClear);
        QVERIFY(d->summaryText().contains("'age' is kept in clear"));
        QCOMPARE(d->summary()->releasedNames().front(), std::string("age"));
        // Randomize is offered only for modelled columns: the item is disabled.
        auto* combo = qobject_cast<QComboBox*>(t->cellWidget(0, 2));
        QCOMPARE(combo->itemData(0, Qt::UserRole - 1).toInt(), 0);
    }

    // The write: the CSV holds the 5 randomized columns of the 45,222 kept records; the JSON note parses, its
    // matrices' columns sum to 1; the HTML note exists; a second write to the same name is refused.
    void writesTableAndNotes()
    {
        auto d = dialog();
        const QString path = tmp.filePath("adult-release.csv");
        QVERIFY(d->startWrite(path, false));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        QVERIFY(d->lastMessage().contains("secure"));

        const Table back = readCsv({path.toStdString()});
        QCOMPARE(back.rowCount(), std::size_t(45222));
        std::vector<std::string> names;
        for (const Attribute& a : back.attributes)
            names.push_back(a.name);
        QCOMPARE(names, (std::vector<std::string>{"workclass", "education", "marital-status", "race", "sex"}));

        QFile json(tmp.filePath("adult-release.note.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject note = QJsonDocument::fromJson(json.readAll(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(note["records"].toInt(), 45222);
        QVERIFY(!note.contains("risk") && !note.contains("source")); // the public note judges nothing
        QFile auditFile(tmp.filePath("adult-release.audit.json"));
        QVERIFY(auditFile.open(QIODevice::ReadOnly));
        const QJsonObject audit = QJsonDocument::fromJson(auditFile.readAll(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(audit["rows"].toObject()["released"].toInt(), 45222);
        QCOMPARE(audit["rows"].toObject()["dropped_by_missing_policy"].toInt(), 3620);
        RR_COMPARE_NEAR(audit["risk"].toObject()["max"].toDouble(), 0.2631, 5e-5);
        QVERIFY(d->lastMessage().contains("adult-release.audit.html"));
        const QJsonArray matrices = note["matrices"].toArray();
        QCOMPARE(matrices.size(), 5);
        for (const auto& mv : matrices) {
            const QJsonArray rows = mv.toObject()["matrix"].toArray();
            const int dim = mv.toObject()["d"].toInt();
            QCOMPARE(rows.size(), dim);
            for (int v = 0; v < dim; ++v) {
                double sum = 0;
                for (int u = 0; u < dim; ++u)
                    sum += rows[u].toArray()[v].toDouble();
                RR_COMPARE_NEAR(sum, 1.0, 1e-12);
            }
        }
        QVERIFY(QFile::exists(tmp.filePath("adult-release.note.html")));

        QVERIFY(d->startWrite(path, false));
        d->waitForWrite();
        QVERIFY(!d->lastWriteSucceeded());
        QVERIFY2(d->lastMessage().contains("exists already"), qPrintable(d->lastMessage()));
    }

    // The same release as an SPSS file (issue 21): the name's extension picks the format; the file reads back
    // through our statistical-file reader with the kept records and every column's values as labels; the notes
    // lie beside it (adult-release.note.json, not adult-release.sav.note.json).
    void writesSpssFile()
    {
        auto d = dialog();
        const QString path = tmp.filePath("spss/adult-release.sav");
        QVERIFY(QDir().mkpath(tmp.filePath("spss")));
        QVERIFY(d->startWrite(path, false));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        const auto back = StatFileSource::open(path.toStdString(), StatFormat::Sav);
        QCOMPARE(back->summary().rows, std::size_t(45222));
        QCOMPARE(back->attributeNames(),
                 (std::vector<std::string>{"workclass", "education", "marital_status", "race", "sex"}));
        const AttributeDetails* marital = back->attributeDetails("marital_status");
        QVERIFY(marital);
        QCOMPARE(marital->label, std::string("marital-status"));
        QCOMPARE(marital->codes.size(), std::size_t(7)); // the seven marital statuses, each a value label
        QVERIFY(QFile::exists(tmp.filePath("spss/adult-release.note.json")));
        QVERIFY(QFile::exists(tmp.filePath("spss/adult-release.note.html")));
    }

    // One draw as CSV and Stata at once (issue 46): the same records in both (our readers count the same), the
    // public note names both; the release log then makes the next dialog warn, and the second release's audit
    // note lists the first with the epsilons added up.
    void oneDrawInTwoFormatsIsRemembered()
    {
        const QString log = tmp.filePath("log/releases.jsonl");
        QVERIFY(QDir().mkpath(tmp.filePath("twice")));
        auto d = dialog();
        d->setReleaseLogPath(log);
        QVERIFY(!d->summaryText().contains("released before"));
        QVERIFY(d->alsoAsBox(".dta"));
        d->alsoAsBox(".dta")->setChecked(true);
        QVERIFY(d->startWrite(tmp.filePath("twice/first.csv"), false));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        QVERIFY2(d->lastMessage().contains("first.dta"), qPrintable(d->lastMessage()));
        const Table csv = readCsv({tmp.filePath("twice/first.csv").toStdString()});
        const auto dta = StatFileSource::open(tmp.filePath("twice/first.dta").toStdString(), StatFormat::Dta);
        QCOMPARE(dta->summary().rows, csv.rowCount());
        for (const Attribute& a : csv.attributes) {
            const std::string name = a.name == "marital-status" ? "marital_status" : a.name;
            const AttributeSummary& s = dta->summary().attribute(name);
            std::map<std::string, double> fromCsv, fromDta;
            for (const auto code : a.codes)
                fromCsv[a.categories[static_cast<std::size_t>(code)]] += 1;
            for (std::size_t k = 0; k < s.categories.size(); ++k)
                fromDta[s.categories[k]] = s.counts[k];
            QVERIFY2(fromCsv == fromDta, a.name.c_str());
        }
        QFile note(tmp.filePath("twice/first.note.json"));
        QVERIFY(note.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(note.readAll()).object()["same_records_in"].toArray(), QJsonArray{"first.dta"});
        // The dialog itself now knows it: a second write from it is a second draw.
        QVERIFY2(d->summaryText().contains("released before"), qPrintable(d->summaryText()));
        auto again = dialog();
        again->setReleaseLogPath(log);
        QVERIFY(again->summary() && !again->summary()->previousReleases.empty());
        QVERIFY2(again->summaryText().contains("released before"), qPrintable(again->summaryText()));
        screenshot(again.get(), "release-dialog-released-before");
        QVERIFY(again->startWrite(tmp.filePath("twice/second.csv"), false));
        again->waitForWrite();
        QVERIFY2(again->lastWriteSucceeded(), qPrintable(again->lastMessage()));
        QFile auditFile(tmp.filePath("twice/second.audit.json"));
        QVERIFY(auditFile.open(QIODevice::ReadOnly));
        const QJsonObject audit = QJsonDocument::fromJson(auditFile.readAll()).object();
        const QJsonArray previous = audit["previous_releases"].toArray();
        QCOMPARE(previous.size(), 1);
        QCOMPARE(previous[0].toObject()["outputs"].toArray().size(), 2);
        // education at p = 0.428 with 16 values: epsilon ln(p (d-1) / (1-p)), twice
        const double education = 2 * std::log(0.428 * 15 / (1 - 0.428));
        RR_COMPARE_NEAR(audit["combined_epsilon"].toObject()["education"].toDouble(), education, 1e-9);
        bool warned = false, linked = false;
        for (const auto& w : audit["warnings"].toArray()) {
            warned = warned || w.toString().contains("released before");
            linked = linked || w.toString().contains("Linking a person's records across the releases reveals up to");
        }
        QVERIFY(warned);
        QVERIFY(linked);
        // 003's measure through the product of the two draws' channels: above this release's 0.2631 alone.
        const QJsonObject combined = audit["combined_risk"].toObject();
        RR_COMPARE_NEAR(combined["this_release_max_risk"].toDouble(), 0.2631, 5e-4);
        QVERIFY2(combined["max_risk"].toDouble() > combined["this_release_max_risk"].toDouble() + 0.01,
                 qPrintable(QString::number(combined["max_risk"].toDouble())));
        QVERIFY(combined["max_risk"].toDouble() <= 1);
        QVERIFY(combined["records_over_tau"].toDouble() > 0);
        QCOMPARE(combined["tau"].toDouble(), 0.25);
    }

    // The log is a preference: Move... copies what it holds to the new place, later dialogs use it; a log in the
    // folder of the release is refused, nothing written.
    void releaseLogMovesAndStaysApart()
    {
        const QString log = tmp.filePath("log/releases.jsonl"); // the previous test's two releases
        auto d = dialog();
        d->setReleaseLogPath(log);
        const QString moved = tmp.filePath("kept/elsewhere/releases.jsonl");
        QVERIFY(d->moveReleaseLog(moved));
        QCOMPARE(readReleaseLog(moved.toStdString()).size(), readReleaseLog(log.toStdString()).size());
        QCOMPARE(QFile(moved).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        auto later = dialog();
        QVERIFY2(later->summaryText().contains("released before"), qPrintable(later->summaryText()));

        later->setReleaseLogPath(tmp.filePath("beside/releases.jsonl"));
        QVERIFY(QDir().mkpath(tmp.filePath("beside")));
        QVERIFY(!later->startWrite(tmp.filePath("beside/table.csv"), false));
        QVERIFY2(later->lastMessage().contains("beside the release"), qPrintable(later->lastMessage()));
        QVERIFY(!QFile::exists(tmp.filePath("beside/table.csv")));
        QSettings().remove(ReleaseDialog::kReleaseLogSetting);
    }

    // A set that cannot be completed (the HTML note's name is a folder) leaves none of its files.
    void failedWriteLeavesNothing()
    {
        QDir(tmp.path()).mkpath("broken.note.html");
        auto d = dialog();
        QVERIFY(d->startWrite(tmp.filePath("broken.csv"), true));
        d->waitForWrite();
        QVERIFY(!d->lastWriteSucceeded());
        QVERIFY(d->lastMessage().startsWith("Nothing was written"));
        QVERIFY(!QFile::exists(tmp.filePath("broken.csv")));
        QVERIFY(!QFile::exists(tmp.filePath("broken.note.json")));
        for (const QString& f : QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden))
            QVERIFY2(!f.startsWith("broken") && !f.startsWith(".broken"), qPrintable(f));
    }

    // Cancel right after Write: nothing is written (no table, no note, no temporary file) once the job is
    // joined, and the dialog says so.
    void cancelLeavesNothing()
    {
        QVERIFY(QDir(tmp.path()).mkpath("cancel"));
        const QString folder = tmp.filePath("cancel");
        auto d = dialog();
        QVERIFY(d->startWrite(folder + "/c.csv", false));
        QVERIFY(d->isWriting());
        d->cancelWrite();
        QVERIFY(!d->isWriting());
        QCOMPARE(d->lastMessage(), QString("Cancelled: nothing was written."));
        d.reset(); // joins the job
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{});
    }

    // Off by default the records leave in random order; the box keeps the source's order, with a warning in
    // the dialog and in both notes.
    void keepOrderIsFlagged()
    {
        auto d = dialog();
        QVERIFY(!d->keepOrderBox()->isChecked());
        QVERIFY(d->summaryText().contains("<b>Record order</b>: random"));
        d->keepOrderBox()->setChecked(true);
        QVERIFY(d->summaryText().contains("<b>Record order</b>: the source's"));
        const QString path = tmp.filePath("ordered.csv");
        QVERIFY(d->startWrite(path, false));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        QVERIFY2(d->lastMessage().contains("source's order (a risk)"), qPrintable(d->lastMessage()));
        QFile json(tmp.filePath("ordered.note.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject order = QJsonDocument::fromJson(json.readAll()).object()["record_order"].toObject();
        QCOMPARE(order["random"].toBool(), false);
        QVERIFY(order["note"].toString().contains("align"));
        QFile html(tmp.filePath("ordered.note.html"));
        QVERIFY(html.open(QIODevice::ReadOnly));
        QVERIFY(html.readAll().contains("<strong>Warning:</strong> Record order"));
    }

    // The Data tab's preview shows the release (5 columns, 45,222 records), labelled as a seeded preview; off
    // again, the loaded table (15 columns, 48,842 rows).
    void dataPreview()
    {
        QAbstractItemModel* model = w->view<DataPage>("data")->records()->model();
        QCOMPARE(model->columnCount(), 15);
        w->view<DataPage>("data")->previewToggle()->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(w->view<DataPage>("data")->previewNote()->text().contains("PREVIEW"), 20000);
        QVERIFY(w->view<DataPage>("data")->previewNote()->text().contains("seed 1"));
        QCOMPARE(model->columnCount(), 5);
        QCOMPARE(model->rowCount(), 45222);
        QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), QString("workclass"));
        w->showView("data");
        w->infoBar()->hide();
        screenshot(w.get(), "data-preview");
        w->view<DataPage>("data")->previewToggle()->setChecked(false);
        QCOMPARE(model->columnCount(), 15);
        QCOMPARE(model->rowCount(), 48842);
        QVERIFY(w->view<DataPage>("data")->previewNote()->text().isEmpty());
    }
};

QTEST_MAIN(TestReleaseDialog)
#include "test_release_dialog.moc"
