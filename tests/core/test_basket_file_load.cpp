// The one basket loader (issue 43): a CSV of 0/1 columns and the FIMI file of the same baskets give the same
// transactions, through loadBasketFile (the CLI) and loadBasketsData (the Baskets workspace) alike.
#include "TestSupport.h"

#include "core/basketpipeline/BasketFileLoad.h"
#include "core/basketpipeline/BasketsPipeline.h"
#include "core/data/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace rr;

namespace {

void write(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::vector<std::uint32_t>> basketsOf(const Transactions& t)
{
    std::vector<std::vector<std::uint32_t>> out;
    for (std::size_t i = 0; i < t.size(); ++i)
        out.emplace_back(t.basket(i).begin(), t.basket(i).end());
    return out;
}

} // namespace

class TestBasketFileLoad : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void csvAndFimiAgree()
    {
        const std::string csv = m_dir.filePath("b.CSV").toStdString(), fimi = m_dir.filePath("b.dat").toStdString();
        write(csv, "a,b,c\n1,0,1\n0,0,0\n\n1,1,0\n"); // a blank line the CSV reader skips
        write(fimi, "0 2\n\n0 1\n");
        const LoadedBaskets fromCsv = loadBasketFile({csv, {}, {}});
        const LoadedBaskets fromFimi = loadBasketFile({fimi, {}, {}});
        QVERIFY(fromCsv.file.csv && !fromFimi.file.csv);
        QCOMPARE(fromCsv.file.itemNames, (std::vector<std::string>{"a", "b", "c"}));
        const std::vector<std::vector<std::uint32_t>> expected{{0, 2}, {}, {0, 1}};
        QCOMPARE(basketsOf(fromCsv.baskets), expected);
        QCOMPARE(basketsOf(fromFimi.baskets), expected);
        QCOMPARE(fromCsv.file.emptyBaskets, std::size_t(1));
        QCOMPARE(fromFimi.file.emptyBaskets, std::size_t(1));
        QCOMPARE(fromCsv.file.report.emptyLines, std::size_t(1)); // counted, not dropped unsaid
        QCOMPARE(fromCsv.file.report.firstEmptyLines, (std::vector<std::size_t>{4}));
        // The workspace's loader reads the CSV too, with its item names.
        const auto data = loadBasketsData(csv);
        QCOMPARE(basketsOf(data->baskets), expected);
        QCOMPARE(data->itemNames, fromCsv.file.itemNames);
        // Only the columns named are items.
        const LoadedBaskets some = loadBasketFile({csv, {"c", "a"}, {}});
        QCOMPARE(some.file.itemNames.size(), std::size_t(2));
        QCOMPARE(some.baskets.size(), std::size_t(3));
    }

    void notZeroOrOneRefused()
    {
        const std::string csv = m_dir.filePath("bad.csv").toStdString();
        write(csv, "a,b\n1,2\n");
        QVERIFY_THROWS_EXCEPTION(InputError, loadBasketFile({csv, {}, {}}));
    }
};

QTEST_GUILESS_MAIN(TestBasketFileLoad)
#include "test_basket_file_load.moc"
