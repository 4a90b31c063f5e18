// `rr-explorer-cli compare`, `anonymize` and `anatomy` on ESGRO (003 Sec. 5.3.3): JSON contract,
// privacy of each release, files written, and errors (exit code 2).
#include "cli/CliRunner.h"

#include "TestSupport.h"

#include "core/datasource/PreparedTable.h"
#include "core/anonymization/Anatomy.h"
#include "core/anonymization/Generalization.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/anonymization/Hierarchy.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/data/CsvReader.h"
#include "core/data/CsvWriter.h"

#include <QtTest>

#include <map>

#include <cmath>
#include <set>

using namespace rr::testcli;

namespace {

QString arx()
{
    return shared("adult/arx");
}
QStringList esgroArgs(const QString& command)
{
    return {command,       "--data",    arx() + "/adult.csv", "--qi", "education,salary-class,sex,race",
            "--sensitive", "occupation"};
}

const QStringList kAttributes{"education", "salary-class", "sex", "race", "occupation"};

void checkMethod(const QJsonObject& m, const QString& name, double tau)
{
    QVERIFY2(m["available"].toBool(), qPrintable(name));
    QVERIFY2(m["max_risk"].isDouble(), qPrintable(name));
    QVERIFY2(m["max_risk"].toDouble() > 0, qPrintable(name));
    if (name != "l_diversity") // entropy l-diversity does not bound the posterior by 1/l
        QVERIFY2(m["max_risk"].toDouble() <= tau + 1e-9, qPrintable(name));
    const QJsonObject d = m["distances"].toObject();
    for (const char* key : {"dV", "L2", "KL", "chi2"})
        QVERIFY2(d.contains(key) && (d[key].isDouble() || d[key].isNull()), qPrintable(name + " " + key));
    QVERIFY2(d["dV"].toDouble() > 0 && d["dV"].toDouble() <= 1, qPrintable(name));
    QVERIFY2(m["base_query_error"].isDouble() && m["cube_query_error"].isDouble(), qPrintable(name));
    const QJsonObject u = m["uncertainty"].toObject();
    QCOMPARE(u.size(), 20);
    for (const QString& a : kAttributes)
        for (const QString& b : kAttributes)
            if (a != b)
                QVERIFY2(u[a + "|" + b].isDouble(), qPrintable(name + " " + a + "|" + b));
}

std::set<QString> columnValues(const QByteArray& csv, int column)
{
    std::set<QString> values;
    const QList<QByteArray> lines = csv.split('\n');
    for (int i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (!line.isEmpty())
            values.insert(QString::fromUtf8(line.split(',').value(column)));
    }
    return values;
}

int dataLines(const QByteArray& csv)
{
    int n = 0;
    for (const QByteArray& line : csv.split('\n'))
        if (!line.trimmed().isEmpty())
            ++n;
    return n - 1;
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT
private slots:
    void compareEsgro()
    {
        QStringList args = esgroArgs("compare");
        args << "--l"
             << "3"
             << "--hierarchies" << arx() << "--seed"
             << "5";
        RR_CLI_OK(run, args);
        const QJsonObject j = run.json();
        QCOMPARE(j["rows"].toInt(), 30162);
        QCOMPARE(j["l"].toInt(), 3);
        RR_COMPARE_NEAR(j["tau"].toDouble(), 1.0 / 3.0, 1e-15);
        // Table 5.3's original row, e.g. E vs S = 11.54e-2 and S vs O = 2.74e-2.
        const QJsonObject orig = j["original"].toObject()["uncertainty"].toObject();
        QCOMPARE(orig.size(), 20);
        RR_COMPARE_NEAR(orig["education|salary-class"].toDouble(), 0.1154, 5e-5);
        RR_COMPARE_NEAR(orig["salary-class|occupation"].toDouble(), 0.0274, 5e-5);
        const QJsonObject methods = j["methods"].toObject();
        QCOMPARE(methods.keys(), (QStringList{"anatomy", "l_diversity", "randomization", "t_closeness"}));
        for (const QString& m : methods.keys()) {
            checkMethod(methods[m].toObject(), m, 1.0 / 3.0);
            const QJsonObject reid = methods[m].toObject()["reidentification"].toObject();
            QVERIFY2(reid["max"].toDouble() > 0 && reid["max"].toDouble() <= 1, qPrintable(m));
            QVERIFY2(reid["mean"].toDouble() > 0 && reid["mean"].toDouble() <= reid["max"].toDouble(), qPrintable(m));
        }

        const QJsonObject ld = methods["l_diversity"].toObject();
        QCOMPARE(ld["model"].toString(), QString("entropy 3-diversity"));
        const QJsonObject node = ld["node"].toObject();
        QCOMPARE(node.keys(), (QStringList{"education", "race", "salary-class", "sex"}));
        QVERIFY(node["education"].toInt() >= 0 && node["education"].toInt() <= 3);
        QCOMPARE(ld["metric"].toObject()["name"].toString(), QString("discernibility"));
        QVERIFY(ld["metric"].toObject()["value"].toDouble() > 0);
        QVERIFY(ld["nodes_checked"].toInt() > 0 && ld["nodes_checked"].toInt() < 32);
        QCOMPARE(ld["lattice_size"].toInt(), 32);
        QCOMPARE(ld["suppressed"].toInt(), 0);
        QCOMPARE(methods["anatomy"].toObject()["groups"].toInt(), 10054);

        // RR-QI: S is kept, the expected table reproduces pi, the seed is reported.
        const QJsonObject rr = methods["randomization"].toObject();
        QCOMPARE(rr["parameters"].toObject()["occupation"].toDouble(), 1.0);
        QCOMPARE(rr["seed"].toInteger(), qint64(5));
        QVERIFY(rr["expected"].toObject()["distances"].toObject()["dV"].toDouble() < 1e-9);
        QVERIFY(rr["expected"].toObject()["expected_l2_error"].toDouble() > 0);
        QVERIFY(rr["unbiased_estimate"].toObject()["base_query_error"].toDouble() > 0);
        QVERIFY(rr["unbiased_estimate"].toObject()["cube_query_error"].toDouble() > 0);
        // A null distance always comes with a note saying why.
        if (rr["distances"].toObject()["KL"].isNull())
            QVERIFY(stringList(j["notes"]).join(' ').contains("randomization KL is null"));

        // The `risk` command confirms the reported parameters meet tau.
        QStringList p;
        const QJsonObject params = rr["parameters"].toObject();
        for (const QString& a : params.keys())
            p << a + "=" + QString::number(params[a].toDouble(), 'g', 17);
        QStringList riskArgs = esgroArgs("risk");
        riskArgs << "--p" << p.join(',');
        RR_CLI_OK(risk, riskArgs);
        QVERIFY2(std::abs(risk.json()["max_risk"].toDouble() - rr["max_risk"].toDouble()) < 1e-12,
                 risk.out.constData());

        // Re-identification: RR-QI's is `risk`'s at the same p; anatomy releases the QIs in clear, so its is the
        // original's (`risk` at p = 1 on the QIs: max 1 with ESGRO's 37 sample uniques).
        const QJsonObject riskReid = risk.json()["reidentification"].toObject();
        RR_COMPARE_NEAR(rr["reidentification"].toObject()["max"].toDouble(),
                        riskReid["randomized"].toObject()["max"].toDouble(), 1e-12);
        RR_COMPARE_NEAR(rr["reidentification"].toObject()["mean"].toDouble(),
                        riskReid["randomized"].toObject()["mean"].toDouble(), 1e-12);
        const QJsonObject anReid = methods["anatomy"].toObject()["reidentification"].toObject();
        QCOMPARE(anReid["max"].toDouble(), 1.0);
        RR_COMPARE_NEAR(anReid["mean"].toDouble(), riskReid["original"].toObject()["mean"].toDouble(), 1e-12);
        QCOMPARE(anReid["sample_uniques"].toDouble(), 37.0);

        // t-closeness at the t found: `anonymize --model t-closeness --t T` releases the same node with the same
        // max risk (<= tau, checked above) and re-identification; a slightly larger t gives a riskier optimum.
        const QJsonObject tc = methods["t_closeness"].toObject();
        QCOMPARE(tc["t_measure"].toString(), QString("equal"));
        const double t = tc["t"].toDouble();
        QVERIFY(t > 0 && t <= 1);
        QVERIFY(tc["searches"].toInt() >= 1);
        QTemporaryDir dir;
        QStringList anonymize = esgroArgs("anonymize");
        anonymize << "--model"
                  << "t-closeness"
                  << "--t" << QString::number(t, 'g', 17) << "--hierarchies" << arx() << "--out"
                  << dir.filePath("t.csv");
        RR_CLI_OK(released, anonymize);
        QCOMPARE(released.json()["node"], tc["node"]);
        RR_COMPARE_NEAR(released.json()["max_risk"].toDouble(), tc["max_risk"].toDouble(), 1e-12);
        QCOMPARE(released.json()["reidentification"], tc["reidentification"]);
        anonymize[anonymize.indexOf("--t") + 1] = QString::number(t + 2e-9, 'g', 17);
        RR_CLI_OK(looser, anonymize);
        QVERIFY2(looser.json()["max_risk"].toDouble() > 1.0 / 3.0, looser.out.constData());
        // The t set by the owner (--t): that release, its risk reported although it misses tau.
        QStringList atT = args;
        atT << "--t" << QString::number(t + 2e-9, 'g', 17);
        RR_CLI_OK(given, atT);
        const QJsonObject gt = given.json()["methods"].toObject()["t_closeness"].toObject();
        QCOMPARE(gt["t_from"].toString(), QString("given (--t)"));
        QCOMPARE(gt["searches"].toInt(), 1);
        QCOMPARE(gt["node"], looser.json()["node"]);
        RR_COMPARE_NEAR(gt["max_risk"].toDouble(), looser.json()["max_risk"].toDouble(), 1e-12);
        QCOMPARE(tc["t_from"].toString(), QString("the largest t whose optimum keeps the risk within tau"));

        // What each method's published shares reveal (issue 46), over the groups it publishes. Randomization
        // publishes the original groups' shares: `risk --tau 1/3`'s inference. Anatomy's groups hold their values
        // once each: the largest share is 1/3 and the mean is groups / records. The generalization's classes:
        // counted here from the file `anonymize` writes at the same node.
        const auto groups = [&](const char* m) { return methods[m].toObject()["inference"].toObject()["groups"].toObject(); };
        QStringList riskTau = riskArgs;
        riskTau << "--tau" << QString::number(1.0 / 3.0, 'g', 17);
        RR_CLI_OK(riskInf, riskTau);
        const QJsonObject rg = riskInf.json()["inference"].toObject()["groups"].toObject();
        RR_COMPARE_NEAR(groups("randomization")["max"].toDouble(), rg["max"].toDouble(), 1e-12);
        RR_COMPARE_NEAR(groups("randomization")["mean"].toDouble(), rg["mean"].toDouble(), 1e-12);
        QCOMPARE(groups("randomization")["records_over_tau"].toDouble(), rg["records_over_tau"].toDouble());
        RR_COMPARE_NEAR(groups("anatomy")["max"].toDouble(), 1.0 / 3.0, 1e-12);
        RR_COMPARE_NEAR(groups("anatomy")["mean"].toDouble(), 10054.0 / 30162.0, 1e-12);
        QCOMPARE(groups("anatomy")["records_over_tau"].toDouble(), 0.0);
        QStringList generalize = esgroArgs("anonymize");
        generalize << "--model" << "entropy" << "--l" << "3" << "--hierarchies" << arx() << "--out"
                   << dir.filePath("ld.csv");
        RR_CLI_OK(ldRun, generalize);
        QCOMPARE(ldRun.json()["node"], ld["node"]);
        std::map<QString, std::map<QString, int>> classes; // generalized QIs -> occupation -> records
        const QList<QByteArray> lines = readAll(dir.filePath("ld.csv")).split('\n');
        const QList<QByteArray> header = lines[0].trimmed().split(',');
        const int occupation = static_cast<int>(header.indexOf("occupation"));
        for (int i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> f = lines[i].trimmed().split(',');
            if (f.size() != header.size())
                continue;
            QStringList key;
            for (int c = 0; c < f.size(); ++c)
                if (c != occupation)
                    key << QString::fromUtf8(f[c]);
            ++classes[key.join('|')][QString::fromUtf8(f[occupation])];
        }
        double largest = 0, guessed = 0, total = 0;
        for (const auto& [key, counts] : classes) {
            int n = 0, top = 0;
            for (const auto& [value, k] : counts) {
                n += k;
                top = std::max(top, k);
            }
            largest = std::max(largest, double(top) / n);
            guessed += top;
            total += n;
        }
        RR_COMPARE_NEAR(groups("l_diversity")["max"].toDouble(), largest, 1e-12);
        RR_COMPARE_NEAR(groups("l_diversity")["mean"].toDouble(), guessed / total, 1e-12);

        // Same seed, same answer.
        RR_CLI_OK(again, args);
        QCOMPARE(again.json()["methods"].toObject()["randomization"].toObject()["distances"], rr["distances"]);
    }

    void compareWithoutSeedReportsOne()
    {
        QStringList args = esgroArgs("compare");
        args << "--l"
             << "2"
             << "--model"
             << "distinct";
        RR_CLI_OK(run, args);
        const QJsonObject rr = run.json()["methods"].toObject()["randomization"].toObject();
        QVERIFY(rr.contains("seed"));
        // No --hierarchies: every QI is only suppressible, a lattice of 2^4 nodes.
        const QJsonObject ld = run.json()["methods"].toObject()["l_diversity"].toObject();
        QCOMPARE(ld["lattice_size"].toInt(), 16);
        QCOMPARE(ld["model"].toString(), QString("distinct 2-diversity"));
    }

    void compareAnatomyUnavailableAtL8()
    {
        QStringList args = esgroArgs("compare");
        args << "--l"
             << "8"
             << "--hierarchies" << arx() << "--seed"
             << "1";
        RR_CLI_OK(run, args);
        const QJsonObject an = run.json()["methods"].toObject()["anatomy"].toObject();
        QCOMPARE(an["available"].toBool(), false);
        QVERIFY(an["reason"].toString().contains("Prof-specialty"));
        QVERIFY(run.json()["methods"].toObject()["randomization"].toObject()["available"].toBool());
    }

    void compareErrors_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("l = 1") << QStringList{"--l", "1"} << "--l must be at least 2";
        QTest::newRow("l not whole") << QStringList{"--l", "2.5"} << "whole number";
        QTest::newRow("no l") << QStringList{} << "--l";
        QTest::newRow("recursive without c") << QStringList{"--l", "3", "--model", "recursive"} << "--c";
        QTest::newRow("unknown model") << QStringList{"--l", "3", "--model", "t-closeness"} << "--model";
        QTest::newRow("unknown metric") << QStringList{"--l", "3", "--metric", "precision"} << "precision";
        QTest::newRow("missing folder") << QStringList{"--l", "3", "--hierarchies", "/nonexistent"} << "does not exist";
        QTest::newRow("suppression 1") << QStringList{"--l", "3", "--suppression", "1"} << "--suppression";
        QTest::newRow("t = 0") << QStringList{"--l", "3", "--t", "0"} << "--t is the largest earth mover's distance";
        QTest::newRow("t > 1") << QStringList{"--l", "3", "--t", "1.5"} << "in (0, 1]";
        QTest::newRow("unknown t-measure")
            << QStringList{"--l", "3", "--t-measure", "ordered"} << "--t-measure must be equal or hierarchical";
        QTest::newRow("hierarchical without S's hierarchy")
            << QStringList{"--l", "3", "--t-measure", "hierarchical"}
            << "needs a hierarchy of the sensitive attribute 'occupation'";
    }
    void compareErrors()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, fragment);
        const CliRun run = runCli(esgroArgs("compare") + extra);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(fragment), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }

    void anonymizeEntropy()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("generalized.csv");
        QStringList args = esgroArgs("anonymize");
        args << "--model"
             << "entropy"
             << "--l"
             << "3"
             << "--hierarchies" << arx() << "--keep" << "age,marital-status,native-country,workclass" << "--out" << out;
        RR_CLI_OK(run, args);
        const QJsonObject j = run.json();
        QCOMPARE(j["rows"].toInt(), 30162);
        QCOMPARE(j["order"].toString(), QString("random"));
        QCOMPARE(j["columns"].toObject()["dropped"].toArray(), QJsonArray{});
        QCOMPARE(j["rows_written"].toInt() + j["suppressed"].toInt(), 30162);
        QCOMPARE(j["model"].toString(), QString("entropy 3-diversity"));
        QVERIFY(j["nodes_checked"].toInt() < j["lattice_size"].toInt());
        QVERIFY(j["max_risk"].toDouble() > 0 && j["max_risk"].toDouble() <= 1);
        const QByteArray csv = readAll(out);
        QCOMPARE(csv.left(csv.indexOf('\n')).trimmed(),
                 QByteArray("sex,age,race,marital-status,education,native-country,workclass,occupation,salary-class"));
        QCOMPARE(dataLines(csv), j["rows_written"].toInt());
        // The education column holds the labels of the chosen level: 16, 5, 3 or 1 of them.
        const int level = j["node"].toObject()["education"].toInt();
        const std::set<QString> education = columnValues(csv, 4);
        const QList<int> labelsAtLevel{16, 5, 3, 1};
        QCOMPARE(static_cast<int>(education.size()), labelsAtLevel[level]);
        if (level == 3)
            QCOMPARE(*education.begin(), QString("*"));
        // Non-QI columns are written as they were (14 occupations, ages untouched).
        QCOMPARE(static_cast<int>(columnValues(csv, 7).size()), 14);
    }

    // The streamed release equals the in-memory generalization of today's code (core's generalizeTable at the
    // node core's search finds over the records), byte for byte with --keep-order and every column kept.
    void anonymizeEqualsInMemoryGeneralization()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("streamed.csv"), reference = dir.filePath("reference.csv");
        QStringList args = esgroArgs("anonymize");
        args << "--model" << "entropy" << "--l" << "3" << "--hierarchies" << arx() << "--keep"
             << "age,marital-status,native-country,workclass" << "--keep-order" << "--out" << out;
        RR_CLI_OK(run, args);
        QCOMPARE(run.json()["order"].toString(), QString("source"));

        const rr::Table raw = rr::readCsv({(arx() + "/adult.csv").toStdString()});
        const std::vector<std::string> names{"education", "salary-class", "sex", "race", "occupation"};
        std::size_t dropped = 0;
        const rr::Table records = rr::completeRecords(raw, raw.attributeIndices(names),
                                                      rr::MissingPolicy::DropIfUsedMissing, &dropped);
        const std::vector<int> qiIdx = records.attributeIndices({"education", "salary-class", "sex", "race"});
        const auto qi = rr::loadGeneralizations(records, qiIdx, arx().toStdString());
        const auto joint = rr::prepareTable(records, names, rr::MissingPolicy::DropIfUsedMissing).joint;
        const auto model = rr::makePrivacyModel(rr::PrivacyModelKind::EntropyLDiversity, 3);
        const auto metric = rr::makeInformationLossMetric(rr::LossMetricKind::Discernibility);
        const auto r = rr::findOptimalNode(joint, qi, {model.get()}, *metric, rr::LatticeSearchOptions{});
        QVERIFY(r.found);
        const auto rel = rr::generalizeTable(records, qiIdx, qi, r.partition, r.assessment);
        rr::writeCsv(rel.table, reference.toStdString());
        QCOMPARE(run.json()["rows_written"].toInt(), static_cast<int>(rel.table.rowCount()));
        QCOMPARE(run.json()["suppressed"].toInt(), static_cast<int>(rel.suppressedRecords));
        QCOMPARE(run.json()["equivalence_classes"].toInt(), static_cast<int>(rel.releasedClasses));
        QVERIFY(readAll(out) == readAll(reference));

        // Re-identification of the release (issue 22), from the written file: records grouped by their
        // generalized QIs; a record's risk is 1 / its group's size.
        const rr::Table written = rr::readCsv({out.toStdString()});
        const std::vector<int> wq = written.attributeIndices({"education", "salary-class", "sex", "race"});
        std::map<std::vector<int>, double> groups;
        for (std::size_t r = 0; r < written.rowCount(); ++r) {
            std::vector<int> key;
            for (int c : wq)
                key.push_back(written.attributes[static_cast<std::size_t>(c)].codes[r]);
            groups[key] += 1;
        }
        double smallest = written.rowCount(), uniques = 0;
        for (const auto& [key, n] : groups) {
            smallest = std::min(smallest, n);
            uniques += n == 1 ? 1 : 0;
        }
        const QJsonObject reid = run.json()["reidentification"].toObject();
        RR_COMPARE_NEAR(reid["max"].toDouble(), 1.0 / smallest, 1e-15);
        RR_COMPARE_NEAR(reid["mean"].toDouble(), double(groups.size()) / double(written.rowCount()), 1e-12);
        QCOMPARE(reid["sample_uniques"].toDouble(), uniques);
    }

    void anonymizeKWithSuppression()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("k.csv");
        QStringList args = esgroArgs("anonymize");
        args << "--model"
             << "k"
             << "--k"
             << "50"
             << "--metric"
             << "height"
             << "--suppression"
             << "0.02"
             << "--hierarchies" << arx() << "--out" << out;
        RR_CLI_OK(run, args);
        const QJsonObject j = run.json();
        QCOMPARE(j["model"].toString(), QString("50-anonymity"));
        QCOMPARE(j["metric"].toObject()["name"].toString(), QString("height"));
        QVERIFY(j["suppressed"].toInt() <= 0.02 * 30162);
        QCOMPARE(dataLines(readAll(out)), j["rows_written"].toInt());
    }

    void anonymizeErrors()
    {
        QTemporaryDir dir;
        // A hierarchy lacking a value of the data.
        writeFile(dir, "adult_hierarchy_education.csv", "Bachelors;*\nHS-grad;*\n");
        QStringList args = esgroArgs("anonymize");
        args << "--model"
             << "entropy"
             << "--l"
             << "3"
             << "--hierarchies" << dir.path() << "--out" << dir.filePath("x.csv");
        CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains("lacks 14 value(s)"), run.err.constData());
        // --model k without --k; no --out.
        args = esgroArgs("anonymize");
        args << "--model"
             << "k"
             << "--out" << dir.filePath("x.csv");
        run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains("--k"), run.err.constData());
        args = esgroArgs("anonymize");
        args << "--model"
             << "entropy"
             << "--l"
             << "3";
        run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains("--out"), run.err.constData());
        // No node at all: distinct 15-diversity with 14 occupations.
        args = esgroArgs("anonymize");
        args << "--model"
             << "distinct"
             << "--l"
             << "15"
             << "--out" << dir.filePath("x.csv");
        run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains("no generalization satisfies"), run.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("x.csv")));
    }

    // The streamed anatomy equals the in-memory one of today's code (core's anatomize over the records), both
    // files byte for byte with --keep-order, and the same max_risk.
    void anatomyEqualsInMemory()
    {
        QTemporaryDir dir;
        const QString prefix = dir.filePath("streamed"), reference = dir.filePath("reference");
        QStringList args = esgroArgs("anatomy");
        args << "--l" << "3" << "--keep-order" << "--out" << prefix;
        RR_CLI_OK(run, args);
        QCOMPARE(run.json()["order"].toString(), QString("source"));

        const rr::Table raw = rr::readCsv({(arx() + "/adult.csv").toStdString()});
        const std::vector<std::string> names{"education", "salary-class", "sex", "race", "occupation"};
        const rr::Table records =
            rr::completeRecords(raw, raw.attributeIndices(names), rr::MissingPolicy::DropIfUsedMissing);
        const std::vector<int> qi = records.attributeIndices({"education", "salary-class", "sex", "race"});
        const int s = records.attributeIndex("occupation");
        const rr::AnatomyRelease rel = rr::anatomize(records, s, 3);
        rr::writeCsv(rr::quasiIdentifierTable(records, qi, rel), (reference + ".qit.csv").toStdString());
        rr::writeCsv(rr::sensitiveTable(records, s, rel), (reference + ".st.csv").toStdString(), "?", "count");
        QVERIFY(readAll(prefix + ".qit.csv") == readAll(reference + ".qit.csv"));
        QVERIFY(readAll(prefix + ".st.csv") == readAll(reference + ".st.csv"));
        const auto joint = rr::prepareTable(records, names, rr::MissingPolicy::DropIfUsedMissing).joint;
        QCOMPARE(run.json()["max_risk"].toDouble(),
                 rr::maxPosteriorRisk(joint, rr::estimateFromAnatomy(records, qi, s, rel)));
        QCOMPARE(run.json()["groups"].toInt(), static_cast<int>(rel.groupCount()));
        QCOMPARE(run.json()["residue_records"].toInt(), static_cast<int>(rel.residueRecords));
    }

    void anatomyFiles()
    {
        QTemporaryDir dir;
        const QString prefix = dir.filePath("esgro");
        QStringList args = esgroArgs("anatomy");
        args << "--l"
             << "4"
             << "--out" << prefix;
        RR_CLI_OK(run, args);
        const QJsonObject j = run.json();
        QCOMPARE(j["groups"].toInt(), 7540);
        QVERIFY(j["max_risk"].toDouble() <= 0.25 + 1e-12);
        QCOMPARE(j["qit"].toString(), prefix + ".qit.csv");
        const QByteArray qit = readAll(prefix + ".qit.csv");
        QCOMPARE(qit.left(qit.indexOf('\n')).trimmed(), QByteArray("education,salary-class,sex,race,group"));
        QCOMPARE(dataLines(qit), 30162);
        const QByteArray st = readAll(prefix + ".st.csv");
        QCOMPARE(st.left(st.indexOf('\n')).trimmed(), QByteArray("group,occupation,count"));
        long total = 0;
        const QList<QByteArray> lines = st.split('\n');
        for (int i = 1; i < lines.size(); ++i)
            if (!lines[i].trimmed().isEmpty()) {
                const long count = lines[i].trimmed().split(',').value(2).toLong();
                QCOMPARE(count, 1L); // distinct values within a group
                total += count;
            }
        QCOMPARE(total, 30162L);

        args = esgroArgs("anatomy");
        args << "--l"
             << "8"
             << "--out" << prefix;
        const CliRun bad = runCli(args);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(QString::fromUtf8(bad.err).contains("Prof-specialty"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "test_cli_compare.moc"
