// Baskets session files (core/session/BasketsSessionJson): files written by the Qt build before the
// format moved to core load with every value, and what core writes has the same keys (but the header of the
// one session format for the old "kind") and reads back the same.
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/session/SessionFile.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>

using namespace rr;

namespace {

// The fixtures live beside this test in the source tree (not in the shared data folder).
std::string fixture(const char* name)
{
    return readFileBounded(std::string(RR_TESTS_DIR) + "/data/baskets/" + name, kMaxSessionFileBytes, "session");
}

BasketsSessionFile load(const char* name)
{
    return parseBasketsSession(fixture(name));
}

std::vector<std::string> keys(const std::string& json)
{
    const nlohmann::json parsed = nlohmann::json::parse(json);
    std::vector<std::string> out;
    for (const auto& [key, value] : parsed.items())
        out.push_back(key);
    return out;
}

void compareChoices(const BasketsChoice& a, const BasketsChoice& b)
{
    QCOMPARE(a.kind, b.kind);
    QCOMPARE(a.keep, b.keep);
    QCOMPARE(a.replace, b.replace);
    QCOMPARE(a.cutoff, b.cutoff);
    QCOMPARE(a.rho, b.rho);
    QCOMPARE(a.perSize.size(), b.perSize.size());
    for (std::size_t m = 0; m < a.perSize.size(); ++m) {
        QCOMPARE(a.perSize[m].cutoff, b.perSize[m].cutoff);
        QCOMPARE(a.perSize[m].rho, b.perSize[m].rho);
    }
    QCOMPARE(a.selectPerSize.size(), b.selectPerSize.size());
    for (std::size_t m = 0; m < a.selectPerSize.size(); ++m) {
        QCOMPARE(a.selectPerSize[m].sizeProbabilities, b.selectPerSize[m].sizeProbabilities);
        if (!a.selectPerSize[m].sizeProbabilities.empty())
            QCOMPARE(a.selectPerSize[m].rho, b.selectPerSize[m].rho);
    }
    QCOMPARE(a.selectKeep, b.selectKeep);
    QCOMPARE(a.fp, b.fp);
    QCOMPARE(a.nfp, b.nfp);
    QCOMPARE(a.frequentSupport, b.frequentSupport);
    QCOMPARE(a.level, b.level);
    QCOMPARE(a.breachItemsets, b.breachItemsets);
    QCOMPARE(a.seed, b.seed);
    QCOMPARE(a.topItemsets, b.topItemsets);
    QCOMPARE(a.miningMaxSize, b.miningMaxSize);
    QCOMPARE(a.minSupports, b.minSupports);
}

} // namespace

class TestBasketsSessionJson : public QObject {
    Q_OBJECT

private slots:
    // tests/data/baskets/session-*-v1.json were written by ui/baskets/BasketsSession (QJson) at cc32739.
    void oldFilesLoad()
    {
        const BasketsSessionFile select = load("session-select-v1.json");
        QCOMPARE(select.data, std::string("small.dat"));
        const BasketsChoice& s = select.choice;
        QCOMPARE(s.kind, OperatorKind::SelectASize);
        QCOMPARE(s.rho, 0.3);
        QCOMPARE(s.selectKeep, 0.7);
        QCOMPARE(s.selectPerSize.size(), std::size_t(3));
        QVERIFY(s.selectPerSize[0].sizeProbabilities.empty());
        QCOMPARE(s.selectPerSize[2].rho, 0.25);
        QCOMPARE(s.selectPerSize[2].sizeProbabilities, (std::vector<double>{0.5, 0.25, 0.25}));
        QCOMPARE(s.level, 0.75);
        QCOMPARE(s.breachItemsets, 2);
        QCOMPARE(s.seed, std::uint64_t(18446744073709551615ull));
        QCOMPARE(s.topItemsets, 12);
        QCOMPARE(s.miningMaxSize, 2);
        QCOMPARE(s.minSupports, (std::vector<double>{0.05, 0.1, 0.125}));

        const BasketsChoice c = load("session-cutpaste-v1.json").choice;
        QCOMPARE(c.kind, OperatorKind::CutAndPaste);
        QCOMPARE(c.cutoff, 4);
        QCOMPARE(c.rho, 0.25);
        QCOMPARE(c.perSize.size(), std::size_t(3));
        QCOMPARE(c.perSize[1].cutoff, 4);
        QCOMPARE(c.perSize[1].rho, 0.31);
        QCOMPARE(c.perSize[2].rho, 0.123456789012345);
        QCOMPARE(c.seed, std::uint64_t(42));
        QCOMPARE(c.level, 0.6);

        const BasketsChoice f = load("session-frequency-v1.json").choice;
        QCOMPARE(f.kind, OperatorKind::FrequencyAware);
        QCOMPARE(f.fp, 0.95);
        QCOMPARE(f.nfp, 1.0);
        QCOMPARE(f.frequentSupport, 0.3);
        QCOMPARE(f.keep, 0.9);
        QCOMPARE(f.replace, 0.0);
        QCOMPARE(f.rho, 0.0005); // written by Qt as 5e-04
    }

    // Written again: the same keys as the old files ("format" in place of "kind"), and the same choice when
    // read back.
    void writtenAgainKeepsKeysAndValues()
    {
        for (const char* name : {"session-select-v1.json", "session-cutpaste-v1.json", "session-frequency-v1.json"}) {
            const std::string old = fixture(name);
            const BasketsSessionFile s = parseBasketsSession(old);
            const std::string again = basketsSessionJson(s);
            std::vector<std::string> expected = keys(old);
            std::replace(expected.begin(), expected.end(), std::string("kind"), std::string("format"));
            std::sort(expected.begin(), expected.end());
            QCOMPARE(keys(again), expected);
            const BasketsSessionFile back = parseBasketsSession(again);
            QCOMPARE(back.data, s.data);
            compareChoices(back.choice, s.choice);
        }
    }

    void badFilesNameTheField()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, parseBasketsSession("[1, 2]"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseBasketsSession("{\"kind\": \"other\"}"));
        try {
            parseBasketsSession("{\"kind\": \"rr-explorer baskets session\", \"data\": \"x.dat\", \"level\": 1.5}");
            QFAIL("accepted level 1.5");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("\"level\"") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, parseBasketsSession("{\"kind\": \"rr-explorer baskets session\", "
                                                                 "\"data\": \"x.dat\", \"seed\": 5}"));
    }
};

QTEST_MAIN(TestBasketsSessionJson)
#include "test_baskets_session_json.moc"
