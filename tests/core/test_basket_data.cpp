// Basket data (core/baskets): the FIMI reader on retail (FIDELITY counts), every InputError it names,
// empty lines and duplicates reported, the release writers and the .sizes reader, 0/1 columns (COIL).
#include "CoilData.h"
#include "TestData.h"
#include "TestSupport.h"

#include "core/baskets/BinaryColumns.h"
#include "core/baskets/FimiReader.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/baskets/Transactions.h"
#include "core/data/Errors.h"

#include <QtTest>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>

using namespace rr;

namespace {

std::string inputErrorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

using Items = std::vector<std::uint32_t>;

Items basketItems(const Transactions& t, std::size_t i)
{
    const auto b = t.basket(i);
    return Items(b.begin(), b.end());
}

} // namespace

class TestBasketData : public QObject {
    Q_OBJECT

    static void expectError(const std::string& text, const std::vector<std::string>& fragments,
                            const FimiOptions& options = {})
    {
        const std::string msg = inputErrorOf([&] { parseFimi(text, options); });
        QVERIFY2(!msg.empty(), ("no InputError for: " + text.substr(0, 40)).c_str());
        for (const auto& frag : fragments)
            QVERIFY2(msg.find(frag) != std::string::npos, ("'" + frag + "' not in: " + msg).c_str());
    }

private slots:
    // ../data/README.md and FIDELITY "Market baskets": 88,162 / 16,470 / 908,576 / sizes 1..76.
    void retailCounts()
    {
        const FimiData data = readFimiFile(testdata::sharedData("retail/retail.dat"));
        const BasketSummary s = summarize(data.transactions);
        QCOMPARE(s.baskets, std::size_t(88162));
        QCOMPARE(s.itemCount, std::uint32_t(16470));
        QCOMPARE(s.distinctItems, std::size_t(16470));
        QCOMPARE(s.occurrences, std::size_t(908576));
        QCOMPARE(s.minSize, std::uint32_t(1));
        QCOMPARE(s.maxSize, std::uint32_t(76));
        QCOMPARE(s.sizeHistogram[1], std::size_t(3016));
        QCOMPARE(s.sizeHistogram[4], std::size_t(7210)); // the most common size
        QCOMPARE(s.sizeHistogram[76], std::size_t(1));
        QCOMPARE(s.itemCounts[39], std::size_t(50675)); // the top item, 57.5% of the baskets
        QCOMPARE(s.itemCounts[48], std::size_t(42135));
        QCOMPARE(data.report.lines, std::size_t(88162));
        QCOMPARE(data.report.emptyLines, std::size_t(0));
        QCOMPARE(data.report.duplicateItems, std::size_t(0));
        QCOMPARE(basketItems(data.transactions, 1), (Items{30, 31, 32}));
        // the stream and the buffer entry points agree
        std::ifstream in(testdata::sharedData("retail/retail.dat"), std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const FimiData fromBuffer = parseFimi(bytes);
        QVERIFY(fromBuffer.transactions.items == data.transactions.items);
        QVERIFY(fromBuffer.transactions.offsets == data.transactions.offsets);
    }

    // A release reads a FIMI file without holding it: the scan hands over the same baskets, report and universe
    // as the read, and its tally gives the same summary; the limits on what a read holds do not stop it.
    void scanEqualsRead()
    {
        const std::string path = testdata::sharedData("retail/retail.dat");
        const FimiData data = readFimiFile(path);
        Transactions scanned;
        BasketTally tally;
        FimiOptions small;
        small.limits.maxBaskets = 1000; // the read would stop here
        small.limits.maxOccurrences = 1000;
        const FimiScan scan = scanFimiFile(path, small, [&](std::span<const std::uint32_t> basket) {
            scanned.append(basket);
            tally.add(basket);
        });
        QVERIFY(scanned.items == data.transactions.items);
        QVERIFY(scanned.offsets == data.transactions.offsets);
        QCOMPARE(scan.itemCount, data.transactions.itemCount);
        QCOMPARE(scan.baskets, data.transactions.size());
        QCOMPARE(scan.occurrences, data.transactions.occurrences());
        QCOMPARE(scan.report.lines, data.report.lines);
        const BasketSummary a = summarize(data.transactions), b = tally.summary(scan.itemCount);
        QVERIFY(a.itemCounts == b.itemCounts && a.sizeHistogram == b.sizeHistogram);
        QCOMPARE(b.distinctItems, a.distinctItems);
        QCOMPARE(b.minSize, a.minSize);
        QCOMPARE(b.maxSize, a.maxSize);
        QCOMPARE(b.meanSize, a.meanSize);
        QVERIFY(inputErrorOf([&] { tally.summary(100); }).find("outside the universe") != std::string::npos);
        QVERIFY(inputErrorOf([&] { readFimiFile(path, small); }).find("limit of 1000") != std::string::npos);
    }

    void emptyLinesAndDuplicates()
    {
        const std::string text = "3 1 2\n\n  \t \n5 5 4 5\r\n7";
        const FimiData kept = parseFimi(text);
        QCOMPARE(kept.transactions.size(), std::size_t(5)); // empty lines are empty baskets
        QCOMPARE(kept.report.lines, std::size_t(5));
        QCOMPARE(kept.report.emptyLines, std::size_t(2));
        QCOMPARE(kept.report.firstEmptyLines, (std::vector<std::size_t>{2, 3}));
        QCOMPARE(kept.report.duplicateItems, std::size_t(2));
        QCOMPARE(kept.report.basketsWithDuplicates, std::size_t(1));
        QCOMPARE(kept.report.firstDuplicateLine, std::size_t(4));
        QCOMPARE(kept.report.crlfLines, std::size_t(1));
        QCOMPARE(basketItems(kept.transactions, 0), (Items{1, 2, 3}));
        QCOMPARE(basketItems(kept.transactions, 3), (Items{4, 5}));
        QCOMPARE(basketItems(kept.transactions, 4), (Items{7}));
        QCOMPARE(kept.transactions.itemCount, std::uint32_t(8));
        FimiOptions skip;
        skip.emptyLines = EmptyLinePolicy::Skip;
        const FimiData skipped = parseFimi(text, skip);
        QCOMPARE(skipped.transactions.size(), std::size_t(3));
        QCOMPARE(skipped.report.emptyLines, std::size_t(2)); // still counted
        QCOMPARE(parseFimi("").transactions.size(), std::size_t(0));
        QCOMPARE(parseFimi("1\n").transactions.size(), std::size_t(1)); // a final '\n' ends a line, adds none
    }

    void errorsNameTheLineAndTheLimit()
    {
        expectError("1 2\n3 x 4\n", {"line 2", "column 3", "'x'", "not an integer"});
        expectError("1 2.5\n", {"line 1", "'2.5'", "not an integer"});
        expectError("1\n2 -7\n", {"line 2", "-7", "negative"});
        expectError("1 \xC3\xA9\n", {"line 1", "column 3", "invalid byte 0xC3"});
        expectError("1\r2\n", {"line 1", "invalid byte 0x0D"});
        expectError(std::string("1\0 2\n", 5), {"line 1", "invalid byte 0x00"});
        expectError("16777216\n", {"line 1", "16777216", "exceeds the limit of 16777215"});
        expectError("99999999999999999999999\n", {"exceeds the limit"});
        FimiOptions small;
        small.limits.maxLineBytes = 8;
        small.limits.maxBasketItems = 3;
        small.limits.maxBaskets = 2;
        small.limits.maxItemId = 100;
        expectError("1 2 3 4 5 6\n", {"line 1", "11 bytes", "limit is 8 bytes"}, small);
        expectError("1 2 3 4\n", {"line 1", "limit is 3 items per basket"}, small);
        expectError("1\n2\n3\n", {"line 3", "limit of 2 baskets"}, small);
        expectError("101\n", {"exceeds the limit of 100"}, small);
        FimiOptions universe; // reading a release back with its known universe
        universe.itemCount = 10;
        QCOMPARE(parseFimi("1 3\n", universe).transactions.itemCount, std::uint32_t(10));
        expectError("1 10\n", {"line 1", "column 3", "item 10 is outside the universe of 10 items (0..9)"}, universe);
        small.limits.maxOccurrences = 2;
        expectError("1 2\n3\n", {"line 2", "limit of 2"}, small);
        // the stream reader refuses an overlong line before holding it
        std::istringstream in(std::string(100, '1'));
        const std::string msg = inputErrorOf([&] { readFimi(in, small); });
        QVERIFY2(msg.find("limit of 8 bytes") != std::string::npos, msg.c_str());
        QVERIFY(inputErrorOf([] { readFimiFile("/nonexistent/retail.dat"); }).find("cannot open") != std::string::npos);
    }

    void releaseFilesRoundTrip()
    {
        const FimiData data = parseFimi("5 9\n\n2\n");
        std::vector<std::uint32_t> keep{2, 9};
        const Transactions restricted = restrictToItems(data.transactions, keep); // ids 0, 1; labels 2, 9
        QCOMPARE(restricted.itemCount, std::uint32_t(2));
        std::ostringstream out;
        writeFimi(out, restricted);
        QCOMPARE(out.str(), std::string("9\n\n2\n")); // labels written, the empty basket kept as a line
        const FimiData back = parseFimi(out.str());
        QCOMPARE(back.transactions.size(), std::size_t(3));
        std::ostringstream sizes;
        const std::vector<std::uint32_t> m{2, 0, 1};
        writeSizes(sizes, m);
        QCOMPARE(sizes.str(), std::string("2\n0\n1\n"));
        std::istringstream in(sizes.str());
        QCOMPARE(readSizes(in, 3, "r.sizes"), m);
        std::istringstream shortFile("2\n0\n");
        QVERIFY(inputErrorOf([&] { readSizes(shortFile, 3, "r.sizes"); }).find("has 2 sizes but the release has 3") !=
                std::string::npos);
        std::istringstream bad("2\nx\n1\n");
        QVERIFY(inputErrorOf([&] { readSizes(bad, 3, "r.sizes"); }).find("r.sizes line 2") != std::string::npos);
        std::istringstream extra("1\n1\n1\n1\n");
        QVERIFY(inputErrorOf([&] { readSizes(extra, 3, "r.sizes"); }).find("line 4") != std::string::npos);
    }

    // COIL's binarized A..J as 0/1 columns (003 Table 3.1): item supports equal the column means.
    void binaryColumns()
    {
        const Table coil = testdata::coilBinarized();
        const BinaryBaskets b = basketsFromBinaryColumns(coil);
        QCOMPARE(b.transactions.size(), std::size_t(5822));
        QCOMPARE(b.itemNames.front(), std::string("A"));
        const BasketSummary s = summarize(b.transactions);
        // G and H: supports 0.5421 and 0.4019 (FIDELITY G,H cells 10 + 11 and 01 + 11)
        RR_COMPARE_NEAR(static_cast<double>(s.itemCounts[6]) / 5822.0, 0.1833 + 0.3588, 1e-4);
        RR_COMPARE_NEAR(static_cast<double>(s.itemCounts[7]) / 5822.0, 0.0431 + 0.3588, 1e-4);
        Table bad = coil;
        bad.attributes[0].categories = {"0", "2"};
        QVERIFY(inputErrorOf([&] { basketsFromBinaryColumns(bad); }).find("column A") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestBasketData)
#include "test_basket_data.moc"
