// `rr-explorer-cli anonymize --model t-closeness` on ESGRO (S = occupation, ARX's hierarchies): every class
// of the written file is t-close to the whole table, the earth mover's distance recomputed here from the file
// (equal distance: half the L1 distance; hierarchical: the tree-metric form, an edge of weight 1/(2H) per
// level, so the EMD is 1/(2H) sum over the non-root nodes of |mass of p - mass of q below the node|), not
// by the model's code; and the options' errors (exit code 2).
#include "cli/CliRunner.h"

#include "TestSupport.h"

#include "core/data/CsvReader.h"
#include "core/data/Table.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace rr::testcli;

namespace {

QString arx()
{
    return shared("adult/arx");
}

QStringList esgroTArgs(const QString& out)
{
    return {"anonymize",
            "--data",
            arx() + "/adult.csv",
            "--qi",
            "education,salary-class,sex,race",
            "--sensitive",
            "occupation",
            "--model",
            "t-closeness",
            "--hierarchies",
            arx(),
            "--out",
            out};
}

using Distribution = std::map<std::string, double>;

Distribution normalized(Distribution d)
{
    double total = 0;
    for (const auto& [v, n] : d)
        total += n;
    for (auto& [v, n] : d)
        n /= total;
    return d;
}

// The occupation hierarchy, read here: value -> its labels at levels 0..H.
std::map<std::string, std::vector<std::string>> occupationTree()
{
    std::map<std::string, std::vector<std::string>> tree;
    for (const QByteArray& line : readAll(arx() + "/adult_hierarchy_occupation.csv").split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        std::vector<std::string> labels;
        for (const QByteArray& f : line.trimmed().split(';'))
            labels.push_back(f.toStdString());
        tree[labels[0]] = labels;
    }
    return tree;
}

double emd(const Distribution& p, const Distribution& q, bool hierarchical,
           const std::map<std::string, std::vector<std::string>>& tree)
{
    double sum = 0;
    if (!hierarchical) {
        for (const auto& [v, qv] : q)
            sum += std::abs((p.count(v) ? p.at(v) : 0.0) - qv);
        return sum / 2;
    }
    const int height = static_cast<int>(tree.begin()->second.size()) - 1;
    for (int level = 0; level < height; ++level) {
        std::map<std::string, double> below; // mass of p - q under each node of the level
        for (const auto& [v, qv] : q)
            below[tree.at(v)[static_cast<std::size_t>(level)]] += (p.count(v) ? p.at(v) : 0.0) - qv;
        for (const auto& [node, extra] : below)
            sum += std::abs(extra);
    }
    return sum / (2.0 * height);
}

// Occupation's distribution in the source (ESGRO's complete records: 30,162) and in each class of the
// written file (records sharing the generalized QIs).
struct Classes {
    Distribution overall;
    std::map<std::vector<std::string>, Distribution> classes;
    std::size_t records = 0;
};

Classes classesOf(const QString& file)
{
    Classes c;
    const rr::Table source = rr::readCsv({(arx() + "/adult.csv").toStdString()});
    const std::vector<int> used = source.attributeIndices({"education", "salary-class", "sex", "race", "occupation"});
    for (std::size_t r = 0; r < source.rowCount(); ++r) {
        bool complete = true;
        for (int a : used)
            complete = complete && source.attributes[static_cast<std::size_t>(a)].codes[r] >= 0;
        if (complete) {
            const auto& s = source.attributes[static_cast<std::size_t>(used.back())];
            c.overall[s.categories[static_cast<std::size_t>(s.codes[r])]] += 1;
        }
    }
    const rr::Table written = rr::readCsv({file.toStdString()});
    const std::vector<int> qi = written.attributeIndices({"education", "salary-class", "sex", "race"});
    const auto& s = written.attributes[static_cast<std::size_t>(written.attributeIndex("occupation"))];
    for (std::size_t r = 0; r < written.rowCount(); ++r) {
        std::vector<std::string> key;
        for (int a : qi) {
            const auto& attr = written.attributes[static_cast<std::size_t>(a)];
            key.push_back(attr.categories[static_cast<std::size_t>(attr.codes[r])]);
        }
        c.classes[key][s.categories[static_cast<std::size_t>(s.codes[r])]] += 1;
    }
    c.records = written.rowCount();
    return c;
}

// The largest EMD of the file's classes to the source's distribution.
double worstEmd(const Classes& c, bool hierarchical)
{
    const auto tree = occupationTree();
    const Distribution q = normalized(c.overall);
    double worst = 0;
    for (const auto& [key, counts] : c.classes)
        worst = std::max(worst, emd(normalized(counts), q, hierarchical, tree));
    return worst;
}

} // namespace

class TestCliTCloseness : public QObject {
    Q_OBJECT
private slots:
    void releaseIsTClose_data()
    {
        QTest::addColumn<QString>("measure");
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("suppression");
        QTest::newRow("equal 0.3") << "equal" << 0.3 << 0.0;
        QTest::newRow("equal 0.6") << "equal" << 0.6 << 0.0;
        QTest::newRow("hierarchical 0.3") << "hierarchical" << 0.3 << 0.0;
        QTest::newRow("hierarchical 0.6") << "hierarchical" << 0.6 << 0.0;
        // With suppression the whole table, suppressed records included, stays the reference distribution.
        QTest::newRow("equal 0.3, suppression 0.05") << "equal" << 0.3 << 0.05;
        QTest::newRow("hierarchical 0.3, suppression 0.05") << "hierarchical" << 0.3 << 0.05;
    }

    void releaseIsTClose()
    {
        QFETCH(QString, measure);
        QFETCH(double, t);
        QFETCH(double, suppression);
        QTemporaryDir dir;
        const QString out = dir.filePath("t.csv");
        QStringList args = esgroTArgs(out);
        args << "--t" << QString::number(t) << "--t-measure" << measure << "--suppression"
             << QString::number(suppression);
        RR_CLI_OK(run, args);
        const QJsonObject j = run.json();
        RR_COMPARE_NEAR(j["t"].toDouble(), t, 1e-15);
        QCOMPARE(j["t_measure"].toString(), measure);
        QCOMPARE(j["model"].toString(), QString::number(t) + "-closeness (" + measure + " distance)");
        QCOMPARE(j.contains("sensitive_hierarchy"), measure == "hierarchical");
        if (measure == "hierarchical")
            QVERIFY(
                j["sensitive_hierarchy"].toObject()["source"].toString().endsWith("adult_hierarchy_occupation.csv"));
        QVERIFY(j["max_risk"].toDouble() > 0 && j["max_risk"].toDouble() <= 1);
        QVERIFY(j["reidentification"].toObject()["max"].toDouble() > 0);
        const Classes c = classesOf(out);
        QCOMPARE(static_cast<int>(c.records), j["rows_written"].toInt());
        QCOMPARE(j["rows_written"].toInt() + j["suppressed"].toInt(), 30162);
        QCOMPARE(static_cast<int>(c.classes.size()), j["equivalence_classes"].toInt());
        QVERIFY(j["suppressed"].toInt() <= suppression * 30162);
        const double worst = worstEmd(c, measure == "hierarchical");
        QVERIFY2(worst <= t + 1e-9, qPrintable(QString::number(worst)));
        QVERIFY2(worst > t / 3, qPrintable(QString::number(worst))); // the release is not the trivial top node
        QVERIFY(c.classes.size() > 1);
        qDebug("largest EMD of the written classes %.4f, %d classes, %d suppressed", worst,
               j["equivalence_classes"].toInt(), j["suppressed"].toInt());
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("t = 0") << QStringList{"--t", "0"} << "--t is the largest earth mover's distance";
        QTest::newRow("t > 1") << QStringList{"--t", "1.5"} << "in (0, 1], got 1.5";
        QTest::newRow("t negative") << QStringList{"--t", "-0.2"} << "in (0, 1], got -0.2";
        QTest::newRow("t not a number") << QStringList{"--t", "x"} << "--t";
        QTest::newRow("t missing") << QStringList{} << "--t";
        QTest::newRow("unknown measure") << QStringList{"--t", "0.3", "--t-measure", "ordered"}
                                         << "--t-measure must be equal or hierarchical";
        QTest::newRow("l with t-closeness") << QStringList{"--t", "0.3", "--l", "3"} << "not to --model t-closeness";
        QTest::newRow("c with t-closeness") << QStringList{"--t", "0.3", "--c", "2"} << "not to --model t-closeness";
    }

    void errors()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath("x.csv");
        const CliRun run = runCli(esgroTArgs(out) + extra);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void hierarchicalNeedsTheSensitiveHierarchy()
    {
        QTemporaryDir dir;
        // A folder with the QIs' hierarchies but none for occupation.
        for (const char* a : {"education", "salary-class", "sex", "race"})
            QVERIFY(QFile::copy(arx() + "/adult_hierarchy_" + a + ".csv",
                                dir.filePath(QString("adult_hierarchy_") + a + ".csv")));
        QStringList args = esgroTArgs(dir.filePath("x.csv"));
        args[args.indexOf("--hierarchies") + 1] = dir.path();
        args << "--t"
             << "0.3"
             << "--t-measure"
             << "hierarchical";
        CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains("needs a hierarchy of the sensitive attribute 'occupation'"),
                 run.err.constData());
        // The equal distance needs none.
        args[args.indexOf("--t-measure") + 1] = "equal";
        run = runCli(args);
        QCOMPARE(run.exitCode, 0);
        // --t with an l-diversity model.
        QStringList entropy = esgroTArgs(dir.filePath("y.csv"));
        entropy[entropy.indexOf("t-closeness")] = "entropy";
        entropy << "--l"
                << "3"
                << "--t"
                << "0.3";
        run = runCli(entropy);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains("--t applies to --model t-closeness, not to --model entropy"),
                 run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliTCloseness)
#include "test_cli_tcloseness.moc"
