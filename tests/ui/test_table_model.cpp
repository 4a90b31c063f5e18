// The data view's model reads a page of rows at a time from its source: a million rows scroll, a CSV
// file is read back through its row index.
#include "core/datasource/CsvSource.h"
#include "core/statfiles/StatFileReleaseTarget.h"
#include "core/statfiles/StatFileSource.h"
#include "ui/models/AttributeModel.h"
#include "ui/session/AnalysisState.h"
#include "ui/mainwindow/RowWindowBar.h"
#include "ui/models/TableModel.h"

#include <QApplication>
#include <fstream>
#include <QFile>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace rr;
using namespace rr::ui;

class TestTableModel : public QObject {
    Q_OBJECT
private slots:
    // An SPSS file's variable labels (issue 21) are the attributes' descriptions: in the Data view's header
    // tooltip and the Attributes panel's, beside the name; an attribute without one shows its name alone.
    void variableLabelsInTooltips()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("labelled.sav").toStdString();
        AttributeDetails marital;
        marital.label = "Marital status";
        StatTableWriter table(path, StatFormat::Sav, {"marital_status", "sex"}, {&marital, nullptr});
        table.add({std::string("Divorced"), std::string("Male")});
        table.add({std::string("Never-married"), std::nullopt});
        {
            std::ofstream out(path, std::ios::binary);
            table.write(out);
        }
        const auto source = StatFileSource::open(path, StatFormat::Sav);
        QCOMPARE(source->attributeLabel("marital_status"), std::string("Marital status"));
        QCOMPARE(source->attributeLabel("sex"), std::string("sex")); // the writer labels it with its name

        TableModel model;
        model.setSource(source);
        const QString tip = model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith("Marital status\n"), qPrintable(tip));
        QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QString("marital_status"));
        AnalysisState state;
        AttributeModel attributes(&state);
        attributes.setSource(source);
        const QString attrTip = attributes.data(attributes.index(0, 0), Qt::ToolTipRole).toString();
        QVERIFY2(attrTip.startsWith("marital_status (Marital status):"), qPrintable(attrTip));

        Table plain;
        plain.attributes.push_back(Attribute{"x", {"a"}, {0}});
        const TableSource unlabelled(plain);
        QCOMPARE(unlabelled.attributeLabel("x"), std::string());
    }

    void millionRows()
    {
        const std::size_t n = 1000000;
        auto table = std::make_shared<Table>();
        for (int a = 0; a < 4; ++a) {
            Attribute attr;
            attr.name = std::string("a").append(std::to_string(a)); // not "a" + ...: GCC -Wrestrict false positive
            attr.categories = {"x", "y", "z"};
            attr.codes.resize(n);
            for (std::size_t r = 0; r < n; ++r)
                attr.codes[r] = static_cast<int32_t>((r + static_cast<std::size_t>(a)) % 3);
            table->attributes.push_back(std::move(attr));
        }
        table->attributes[2].codes[n - 1] = Attribute::kMissing;
        table->attributes[3].codes[n - 2] = Attribute::kMissing;
        TableModel model;
        model.setTable(table);
        model.setCheckedColumns({3}); // a record missing a3 is dropped by the analysis
        // A window of kWindowRows rows at a time: the header lays out only those.
        QCOMPARE(model.totalRows(), n);
        QCOMPARE(std::size_t(model.rowCount()), TableModel::kWindowRows);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.headerData(3, Qt::Horizontal, Qt::DisplayRole).toString(), QString("a3"));
        QCOMPARE(model.data(model.index(5, 1), Qt::DisplayRole).toString(), QString("x")); // (5 + 1) % 3 = 0
        model.setWindowStart(n);                                                           // clamped: the last window
        QCOMPARE(model.windowStart(), n - TableModel::kWindowRows);
        const int last = model.rowCount() - 1;
        QCOMPARE(model.headerData(last, Qt::Vertical, Qt::DisplayRole).toULongLong(), qulonglong(n)); // row 1,000,000
        QCOMPARE(model.data(model.index(last - 1, 1), Qt::DisplayRole).toString(), QString("x")); // (999998+1) % 3 = 0
        QCOMPARE(model.data(model.index(last, 2), Qt::DisplayRole).toString(), QString("?"));
        QVERIFY(model.data(model.index(last - 1, 0), Qt::FontRole).value<QFont>().italic()); // dropped row
        QVERIFY(!model.data(model.index(5, 0), Qt::FontRole).isValid());

        QTableView view;
        view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view.setModel(&model);
        view.resize(800, 600);
        view.show();
        view.scrollToBottom();
        QApplication::processEvents();
        QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
        QCOMPARE(view.rowAt(view.viewport()->height() - 2), last);

        // The bar moves the window: row 500,001 is then on screen, with its own number in the header.
        RowWindowBar bar(&model);
        QVERIFY(!bar.isHidden());
        bar.goToRow(500000);
        QVERIFY(model.windowStart() <= 500000 && 500000 < model.windowStart() + TableModel::kWindowRows);
        const int local = int(500000 - model.windowStart());
        QCOMPARE(model.headerData(local, Qt::Vertical, Qt::DisplayRole).toULongLong(), qulonglong(500001));
        QCOMPARE(model.data(model.index(local, 0), Qt::DisplayRole).toString(), QString("z")); // 500000 % 3 = 2
        view.scrollTo(model.index(local, 0), QAbstractItemView::PositionAtTop);
        QApplication::processEvents();
        QCOMPARE(view.rowAt(1), local);
    }

    void csvSourceRows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("rows.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a,b\n");
        for (int r = 0; r < 5000; ++r)
            f.write(QByteArray::number(r) + "," + (r % 7 == 0 ? QByteArray("?") : QByteArray::number(r % 5)) + "\n");
        f.close();
        CsvOptions o;
        o.blockBytes = 4096;
        TableModel model;
        model.setSource(CsvSource::open({path.toStdString()}, o));
        model.setCheckedColumns({1});
        QCOMPARE(model.rowCount(), 5000);
        for (int r : {0, 1, 255, 256, 1023, 1024, 2047, 4999, 1500, 3})
            QCOMPARE(model.data(model.index(r, 0), Qt::DisplayRole).toString(), QString::number(r));
        QCOMPARE(model.data(model.index(14, 1), Qt::DisplayRole).toString(), QString("?"));
        QVERIFY(model.data(model.index(14, 0), Qt::FontRole).value<QFont>().italic());
        QCOMPARE(model.data(model.index(13, 1), Qt::DisplayRole).toString(), QString("3"));
    }

    void weightedTablesShowTheirCounts()
    {
        auto table = std::make_shared<Table>();
        Attribute a;
        a.name = "g";
        a.categories = {"m", "f"};
        a.codes = {0, 1};
        table->attributes.push_back(a);
        table->weights = {12, 30};
        TableModel model;
        model.setTable(table);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QString("count"));
        QCOMPARE(model.data(model.index(1, 1), Qt::DisplayRole).toDouble(), 30.0);
    }
};

QTEST_MAIN(TestTableModel)
#include "test_table_model.moc"
