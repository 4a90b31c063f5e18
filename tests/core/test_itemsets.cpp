// The Apriori level loop both miners share (core/itemsets/Levelwise.h) on a database small enough to check by
// hand: the candidates join and prune give, the per-level counts, the stops, the candidate limit refused in
// its two forms with messages naming it, and the progress (its ticks and a cancellation).
#include "core/data/Errors.h"
#include "core/itemsets/Levelwise.h"

#include <QtTest>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

using namespace rr;

namespace {

using Set = std::vector<int>;

// Items 0..4, an itemset frequent at a count of 2 or more. By hand: items 0:3, 1:4, 2:3, 3:4, 4:1;
// pairs 01:2 02:2 03:1 12:2 13:2 23:1; the join gives 012 (kept: 12 is frequent) and 123 (pruned: 23 is
// not); 012:2.
const std::vector<Set> kBaskets = {{0, 1, 2}, {0, 1, 2}, {1, 3}, {1, 3}, {0, 3}, {2, 3}, {4}};

int countOf(const Set& s)
{
    return static_cast<int>(std::count_if(kBaskets.begin(), kBaskets.end(), [&](const Set& b) {
        return std::includes(b.begin(), b.end(), s.begin(), s.end());
    }));
}

struct Recorded {
    std::vector<std::vector<Set>> judged; // per level, in the order judged
    std::vector<int> started;             // the k of every startLevel
    LevelwiseRun run;
};

Recorded mine(const LevelwiseOptions& o)
{
    Recorded r;
    const auto start = [&](int k, const std::vector<Set>&) {
        r.started.push_back(k);
        r.judged.emplace_back();
    };
    r.run = levelwise<int>(5, o, start, [&](const Set& s) {
        r.judged.back().push_back(s);
        return countOf(s) >= 2;
    });
    return r;
}

LevelwiseOptions options(int maxSize, std::size_t maxCandidates, bool inAll)
{
    LevelwiseOptions o;
    o.maxSize = maxSize;
    o.limit = {maxCandidates, inAll, "raise the minimum support"};
    return o;
}

std::string refusal(const LevelwiseOptions& o)
{
    try {
        mine(o);
    } catch (const DomainError& e) {
        return e.what();
    }
    return "";
}

} // namespace

class TestItemsets : public QObject {
    Q_OBJECT

private slots:
    void joinAndPruneGiveTheHandCheckedCandidates()
    {
        const Recorded r = mine(options(6, 100, false));
        QCOMPARE(r.judged.size(), std::size_t(3));
        QCOMPARE(r.judged[0], (std::vector<Set>{{0}, {1}, {2}, {3}, {4}}));
        QCOMPARE(r.judged[1], (std::vector<Set>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
        QCOMPARE(r.judged[2], (std::vector<Set>{{0, 1, 2}})); // {1, 2, 3} pruned: {2, 3} is infrequent
        QCOMPARE(r.started, (std::vector<int>{1, 2, 3}));
        QCOMPARE(r.run.levels.size(), std::size_t(3));
        const std::size_t candidates[] = {5, 6, 1}, kept[] = {4, 4, 1};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(r.run.levels[i].k, i + 1);
            QCOMPARE(r.run.levels[i].candidates, candidates[i]);
            QCOMPARE(r.run.levels[i].kept, kept[i]);
        }
        QCOMPARE(r.run.counted(), std::size_t(12));
        QVERIFY(r.run.stop == LevelwiseStop::NoCandidates);
        QCOMPARE(r.run.stopSize, 4);
    }

    // Past the largest size nothing more is judged: the stop says candidates were left.
    void theLargestSizeStopsTheSearch()
    {
        const Recorded r = mine(options(2, 100, false));
        QCOMPARE(r.judged.size(), std::size_t(2));
        QVERIFY(r.run.stop == LevelwiseStop::MaxSize);
        QCOMPARE(r.run.stopSize, 3);
        const Recorded exact = mine(options(3, 100, false)); // size 3 holds the last candidate
        QVERIFY(exact.run.stop == LevelwiseStop::NoCandidates);
        QCOMPARE(exact.run.stopSize, 4);
    }

    // Per level (004): 5 singletons pass a limit of 5, the 6 pairs do not. In all (003): 5 + 6 pass 11, the
    // triple does not; 12 mines to the end.
    void theCandidateLimitIsRefusedByName()
    {
        QCOMPARE(refusal(options(6, 5, false)),
                 std::string("Apriori at itemset size 2 has more than 5 candidates (the limit); "
                             "raise the minimum support"));
        QCOMPARE(refusal(options(6, 6, false)), std::string());
        QCOMPARE(refusal(options(6, 11, true)),
                 std::string("mining would count more than 11 candidate itemsets (11 counted before itemsets of 3 "
                             "items); raise the minimum support"));
        QCOMPARE(refusal(options(6, 12, true)), std::string());
        QCOMPARE(refusal(options(6, 4, true)).substr(0, 50),
                 std::string("mining would count more than 4 candidate itemsets ")); // the singletons already
        QCOMPARE(refusal(options(2, 11, true)), std::string()); // the triple past the largest size is not counted
    }

    // Every 1,024 candidates and at the end; a progress that throws stops the search.
    void progressTicksAndCancels()
    {
        LevelwiseOptions o = options(2, 10000, false);
        std::vector<double> ticks;
        o.progress = [&](double f) { ticks.push_back(f); };
        const auto none = [](const std::vector<int>&) { return false; };
        const auto nothing = [](int, const std::vector<std::vector<int>>&) {};
        const LevelwiseRun run = levelwise<int>(3000, o, nothing, none);
        QCOMPARE(run.levels.size(), std::size_t(1));
        QCOMPARE(ticks, (std::vector<double>{1023.0 / 3000 / 2, 2047.0 / 3000 / 2, 1.0}));
        int calls = 0;
        o.progress = [&](double) {
            if (++calls == 2)
                throw std::runtime_error("cancelled");
        };
        int judged = 0;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, levelwise<int>(3000, o, nothing, [&](const std::vector<int>&) {
                                     ++judged;
                                     return false;
                                 }));
        QCOMPARE(judged, 2048);
    }
};

QTEST_GUILESS_MAIN(TestItemsets)
#include "test_itemsets.moc"
