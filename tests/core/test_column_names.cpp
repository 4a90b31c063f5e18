// core/data/ColumnNames (issue 20, bug 13): names for COIL's 86 unnamed columns from a names file, a data
// dictionary or a one-line header, applied by every CSV path (records, the streaming source, counts, preview).
#include "TestData.h"

#include "core/datasource/CsvSource.h"
#include "core/data/ColumnNames.h"
#include "core/data/CsvPreview.h"
#include "core/data/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <functional>
#include <string>

using namespace rr;
using namespace rr::testdata;

namespace {

using Strings = std::vector<std::string>;

std::string coilNamesFile()
{
    return std::string(RR_TESTS_DIR) + "/data/coil2000-names.txt";
}

std::string inputErrorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

CsvOptions coilOptions()
{
    const ColumnNames names = readColumnNames(coilNamesFile());
    CsvOptions o;
    o.hasHeader = false;
    o.columnNames = names.names;
    o.columnLabels = names.labels;
    o.columnNamesSource = "names file";
    return o;
}

// The count of `category` in an attribute summary (0 when absent).
double countOf(const AttributeSummary& a, const std::string& category)
{
    for (std::size_t i = 0; i < a.categories.size(); ++i)
        if (a.categories[i] == category)
            return a.counts[i];
    return 0;
}

} // namespace

class TestColumnNames : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string write(const std::string& name, const std::string& bytes)
    {
        const std::string path = m_dir.filePath(QString::fromStdString(name)).toStdString();
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << bytes;
        return path;
    }

    static void expectError(const std::function<void()>& f, const Strings& fragments)
    {
        const std::string msg = inputErrorOf(f);
        QVERIFY2(!msg.empty(), "no InputError thrown");
        for (const auto& frag : fragments)
            QVERIFY2(msg.find(frag) != std::string::npos, ("'" + frag + "' not in: " + msg).c_str());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void oneNamePerLine()
    {
        const ColumnNames n = parseColumnNames("# Adult's roles\n\nage\n  marital status \r\n#x\nsex\n", "f");
        QCOMPARE(n.names, (Strings{"age", "marital status", "sex"}));
        QCOMPARE(n.labels, (Strings{"", "", ""}));
    }

    void dataDictionary()
    {
        const ColumnNames n =
            parseColumnNames("Nr Name Description Domain\n1 MOSTYPE Customer Subtype see L0\n\n2\tMAANTHUI\tNumber of "
                             "houses 1 - 10\n3 MGEMOMV\n",
                             "f");
        QCOMPARE(n.names, (Strings{"MOSTYPE", "MAANTHUI", "MGEMOMV"}));
        QCOMPARE(n.labels, (Strings{"Customer Subtype see L0", "Number of houses 1 - 10", ""}));
    }

    void csvHeaderLine()
    {
        QCOMPARE(parseColumnNames("a; b;\"c;d\"\n", "f").names, (Strings{"a", "b", "c;d"}));
        QCOMPARE(parseColumnNames("\xEF\xBB\xBFx,y\n", "f").names, (Strings{"x", "y"}));
        QCOMPARE(parseColumnNames("x\ty\tz", "f").names, (Strings{"x", "y", "z"}));
    }

    // The UCI dictionary of COIL: 86 names in order, each with its description.
    void coilDictionary()
    {
        const ColumnNames n = readColumnNames(coilNamesFile());
        QCOMPARE(n.names.size(), std::size_t(86));
        QCOMPARE(n.names[0], std::string("MOSTYPE"));
        QCOMPARE(n.labels[0], std::string("Customer Subtype see L0"));
        QCOMPARE(n.names[17], std::string("MOPLLAAG"));
        QCOMPARE(n.names[42], std::string("MKOOPKLA"));
        QCOMPARE(n.names[46], std::string("PPERSAUT"));
        QCOMPARE(n.labels[46], std::string("Contribution car policies"));
        QCOMPARE(n.names[85], std::string("CARAVAN"));
        QCOMPARE(n.labels[85], std::string("Number of mobile home policies 0 - 1"));
    }

    // COIL opened with the names, through the streaming source in parallel blocks: column 47 is PPERSAUT,
    // 86 is CARAVAN with 5,474 zeros and 348 ones (pandas: d[85].value_counts()).
    void coilSourceNamed()
    {
        CsvOptions o = coilOptions();
        o.blockBytes = 64 << 10; // several blocks, several threads
        o.threads = 2;
        const auto source = CsvSource::open({sharedData("coil2000/ticdata2000.txt")}, o);
        const SourceSummary& s = source->summary();
        QCOMPARE(s.rows, std::size_t(5822));
        QCOMPARE(s.attributes.size(), std::size_t(86));
        QCOMPARE(s.attributes[46].name, std::string("PPERSAUT"));
        QCOMPARE(s.attributes[85].name, std::string("CARAVAN"));
        QCOMPARE(countOf(s.attributes[85], "0"), 5474.0);
        QCOMPARE(countOf(s.attributes[85], "1"), 348.0);
        QCOMPARE(source->attributeLabel("PPERSAUT"), std::string("Contribution car policies"));
        QCOMPARE(source->attributeNames().front(), std::string("MOSTYPE"));
        // The counting pass of an analysis and the rows of the viewer name them too.
        const std::vector<AttributeSummary> d = source->describeAttributes({"CARAVAN"});
        QCOMPARE(countOf(d.front(), "1"), 348.0);
        const PreparedTable t = source->aggregate({"PPERSAUT", "CARAVAN"}, MissingPolicy::DropIfUsedMissing);
        QCOMPARE(t.names, (Strings{"PPERSAUT", "CARAVAN"}));
        QCOMPARE(source->rows(0, 1).values.front().size(), std::size_t(86));
    }

    // The plain reader and the preview name the columns the same way.
    void coilTableAndPreview()
    {
        const Table t = readCsv({sharedData("coil2000/ticdata2000.txt")}, coilOptions());
        QCOMPARE(t.attributes[85].name, std::string("CARAVAN"));
        QCOMPARE(t.attributes[t.attributeIndex("CARAVAN")].codes.size(), std::size_t(5822));
        const CsvPreview p = previewCsv(sharedData("coil2000/ticdata2000.txt"), coilOptions(), 3);
        QCOMPARE(p.columns[46], std::string("PPERSAUT"));
        QVERIFY(p.problem.empty());
    }

    // Names replace a header row too.
    void replacesHeader()
    {
        const std::string csv = write("h.csv", "a,b\n1,2\n3,4\n");
        CsvOptions o;
        o.columnNames = {"first", "second"};
        const Table t = readCsv({csv}, o);
        QCOMPARE(t.attributes[1].name, std::string("second"));
        QCOMPARE(t.rowCount(), std::size_t(2)); // the header is still not a record
    }

    void refusesDuplicates()
    {
        expectError([] { parseColumnNames("a\nb\na\n", "names file 'n.txt'"); },
                    {"names file 'n.txt' line 3", "'a' is given twice"});
        expectError([] { parseColumnNames("1 A x\n2 A y\n", "f"); }, {"f line 2", "'A' is given twice"});
    }

    void refusesEmpty()
    {
        expectError([] { parseColumnNames("# nothing\n\n", "f"); }, {"f holds no column names"});
        expectError([] { parseColumnNames("a,,b\n", "f"); }, {"f line 1", "column 2 has an empty name"});
        expectError([] { parseColumnNames("1 A\n2\n", "f"); }, {"f line 2", "column 2 has no name"});
    }

    void refusesBadDictionaries()
    {
        expectError([] { parseColumnNames("1 A\n3 B\n", "f"); }, {"f line 2", "column number 3 where 2 comes next"});
        expectError([] { parseColumnNames("1 A\nB\n", "f"); }, {"f line 2", "expected 'number name description'"});
        expectError([] { parseColumnNames("\"a,b\n", "f"); }, {"f line 1", "quote is not closed"});
        expectError([] { parseColumnNames("a\n\xff\n", "f"); }, {"f line 2", "not valid UTF-8"});
    }

    // Names for 85 columns on a file of 86: refused naming both.
    void refusesCountMismatch()
    {
        CsvOptions o = coilOptions();
        o.columnNames.pop_back();
        o.columnNamesSource = "--names 'short.txt'";
        expectError([&] { CsvSource::open({sharedData("coil2000/ticdata2000.txt")}, o); },
                    {"--names 'short.txt' gives 85 names but", "ticdata2000.txt' has 86 columns"});
        expectError([&] { readCsv({sharedData("coil2000/ticdata2000.txt")}, o); }, {"gives 85 names"});
        const CsvPreview p = previewCsv(sharedData("coil2000/ticdata2000.txt"), o, 3);
        QVERIFY2(p.problem.find("85 names") != std::string::npos, p.problem.c_str());
    }

    // Over 1 MiB is not a names file: refused while reading (the limit counts bytes read).
    void refusesOversize()
    {
        const std::string path = write("big.txt", std::string(kMaxColumnNamesFileBytes + 1, 'a'));
        expectError([&] { readColumnNames(path); }, {"names file", "big.txt", "larger than the limit of 1048576 bytes"});
        expectError([&] { readColumnNames(m_dir.path().toStdString()); }, {"is a folder"});
    }
};

QTEST_GUILESS_MAIN(TestColumnNames)
#include "test_column_names.moc"
