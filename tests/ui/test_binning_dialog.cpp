// Numeric binning in the window (issue 21): on the Adult sample, age (74 values in train + test) is shown as not analysable
// (no QI/S role, a tooltip saying why and how); Bin… opens the dialog, whose preview counts the bins; OK
// re-wraps the workspace's source, after which age takes a role and is analysed with the bins as categories;
// the session keeps the bins and reopens them.
#include "UiTestSupport.h"

#include "core/datasource/BinnedSource.h"
#include "core/session/SessionFile.h"
#include "ui/import/BinDialog.h"
#include "ui/models/AttributeModel.h"
#include "ui/panels/AttributePanel.h"
#include "ui/session/AnalysisState.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace rr;
using namespace rr::ui;

class TestBinningDialog : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> w;

    AttributeModel* model() const { return w->attributePanel()->model(); }
    int row(const QString& name) const
    {
        for (int r = 0; r < model()->rowCount(); ++r)
            if (model()->name(r) == name)
                return r;
        return -1;
    }
    QStringList previewLabels(const BinDialog* d) const
    {
        QStringList out;
        for (int r = 0; r < d->previewTable()->rowCount(); ++r)
            out << d->previewTable()->item(r, 0)->text();
        return out;
    }
    QStringList previewCounts(const BinDialog* d) const
    {
        QStringList out;
        for (int r = 0; r < d->previewTable()->rowCount(); ++r)
            out << d->previewTable()->item(r, 1)->text().remove(',');
        return out;
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
    }
    void cleanupTestCase() { w.reset(); }

    void numericAttributesNeedBins()
    {
        const int age = row("age");
        QVERIFY(age >= 0);
        QVERIFY(model()->needsBinning(age));
        QVERIFY(model()->needsBinning(row("fnlwgt")));
        QVERIFY(!model()->needsBinning(row("education-num"))); // 16 values
        QVERIFY(!model()->needsBinning(row("workclass")));
        const QModelIndex role = model()->index(age, AttributeModel::RoleColumn);
        QVERIFY(!(model()->flags(role) & Qt::ItemIsEditable));
        QVERIFY(!model()->setData(role, static_cast<int>(Role::QuasiIdentifier), Qt::EditRole));
        const QString tip = model()->index(age, AttributeModel::Name).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("74 distinct values") && tip.contains("Bin"), qPrintable(tip));
        QVERIFY(model()->index(row("sex"), AttributeModel::RoleColumn).flags() & Qt::ItemIsEditable);
        // The context menu offers Bin… on numbers only.
        std::unique_ptr<QMenu> menu(w->attributePanel()->contextMenuFor(age, nullptr));
        QVERIFY(menu->findChild<QAction*>("binAction")->isEnabled());
        std::unique_ptr<QMenu> words(w->attributePanel()->contextMenuFor(row("workclass"), nullptr));
        QVERIFY(!words->findChild<QAction*>("binAction")->isEnabled());
    }

    void dialogBinsAge()
    {
        BinDialog* d = w->openBinDialog("age");
        QVERIFY(d);
        QVERIFY(d->isVisible());
        // Default: 5 equal-width bins between 17 and 90.
        QVERIFY(d->widthButton()->isChecked());
        QCOMPARE(previewLabels(d).first(), QString("[17, 31.6)"));
        QCOMPARE(previewLabels(d).last(), QString("[75.4, 90]"));
        // A bad list: a message, OK disabled.
        d->cutsEdit()->setText("0, 30, 18");
        QVERIFY(d->cutsButton()->isChecked());
        QVERIFY(!d->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(d->problemLabel()->text().contains("strictly increasing"), qPrintable(d->problemLabel()->text()));
        // The owner's cuts: Adult (train + test) has 595, 13920, 18687, 13553 and 2087 records in them.
        d->cutsEdit()->setText("0, 18, 30, 45, 65, inf");
        QVERIFY(d->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QCOMPARE(previewLabels(d), (QStringList{"[0, 18)", "[18, 30)", "[30, 45)", "[45, 65)", "[65, inf)"}));
        QCOMPARE(previewCounts(d), (QStringList{"595", "13920", "18687", "13553", "2087"}));
        QVERIFY(d->problemLabel()->text().isEmpty());
        // Cuts leaving the oldest outside say how many become missing.
        d->cutsEdit()->setText("18, 65");
        QVERIFY2(d->problemLabel()->text().contains("0 records hold a value that is not a number and 2,682 lie outside"),
                 qPrintable(d->problemLabel()->text()));
        d->cutsEdit()->setText("0, 18, 30, 45, 65, inf");
        w->state()->undoStack()->setClean(); // as after a save
        d->buttons()->button(QDialogButtonBox::Ok)->click();
        w->workspace()->waitForIdle();

        QCOMPARE(w->workspace()->bins().size(), std::size_t(1));
        QVERIFY(!w->state()->undoStack()->isClean()); // unsaved
        const int age = row("age");
        QVERIFY(!model()->needsBinning(age));
        QVERIFY(model()->flags(model()->index(age, AttributeModel::RoleColumn)) & Qt::ItemIsEditable);
        QCOMPARE(model()->index(age, AttributeModel::Categories).data(Qt::EditRole).toInt(), 5);
        QVERIFY(dynamic_cast<const BinnedSource*>(w->workspace()->source().get()));

        // age as a QI: the analysis has its bins as categories (complete records: the sample's policy).
        QVERIFY(model()->setData(model()->index(age, AttributeModel::RoleColumn), static_cast<int>(Role::QuasiIdentifier),
                                 Qt::EditRole));
        w->workspace()->waitForIdle();
        const auto analysis = w->workspace()->analysis();
        QVERIFY(analysis);
        const int axis = analysis->axisOf("age");
        QVERIFY(axis >= 0);
        QCOMPARE(analysis->categories[static_cast<std::size_t>(axis)],
                 (std::vector<std::string>{"[0, 18)", "[18, 30)", "[30, 45)", "[45, 65)", "[65, inf)"}));
        QCOMPARE(analysis->records, 45222.0);
    }

    // The session keeps the bins; opening it again (another window) shows age binned.
    void sessionKeepsBins()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("binned.json");
        QVERIFY(w->saveSession(path));
        const SessionData s = readSessionFile(path);
        QCOMPARE(s.bins.size(), std::size_t(1));
        QCOMPARE(s.bins.front(), parseBinSpec("age=0,18,30,45,65,inf"));

        MainWindow other;
        other.show();
        QVERIFY(other.openSession(path));
        other.workspace()->waitForIdle();
        QCOMPARE(other.workspace()->bins().size(), std::size_t(1));
        const auto analysis = other.workspace()->analysis();
        QVERIFY(analysis);
        QVERIFY(analysis->axisOf("age") >= 0);
        QCOMPARE(analysis->categories[static_cast<std::size_t>(analysis->axisOf("age"))].size(), std::size_t(5));
    }

    // Remove bins: age is offered as not analysable again, and leaves its role.
    void removeBins()
    {
        w->attributePanel()->unbinRequested("age");
        w->workspace()->waitForIdle();
        QVERIFY(w->workspace()->bins().empty());
        QVERIFY(model()->needsBinning(row("age")));
        QCOMPARE(model()->roleOf(row("age")), Role::Ignored);
        QVERIFY(w->workspace()->analysis());
        QCOMPARE(w->workspace()->analysis()->axisOf("age"), -1);
    }
};

QTEST_MAIN(TestBinningDialog)
#include "test_binning_dialog.moc"
