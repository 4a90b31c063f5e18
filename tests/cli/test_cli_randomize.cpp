// `rr-explorer-cli randomize`: reproducible with a seed, secure without; every row released, in a random order
// unless --keep-order; the randomized columns and those in --keep written, every other column dropped.
#include "cli/CliRunner.h"

#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <sys/stat.h>

namespace {
mode_t currentUmask()
{
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
}
} // namespace

using namespace rr::testcli;

class TestCliRandomize : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QStringList adultArgs(const QString& out, const QStringList& generator) const
    {
        QStringList args{"randomize",
                         "--data",
                         adultTrain(),
                         "--attributes",
                         "education,sex,workclass",
                         "--p",
                         "education=0.7,sex=0.8,workclass=0.9",
                         "--out",
                         out};
        return args << generator;
    }

    // Every column of Adult but the randomized ones, for --keep.
    static QString otherAdultColumns()
    {
        return "age,fnlwgt,education-num,marital-status,occupation,relationship,race,capital-gain,capital-loss,"
               "hours-per-week,native-country,class";
    }

    static std::string value(const rr::Table& t, std::size_t a, std::size_t r)
    {
        const auto& attr = t.attributes[a];
        return attr.codes[r] == rr::Attribute::kMissing ? std::string("<missing>") : attr.categories[attr.codes[r]];
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void seededIsReproducible()
    {
        const QString a = m_dir.filePath("a.csv"), b = m_dir.filePath("b.csv"), c = m_dir.filePath("c.csv");
        RR_CLI_OK(ra, adultArgs(a, {"--seed", "42"}));
        RR_CLI_OK(rb, adultArgs(b, {"--seed", "42"}));
        RR_CLI_OK(rc, adultArgs(c, {"--seed", "43"}));
        QVERIFY(!readAll(a).isEmpty());
        QCOMPARE(readAll(a), readAll(b));
        QVERIFY(readAll(a) != readAll(c));
        QCOMPARE(ra.json()["changed_values"].toInt(), rb.json()["changed_values"].toInt());
        QVERIFY(ra.json()["generator"].toString().startsWith("seeded"));
        QVERIFY(ra.json()["generator"].toString().contains("not for release"));
        QCOMPARE(ra.json()["rows"].toInt(), 32561);
    }

    // With --keep-order and every other column in --keep: same rows, same columns in the same order;
    // unlisted columns and missing values unchanged; changed_values counts exactly the differing cells, close to
    // its expectation sum N_a (1 - p_a).
    void keepsShapeAndCountsChanges()
    {
        const QString out = m_dir.filePath("shape.csv");
        RR_CLI_OK(r, adultArgs(out, {"--seed", "7", "--keep-order", "--keep", otherAdultColumns()}));
        QCOMPARE(r.json()["order"].toString(), QString("source"));
        QVERIFY(QJsonDocument(r.json()["notes"].toArray()).toJson().contains("--keep-order"));
        const rr::Table in = rr::readCsv({adultTrain().toStdString()});
        const rr::Table rnd = rr::readCsv({out.toStdString()});
        QCOMPARE(rnd.rowCount(), in.rowCount());
        QCOMPARE(rnd.attributes.size(), in.attributes.size());
        std::size_t changed = 0, workclassPresent = 0;
        for (std::size_t a = 0; a < in.attributes.size(); ++a) {
            QCOMPARE(rnd.attributes[a].name, in.attributes[a].name);
            const bool listed = in.attributes[a].name == "education" || in.attributes[a].name == "sex" ||
                                in.attributes[a].name == "workclass";
            for (std::size_t row = 0; row < in.rowCount(); ++row) {
                const std::string before = value(in, a, row), after = value(rnd, a, row);
                if (before == "<missing>" || !listed) {
                    QCOMPARE(after, before);
                    continue;
                }
                if (in.attributes[a].name == "workclass")
                    ++workclassPresent;
                changed += before != after ? 1 : 0;
            }
        }
        QCOMPARE(static_cast<std::size_t>(r.json()["changed_values"].toInt()), changed);
        const double n = static_cast<double>(in.rowCount());
        const double expected = n * 0.3 + n * 0.2 + workclassPresent * 0.1;
        const double sd = std::sqrt(n * 0.3 * 0.7 + n * 0.2 * 0.8 + workclassPresent * 0.1 * 0.9);
        QVERIFY2(std::abs(changed - expected) < 5 * sd, qPrintable(QString("%1 vs %2").arg(changed).arg(expected)));
    }

    // By default only the randomized columns leave (the JSON lists the dropped ones) and the records come in a
    // random order: with the record's position in the source kept in clear (an id column), the rank
    // correlation of source and release positions is near 0 (sd 1/sqrt(n-1) = 0.0055 here; |rho| < 0.03 fails
    // only for a broken shuffle), every id appears once, and the ids and the randomized values travel together.
    void randomOrderAndDroppedColumns()
    {
        QByteArray csv = "id,x,y,secret\n";
        const int n = 33000;
        for (int i = 0; i < n; ++i)
            csv += QByteArray::number(i) + (i % 3 ? ",a," : ",b,") + (i % 2 ? "u" : "v") + ",s" +
                   QByteArray::number(i % 7) + "\n";
        const QString data = writeFile(m_dir, "ids.csv", csv);
        const QString plain = m_dir.filePath("ids-plain.csv"), withId = m_dir.filePath("ids-rnd.csv");
        RR_CLI_OK(a, (QStringList{"randomize", "--data", data, "--attributes", "x", "--p", "x=0.9", "--seed", "3",
                                  "--out", plain}));
        QCOMPARE(a.json()["order"].toString(), QString("random"));
        QCOMPARE(a.json()["columns"].toObject()["dropped"].toArray(), (QJsonArray{"id", "y", "secret"}));
        QVERIFY(readAll(plain).startsWith("x\n"));

        RR_CLI_OK(b, (QStringList{"randomize", "--data", data, "--attributes", "x", "--p", "x=1", "--keep", "id,y",
                                  "--seed", "4", "--out", withId}));
        QCOMPARE(b.json()["columns"].toObject()["kept_in_clear"].toArray(), (QJsonArray{"id", "y"}));
        const rr::Table t = rr::readCsv({withId.toStdString()});
        QCOMPARE(t.rowCount(), std::size_t(n));
        std::vector<int> seen(n, 0);
        double sxy = 0, sx = 0, sy = 0, sxx = 0, syy = 0;
        for (std::size_t r = 0; r < t.rowCount(); ++r) {
            const int id = std::stoi(value(t, 0, r));
            ++seen[static_cast<std::size_t>(id)];
            QCOMPARE(value(t, 1, r), std::string(id % 3 ? "a" : "b")); // p = 1: the record's own value
            QCOMPARE(value(t, 2, r), std::string(id % 2 ? "u" : "v"));
            const double x = id, y = static_cast<double>(r);
            sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
        const double rho = (n * sxy - sx * sy) / std::sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
        qInfo("rank correlation of source and release positions: %.5f", rho);
        QVERIFY2(std::abs(rho) < 0.03, qPrintable(QString::number(rho)));

        // a column both randomized and kept is refused
        const CliRun both = runCli({"randomize", "--data", data, "--attributes", "x", "--p", "x=0.9", "--keep", "x",
                                    "--seed", "4", "--out", m_dir.filePath("never.csv")});
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains("'x' is released already"), both.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath("never.csv")));
    }

    void secureGenerator()
    {
        const QString out = m_dir.filePath("secure.csv");
        RR_CLI_OK(r, adultArgs(out, {"--secure"}));
        QVERIFY(r.json()["generator"].toString().startsWith("secure"));
        QCOMPARE(r.json()["rows"].toInt(), 32561);
        QCOMPARE(rr::readCsv({out.toStdString()}).rowCount(), std::size_t(32561));
    }

    // Missing values are written as the first --missing token; quoted values survive.
    void missingTokenAndQuoting()
    {
        const QString in = writeFile(m_dir, "q.csv",
                                     "name,flag\n"
                                     "\"Smith, J.\",yes\n"
                                     "NA,no\n"
                                     "\"say \"\"hi\"\"\",?\n");
        const QString out = m_dir.filePath("q-out.csv");
        RR_CLI_OK(r, (QStringList{"randomize", "--data", in, "--missing", "NA,?", "--attributes", "flag", "--p",
                                  "flag=1", "--keep", "name", "--keep-order", "--seed", "1", "--out", out}));
        QCOMPARE(r.json()["changed_values"].toInt(), 0);
        QCOMPARE(readAll(out), QByteArray("name,flag\n\"Smith, J.\",yes\nNA,no\n\"say \"\"hi\"\"\",NA\n"));
        QCOMPARE(r.json()["columns"].toObject()["kept_in_clear"].toArray(), QJsonArray{"name"});
    }

    void outputReplacesAtomically()
    {
        const QString out = m_dir.filePath("replace.csv");
        writeFile(m_dir, "replace.csv", "old content\n");
        RR_CLI_OK(r, adultArgs(out, {"--seed", "5"}));
        QVERIFY(readAll(out).startsWith("workclass,education,sex\n"));
        // no temporary file is left beside the output
        const QStringList left = QDir(m_dir.path()).entryList({"replace.csv*"}, QDir::Files);
        QCOMPARE(left, QStringList{"replace.csv"});
    }

    // A release is never more readable than its input: a private (0600) input gives 0600 files, whatever the
    // umask would allow; an existing target keeps its own mode.
    void modeNoWiderThanInput()
    {
        const QString in = writeFile(m_dir, "private.csv", "a,b\nx,u\ny,v\nx,w\n");
        QVERIFY(::chmod(in.toLocal8Bit().constData(), 0600) == 0);
        const QString out = m_dir.filePath("private-rnd.csv");
        RR_CLI_OK(r, (QStringList{"randomize", "--data", in, "--attributes", "a", "--p", "a=0.9", "--secure", "--out",
                                  out}));
        struct stat st {};
        QVERIFY(::stat(out.toLocal8Bit().constData(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QVERIFY(::chmod(in.toLocal8Bit().constData(), 0644) == 0);
        const QString open = m_dir.filePath("open-rnd.csv");
        RR_CLI_OK(o, (QStringList{"randomize", "--data", in, "--attributes", "a", "--p", "a=0.9", "--secure", "--out",
                                  open}));
        QVERIFY(::stat(open.toLocal8Bit().constData(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, 0644u & ~static_cast<unsigned>(currentUmask()));
    }

    // The release log (issue 46): a second secure release of the same values lists the first under
    // previous_releases, in its output and in its note, with the epsilons added up; a release of other records
    // lists none; a seeded run is not logged; a log beside the release is refused.
    void releaseLogRemembersEarlierReleases()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("rel") && QDir(m_dir.path()).mkpath("log"));
        const QString log = m_dir.filePath("log/releases.jsonl");
        const auto release = [&](const QString& data, const QString& out, const QString& p, const QStringList& more) {
            return QStringList{"randomize", "--data", data, "--attributes", "sex,race", "--p", p, "--out",
                               m_dir.filePath("rel/" + out), "--release-log", log} + more;
        };
        RR_CLI_OK(first, release(adultTrain(), "a.csv", "sex=0.8,race=0.7", {"--secure"}));
        QVERIFY(!first.json().contains("previous_releases"));
        QCOMPARE(first.json()["release_log"].toString(), log);
        RR_CLI_OK(seeded, release(adultTrain(), "s.csv", "sex=0.8,race=0.7", {"--seed", "3"}));
        QVERIFY(!seeded.json().contains("release_log"));
        QCOMPARE(readAll(log).count('\n'), 1);
        const QString note = m_dir.filePath("rel/b.json"), publicNote = m_dir.filePath("rel/b.note.json");
        RR_CLI_OK(second, release(adultTrain(), "b.csv", "sex=0.6,race=0.7",
                                  {"--secure", "--audit-note", note, "--note", publicNote}));
        const QJsonArray previous = second.json()["previous_releases"].toArray();
        QCOMPARE(previous.size(), 1);
        QCOMPARE(previous[0].toObject()["outputs"].toArray()[0].toString(),
                 QFileInfo(m_dir.filePath("rel/a.csv")).canonicalFilePath());
        QCOMPARE(previous[0].toObject()["p"].toObject()["sex"].toDouble(), 0.8);
        // Warner epsilon ln(p (d-1) / (1-p)): sex (2 values) at 0.8 and then 0.6.
        const double sex = std::log(0.8 / 0.2) + std::log(0.6 / 0.4);
        QVERIFY(std::abs(second.json()["combined_epsilon"].toObject()["sex"].toDouble() - sex) < 1e-12);
        const double race1 = std::log(0.7 * 4 / 0.3); // race has 5 values
        QVERIFY(std::abs(second.json()["combined_epsilon"].toObject()["race"].toDouble() - 2 * race1) < 1e-12);
        QVERIFY(second.json()["notes"].toArray().size() > 0);
        const QJsonObject written = QJsonDocument::fromJson(readAll(note)).object();
        QCOMPARE(written["previous_releases"].toArray().size(), 1); // the audit note: the owner's log
        QVERIFY(!QJsonDocument::fromJson(readAll(publicNote)).object().contains("previous_releases"));
        // Other records (Adult's test part): nothing shared.
        RR_CLI_OK(other, release(adultTest(), "c.csv", "sex=0.8,race=0.7", {"--secure"}));
        QVERIFY(!other.json().contains("previous_releases"));
        QCOMPARE(readAll(log).count('\n'), 3);
        // A third release of the training part lists both earlier ones.
        RR_CLI_OK(third, (QStringList{"randomize", "--data", adultTrain(), "--attributes", "sex,race", "--p",
                                      "sex=0.8,race=0.7", "--out", m_dir.filePath("rel/d.csv"), "--secure",
                                      "--no-release-log"}));
        QVERIFY(!third.json().contains("previous_releases"));
        RR_CLI_OK(fourth, release(adultTrain(), "e.csv", "sex=0.8,race=0.7", {"--secure"}));
        QCOMPARE(fourth.json()["previous_releases"].toArray().size(), 2);
        // A damaged line (a crash mid-write) is skipped, not fatal.
        QFile f(log);
        QVERIFY(f.open(QIODevice::Append));
        f.write("{\"when\": \"2026-01-01T00:00:00Z\", \"attributes\": [{\"na");
        f.close();
        RR_CLI_OK(fifth, release(adultTrain(), "f.csv", "sex=0.8,race=0.7", {"--secure"}));
        QCOMPARE(fifth.json()["previous_releases"].toArray().size(), 3);
        RR_CLI_OK(sixth, release(adultTrain(), "h.csv", "sex=0.8,race=0.7", {"--secure"}));
        QCOMPARE(sixth.json()["previous_releases"].toArray().size(), 4);
        // Beside the release it would be published with it.
        const CliRun beside = runCli(QStringList{"randomize", "--data", adultTrain(), "--attributes", "sex", "--p",
                                                 "sex=0.8", "--out", m_dir.filePath("rel/g.csv"), "--secure",
                                                 "--release-log", m_dir.filePath("rel/log.jsonl")});
        QCOMPARE(beside.exitCode, 2);
        QVERIFY2(beside.err.contains("beside the release"), beside.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath("rel/g.csv")));
    }
};

QTEST_GUILESS_MAIN(TestCliRandomize)
#include "test_cli_randomize.moc"
