// Issue 20, bug 13: COIL's columns named from its data dictionary in the import dialog, and a column renamed
// from the Attributes panel's Rename… (the data read again under the new name, the roles, p and view choices
// following it, one undo step, kept by a saved session).
#include "TestData.h"
#include "UiTestSupport.h"

#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/models/AttributeModel.h"
#include "ui/panels/AttributePanel.h"
#include "ui/session/AnalysisState.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace rr;
using namespace rr::ui;

namespace {

const QString kNames = QStringLiteral(RR_TESTS_DIR "/data/coil2000-names.txt");

QString coil()
{
    return QString::fromStdString(testdata::sharedData("coil2000/ticdata2000.txt"));
}

std::vector<std::string> names(const DataSource& source)
{
    std::vector<std::string> out;
    for (const auto& a : source.summary().attributes)
        out.push_back(a.name);
    return out;
}

// Types `text` into the next QInputDialog as soon as it shows and accepts it.
void answerInputDialog(const QString& text)
{
    QTimer::singleShot(0, [text] {
        for (int i = 0; i < 250; ++i) {
            for (QWidget* widget : QApplication::topLevelWidgets())
                if (auto* d = qobject_cast<QInputDialog*>(widget); d && d->isVisible()) {
                    d->setTextValue(text);
                    d->accept();
                    return;
                }
            QTest::qWait(20);
        }
    });
}

} // namespace

class TestColumnNamesUi : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;
    QTemporaryDir m_dir;

    // COIL opened as the import dialog's names make it: columns MOSTYPE .. CARAVAN; roles by name.
    void openNamedCoil()
    {
        ImportDialog dialog({coil()});
        QVERIFY(dialog.loadColumnNames(kNames));
        w->openCsvWith({coil()}, dialog.options());
        w->workspace()->waitForIdle();
        AnalysisSpec spec;
        spec.quasiIdentifiers = {"MOPLLAAG", "PPERSAUT"};
        spec.sensitive = "CARAVAN";
        spec.policy = MissingPolicy::DropIncomplete;
        w->state()->restore(w->state()->dataPaths(), spec, RandomizationMode::QI, {{"PPERSAUT", 0.8}}, 1.0 / 3.0,
                            w->state()->view());
        ViewChoices view = w->state()->view();
        view.distributionA = "PPERSAUT";
        w->state()->setView(view);
        w->workspace()->waitForIdle();
        QVERIFY(w->workspace()->analysis());
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QVERIFY(m_dir.isValid());
        w = testing::openSampleWindow();
    }
    void cleanupTestCase() { w.reset(); }

    // COIL opened without names: the message that announces the roles says how to name the numbered columns;
    // opened with names, it does not.
    void numberedColumnsSayHowToNameThem()
    {
        CsvOptions numbered;
        numbered.hasHeader = false;
        w->openCsvWith({coil()}, numbered);
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        QVERIFY2(w->infoBar()->text().contains("no header row, so its columns are numbered") &&
                     w->infoBar()->text().contains("Rename"),
                 qPrintable(w->infoBar()->text()));
        ImportDialog dialog({coil()});
        QVERIFY(dialog.loadColumnNames(kNames));
        w->openCsvWith({coil()}, dialog.options());
        w->workspace()->waitForIdle();
        QApplication::processEvents();
        QVERIFY2(!w->infoBar()->text().contains("no header row"), qPrintable(w->infoBar()->text()));
    }

    // The dialog's names show in the preview with the dictionary's descriptions; a bad file says why.
    void importDialogNames()
    {
        ImportDialog dialog({coil()});
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(46)->text(), QString("47"));
        QVERIFY(!dialog.namesButton()->accessibleName().isEmpty());
        QVERIFY(dialog.loadColumnNames(kNames));
        QCOMPARE(dialog.previewTable()->columnCount(), 86);
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(46)->text(), QString("PPERSAUT"));
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(85)->text(), QString("CARAVAN"));
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(46)->toolTip(), QString("Contribution car policies"));
        QVERIFY2(dialog.problemLabel()->text().contains("86 columns, named from the file"),
                 qPrintable(dialog.problemLabel()->text()));
        QCOMPARE(dialog.findChild<QLabel*>("importNamesFile")->text(), QString("86 names from coil2000-names.txt"));
        const CsvOptions o = dialog.options();
        QCOMPARE(o.columnNames.size(), std::size_t(86));
        QCOMPARE(o.columnLabels[85], std::string("Number of mobile home policies 0 - 1"));

        QFile bad(m_dir.filePath("twice.txt"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("a\nb\na\n");
        bad.close();
        QVERIFY(!dialog.loadColumnNames(bad.fileName()));
        QVERIFY2(dialog.problemLabel()->text().contains("given twice"), qPrintable(dialog.problemLabel()->text()));
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(46)->text(), QString("PPERSAUT")); // the good names stay
        dialog.clearNamesButton()->click();
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(46)->text(), QString("47"));
        QVERIFY(dialog.options().columnNames.empty());
    }

    // Rename… from the panel's menu: data, roles, p and the view follow; undo restores; a session keeps it.
    void renameFollowsAndUndoes()
    {
        openNamedCoil();
        const auto source = w->workspace()->source();
        QCOMPARE(source->summary().attributes[46].name, std::string("PPERSAUT"));
        QCOMPARE(source->attributeLabel("PPERSAUT"), std::string("Contribution car policies"));
        const int steps = w->state()->undoStack()->count();

        // The menu's action, answered like a user would.
        AttributeModel* model = w->attributePanel()->model();
        int row = -1;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->name(r) == "PPERSAUT")
                row = r;
        QVERIFY(row >= 0);
        std::unique_ptr<QMenu> menu(w->attributePanel()->contextMenuFor(row, nullptr));
        QAction* rename = menu->findChild<QAction*>("renameAction");
        QVERIFY(rename);
        answerInputDialog("CAR_CONTRIB");
        rename->trigger();
        w->workspace()->waitForIdle();

        const auto renamed = w->workspace()->source();
        QVERIFY(renamed != source); // read again
        QCOMPARE(renamed->summary().attributes[46].name, std::string("CAR_CONTRIB"));
        QCOMPARE(renamed->summary().attributes[45].name, std::string("PWALAND"));
        QCOMPARE(renamed->attributeLabel("CAR_CONTRIB"), std::string("Contribution car policies")); // label follows
        QCOMPARE(w->state()->spec().quasiIdentifiers, (std::vector<std::string>{"MOPLLAAG", "CAR_CONTRIB"}));
        QCOMPARE(w->state()->retention("CAR_CONTRIB"), 0.8);
        QCOMPARE(w->state()->retentions().count("PPERSAUT"), std::size_t(0));
        QCOMPARE(w->state()->view().distributionA, std::string("CAR_CONTRIB"));
        QVERIFY(w->workspace()->analysis());
        QCOMPARE(w->workspace()->analysis()->spec.quasiIdentifiers[1], std::string("CAR_CONTRIB"));
        QCOMPARE(w->state()->undoStack()->count(), steps + 1);
        QCOMPARE(w->workspace()->csvOptions().columnNames[46], std::string("CAR_CONTRIB"));

        // Refused: a name in use, an empty one; nothing changes and the info bar says why.
        QVERIFY(!w->renameAttribute("CARAVAN", "MOSTYPE"));
        QVERIFY2(w->infoBar()->text().contains("already names another column"), qPrintable(w->infoBar()->text()));
        QVERIFY(!w->renameAttribute("CARAVAN", ""));
        QVERIFY(w->infoBar()->text().contains("needs a name"));
        QCOMPARE(w->state()->undoStack()->count(), steps + 1);

        // Undo reads the data under the old name again and moves the choices back.
        w->state()->undoStack()->undo();
        w->workspace()->waitForIdle();
        QCOMPARE(names(*w->workspace()->source())[46], std::string("PPERSAUT"));
        QCOMPARE(w->state()->spec().quasiIdentifiers, (std::vector<std::string>{"MOPLLAAG", "PPERSAUT"}));
        QCOMPARE(w->state()->retention("PPERSAUT"), 0.8);
        QCOMPARE(w->state()->view().distributionA, std::string("PPERSAUT"));
        QVERIFY(w->workspace()->analysis());
        w->state()->undoStack()->redo();
        w->workspace()->waitForIdle();
        QCOMPARE(names(*w->workspace()->source())[46], std::string("CAR_CONTRIB"));

        // The saved session keeps the new name; reopened after other data, COIL comes back under it.
        const QString session = m_dir.filePath("coil.json");
        QVERIFY(w->saveSession(session));
        QFile f(session);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(j["import"]["names"][46].get<std::string>(), std::string("CAR_CONTRIB"));
        QCOMPARE(j["import"]["labels"][46].get<std::string>(), std::string("Contribution car policies"));
        QCOMPARE(j["roles"]["quasiIdentifiers"][1].get<std::string>(), std::string("CAR_CONTRIB"));
        w->openInitial({}); // the Adult sample
        w->workspace()->waitForIdle();
        QCOMPARE(names(*w->workspace()->source())[0], std::string("age"));
        QVERIFY(w->openSession(session));
        w->workspace()->waitForIdle();
        QCOMPARE(names(*w->workspace()->source())[46], std::string("CAR_CONTRIB"));
        QCOMPARE(w->state()->spec().quasiIdentifiers, (std::vector<std::string>{"MOPLLAAG", "CAR_CONTRIB"}));
        QCOMPARE(w->state()->retention("CAR_CONTRIB"), 0.8);
        QVERIFY(w->workspace()->analysis());
    }

    // Renaming a column of a file with a header works the same way (the names replace the header's).
    void renameWithHeader()
    {
        w->openInitial({});
        w->workspace()->waitForIdle();
        QVERIFY(w->renameAttribute("sex", "gender"));
        w->workspace()->waitForIdle();
        const std::vector<std::string> n = names(*w->workspace()->source());
        QVERIFY(std::find(n.begin(), n.end(), "gender") != n.end());
        QVERIFY(std::find(n.begin(), n.end(), "sex") == n.end());
        const auto& qi = w->state()->spec().quasiIdentifiers;
        QVERIFY(std::find(qi.begin(), qi.end(), "gender") != qi.end()); // EMGRW's QI follows
    }
};

QTEST_MAIN(TestColumnNamesUi)
#include "test_column_names.moc"
