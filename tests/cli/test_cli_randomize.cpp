// `rr-explorer-cli randomize`: reproducible with a seed, secure without, every row and column kept.
#include "cli/CliRunner.h"

#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <QDir>
#include <QtTest>

#include <cmath>

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

    // Same rows, same columns in the same order; unlisted columns and missing values unchanged;
    // changed_values counts exactly the differing cells, close to its expectation sum N_a (1 - p_a).
    void keepsShapeAndCountsChanges()
    {
        const QString out = m_dir.filePath("shape.csv");
        RR_CLI_OK(r, adultArgs(out, {"--seed", "7"}));
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
                                  "flag=1", "--seed", "1", "--out", out}));
        QCOMPARE(r.json()["changed_values"].toInt(), 0);
        QCOMPARE(readAll(out), QByteArray("name,flag\n\"Smith, J.\",yes\nNA,no\n\"say \"\"hi\"\"\",NA\n"));
    }

    void outputReplacesAtomically()
    {
        const QString out = m_dir.filePath("replace.csv");
        writeFile(m_dir, "replace.csv", "old content\n");
        RR_CLI_OK(r, adultArgs(out, {"--seed", "5"}));
        QVERIFY(readAll(out).startsWith("age,workclass,"));
        // no temporary file is left beside the output
        const QStringList left = QDir(m_dir.path()).entryList({"replace.csv*"}, QDir::Files);
        QCOMPARE(left, QStringList{"replace.csv"});
    }
};

QTEST_GUILESS_MAIN(TestCliRandomize)
#include "test_cli_randomize.moc"
