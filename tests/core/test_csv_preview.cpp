// core/data/CsvPreview: the import dialog's first rows, split as the reader would with the chosen options.
#include "TestData.h"
#include "TestSupport.h"

#include "core/data/CsvPreview.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;
using namespace rr::testdata;

class TestCsvPreview : public QObject {
    Q_OBJECT
private slots:
    // Adult: ',' detected, 15 named columns, '?' flagged missing (row 28 of adult.data.csv has workclass '?').
    void adultWithHeader()
    {
        const CsvPreview p = previewCsv(sharedData("adult/adult.data.csv"), {}, 30);
        QCOMPARE(p.delimiter, ',');
        QCOMPARE(p.columns.size(), std::size_t(15));
        QCOMPARE(p.columns[1], std::string("workclass"));
        QCOMPARE(p.rows.size(), std::size_t(30));
        QVERIFY(p.truncated);
        QVERIFY(p.problem.empty());
        QCOMPARE(p.rows[0][0], std::string("39"));
        QCOMPARE(p.rows[27][1], std::string("?"));
        QVERIFY(p.missing[27][1]);
        QVERIFY(!p.missing[0][1]);
    }

    // COIL's tab file has no header: read with one, it names a column twice (the problem says so); without,
    // 86 columns named 1..86 and the first record's values.
    void coilWithoutHeader()
    {
        const std::string coil = sharedData("coil2000/ticdata2000.txt");
        const CsvPreview wrong = previewCsv(coil, {});
        QCOMPARE(wrong.delimiter, '\t');
        QVERIFY2(QString::fromStdString(wrong.problem).contains("twice"), wrong.problem.c_str());
        CsvOptions o;
        o.hasHeader = false;
        const CsvPreview p = previewCsv(coil, o, 5);
        QVERIFY(p.problem.empty());
        QCOMPARE(p.columns.size(), std::size_t(86));
        QCOMPARE(p.columns.back(), std::string("86"));
        QCOMPARE(p.rows.size(), std::size_t(5));
        QCOMPARE(p.rows[0][0], std::string("33"));
        QCOMPARE(p.rows[1][0], std::string("37"));
    }

    // A forced ';' on Adult gives one column; the missing tokens are the options' (here "Private").
    void delimiterAndTokens()
    {
        CsvOptions o;
        o.delimiter = ';';
        const CsvPreview p = previewCsv(sharedData("adult/adult.data.csv"), o, 3);
        QCOMPARE(p.columns.size(), std::size_t(1));
        o.delimiter = ',';
        o.missingTokens = {"Private"};
        const CsvPreview q = previewCsv(sharedData("adult/adult.data.csv"), o, 10);
        int flagged = 0;
        for (std::size_t r = 0; r < q.rows.size(); ++r) {
            QCOMPARE(q.missing[r][1], q.rows[r][1] == "Private");
            flagged += q.missing[r][1];
        }
        QVERIFY(flagged > 0);
        QVERIFY(inputErrorThrown());
    }

    // Opening without asking: COIL gets no header, Adult a header; the delimiter is left to detection.
    void guessedOptions()
    {
        const CsvOptions coil = guessCsvOptions(sharedData("coil2000/ticdata2000.txt"));
        QVERIFY(!coil.hasHeader);
        QCOMPARE(coil.delimiter, char(0)); // detected per file when read
        QCOMPARE(previewCsv(sharedData("coil2000/ticdata2000.txt"), coil, 1).columns.size(), std::size_t(86));
        const CsvOptions adult = guessCsvOptions(sharedData("adult/adult.data.csv"));
        QVERIFY(adult.hasHeader);
        QCOMPARE(adult.delimiter, char(0));
    }

private:
    static bool inputErrorThrown()
    {
        try {
            previewCsv("/nonexistent/file.csv", {});
        } catch (const InputError&) {
            return true;
        }
        return false;
    }
};

QTEST_APPLESS_MAIN(TestCsvPreview)
#include "test_csv_preview.moc"
