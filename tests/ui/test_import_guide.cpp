// Import options (COIL's headerless tab file opens; the preview shows the first rows as read), the roles
// announcement, a typed p outside (1/d, 1] corrected with a message, the attribute panel's d agreeing with
// the slider's, the Data tab's QI/S header marks, and Help > Guide with its sources named in full.
#include "ui/mainwindow/DataPage.h"
#include "TestData.h"
#include "TestSupport.h"
#include "UiTestSupport.h"

#include "ui/help/GuideDialog.h"
#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/models/AttributeModel.h"
#include "ui/panels/AttributePanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>

using namespace rr;
using namespace rr::ui;

class TestImportGuide : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    AttributeModel* attributeModel() const
    {
        return qobject_cast<AttributeModel*>(w->attributePanel()->findChild<QTableView*>()->model());
    }
    int attributeRow(const QString& name) const
    {
        for (int r = 0; r < attributeModel()->rowCount(); ++r)
            if (attributeModel()->index(r, AttributeModel::Name).data().toString() == name)
                return r;
        return -1;
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
    }
    void cleanupTestCase() { w.reset(); }

    // The sample's roles were the program's: the info bar says so (and names them).
    void rolesAnnounced()
    {
        QVERIFY2(w->infoBar()->text().contains("Roles were assigned automatically"), qPrintable(w->infoBar()->text()));
        QVERIFY(w->infoBar()->text().contains("sensitive workclass"));
    }

    // workclass: 8 categories in the file, d = 7 analysed (Never-worked occurs only in records with a missing
    // value, which the policy drops); the slider counts 7: minimum 0.143 = first thousandth above 1/7.
    void attributeCategoriesAgreeWithSlider()
    {
        const int row = attributeRow("workclass");
        QVERIFY(row >= 0);
        QCOMPARE(attributeModel()->index(row, AttributeModel::Categories).data().toString(), QString("8 (d=7)"));
        QCOMPARE(attributeModel()->categoriesNotAnalysed(row), QStringList{"Never-worked"});
        QVERIFY(attributeModel()
                    ->index(row, AttributeModel::Categories)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("Never-worked occurs only in records the missing-value policy drops"));
        QCOMPARE(w->workspace()->analysis()->dims.back(), 7);
        QCOMPARE(attributeModel()->index(attributeRow("sex"), AttributeModel::Categories).data().toString(),
                 QString("2"));
    }

    // A typed p at or below 1/d is corrected to the smallest allowed, with a message naming both.
    void typedRetentionCorrected()
    {
        QDoubleSpinBox* spin = w->parameterPanel()->spinBox("sex");
        QVERIFY(spin);
        spin->setValue(0.3);
        QCOMPARE(spin->value(), 0.501);
        QCOMPARE(w->state()->retention("sex"), 0.501);
        QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Warning);
        QVERIFY2(w->infoBar()->text().contains("p(sex) = 0.300 is not above 1/d = 1/2"),
                 qPrintable(w->infoBar()->text()));
        QVERIFY(w->infoBar()->text().contains("set to 0.501"));
        spin->setValue(0.8); // inside the range: taken as typed
        QCOMPARE(w->state()->retention("sex"), 0.8);
        w->state()->resetParameters();
        w->workspace()->waitForIdle();
    }

    // QI columns in blue, S in vermillion, bold, with a tooltip; ignored columns plain.
    void dataTabMarksRoles()
    {
        QAbstractItemModel* m = w->view<DataPage>("data")->records()->model();
        QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QString("workclass"));
        QCOMPARE(m->headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString(), QString("sensitive attribute (S)"));
        QCOMPARE(m->headerData(3, Qt::Horizontal, Qt::ToolTipRole).toString(), QString("quasi-identifier (QI)"));
        QCOMPARE(m->headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString(), QString("no role (ignored)"));
        QCOMPARE(m->headerData(1, Qt::Horizontal, Qt::ForegroundRole).value<QBrush>().color(),
                 QColor(0xB0, 0x3A, 0x00));
        QCOMPARE(m->headerData(3, Qt::Horizontal, Qt::ForegroundRole).value<QBrush>().color(),
                 QColor(0x00, 0x5A, 0x9C));
        QVERIFY(!m->headerData(0, Qt::Horizontal, Qt::ForegroundRole).isValid());
    }

    // COIL's tab file: the dialog guesses "no header" (tab detected); the preview shows 86 columns 1..86 and the first
    // record; ticking "header" shows the problem; opening with the dialog's options loads 5,822 rows.
    void importCoil()
    {
        const QString coil = QString::fromStdString(testdata::sharedData("coil2000/ticdata2000.txt"));
        ImportDialog dialog({coil});
        QVERIFY(!dialog.headerBox()->isChecked());
        QCOMPARE(dialog.delimiterBox()->currentData().toInt(), 0); // detected: tab
        QCOMPARE(dialog.previewTable()->columnCount(), 86);
        QCOMPARE(dialog.previewTable()->horizontalHeaderItem(85)->text(), QString("86"));
        QCOMPARE(dialog.previewTable()->item(0, 0)->text(), QString("33"));
        QVERIFY(dialog.problemLabel()->text().contains("named 1 to 86"));
        dialog.headerBox()->setChecked(true);
        QVERIFY(dialog.problemLabel()->text().contains("twice"));
        dialog.headerBox()->setChecked(false);
        dialog.missingEdit()->setText("? NA");
        dialog.emptyMissingBox()->setChecked(false);
        const CsvOptions o = dialog.options();
        QVERIFY(!o.hasHeader);
        QCOMPARE(o.delimiter, char(0));
        QCOMPARE(o.missingTokens, (std::vector<std::string>{"?", "NA"}));

        w->openCsvWith({coil}, o);
        w->workspace()->waitForIdle();
        QCOMPARE(w->view<DataPage>("data")->records()->model()->rowCount(), 5822);
        QCOMPARE(w->view<DataPage>("data")->records()->model()->columnCount(), 86);
        QVERIFY(w->infoBar()->text().contains("Roles were assigned automatically"));
        // Opened without the dialog (drop, recent files): the same guess.
        w->openCsv({coil});
        w->workspace()->waitForIdle();
        QCOMPARE(w->view<DataPage>("data")->records()->model()->columnCount(), 86);
        QCOMPARE(w->infoBar()->kind(), InfoBar::Kind::Info);
    }

    // The guide explains the risk in words and names its sources in full (author, title, year), and has the
    // glossary of legend symbols.
    void guide()
    {
        GuideDialog g;
        const QString text = g.browser()->toPlainText();
        QVERIFY(text.contains("guesses r's sensitive value right"));
        QVERIFY(text.contains("Why it can be below the share of the most common value"));
        QVERIFY(text.contains("Ling Guo, Randomization based privacy preserving categorical data analysis"));
        QVERIFY(text.contains("2010"));
        QVERIFY(text.contains("Stanley L. Warner, Randomized Response: A Survey Technique for Eliminating Evasive"));
        QVERIFY(text.contains("l-Diversity: Privacy Beyond k-Anonymity"));
        QVERIFY(text.contains("Glossary"));
        QVERIFY(text.contains(QString::fromUtf8("\u03BB = P\u03C0")));
        QVERIFY(!text.contains("eq. 5.8"));
        const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            g.show();
            QTest::qWait(100);
            QVERIFY(g.grab().save(dir + "/guide.png"));
        }
    }
};

QTEST_MAIN(TestImportGuide)
#include "test_import_guide.moc"
