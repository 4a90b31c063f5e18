// `--bin NAME=SPEC` (issue 21) against pandas, which no one here wrote: Adult (train + test) with age cut by
// `pd.cut(..., right=False)` into a CSV of labels gives the same describe and risk as `--bin` on the raw
// file (counts bitwise, risks to 1e-12, compared by category name); a copy with values that are not numbers or
// lie outside the cuts gives the same counts with those records missing. Quantile bins: the edges of
// `pd.qcut` (numpy's linear quantiles), counted right-open with the last bin closed. A Stata file (pandas'
// to_stata) bins as its CSV does; a session's bins stand for --bin.
#include "cli/CliRunner.h"
#include "cli/StatFileTools.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace rr::testcli;

namespace {

// Both Adult files as one CSV (text kept), the same with age cut by pandas, a dirty copy (5 ages 'unknown', 3
// ages -5) raw and cut, a Stata file of the raw one, and pandas' quantile and equal-width bins of age as JSON.
const char* kWriteFiles = R"PY(
import sys, json
import numpy as np
import pandas as pd
d, train, test = sys.argv[1], sys.argv[2], sys.argv[3]
df = pd.concat([pd.read_csv(f, dtype=str, keep_default_na=False) for f in (train, test)], ignore_index=True)
df.to_csv(d + '/adult.csv', index=False)
fmt = lambda x: 'inf' if np.isinf(x) else '%g' % x
def cut(frame):
    age = pd.to_numeric(frame['age'], errors='coerce')
    b = pd.cut(age, [0, 18, 30, 45, 65, np.inf], right=False)
    out = frame.copy()
    out['age'] = [('[%s, %s)' % (fmt(i.left), fmt(i.right))) if isinstance(i, pd.Interval) else '?' for i in b]
    return out
cut(df).to_csv(d + '/adult_cut.csv', index=False)
dirty = df.copy()
dirty.loc[0:4, 'age'] = 'unknown'
dirty.loc[10:12, 'age'] = '-5'
dirty.to_csv(d + '/dirty.csv', index=False)
cut(dirty).to_csv(d + '/dirty_cut.csv', index=False)
age = pd.to_numeric(df['age'])
num = df.replace('?', '')  # empty is missing in both the CSV and the Stata file
num['age'] = age
num.columns = [c.replace('-', '_') for c in num.columns]
num = num.rename(columns={'class': 'income'})
num.to_stata(d + '/adult.dta', write_index=False)
num.to_csv(d + '/adult_stata.csv', index=False)
_, edges = pd.qcut(age, 4, retbins=True, duplicates='drop')
q = pd.cut(age, list(edges[:-1]) + [np.inf], right=False).value_counts(sort=False)
w = pd.cut(age, 5, right=False).value_counts(sort=False)
json.dump({'quantile_edges': [float(e) for e in edges], 'quantile_counts': [int(c) for c in q],
           'width_counts': [int(c) for c in w]}, open(d + '/bins.json', 'w'))
)PY";


const QString kCuts = "age=0,18,30,45,65,inf";

} // namespace

class TestCliBinning : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_python;
    bool m_ready = false;
    QJsonObject m_pandas;

    QString path(const char* name) const { return m_dir.filePath(name); }

    bool ready()
    {
        if (m_python.isEmpty()) {
            if (statFilesRequired())
                qFatal("RR_REQUIRE_STATFILES is set but python3 with pandas is missing");
            return false;
        }
        return m_ready;
    }

    // describe of `raw` with --bin equals describe of pandas' cut, every attribute (counts and missing).
    static void compareDescribe(const QStringList& raw, const QStringList& cut)
    {
        RR_CLI_OK(a, (QStringList{"describe", "--bin", kCuts} + raw));
        RR_CLI_OK(b, (QStringList{"describe"} + cut));
        const QJsonObject ja = a.json(), jb = b.json();
        QCOMPARE(ja["rows"].toInteger(), jb["rows"].toInteger());
        QCOMPARE(ja["dropped_rows"].toInteger(), jb["dropped_rows"].toInteger());
        QCOMPARE(ja["attributes"].toArray().size(), jb["attributes"].toArray().size());
        for (const auto& v : jb["attributes"].toArray()) {
            const QJsonObject y = v.toObject();
            const QJsonObject x = attribute(ja, y["name"].toString());
            QVERIFY2(countsByCategory(x) == countsByCategory(y), qPrintable(y["name"].toString()));
            QCOMPARE(x["missing"].toDouble(), y["missing"].toDouble());
        }
        // Ascending bins, only those present.
        QCOMPARE(stringList(attribute(ja, "age")["categories"]),
                 (QStringList{"[0, 18)", "[18, 30)", "[30, 45)", "[45, 65)", "[65, inf)"}));
    }

    static void compareRisk(const QStringList& raw, const QStringList& cut)
    {
        const QStringList roles{"--qi", "age,education,sex,race", "--sensitive", "workclass", "--p",
                                "age=0.7,education=0.8,workclass=0.8"};
        RR_CLI_OK(a, (QStringList{"risk", "--bin", kCuts} + raw + roles));
        RR_CLI_OK(b, (QStringList{"risk"} + cut + roles));
        const QJsonObject ja = a.json(), jb = b.json();
        for (const char* key : {"rows", "dropped_rows", "cells", "records_over_tau"})
            QCOMPARE(ja[key].toDouble(), jb[key].toDouble());
        for (const char* key : {"max_risk", "mean_risk"})
            RR_COMPARE_NEAR(ja[key].toDouble(), jb[key].toDouble(), 1e-12);
        for (const char* q : {"p50", "p90", "p99"})
            RR_COMPARE_NEAR(ja["quantiles"][q].toDouble(), jb["quantiles"][q].toDouble(), 1e-12);
        QCOMPARE(ja["worst"].toObject(), jb["worst"].toObject());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_python = pythonWithPandas();
        if (m_python.isEmpty())
            return;
        const ToolRun py = runTool(m_python, {"-c", kWriteFiles, m_dir.path(), adultTrain(), adultTest()});
        QVERIFY2(py.ok, py.output.constData());
        m_pandas = QJsonDocument::fromJson(readAll(path("bins.json"))).object();
        QVERIFY(!m_pandas.isEmpty());
        m_ready = true;
    }

    void describeEqualsPandasCut()
    {
        if (!ready())
            QSKIP("python3 with pandas is missing");
        compareDescribe({"--data", path("adult.csv")}, {"--data", path("adult_cut.csv")});
        compareDescribe({"--data", path("adult.csv"), "--drop-incomplete"},
                        {"--data", path("adult_cut.csv"), "--drop-incomplete"});
        RR_CLI_OK(a, (QStringList{"describe", "--data", path("adult.csv"), "--bin", kCuts, "--attributes", "age"}));
        const QJsonObject age = attribute(a.json(), "age");
        QCOMPARE(numberList(age["counts"]), (QList<double>{595, 13920, 18687, 13553, 2087})); // 48,842 records
        QCOMPARE(age["binning"]["not_numeric"].toDouble(), 0.0);
        QCOMPARE(age["binning"]["outside"].toDouble(), 0.0);
        QCOMPARE(age["binning"]["cuts"].toArray().last().toString(), QString("inf"));
    }

    void riskEqualsPandasCut()
    {
        if (!ready())
            QSKIP("python3 with pandas is missing");
        compareRisk({"--data", path("adult.csv")}, {"--data", path("adult_cut.csv")});
        compareRisk({"--data", path("adult.csv"), "--drop-incomplete"},
                    {"--data", path("adult_cut.csv"), "--drop-incomplete"});
    }

    // Values that are not numbers or lie outside the cuts become missing, are counted and reported, and
    // drop their records as a missing value does under both policies.
    void notNumbersAndOutsideAreMissing()
    {
        if (!ready())
            QSKIP("python3 with pandas is missing");
        RR_CLI_OK(a, (QStringList{"describe", "--data", path("dirty.csv"), "--bin", kCuts, "--attributes", "age"}));
        const QJsonObject age = attribute(a.json(), "age");
        QCOMPARE(age["binning"]["not_numeric"].toDouble(), 5.0);
        QCOMPARE(age["binning"]["outside"].toDouble(), 3.0);
        QCOMPARE(age["missing"].toDouble(), 8.0);
        QCOMPARE(age["numeric"].toBool(), false);
        compareDescribe({"--data", path("dirty.csv")}, {"--data", path("dirty_cut.csv")});
        compareDescribe({"--data", path("dirty.csv"), "--drop-incomplete"},
                        {"--data", path("dirty_cut.csv"), "--drop-incomplete"});
        compareRisk({"--data", path("dirty.csv")}, {"--data", path("dirty_cut.csv")});
        compareRisk({"--data", path("dirty.csv"), "--drop-incomplete"},
                    {"--data", path("dirty_cut.csv"), "--drop-incomplete"});
        // Age unused: only --drop-incomplete drops the 8 records.
        const QStringList roles{"--qi", "education,sex", "--sensitive", "workclass"};
        RR_CLI_OK(used, (QStringList{"risk", "--data", path("dirty.csv"), "--bin", kCuts} + roles));
        RR_CLI_OK(plain, (QStringList{"risk", "--data", path("dirty.csv")} + roles));
        QCOMPARE(used.json()["dropped_rows"].toInteger(), plain.json()["dropped_rows"].toInteger());
        RR_CLI_OK(all, (QStringList{"risk", "--data", path("dirty.csv"), "--bin", kCuts, "--drop-incomplete"} + roles));
        RR_CLI_OK(cut, (QStringList{"risk", "--data", path("dirty_cut.csv"), "--drop-incomplete"} + roles));
        QCOMPARE(all.json()["dropped_rows"].toInteger(), cut.json()["dropped_rows"].toInteger());
        QCOMPARE(all.json()["max_risk"].toDouble(), cut.json()["max_risk"].toDouble());
    }

    void quantilesMatchPandas()
    {
        if (!ready())
            QSKIP("python3 with pandas is missing");
        RR_CLI_OK(a, (QStringList{"describe", "--data", path("adult.csv"), "--bin", "age=quantiles:4", "--attributes", "age"}));
        const QJsonObject age = attribute(a.json(), "age");
        const QList<double> edges = numberList(m_pandas["quantile_edges"]);
        const QList<double> cuts = numberList(age["binning"]["cuts"]);
        QCOMPARE(cuts.size(), edges.size());
        for (int i = 0; i < cuts.size(); ++i)
            RR_COMPARE_NEAR(cuts[i], edges[i], 1e-12);
        QCOMPARE(numberList(age["counts"]), numberList(m_pandas["quantile_counts"]));
        QVERIFY(age["binning"]["last_closed"].toBool());

        RR_CLI_OK(w, (QStringList{"describe", "--data", path("adult.csv"), "--bin", "age=width:5", "--attributes", "age"}));
        QCOMPARE(numberList(attribute(w.json(), "age")["counts"]), numberList(m_pandas["width_counts"]));
        QCOMPARE(stringList(attribute(w.json(), "age")["categories"]).first(), QString("[17, 31.6)"));
        QCOMPARE(stringList(attribute(w.json(), "age")["categories"]).last(), QString("[75.4, 90]"));
    }

    // A Stata file (numeric age) bins as the same data in CSV.
    void statFileBins()
    {
        if (!ready())
            QSKIP("python3 with pandas is missing");
        for (const QString& spec : {kCuts, QString("age=quantiles:5")}) {
            RR_CLI_OK(a, (QStringList{"describe", "--data", path("adult.dta"), "--bin", spec}));
            RR_CLI_OK(b, (QStringList{"describe", "--data", path("adult_stata.csv"), "--bin", spec}));
            QCOMPARE(stringList(attribute(a.json(), "age")["categories"]),
                     stringList(attribute(b.json(), "age")["categories"]));
            QCOMPARE(numberList(attribute(a.json(), "age")["counts"]), numberList(attribute(b.json(), "age")["counts"]));
        }
        const QStringList roles{"--qi", "age,education,sex", "--sensitive", "workclass", "--p", "age=0.7"};
        RR_CLI_OK(a, (QStringList{"risk", "--data", path("adult.dta"), "--bin", kCuts} + roles));
        RR_CLI_OK(b, (QStringList{"risk", "--data", path("adult_stata.csv"), "--bin", kCuts} + roles));
        QCOMPARE(a.json()["rows"].toInteger(), b.json()["rows"].toInteger());
        RR_COMPARE_NEAR(a.json()["max_risk"].toDouble(), b.json()["max_risk"].toDouble(), 1e-12);
        RR_COMPARE_NEAR(a.json()["mean_risk"].toDouble(), b.json()["mean_risk"].toDouble(), 1e-12);
    }

    // describe flags the numeric attributes with many values.
    void needsBinning()
    {
        RR_CLI_OK(a, (QStringList{"describe", "--data", adultTrain()}));
        const QJsonObject j = a.json();
        QCOMPARE(attribute(j, "age")["needs_binning"].toBool(), true);
        QCOMPARE(attribute(j, "age")["distinct"].toInt(), 73);
        QCOMPARE(attribute(j, "fnlwgt")["needs_binning"].toBool(), true);
        QCOMPARE(attribute(j, "education-num")["numeric"].toBool(), true);
        QCOMPARE(attribute(j, "education-num")["needs_binning"].toBool(), false);
        QCOMPARE(attribute(j, "workclass")["numeric"].toBool(), false);
    }

    void badSpecsExitTwo()
    {
        const struct {
            QString spec;
            QString says;
        } cases[] = {{"agex=0,18,inf", "agex"},         {"age=30,18", "strictly increasing"},
                     {"age=0,nan,5", "not a number"},    {"age=width:1", "[2, 1000]"},
                     {"age=quantiles:1001", "[2, 1000]"}, {"=0,1", "attribute name"},
                     {"age", "NAME="},                   {"age=0,,5", "empty cut"},
                     {"age=inf,5", "inf may only"},      {"workclass=width:4", "no number"}};
        for (const auto& c : cases) {
            const CliRun r = runCli({"risk", "--data", adultTrain(), "--bin", c.spec, "--qi", "sex", "--sensitive", "race"});
            QVERIFY2(r.exitCode == 2, qPrintable(c.spec + ": " + r.diagnostics()));
            QVERIFY2(r.err.contains(c.says.toUtf8()), qPrintable(c.spec + ": " + r.err));
        }
        const CliRun twice =
            runCli({"describe", "--data", adultTrain(), "--bin", "age=width:3", "--bin", "age=quantiles:3"});
        QCOMPARE(twice.exitCode, 2);
        QVERIFY2(twice.err.contains("binned twice"), twice.err);
    }

    // A session's bins stand for --bin; the output is byte for byte that of the option.
    void sessionBins()
    {
        QTemporaryDir tmp;
        const QString session = tmp.filePath("s.json");
        QFile f(session);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString(R"({"format": "rr-explorer-session", "version": 1, "data": ["%1"],
            "bins": [{"attribute": "age", "cuts": [0, 18, 30, 45, 65, "inf"]}, {"attribute": "hours-per-week", "quantiles": 3}],
            "roles": {"quasiIdentifiers": ["age", "sex", "hours-per-week"], "sensitive": "race"},
            "missingPolicy": "drop-incomplete", "mode": "RR-QI", "p": {"age": 0.75}, "tau": 0.5})")
                    .arg(adultTrain())
                    .toUtf8());
        f.close();
        RR_CLI_OK(a, (QStringList{"risk", "--session", session}));
        RR_CLI_OK(b, (QStringList{"risk", "--data", adultTrain(), "--bin", kCuts, "--bin", "hours-per-week=quantiles:3",
                                  "--qi", "age,sex,hours-per-week", "--sensitive", "race", "--drop-incomplete", "--p",
                                  "age=0.75", "--tau", "0.5"}));
        QCOMPARE(a.out, b.out);
        QCOMPARE(a.json()["worst"].toObject()["age"].toString().left(1), QString("["));
        // The command line's --bin of an attribute wins over the session's.
        RR_CLI_OK(c, (QStringList{"describe", "--session", session, "--bin", "age=width:2", "--attributes", "age"}));
        QCOMPARE(attribute(c.json(), "age")["binning"].toObject()["kind"].toString(), QString("width"));
    }
};

QTEST_GUILESS_MAIN(TestCliBinning)
#include "test_cli_binning.moc"
