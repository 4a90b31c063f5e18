// Counting CSV records without holding them (issue 13): the streaming, parallel aggregation gives the
// same counts and category order as reading every record, whatever the blocks and threads; the source
// built on it reads any page of rows back through its row index; the reader's limits and messages.
#include "TestData.h"
#include "TestSupport.h"

#include "core/datasource/CsvSource.h"
#include "core/datasource/PreparedTable.h"
#include "core/datasource/SourceCounts.h"
#include "core/contingency/CodeCounts.h"
#include "core/contingency/CsvAggregate.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>

using namespace rr;
using namespace rr::testdata;

namespace {

template <typename F>
std::string inputErrorOf(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

std::vector<std::string> adultFiles()
{
    return {sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")};
}

} // namespace

class TestCsvAggregate : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    Table m_adult;

    std::string write(const std::string& name, const std::string& text)
    {
        const std::string path = m_dir.filePath(QString::fromStdString(name)).toStdString();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    static void expectError(const std::string& message, const std::vector<std::string>& fragments)
    {
        QVERIFY2(!message.empty(), "no InputError thrown");
        for (const auto& f : fragments)
            QVERIFY2(message.find(f) != std::string::npos, ("'" + f + "' not in: " + message).c_str());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_adult = readCsv(adultFiles());
    }

    // The counts and categories of the record path, bit for bit, for any block size and thread count.
    void equalsRecordPath_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("blockBytes");
        QTest::addColumn<int>("threads");
        const QStringList emgrw{"education", "marital-status", "sex", "race", "workclass"};
        const QStringList other{"native-country", "occupation", "class"};
        for (int policy : {int(MissingPolicy::DropIncomplete), int(MissingPolicy::DropIfUsedMissing)})
            for (auto [block, threads] : {std::pair{4 << 20, 1}, std::pair{4096, 2}, std::pair{100000, 2}}) {
                const QString tag = QString("p%1 b%2 t%3").arg(policy).arg(block).arg(threads);
                QTest::newRow(qPrintable("EMGRW " + tag)) << emgrw << policy << block << threads;
                QTest::newRow(qPrintable("NOS " + tag)) << other << policy << block << threads;
            }
    }
    void equalsRecordPath()
    {
        QFETCH(QStringList, names);
        QFETCH(int, policy);
        QFETCH(int, blockBytes);
        QFETCH(int, threads);
        std::vector<std::string> attrs;
        for (const QString& n : names)
            attrs.push_back(n.toStdString());
        const PreparedTable ref = prepareTable(m_adult, attrs, static_cast<MissingPolicy>(policy));
        CsvOptions o;
        o.blockBytes = static_cast<std::size_t>(blockBytes);
        o.threads = static_cast<unsigned>(threads);
        CsvAggregateRequest r;
        r.attributes = attrs;
        r.policy = static_cast<MissingPolicy>(policy);
        const CsvAggregate a = aggregateCsv(adultFiles(), o, r);
        QCOMPARE(a.rows, std::size_t(48842));
        QCOMPARE(a.droppedRows, ref.droppedRows);
        QCOMPARE(a.records, ref.records);
        QVERIFY(a.categories == ref.categories);
        QVERIFY(a.joint.dims() == ref.joint.dims());
        QVERIFY(a.joint.counts() == ref.joint.counts());
        // Each column over every record, as the record path counts it.
        for (std::size_t k = 0; k < attrs.size(); ++k) {
            const Attribute& col = m_adult.attributes[m_adult.attributeIndex(attrs[k])];
            QVERIFY(a.columns[k].categories == col.categories);
            QCOMPARE(a.columns[k].missing, double(col.missingCount()));
        }
    }

    void sourceSummaryAndRows()
    {
        CsvOptions o;
        o.blockBytes = 65536; // many blocks, the index crosses them and the two files
        o.threads = 2;
        const auto source = CsvSource::open(adultFiles(), o);
        const SourceSummary& s = source->summary();
        QCOMPARE(s.rows, std::size_t(48842));
        QCOMPARE(s.totalWeight, 48842.0);
        QCOMPARE(s.attributes.size(), m_adult.attributes.size());
        for (std::size_t a = 0; a < s.attributes.size(); ++a) {
            QCOMPARE(s.attributes[a].categories, m_adult.attributes[a].categories);
            QCOMPARE(s.attributes[a].missing, double(m_adult.attributes[a].missingCount()));
        }
        std::mt19937_64 g(7);
        std::vector<std::size_t> firsts{0, 1023, 1024, 32560, 32561, 48800, 48841};
        for (int i = 0; i < 40; ++i)
            firsts.push_back(std::uniform_int_distribution<std::size_t>(0, 48841)(g));
        for (std::size_t first : firsts) {
            const RowPage page = source->rows(first, 50);
            QCOMPARE(page.values.size(), std::min<std::size_t>(50, 48842 - first));
            for (std::size_t r = 0; r < page.values.size(); ++r)
                for (std::size_t a = 0; a < m_adult.attributes.size(); ++a) {
                    const Attribute& col = m_adult.attributes[a];
                    const std::int32_t code = col.codes[first + r];
                    QCOMPARE(bool(page.missing[r][a]), code == Attribute::kMissing);
                    if (code != Attribute::kMissing)
                        QCOMPARE(page.values[r][a], col.categories[static_cast<std::size_t>(code)]);
                }
        }
        QVERIFY(source->rows(48842, 10).values.empty());
        // The analysis through the source equals the record path.
        const PreparedTable viaSource =
            prepareTable(*source, {"education", "sex", "workclass"}, MissingPolicy::DropIncomplete);
        const PreparedTable ref =
            prepareTable(m_adult, {"education", "sex", "workclass"}, MissingPolicy::DropIncomplete);
        QVERIFY(viaSource.joint.counts() == ref.joint.counts());
        QCOMPARE(viaSource.keptRows(), std::size_t(45222));
    }

    void weightedCounts()
    {
        CsvOptions o;
        o.countColumn.emplace("n");
        const std::string path = write("w.csv", "a,b,n\nx,1,2.5\ny,2,1\nx,2,0.5\n?,1,4\n");
        CsvAggregateRequest r;
        r.attributes = {"a", "b"};
        const CsvAggregate a = aggregateCsv({path}, o, r);
        QCOMPARE(a.records, 4.0);
        QCOMPARE(a.droppedRows, std::size_t(1));
        QCOMPARE(a.columns[0].missing, 4.0);
        QVERIFY(a.joint.counts() == (Eigen::VectorXd(4) << 2.5, 0, 0, 1).finished() || a.joint.counts().sum() == 4.0);
        const std::string huge = write("huge.csv", "a,b,n\nx,1,1e308\ny,2,1e308\n");
        expectError(inputErrorOf([&] { aggregateCsv({huge}, o, r); }), {"'n'", "more than 1.8e308", "2^53"});
        expectError(inputErrorOf([&] { readCsv({huge}, o); }), {"'n'", "more than 1.8e308", "2^53"});
    }

    // Issue 12: a repeated header name is found with a hash set (a 100,000-column header is read at once),
    // quoted whitespace is data, fields and records over the limits are named.
    void hardenedReader()
    {
        std::string header, row;
        for (int i = 0; i < 100000; ++i) {
            header += (i ? "," : "") + std::string("c") + std::to_string(i);
            row += (i ? ",x" : "x");
        }
        const std::string wide = write("wide.csv", header + ",c99999\n" + row + ",x\n");
        expectError(inputErrorOf([&] { readCsv({wide}); }), {"'c99999' twice"});
        const std::string ok = write("wide-ok.csv", header + "\n" + row + "\n");
        QCOMPARE(readCsv({ok}).attributes.size(), std::size_t(100000));

        const Table spaced = readCsv({write("spaced.csv", "a,b\n\"  spaced  \",  plain  \n")});
        QCOMPARE(spaced.attributes[0].categories.front(), std::string("  spaced  "));
        QCOMPARE(spaced.attributes[1].categories.front(), std::string("plain"));

        CsvOptions small;
        small.limits.maxFieldBytes = 100;
        small.limits.maxRecordBytes = 1000;
        small.limitHint = " (raise it with --max-field-bytes)";
        const std::string longField = write("longfield.csv", "a,b\nx,y\nx," + std::string(150, 'z') + "\n");
        expectError(inputErrorOf([&] { readCsv({longField}, small); }),
                    {"record 2", "column 'b'", "100 bytes", "maximum field size", "--max-field-bytes"});
        // The field passes 100 bytes before the record passes 1000: the field is named, however the file is
        // cut into blocks (it used to say "record size" when the record was longer than a block).
        const std::string longLine = write("longline.csv", "a\n" + std::string(5000, 'z'));
        expectError(inputErrorOf([&] { readCsv({longLine}, small); }), {"record 1", "maximum field size"});
        small.blockBytes = 64; // the record is longer than a block: read on until the limit
        expectError(inputErrorOf([&] { readCsv({longLine}, small); }), {"record 1", "maximum field size"});
    }

    // The same bytes give the same table or the same error whether they are read in one block or in blocks of
    // a few bytes, and whether the block holding a record has quotes (byte-by-byte parser) or not (fast path).
    // Found by fuzz_csv: leading spaces counted toward the field size on one path only.
    void limitsDoNotDependOnBlocks_data()
    {
        QTest::addColumn<QByteArray>("body"); // after the header "a,b\n"
        QTest::addColumn<QByteArray>("expected"); // a fragment of the error, or "" for a table
        const QByteArray field(100, 'z');
        QTest::newRow("leading spaces are not data") << QByteArray(20, ' ') + field + ",x\n" << QByteArray();
        QTest::newRow("trailing spaces are not data") << field + QByteArray(20, ' ') + ",x\n" << QByteArray();
        QTest::newRow("inner spaces are data") << field.left(60) + QByteArray(41, ' ') + "z,x\n"
                                               << QByteArray("maximum field size");
        QTest::newRow("field first") << "x," + field + "zz\n" << QByteArray("column 'b'");
        // 1000 bytes before the line break (spaces count for the record, not for the fields).
        QTest::newRow("record exactly at the limit") << QByteArray(500, ' ') + "x," + QByteArray(497, ' ') + "y\n"
                                                     << QByteArray();
        QTest::newRow("record one byte over") << QByteArray(501, ' ') + "x," + QByteArray(497, ' ') + "y\n"
                                              << QByteArray("maximum record size");
        QTest::newRow("spaces alone count for the record") << QByteArray(1200, ' ') + "\nx,y\n"
                                                           << QByteArray("maximum record size");
    }

    void limitsDoNotDependOnBlocks()
    {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, expected);
        const std::string plain = write("limits-plain.csv", "a,b\n" + body.toStdString());
        // A quoted record before it puts its block through the byte-by-byte parser.
        const std::string quoted = write("limits-quoted.csv", "a,b\n\"q\",r\n" + body.toStdString());
        for (const std::string& path : {plain, quoted}) {
            std::string first;
            bool haveFirst = false;
            for (const std::size_t block : {std::size_t(1) << 20, std::size_t(1), std::size_t(7), std::size_t(64)}) {
                for (const unsigned threads : {1u, 2u}) {
                    CsvOptions o;
                    o.limits.maxFieldBytes = 100;
                    o.limits.maxRecordBytes = 1000;
                    o.blockBytes = block;
                    o.threads = threads;
                    const std::string message = inputErrorOf([&] { readCsv({path}, o); });
                    const QByteArray where = QByteArray::fromStdString(path + ", block " + std::to_string(block) +
                                                                       ", threads " + std::to_string(threads));
                    if (expected.isEmpty())
                        QVERIFY2(message.empty(), (where + ": " + QByteArray::fromStdString(message)).constData());
                    else
                        QVERIFY2(message.find(expected.toStdString()) != std::string::npos,
                                 (where + ": " + QByteArray::fromStdString(message)).constData());
                    if (!haveFirst) {
                        first = message;
                        haveFirst = true;
                    }
                    // Record numbers differ between the two files (one more record in the quoted one).
                    QVERIFY2(message == first, (where + ": '" + QByteArray::fromStdString(message) + "' vs '" +
                                                QByteArray::fromStdString(first) + "'")
                                                   .constData());
                }
            }
        }
    }

    void recordNumbersAcrossBlocks()
    {
        std::string text = "a,b\n";
        for (int i = 0; i < 5000; ++i)
            text += "x,y\n";
        text += "x\n";
        const std::string path = write("ragged-late.csv", text);
        CsvOptions o;
        o.blockBytes = 97;
        o.threads = 2;
        expectError(inputErrorOf([&] { readCsv({path}, o); }), {"record 5001", "1 field", "ragged"});
        CsvAggregateRequest r;
        expectError(inputErrorOf([&] { aggregateCsv({path}, o, r); }), {"record 5001", "ragged"});
    }

    // Byte ranges (the Dask count's parts): the records that start in each range of a partition of the file, at
    // any cuts (inside quoted line breaks, doubled quotes, CRLF, inside the header), add up to the whole file's
    // counts with the categories in the same first-appearance order; a record is never split or counted twice.
    void byteRangesPartitionTheRecords()
    {
        std::mt19937_64 g(7);
        const char* as[] = {"x", "y", "\"q\nuoted\"", "\"with \"\"quote\"\"\"", "\"a,b\"", "  z  "};
        const char* bs[] = {"1", "2", "?", "\"3\r\n4\""};
        std::string text = "A,B,C\r\n";
        for (int i = 0; i < 3000; ++i)
            text += std::string(as[g() % 6]) + "," + bs[g() % 4] + "," + std::to_string(i % 7) + (i % 5 ? "\r\n" : "\n");
        const std::string path = write("ranges.csv", text);
        CsvAggregateRequest request;
        request.attributes = {"A", "B", "C"};
        request.joint = false;
        CsvOptions whole;
        whole.blockBytes = 4096;
        const CsvAggregate all = aggregateCsv({path}, whole, request);
        QCOMPARE(all.rows, std::size_t(3000));
        for (int parts : {1, 2, 3, 10, 97, 700}) {
            std::vector<std::uint64_t> cuts{0, text.size()};
            for (int k = 1; k < parts; ++k)
                cuts.push_back(g() % text.size());
            std::sort(cuts.begin(), cuts.end());
            std::size_t rows = 0, quotes = 0;
            std::vector<std::map<std::string, double>> counts(3);
            std::vector<std::vector<std::string>> order(3);
            for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
                CsvOptions o = whole;
                o.range = CsvOptions::ByteRange{cuts[k], cuts[k + 1], quotes % 2 == 1};
                quotes += static_cast<std::size_t>(
                    std::count(text.begin() + static_cast<std::ptrdiff_t>(cuts[k]),
                               text.begin() + static_cast<std::ptrdiff_t>(cuts[k + 1]), '"'));
                CsvAggregate part;
                try {
                    part = aggregateCsv({path}, o, request);
                } catch (const InputError& e) {
                    QFAIL(qPrintable(QString("range %1..%2: %3").arg(cuts[k]).arg(cuts[k + 1]).arg(e.what())));
                }
                rows += part.rows;
                for (std::size_t c = 0; c < 3; ++c)
                    for (std::size_t i = 0; i < part.columns[c].categories.size(); ++i) {
                        const std::string& cat = part.columns[c].categories[i];
                        if (!counts[c].count(cat))
                            order[c].push_back(cat);
                        counts[c][cat] += part.columns[c].counts[i];
                    }
            }
            QCOMPARE(rows, all.rows);
            for (std::size_t c = 0; c < 3; ++c) {
                QVERIFY2(order[c] == all.columns[c].categories, qPrintable(QString("parts %1 column %2").arg(parts).arg(c)));
                for (std::size_t i = 0; i < order[c].size(); ++i)
                    QCOMPARE(counts[c][order[c][i]], all.columns[c].counts[i]);
            }
        }
        // The distinct cells (missing kept) of the ranges add up to the record scan's cells of the whole file, in
        // the same order of first appearance (the Python module's Counts).
        CsvAggregateRequest cells = request;
        cells.cells = true;
        const Table scanned = countSource(*CsvSource::deferred({path}, whole), {"A", "B", "C"});
        QCOMPARE(aggregateCsv({path}, whole, cells).cells.attributes[1].codes, scanned.attributes[1].codes);
        Table summed;
        std::size_t quotes = 0;
        const std::vector<std::uint64_t> cuts{0, 5, 700, 701, 4000, 4001, 9000, text.size()};
        for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
            CsvOptions o = whole;
            o.range = CsvOptions::ByteRange{cuts[k], cuts[k + 1], quotes % 2 == 1};
            quotes += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(cuts[k]),
                                                          text.begin() + static_cast<std::ptrdiff_t>(cuts[k + 1]), '"'));
            const Table part = aggregateCsv({path}, o, cells).cells;
            summed = k == 0 ? part : addCounts(summed, part);
        }
        for (std::size_t a = 0; a < 3; ++a) {
            QVERIFY(summed.attributes[a].categories == scanned.attributes[a].categories);
            QVERIFY(summed.attributes[a].codes == scanned.attributes[a].codes);
        }
        QVERIFY(summed.weights == scanned.weights);

        CsvOptions two;
        two.range = CsvOptions::ByteRange{0, 10, false};
        expectError(inputErrorOf([&] { aggregateCsv({path, path}, two, request); }), {"byte range", "one file"});
    }

    void noHeaderOption()
    {
        CsvOptions o;
        o.hasHeader = false;
        o.delimiter = '\t';
        const Table t = readCsv({write("nohead.tsv", "1\t2\n1\t3\n")}, o);
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(t.attributes[0].name, std::string("1"));
        QCOMPARE(t.attributes[1].name, std::string("2"));
        QCOMPARE(t.attributes[1].categories, (std::vector<std::string>{"2", "3"}));
    }

    void domainGuardAndErrors()
    {
        CsvAggregateRequest r;
        r.attributes = {"education", "occupation", "native-country"};
        r.maxCells = 100;
        expectError(inputErrorOf([&] { aggregateCsv(adultFiles(), {}, r); }), {"100 cells"});
        r.attributes = {"education", "colour"};
        r.maxCells = ContingencyTable::kDefaultMaxCells;
        expectError(inputErrorOf([&] { aggregateCsv(adultFiles(), {}, r); }), {"unknown attribute 'colour'"});
        r.attributes = {"sex", "sex"};
        expectError(inputErrorOf([&] { aggregateCsv(adultFiles(), {}, r); }), {"'sex' is listed twice"});
        expectError(inputErrorOf([&] { CsvSource::open({m_dir.path().toStdString()}); }), {"is a folder"});
    }
};

QTEST_APPLESS_MAIN(TestCsvAggregate)
#include "test_csv_aggregate.moc"
