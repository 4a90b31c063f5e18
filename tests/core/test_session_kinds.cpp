// One session format and one reader for both workspaces (issue 43): files written by the build before the
// formats were joined (tests/data/sessions, at 6e378ff) load with their contents, either kind is told apart
// by its header and refused with a clear message where the other is expected, one size bound guards both,
// and what the writer writes the reader reads back.
#include "core/data/Errors.h"
#include "core/session/SessionFile.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace rr;
using Json = nlohmann::json;

namespace {

const std::string kFixtures = RR_TESTS_DIR "/data/sessions/";
const std::string kOldBaskets = RR_TESTS_DIR "/data/baskets/";
const std::string kOldTables = RR_SHARED_DATA_DIR "/sessions-v1/";
const std::string kSampleDir = std::filesystem::canonical(RR_RESOURCES_DIR "/data").string();

// The message of the InputError `read` throws, or empty when it throws none.
template <typename Read>
QString errorOf(Read read)
{
    try {
        read();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string canonical(const std::string& path)
{
    return std::filesystem::canonical(path).string();
}

Json header(const std::string& path)
{
    std::ifstream in(path);
    const Json j = Json::parse(in);
    return Json{{"format", j.value("format", "")}, {"version", j.value("version", 0)}};
}

void write(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

class TestSessionKinds : public QObject {
    Q_OBJECT

private slots:
    // table-v1.json: a table session as saveSessionFile wrote it before the formats were joined.
    void tableFixtureLoads()
    {
        const AnySession any = readSessionFile(kFixtures + "table-v1.json", kSampleDir);
        QVERIFY(kindOf(any) == SessionKind::Table);
        const SessionData& s = std::get<SessionData>(any);
        QCOMPARE(s.dataPaths.size(), std::size_t(1));
        QCOMPARE(canonical(s.dataPaths[0]), kSampleDir + "/adult.data.csv"); // relative to the session's folder
        QVERIFY(s.spec.quasiIdentifiers == (std::vector<std::string>{"age", "education", "sex"}));
        QCOMPARE(s.spec.sensitive, std::string("workclass"));
        QCOMPARE(s.spec.alsoSensitive.size(), std::size_t(1));
        QCOMPARE(s.spec.alsoSensitive[0].attribute, std::string("occupation"));
        QVERIFY(s.spec.alsoSensitive[0].knows == (std::vector<std::string>{"race"}));
        QVERIFY(s.spec.policy == MissingPolicy::DropIfUsedMissing);
        QVERIFY(s.mode == RandomizationMode::Both);
        const std::map<std::string, double> p{
            {"age", 0.8}, {"education", 0.7}, {"occupation", 0.85}, {"sex", 0.9}, {"workclass", 0.75}};
        QVERIFY(s.p == p);
        QCOMPARE(s.tau, 0.25);
        QVERIFY(s.import.has_value());
        QCOMPARE(s.import->delimiter, ',');
        QVERIFY(s.import->missingTokens == (std::vector<std::string>{"?", ""}));
        QCOMPARE(s.bins.size(), std::size_t(1));
        QCOMPARE(s.bins[0].attribute, std::string("age"));
        QVERIFY(s.bins[0].cuts == (std::vector<double>{-HUGE_VAL, 30, 50, HUGE_VAL}));
        QCOMPARE(s.view.seed, std::uint64_t(12345));
        QCOMPARE(s.view.alpha, 0.1);
        QVERIFY(s.view.kind == IntervalKind::Chebyshev);
        QCOMPARE(s.view.surfaceX, std::string("education"));
        QCOMPARE(s.view.tradeOffMaxL, 8);
        QCOMPARE(s.view.currentView, std::string("surface"));
    }

    // baskets-*-v1.json: basket sessions as basketsSessionJson wrote them ({"kind": ..., "version": 1}).
    void basketFixturesLoad()
    {
        const BasketsSessionFile cut = loadBasketsSessionFile(kFixtures + "baskets-cutpaste-v1.json", kSampleDir);
        QCOMPARE(canonical(cut.data), canonical(RR_TESTS_DIR "/data/baskets/small.dat"));
        const BasketsChoice& c = cut.choice;
        QCOMPARE(c.kind, OperatorKind::CutAndPaste);
        QCOMPARE(c.cutoff, 3);
        QCOMPARE(c.rho, 0.2);
        QCOMPARE(c.perSize.size(), std::size_t(3));
        QCOMPARE(c.perSize[2].cutoff, 3);
        QCOMPARE(c.perSize[1].rho, 0.15);
        QCOMPARE(c.level, 0.4);
        QCOMPARE(c.seed, std::uint64_t(7));

        const BasketsChoice s = loadBasketsSessionFile(kFixtures + "baskets-select-v1.json", kSampleDir).choice;
        QCOMPARE(s.kind, OperatorKind::SelectASize);
        QCOMPARE(s.rho, 0.3);
        QCOMPARE(s.selectPerSize.size(), std::size_t(3));
        QVERIFY(s.selectPerSize[1].sizeProbabilities.empty());
        QCOMPARE(s.selectPerSize[2].rho, 0.25);
        QVERIFY(s.selectPerSize[2].sizeProbabilities == (std::vector<double>{0.5, 0.3, 0.2}));
        QCOMPARE(s.selectKeep, 0.6);
        QCOMPARE(s.breachItemsets, 2);
        QCOMPARE(s.topItemsets, 8);
        QCOMPARE(s.miningMaxSize, 2);
        QVERIFY(s.minSupports == (std::vector<double>{0.05, 0.1}));
    }

    // Every older file in tests/data reads through the one reader as its own kind.
    void olderFilesKeepTheirKind()
    {
        for (const char* name : {"tradeoff.json", "comparison.json", "record.json", "coil.json"})
            QVERIFY(kindOf(readSessionFile(kOldTables + name, kSampleDir)) == SessionKind::Table);
        for (const char* name : {"session-select-v1.json", "session-cutpaste-v1.json", "session-frequency-v1.json"})
            QVERIFY(kindOf(readSessionFile(kOldBaskets + name, kSampleDir)) == SessionKind::Baskets);
    }

    // One bound for both kinds, and no FIFO or device is read.
    void oversizedFifoAndDeviceAreRefused()
    {
        QTemporaryDir dir;
        const std::string big = dir.filePath("big.json").toStdString();
        write(big, "{");
        std::filesystem::resize_file(big, kMaxSessionFileBytes + 1); // sparse: nothing on disk
        const QString tooBig = errorOf([&] { readSessionFile(big, kSampleDir); });
        QVERIFY2(tooBig.contains("larger than the limit of 67108864 bytes") && tooBig.contains("big.json"),
                 qPrintable(tooBig));
        const std::string fifo = dir.filePath("fifo.json").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const QString notFile = errorOf([&] { loadBasketsSessionFile(fifo, kSampleDir); });
        QVERIFY2(notFile.contains("not a regular file (a FIFO)"), qPrintable(notFile));
        const QString device = errorOf([] { loadSessionFile("/dev/zero", kSampleDir); });
        QVERIFY2(device.contains("/dev/zero") && device.contains("a device"), qPrintable(device));
    }

    // Why the bound is 64 MiB and not 16: Suggest fills select-a-size's table for every size up to the longest
    // basket, and for baskets of 1,100 items that session passes 16 MiB. It loads.
    void largeBasketSessionLoads()
    {
        QTemporaryDir dir;
        BasketsSessionFile s{"small.dat", {}};
        s.choice.kind = OperatorKind::SelectASize;
        s.choice.selectKeep = 0.5;
        s.choice.selectPerSize = fullSelectASizeTable(s.choice, 1100);
        const std::string path = dir.filePath("large.json").toStdString();
        saveSessionFile(s, path, kSampleDir);
        const auto bytes = std::filesystem::file_size(path);
        QVERIFY2(bytes > (std::size_t(16) << 20) && bytes < kMaxSessionFileBytes, qPrintable(QString::number(bytes)));
        QCOMPARE(loadBasketsSessionFile(path, kSampleDir).choice.selectPerSize.size(), std::size_t(1101));
    }

    // Each kind through the one writer and reader: the same session back, the header telling it apart.
    void bothKindsRoundTrip()
    {
        QTemporaryDir dir;
        const std::string table = dir.filePath("table.json").toStdString();
        SessionData t = loadSessionFile(kFixtures + "table-v1.json", kSampleDir);
        saveSessionFile(t, table, kSampleDir);
        QCOMPARE(header(table), (Json{{"format", "rr-explorer-session"}, {"version", 1}}));
        const SessionData t2 = std::get<SessionData>(readSessionFile(table, kSampleDir));
        QVERIFY(t2.dataPaths == t.dataPaths && t2.spec == t.spec && t2.p == t.p && t2.view == t.view);
        QVERIFY(t2.bins == t.bins && t2.mode == t.mode && t2.tau == t.tau);

        const std::string baskets = dir.filePath("baskets.json").toStdString();
        BasketsSessionFile b = loadBasketsSessionFile(kFixtures + "baskets-select-v1.json", kSampleDir);
        b.data = kSampleDir + "/retail.dat"; // stored as "sample:retail.dat"
        saveSessionFile(b, baskets, kSampleDir);
        QCOMPARE(header(baskets), (Json{{"format", "rr-explorer-session"}, {"version", 2}}));
        const BasketsSessionFile b2 = std::get<BasketsSessionFile>(readSessionFile(baskets, kSampleDir));
        QCOMPARE(b2.data, b.data);
        QCOMPARE(b2.choice.selectPerSize[2].sizeProbabilities, b.choice.selectPerSize[2].sizeProbabilities);
        QCOMPARE(b2.choice.minSupports, b.choice.minSupports);
        QCOMPARE(b2.choice.selectKeep, b.choice.selectKeep);
    }

    // A session opened as the other kind says what it is and where it opens.
    void theOtherKindIsRefusedClearly()
    {
        const QString basketAsTable = errorOf([] { loadSessionFile(kFixtures + "baskets-cutpaste-v1.json", kSampleDir); });
        QVERIFY2(basketAsTable.contains("baskets-cutpaste-v1.json: this is a basket session, not a table session") &&
                     basketAsTable.contains("Baskets workspace"),
                 qPrintable(basketAsTable));
        const QString tableAsBasket = errorOf([] { loadBasketsSessionFile(kFixtures + "table-v1.json", kSampleDir); });
        QVERIFY2(tableAsBasket.contains("table-v1.json: this is a table session, not a basket session") &&
                     tableAsBasket.contains("File > Open Session"),
                 qPrintable(tableAsBasket));
        QVERIFY(errorOf([] { sessionFromJson(R"({"format": "rr-explorer-session", "version": 2, "data": "x.dat"})", {}); })
                    .contains("this is a basket session"));
        QVERIFY(errorOf([] { parseBasketsSession(R"({"format": "rr-explorer-session", "version": 1})"); })
                    .contains("this is a table session"));
    }

    // A version this build does not know names itself and the versions it reads.
    void unknownVersionIsNamed()
    {
        const QString e = errorOf([] { parseAnySession(R"({"format": "rr-explorer-session", "version": 3})", {}); });
        QVERIFY2(e.contains("unsupported session version 3") && e.contains("1, a table session") &&
                     e.contains("2, a basket session"),
                 qPrintable(e));
        QVERIFY(errorOf([] { parseAnySession(R"({"kind": "something"})", {}); }).contains("not an RR Explorer session"));
    }
};

QTEST_MAIN(TestSessionKinds)
#include "test_session_kinds.moc"
