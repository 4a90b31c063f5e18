// The CSV reader and writer (core/data): RFC 4180 details, missing values, counts, schemas, errors,
// record selection (completeRecords) and atomic writes.
#include "TestData.h"

#include "core/data/CsvReader.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "core/data/LabelDictionary.h"
#include "core/data/Table.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <functional>
#include <string>
#include <unordered_map>

using namespace rr;

namespace {

// The message of the InputError `f` throws, or "" if it throws none.
std::string inputErrorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

std::vector<std::string> column(const Table& t, const std::string& name)
{
    const Attribute& a = t.attributes[t.attributeIndex(name)];
    std::vector<std::string> out;
    for (int32_t c : a.codes)
        out.push_back(c == Attribute::kMissing ? "<missing>" : a.categories[c]);
    return out;
}

using Strings = std::vector<std::string>;

} // namespace

class TestCsv : public QObject {
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

    void detectsDelimiters()
    {
        QCOMPARE(detectDelimiter("a,b,c"), ',');
        QCOMPARE(detectDelimiter("a;b;c"), ';');
        QCOMPARE(detectDelimiter("a\tb\tc"), '\t');
        QCOMPARE(detectDelimiter("\"x;y\",b"), ','); // delimiters inside quotes do not count
        for (const std::string d : {",", ";", "\t"}) {
            const Table t =
                readCsv({write("delim.csv", "a" + d + "b" + d + "c\n1" + d + "2" + d + "3\n4" + d + "5" + d + "6\n")});
            QCOMPARE(t.attributes.size(), std::size_t(3));
            QCOMPARE(t.rowCount(), std::size_t(2));
            QCOMPARE(column(t, "b"), (Strings{"2", "5"}));
        }
        // an explicit delimiter overrides detection
        CsvOptions o;
        o.delimiter = ';';
        const Table t = readCsv({write("forced.csv", "a,b;c\n1,2;3\n")}, o);
        QCOMPARE(t.attributes[0].name, std::string("a,b"));
    }

    void quotedFields()
    {
        const Table t = readCsv({write("quoted.csv", "name,note\n"
                                                     "\"Smith, J.\",\"he said \"\"hi\"\"\"\n"
                                                     "\"two\nlines\",plain\n")});
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(column(t, "name"), (Strings{"Smith, J.", "two\nlines"}));
        QCOMPARE(column(t, "note"), (Strings{"he said \"hi\"", "plain"}));
    }

    void crlfAndBom()
    {
        const Table t = readCsv({write("crlf.csv", "\xEF\xBB\xBF"
                                                   "a,b\r\nx,1\r\ny,2\r\n")});
        QCOMPARE(t.attributes[0].name, std::string("a")); // BOM removed
        QCOMPARE(column(t, "a"), (Strings{"x", "y"}));
        QCOMPARE(column(t, "b"), (Strings{"1", "2"})); // no trailing '\r'
    }

    void missingTokens()
    {
        const std::string path = write("missing.csv", "a,b\n?,x\n,y\nNA,z\n");
        const Table byDefault = readCsv({path});
        QCOMPARE(column(byDefault, "a"), (Strings{"<missing>", "<missing>", "NA"}));
        QCOMPARE(byDefault.attributes[0].missingCount(), std::size_t(2));
        QCOMPARE(byDefault.attributes[0].categories, (Strings{"NA"}));

        CsvOptions o;
        o.missingTokens = {"NA"};
        const Table custom = readCsv({path}, o);
        QCOMPARE(column(custom, "a"), (Strings{"?", "", "<missing>"}));
        // tokens compare after trimming spaces
        const Table spaced = readCsv({write("spaced.csv", "a,b\n ? ,x\n")});
        QCOMPARE(column(spaced, "a"), (Strings{"<missing>"}));
    }

    void countColumn()
    {
        CsvOptions o;
        o.countColumn.emplace("n");
        const Table t = readCsv({write("counts.csv", "a,n\nx,3\ny,0.5\nx,0\n")}, o);
        QCOMPARE(t.attributes.size(), std::size_t(1));
        QCOMPARE(t.weights, (std::vector<double>{3, 0.5, 0}));
        QCOMPARE(t.totalWeight(), 3.5);
        QCOMPARE(t.weight(1), 0.5);

        for (const std::string bad : {"-1", "x", "nan", "inf", "", "1e400"})
            expectError([&] { readCsv({write("badcount.csv", "a,n\nx,1\ny," + bad + "\n")}, o); },
                        {"badcount.csv", "record 2", "count"});
        o.countColumn.emplace("weight");
        expectError([&] { readCsv({write("nocount.csv", "a,n\nx,1\n")}, o); }, {"count column 'weight'"});
    }

    void schemaOrder()
    {
        CsvOptions o;
        o.categoryOrder["size"] = {"S", "M", "L"};
        const Table t = readCsv({write("schema.csv", "size,color\nL,red\nS,blue\n")}, o);
        const Attribute& size = t.attributes[t.attributeIndex("size")];
        QCOMPARE(size.categories, (Strings{"S", "M", "L"})); // schema order, unused categories kept
        QCOMPARE(size.codes, (std::vector<int32_t>{2, 0}));
        QCOMPARE(t.attributes[t.attributeIndex("color")].categories, (Strings{"red", "blue"})); // first appearance
        expectError([&] { readCsv({write("outside.csv", "size,color\nS,red\nXL,red\n")}, o); },
                    {"outside.csv", "record 2", "'XL'", "'size'"});
    }

    void raggedRowNamesFileAndRecord()
    {
        expectError([&] { readCsv({write("ragged.csv", "a,b,c\n1,2,3\n4,5\n")}); },
                    {"ragged.csv", "record 2 has 2 fields", "3"}); // one space before "has" (issue 20, bug 12)
        expectError([&] { readCsv({write("long.csv", "a,b\n1,2,3\n")}); }, {"long.csv", "record 1"});
    }

    void invalidUtf8()
    {
        expectError([&] { readCsv({write("bad-utf8.csv", "a,b\nx,caf\xE9\n")}); }, {"bad-utf8.csv", "UTF-8", "'b'"});
        expectError([&] { readCsv({write("bad-header.csv", "a,\xC3\x28\nx,y\n")}); }, {"bad-header.csv", "UTF-8"});
        // valid multi-byte UTF-8 is fine
        const Table t = readCsv({write("good-utf8.csv", "ville\nZ\xC3\xBCrich\n\xE5\x8C\x97\xE4\xBA\xAC\n")});
        QCOMPARE(column(t, "ville"), (Strings{"Z\xC3\xBCrich", "\xE5\x8C\x97\xE4\xBA\xAC"}));
    }

    void emptyInputs()
    {
        expectError([&] { readCsv({write("empty.csv", "")}); }, {"empty.csv", "empty"});
        expectError([&] { readCsv({write("header-only.csv", "a,b\n")}); }, {"header-only.csv", "no records"});
        expectError([&] { readCsv({}); }, {"no data file"});
        expectError([&] { readCsv({write("dup.csv", "a,a\n1,2\n")}); }, {"'a' twice"});
    }

    void missingFile()
    {
        const std::string path = m_dir.filePath("does/not/exist.csv").toStdString();
        expectError([&] { readCsv({path}); }, {path, "cannot open"});
    }

    void filesConcatenate()
    {
        const Table t = readCsv({write("one.csv", "a,b\nx,1\ny,2\n"), write("two.csv", "a,b\ny,3\nz,1\n")});
        QCOMPARE(t.rowCount(), std::size_t(4));
        QCOMPARE(column(t, "a"), (Strings{"x", "y", "y", "z"}));
        QCOMPARE(t.attributes[0].categories, (Strings{"x", "y", "z"})); // one category list across files
        // a BOM or CRLF in the second file does not make its header differ
        const Table u = readCsv({write("one.csv", "a,b\nx,1\n"), write("bom.csv", "\xEF\xBB\xBF"
                                                                                  "a,b\r\ny,2\r\n")});
        QCOMPARE(u.rowCount(), std::size_t(2));
        expectError(
            [&] {
                readCsv({write("one.csv", "a,b\nx,1\n"), write("three.csv", "a,c\nx,1\n")});
            },
            {"three.csv", "header differs"});
    }

    void adultBothFiles()
    {
        const Table raw =
            readCsv({testdata::sharedData("adult/adult.data.csv"), testdata::sharedData("adult/adult.test.csv")});
        QCOMPARE(raw.rowCount(), std::size_t(48842));
        QCOMPARE(raw.attributes.size(), std::size_t(15));
        QCOMPARE(raw.attributes[raw.attributeIndex("workclass")].missingCount(), std::size_t(2799));
        QCOMPARE(raw.attributes[raw.attributeIndex("workclass")].domainSize(), 8);

        std::size_t dropped = 0;
        const Table complete = completeRecords(raw, {}, MissingPolicy::DropIncomplete, &dropped);
        QCOMPARE(complete.rowCount(), std::size_t(45222));
        QCOMPARE(dropped, std::size_t(3620));
        const Attribute& w = complete.attributes[complete.attributeIndex("workclass")];
        QCOMPARE(w.domainSize(), 7); // Never-worked only occurs in incomplete records
        QCOMPARE(w.categoryIndex("Never-worked"), -1);
        QCOMPARE(w.missingCount(), std::size_t(0));
        QCOMPARE(complete.attributes[complete.attributeIndex("education")].domainSize(), 16);
        QCOMPARE(complete.attributes[complete.attributeIndex("native-country")].domainSize(), 41);

        // only the used attributes count without DropIncomplete
        std::size_t droppedUsed = 0;
        const Table used =
            completeRecords(raw, raw.attributeIndices({"workclass"}), MissingPolicy::DropIfUsedMissing, &droppedUsed);
        QCOMPARE(used.rowCount(), std::size_t(48842 - 2799));
        QCOMPARE(droppedUsed, std::size_t(2799));
    }

    void completeRecordsCompacts()
    {
        CsvOptions o;
        o.countColumn.emplace("n");
        const Table raw = readCsv({write("compact.csv", "a,b,n\nx,?,2\ny,u,3\nz,v,4\nx,v,1\n")}, o);
        const RowSelection sel = selectRows(raw, raw.attributeIndices({"b"}), MissingPolicy::DropIfUsedMissing);
        QCOMPARE(sel.rows, (std::vector<uint32_t>{1, 2, 3}));
        QCOMPARE(sel.droppedRows, std::size_t(1));
        QCOMPARE(sel.droppedWeight, 2.0);

        std::size_t dropped = 0;
        const Table t = completeRecords(raw, raw.attributeIndices({"b"}), MissingPolicy::DropIfUsedMissing, &dropped);
        QCOMPARE(dropped, std::size_t(1));
        QCOMPARE(t.attributes[0].categories, (Strings{"x", "y", "z"}));
        QCOMPARE(column(t, "a"), (Strings{"y", "z", "x"}));
        QCOMPARE(t.weights, (std::vector<double>{3, 4, 1}));

        // dropping the only 'z' record removes the category and renumbers the codes
        const Table u = subsetRows(raw, {0, 1, 3});
        QCOMPARE(u.attributes[0].categories, (Strings{"x", "y"}));
        QCOMPARE(u.attributes[0].codes, (std::vector<int32_t>{0, 1, 0}));

        expectError(
            [&] {
                completeRecords(readCsv({write("allmissing.csv", "a\n?\n?\n")}), {0}, MissingPolicy::DropIfUsedMissing);
            },
            {"nothing is left"});
    }

    void writeRoundTrip()
    {
        const std::string src = write("src.csv", "name,note,n\n"
                                                 "\"Smith, J.\",\"he said \"\"hi\"\"\",2\n"
                                                 "\"two\nlines\",?,1.5\n"
                                                 "\" padded \",x;y,3\n");
        CsvOptions o;
        o.countColumn.emplace("n");
        const Table t = readCsv({src}, o);
        const std::string out = m_dir.filePath("roundtrip.csv").toStdString();
        writeCsv(t, out, "?", "n");
        const Table back = readCsv({out}, o);
        QCOMPARE(back.rowCount(), t.rowCount());
        QCOMPARE(column(back, "name"), column(t, "name"));
        QCOMPARE(column(back, "note"), column(t, "note"));
        QCOMPARE(back.weights, t.weights);
        QCOMPARE(column(back, "name")[0], std::string("Smith, J."));
        QCOMPARE(column(back, "note")[1], std::string("<missing>"));

        QCOMPARE(csvField("plain"), std::string("plain"));
        QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
        QCOMPARE(csvField("say \"x\""), std::string("\"say \"\"x\"\"\""));
        QCOMPARE(csvField("a;b", ';'), std::string("\"a;b\""));
    }

    void writeIsAtomic()
    {
        Table t = readCsv({write("small.csv", "a\nx\ny\n")});
        // into a directory that does not exist: throws, creates nothing
        const QString missingDir = m_dir.filePath("no-such-dir");
        const std::string target = (missingDir + "/out.csv").toStdString();
        expectError([&] { writeCsv(t, target); }, {target});
        QVERIFY(!QDir(missingDir).exists());

        // a target that cannot be replaced (a directory): throws, leaves no temporary file behind
        QTemporaryDir box;
        QVERIFY(QDir(box.path()).mkdir("target"));
        const std::string dirTarget = box.filePath("target").toStdString();
        expectError([&] { writeCsv(t, dirTarget); }, {dirTarget});
        QCOMPARE(QDir(box.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{"target"});

        // an existing file is replaced whole
        const std::string existing = write("existing.csv", "old,content,that,is,longer\n1,2,3,4,5\n");
        writeCsv(t, existing);
        const Table back = readCsv({existing});
        QCOMPARE(column(back, "a"), (Strings{"x", "y"}));
    }
    // The dictionary keys a label by its length and first and last 8 bytes: labels that differ only in the
    // middle (longer than 16 bytes), in one byte of a short label, or only in length must get codes of their
    // own; codes are in order of first appearance (std::unordered_map as the oracle).
    void labelDictionaryKeys()
    {
        Strings labels;
        for (std::size_t n = 0; n <= 40; ++n)
            for (char c : std::string("ab\0\xff", 4)) {
                std::string s(n, 'x');
                labels.push_back(s);
                if (n > 0) {
                    s[n / 2] = c; // the middle byte differs
                    labels.push_back(s);
                    s[0] = c;     // and the first
                    labels.push_back(s);
                }
            }
        for (int i = 0; i < 20000; ++i) // many ids: the table grows
            labels.push_back("id-" + std::to_string(i * 7919 % 100003));
        LabelDictionary dict;
        std::unordered_map<std::string, std::int32_t> oracle;
        for (const std::string& s : labels) {
            const auto expected = oracle.emplace(s, static_cast<std::int32_t>(oracle.size())).first->second;
            QCOMPARE(dict.insert(s), expected);
        }
        QCOMPARE(dict.size(), oracle.size());
        for (const auto& [label, code] : oracle) {
            QCOMPARE(dict.find(label), code);
            QCOMPARE(dict.label(code), label);
        }
        QCOMPARE(dict.find("not-there-at-all-longer-than-16"), -1);
        QCOMPARE(dict.find("id-100003"), -1);
        QCOMPARE(dict.find(std::string(41, 'x')), -1);
    }
};

QTEST_GUILESS_MAIN(TestCsv)
#include "test_csv.moc"
