// The release log (issue 46): fingerprints follow a column's counts whatever their order, and nothing else;
// the log survives damaged and hostile lines; earlier releases sharing a column add their epsilons up.
#include "core/data/Errors.h"
#include "core/session/ReleaseLog.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sys/stat.h>

using namespace rr;

class TestReleaseLog : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    static ReleaseLogEntry entry(const std::string& when, std::vector<ReleasedAttribute> attributes)
    {
        ReleaseLogEntry e;
        e.when = when;
        e.outputs = {"/data/" + when + ".csv"};
        e.records = 100;
        e.attributes = std::move(attributes);
        return e;
    }

private slots:
    void fingerprintIsTheCounts()
    {
        const std::string a = columnFingerprint({"x", "y", "z"}, {3, 5, 0}, 1);
        QCOMPARE(a.size(), std::size_t(32));
        QCOMPARE(columnFingerprint({"y", "x"}, {5, 3}, 1), a); // another order, an empty category left out
        QVERIFY(columnFingerprint({"x", "y"}, {3, 6}, 1) != a);
        QVERIFY(columnFingerprint({"x", "y"}, {3, 5}, 0) != a);
        QVERIFY(columnFingerprint({"x", "w"}, {3, 5}, 1) != a);
        // no two value lists spell the same bytes: "a" + "b,c" against "a,b" + "c"
        QVERIFY(columnFingerprint({"a", "b=1;1:c"}, {1, 1}, 0) != columnFingerprint({"a", "b", "c"}, {1, 1, 1}, 0));
    }

    void appendsAndReadsBack()
    {
        const std::string log = path("log/releases.jsonl");
        QVERIFY(readReleaseLog(log).empty()); // none yet
        appendReleaseLog(log, entry("t1", {{"sex", "f1", 0.8, std::log(4.0)}}));
        appendReleaseLog(log, entry("t2", {{"race", "f2", std::nullopt, std::nullopt}}));
        struct stat st {};
        QVERIFY(::stat(log.c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QVERIFY(::stat(path("log").c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, 0700u);
        const auto back = readReleaseLog(log);
        QCOMPARE(back.size(), std::size_t(2));
        QCOMPARE(back[0].attributes[0].p.value(), 0.8);
        QVERIFY(!back[1].attributes[0].p && !back[1].attributes[0].epsilon);
        QCOMPARE(back[1].outputs, std::vector<std::string>{"/data/t2.csv"});
    }

    void damagedAndHostileLinesAreSkipped()
    {
        const std::string log = path("bad.jsonl");
        {
            std::ofstream out(log);
            out << "not json\n" << std::string(200, '[') << "\n{\"when\": 3, \"attributes\": []}\n"
                << "{\"when\": \"t0\", \"attributes\": [{\"name\": \"a\"}]}\n\n{\"when\": \"t1\", \"attributes\": []}\n"
                << "{\"when\": \"cut";
        }
        appendReleaseLog(log, entry("t2", {{"a", "f", 0.9, 1.0}})); // starts a line of its own after the cut one
        std::size_t skipped = 0;
        const auto back = readReleaseLog(log, &skipped);
        QCOMPARE(back.size(), std::size_t(2));
        QCOMPARE(back[0].when, std::string("t1"));
        QCOMPARE(back[1].when, std::string("t2"));
        QCOMPARE(skipped, std::size_t(5));
        QVERIFY(::mkfifo(path("fifo").c_str(), 0600) == 0);
        QVERIFY_THROWS_EXCEPTION(InputError, readReleaseLog(path("fifo")));
    }

    void earlierReleasesAddTheirEpsilons()
    {
        const ReleaseLogEntry now = entry("t3", {{"sex", "fs", 0.6, std::log(1.5)}, {"race", "fr", 0.7, 2.0}});
        const std::vector<ReleaseLogEntry> log{entry("t1", {{"sex", "fs", 0.8, std::log(4.0)}}),
                                               entry("t2", {{"age", "fa", 0.9, 1.0}}),
                                               entry("t2b", {{"ethnic", "fr", std::nullopt, std::nullopt}})};
        const auto previous = previousReleases(log, now);
        QCOMPARE(previous.size(), std::size_t(2)); // t2 shares nothing
        const nlohmann::json j = previousReleasesJson(previous, now);
        QCOMPARE(j["previous_releases"].size(), std::size_t(2));
        QCOMPARE(j["previous_releases"][0]["p"]["sex"].get<double>(), 0.8);
        QVERIFY(std::abs(j["combined_epsilon"]["sex"].get<double>() - std::log(6.0)) < 1e-12);
        QVERIFY(j["combined_epsilon"]["race"].is_null()); // a draw of it gave no guarantee (a matrix in clear)
        QVERIFY(previousReleasesJson({}, now).empty());
    }
};

QTEST_GUILESS_MAIN(TestReleaseLog)
#include "test_release_log.moc"
