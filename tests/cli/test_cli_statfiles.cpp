// SPSS, Stata and SAS files through ReadStat (issue 21), with files written at run time by tools no one
// here wrote: pandas' Stata writer (categorical columns become value labels) and ReadStat's own converter
// (.dta -> .sav, .xpt). describe, risk and optimize on them equal the CSV path on the same data (the CSV
// also written by pandas): counts bitwise, risks to 1e-12, compared by category name.
#include "cli/CliRunner.h"
#include "cli/CoilCsv.h"
#include "cli/StatFileTools.h"
#include "cli/StataLabelFiles.h"

#include "TestSupport.h"

#include <QDir>
#include <QtTest>

#include <algorithm>

#include <map>

using namespace rr::testcli;

// In a test slot (QSKIP and QFAIL return from it): the tools are there and initTestCase wrote the files.
#define RR_STATFILES_READY()                                                                                           \
    do {                                                                                                               \
        RR_REQUIRE_STAT_TOOLS(m_python, m_readstat);                                                                   \
        QVERIFY2(m_ready, "the test files were not written (see initTestCase)");                                       \
    } while (0)

namespace {

// Adult with '?' as missing (NaN), 'class' renamed (a Stata reserved word) and '-' made '_' (Stata
// names): as CSV, as a .dta with categorical columns (value labels), and as a .dta with string columns;
// COIL's binarized letters as a .dta of numbers; and a one-byte column with Stata's .a, .b and '.'.
const char* kWriteFiles = R"PY(
import sys
import pandas as pd
d, adult, coil = sys.argv[1], sys.argv[2], sys.argv[3]
df = pd.read_csv(adult, na_values=['?'], keep_default_na=False)
df = df.rename(columns={'class': 'income'})
df.columns = [c.replace('-', '_') for c in df.columns]
df.to_csv(d + '/adult.csv', index=False)
strings = df.copy()
for c in df.columns:
    if df[c].dtype == object:
        strings[c] = strings[c].fillna('')
        df[c] = df[c].astype('category')
df.to_stata(d + '/adult.dta', write_index=False, variable_labels={'marital_status': 'Marital status'})
strings.to_stata(d + '/adult_strings.dta', write_index=False)
pd.read_csv(coil).to_stata(d + '/coil.dta', write_index=False)
pd.DataFrame({'x': pd.Series([-7] * 4 + [1] * 16, dtype='int8')}).to_stata(d + '/ext.dta', write_index=False)
b = bytearray(open(d + '/ext.dta', 'rb').read())
at = b.find(bytes([0xF9] * 4))
assert at >= 0 and b.find(bytes([0xF9] * 4), at + 1) < 0, 'the four -7 bytes are not one run'
b[at:at + 4] = bytes([102, 102, 103, 101])  # .a .a .b . in a Stata byte column (format 114)
open(d + '/ext.dta', 'wb').write(b)
# A hostile label set: pandas' file for a labelled byte column, its value-label table (the end of a format
# 114 file) replaced by one declaring 200,000 labels (pandas itself refuses to write so many).
import struct
small = pd.DataFrame({'g': pd.Series([0, 1], dtype='int8')})
small.to_stata(d + '/nolabels.dta', write_index=False)
small['g'] = pd.Categorical.from_codes([0, 1], ['a', 'b'])
small.to_stata(d + '/labels.dta', write_index=False)
head = open(d + '/labels.dta', 'rb').read()[:len(open(d + '/nolabels.dta', 'rb').read())]
n = 200000
txt = b''.join(b'c%06d\0' % i for i in range(n))
table = struct.pack('<ii', n, len(txt)) + struct.pack('<%di' % n, *range(0, 8 * n, 8)) + \
    struct.pack('<%di' % n, *range(n)) + txt
open(d + '/many_labels.dta', 'wb').write(head + struct.pack('<i', len(table)) + b'g'.ljust(36, b'\0') + table)
# A hostile string: a format 118 strL whose stored length says 2 GB (the file holds 3,001 bytes of it).
pd.DataFrame({'s': ['a' * 3000, 'c'], 'g': ['x', 'y']}).to_stata(d + '/strl.dta', write_index=False, version=118,
                                                                  convert_strl=['s'])
b = bytearray(open(d + '/strl.dta', 'rb').read())
at = b.find(b'GSO') + 3 + 4 + 8 + 1  # GSO, v, o, t, then the length
assert struct.unpack('<I', b[at:at + 4])[0] == 3001
b[at:at + 4] = struct.pack('<I', 0x7FFFFFFF)
open(d + '/huge_string.dta', 'wb').write(b)
)PY";

// Lying Stata tables (issue 42): pandas' files of a labelled byte column (releases 114 and 118) with the
// value-label table's len, n or txtlen patched past what the table or the file holds, and its strL file with
// the first strL's len patched past what is left before </strls>, or over the whole next strL (whose values
// ReadStat would then read as missing), or its terminating NUL overwritten (ReadStat would read past its
// text: the fuzzer's finding). Prints the mutants' names.
const char* kLyingTables = R"PY(
import sys, struct
import pandas as pd
d = sys.argv[1]
small = pd.DataFrame({'g': pd.Categorical.from_codes([0, 1, 1], ['a', 'b']), 'x': [1, 2, 3]})
bad = {}
for version in (114, 118):
    path = d + '/labels%d.dta' % version
    small.to_stata(path, write_index=False, version=version)
    b = open(path, 'rb').read()
    if version == 114:
        at = b.rfind(struct.pack('<i', 28) + b'g\0')  # len, name: the table of 'a' and 'b' is 28 bytes
        counts = at + 4 + 33 + 3
    else:
        at = b.find(b'<lbl>') + 5
        counts = at + 4 + 129 + 3
    assert struct.unpack('<iii', b[at:at + 4] + b[counts:counts + 8]) == (28, 2, 4), b[at:counts + 8]
    left = len(b) - counts  # the bytes after len, name and padding
    for name, where, value in [('n31', counts, 2**31), ('n3', counts, 3), ('nmax', counts, 2**32 - 1),
                               ('txt31', counts + 4, 2**31), ('txt21', counts + 4, 21),
                               ('len31', at, 2**31), ('lenmax', at, 2**31 - 1), ('lenleft', at, left + 1)]:
        m = bytearray(b)
        struct.pack_into('<I', m, where, value)
        bad['%s_%d.dta' % (name, version)] = m
pd.DataFrame({'s': ['a' * 3000, 'c', 'a' * 3000], 'g': ['x', 'y', 'x']}).to_stata(
    d + '/strl.dta', write_index=False, version=118, convert_strl=['s'])
b = open(d + '/strl.dta', 'rb').read()
at = b.find(b'GSO') + 3 + 4 + 8 + 1  # GSO, v, o, t, then len
assert struct.unpack('<I', b[at:at + 4])[0] == 3001
m = b.find(b'<map>') + 5
labels = struct.unpack('<Q', b[m + 8 * 11:m + 8 * 12])[0]
assert b[labels - 8:labels] == b'</strls>'
second = at + 4 + 3001  # the next GSO record: GSO, v, o, t, len, then its text
assert b[second:second + 3] == b'GSO'
swallow = 3001 + 3 + 4 + 8 + 1 + 4 + struct.unpack('<I', b[second + 16:second + 20])[0]
assert b[at + 4 + swallow:at + 4 + swallow + 8] == b'</strls>'  # within what is left: only the new check sees it
for name, value in [('strl31', 2**31), ('strlmax', 2**32 - 1), ('strlleft', labels - 8 - (at + 4) + 1),
                    ('strlswallow', swallow)]:
    c = bytearray(b)
    struct.pack_into('<I', c, at, value)
    bad[name + '.dta'] = c
c = bytearray(b)
c[at + 4 + 3000] = ord('a')  # the NUL that ends the first strL's text
bad['strlnonul.dta'] = c
for name, data in bad.items():
    open(d + '/' + name, 'wb').write(data)
print(' '.join(sorted(bad)))
)PY";

} // namespace

class TestCliStatFiles : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_python, m_readstat;
    bool m_ready = false;

    QString path(const char* name) const { return m_dir.filePath(name); }


    static void compareDescribe(const QString& csv, const QString& file)
    {
        RR_CLI_OK(a, (QStringList{"describe", "--data", csv}));
        RR_CLI_OK(b, (QStringList{"describe", "--data", file}));
        const QJsonObject ja = a.json(), jb = b.json();
        QCOMPARE(jb["rows"].toInteger(), ja["rows"].toInteger());
        const QJsonArray attrs = ja["attributes"].toArray();
        QCOMPARE(jb["attributes"].toArray().size(), attrs.size());
        for (const auto& v : attrs) {
            const QJsonObject x = v.toObject();
            const QJsonObject y = attribute(jb, x["name"].toString());
            QVERIFY2(!y.isEmpty(), qPrintable(x["name"].toString() + " is not in " + file));
            QVERIFY2(countsByCategory(x) == countsByCategory(y), qPrintable(x["name"].toString() + " in " + file));
            QCOMPARE(y["missing"].toDouble(), x["missing"].toDouble());
        }
    }

    static void compareRisk(const QStringList& data, const QStringList& csv)
    {
        const QStringList roles{"--qi", "education,marital_status,sex,race", "--sensitive", "workclass", "--p",
                                "education=0.7,workclass=0.8"};
        RR_CLI_OK(a, QStringList{"risk"} + csv + roles);
        RR_CLI_OK(b, QStringList{"risk"} + data + roles);
        const QJsonObject ja = a.json(), jb = b.json();
        for (const char* key : {"rows", "dropped_rows", "cells", "records_over_tau"})
            QCOMPARE(jb[key].toDouble(), ja[key].toDouble());
        for (const char* key : {"max_risk", "mean_risk"})
            RR_COMPARE_NEAR(jb[key].toDouble(), ja[key].toDouble(), 1e-12);
        for (const char* q : {"p50", "p90", "p99"})
            RR_COMPARE_NEAR(jb["quantiles"][q].toDouble(), ja["quantiles"][q].toDouble(), 1e-12);
    }

    static void compareOptimize(const QStringList& data, const QStringList& csv)
    {
        const QStringList roles{"--qi", "education,marital_status,sex,race", "--sensitive", "workclass", "--mode",
                                "both", "--l", "3"};
        RR_CLI_OK(a, QStringList{"optimize"} + csv + roles);
        RR_CLI_OK(b, QStringList{"optimize"} + data + roles);
        const QJsonObject ja = a.json(), jb = b.json();
        QCOMPARE(jb["feasible"].toBool(), ja["feasible"].toBool());
        QVERIFY(ja["feasible"].toBool());
        // A labelled variable lists its categories in code order, the CSV as they first appear: the optimizer
        // sums in another order and stops elsewhere within its tolerance (7e-10 apart seen), not bit for bit.
        for (const char* n : {"education", "marital_status", "sex", "race", "workclass"})
            RR_COMPARE_NEAR(jb["p"][n].toDouble(), ja["p"][n].toDouble(), 1e-8);
        RR_COMPARE_NEAR(jb["max_risk"].toDouble(), ja["max_risk"].toDouble(), 1e-12);
        RR_COMPARE_NEAR(jb["objective"].toDouble(), ja["objective"].toDouble(), 1e-9 * ja["objective"].toDouble());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_python = pythonWithPandas();
        m_readstat = readstatTool();
        if (m_python.isEmpty() || m_readstat.isEmpty())
            return; // each test skips (or fails under RR_REQUIRE_STATFILES)
        const QString coil = writeCoilCsv(m_dir, "coil.csv", "ABCDEFGH");
        const ToolRun py = runTool(m_python, {"-c", kWriteFiles, m_dir.path(), adultTrain(), coil});
        QVERIFY2(py.ok, py.output.constData());
        for (const auto& [from, to] : std::vector<std::pair<const char*, const char*>>{
                 {"adult.dta", "adult.sav"}, {"adult_strings.dta", "adult.xpt"}, {"coil.dta", "coil.sav"}}) {
            const ToolRun rs = runTool(m_readstat, {path(from), path(to)});
            QVERIFY2(rs.ok, rs.output.constData());
        }
        m_ready = true;
    }

    void describeEqualsCsv()
    {
        RR_STATFILES_READY();
        for (const char* f : {"adult.dta", "adult.sav", "adult_strings.dta", "adult.xpt"})
            compareDescribe(path("adult.csv"), path(f));
        for (const char* f : {"coil.dta", "coil.sav"})
            compareDescribe(path("coil.csv"), path(f));
    }

    void riskEqualsCsv()
    {
        RR_STATFILES_READY();
        for (const char* f : {"adult.dta", "adult.sav", "adult.xpt"})
            compareRisk({"--data", path(f)}, {"--data", path("adult.csv")});
        // --drop-incomplete counts a record missing anywhere as the CSV path does
        compareRisk({"--data", path("adult.sav"), "--drop-incomplete"},
                    {"--data", path("adult.csv"), "--drop-incomplete"});
    }

    void optimizeEqualsCsv()
    {
        RR_STATFILES_READY();
        for (const char* f : {"adult.dta", "adult.sav"})
            compareOptimize({"--data", path(f)}, {"--data", path("adult.csv")});
    }

    // regress reads the same counts from every format; the categories' order may differ, so the references are named.
    void regressEqualsCsv()
    {
        RR_STATFILES_READY();
        const QStringList model{"regress",       "--outcome", "workclass", "--positive", "Private", "--predictors",
                                "sex,race",      "--p",       "workclass=0.8,sex=0.9", "--reference",
                                "sex=Male,race=White"};
        RR_CLI_OK(a, (model + QStringList{"--data", path("adult.csv")}));
        for (const char* f : {"adult.dta", "adult.sav"}) {
            RR_CLI_OK(b, (model + QStringList{"--data", path(f)}));
            const QJsonArray ca = a.json()["coefficients"].toArray(), cb = b.json()["coefficients"].toArray();
            QCOMPARE(cb.size(), ca.size());
            for (const auto& x : ca) {
                const QJsonObject o = x.toObject();
                bool found = false;
                for (const auto& y : cb)
                    if (y.toObject()["term"] == o["term"]) {
                        found = true;
                        RR_COMPARE_NEAR(y.toObject()["estimate"].toDouble(), o["estimate"].toDouble(), 1e-9);
                        RR_COMPARE_NEAR(y.toObject()["se"].toDouble(), o["se"].toDouble(), 1e-9);
                    }
                QVERIFY2(found, qPrintable(o["term"].toString() + " in " + f));
            }
        }
    }

    void coilRiskEqualsCsv()
    {
        RR_STATFILES_READY();
        const QStringList roles{"--qi", "A,B,C,D", "--sensitive", "H", "--p", "A=0.8,H=0.7"};
        RR_CLI_OK(a, (QStringList{"risk", "--data", path("coil.csv")} + roles));
        RR_CLI_OK(b, (QStringList{"risk", "--data", path("coil.sav")} + roles));
        RR_COMPARE_NEAR(b.json()["max_risk"].toDouble(), a.json()["max_risk"].toDouble(), 1e-12);
        RR_COMPARE_NEAR(b.json()["mean_risk"].toDouble(), a.json()["mean_risk"].toDouble(), 1e-12);
    }

    // pandas writes a categorical column as codes with a value label set; the labels are the categories,
    // the codes beside them, the variable label as "label".
    void valueLabelsAreCategories()
    {
        RR_STATFILES_READY();
        for (const char* f : {"adult.dta", "adult.sav"}) {
            RR_CLI_OK(r, (QStringList{"describe", "--data", path(f), "--attributes", "marital_status,age"}));
            const QJsonObject m = attribute(r.json(), "marital_status");
            QVERIFY(stringList(m["categories"]).contains("Married-civ-spouse"));
            QCOMPARE(m["label"].toString(), QString("Marital status"));
            const QJsonObject codes = m["codes"].toObject();
            QCOMPARE(codes.size(), 7);
            QVERIFY2(codes.contains("2") && codes["2"].toString() == "Married-civ-spouse", r.out.constData());
            QCOMPARE(m["missing_kinds"]["system"].toInt(), 0);
            // an unlabelled number is itself, without trailing zeros
            const QJsonObject age = attribute(r.json(), "age");
            QVERIFY(stringList(age["categories"]).contains("39"));
            QVERIFY(age["codes"].toObject().isEmpty());
        }
        // '?' in the CSV became system missing in the labelled workclass column
        RR_CLI_OK(w, (QStringList{"describe", "--data", path("adult.dta"), "--attributes", "workclass"}));
        const QJsonObject wc = attribute(w.json(), "workclass");
        QCOMPARE(wc["missing"].toInt(), 1836);
        QCOMPARE(wc["missing_kinds"]["system"].toInt(), 1836);
    }

    // Stata's extended missing values .a-.z are missing values, each tag counted.
    void stataExtendedMissing()
    {
        RR_STATFILES_READY();
        RR_CLI_OK(r, (QStringList{"describe", "--data", path("ext.dta")}));
        const QJsonObject x = attribute(r.json(), "x");
        QCOMPARE(stringList(x["categories"]), QStringList{"1"});
        QCOMPARE(numberList(x["counts"]), QList<double>{16});
        QCOMPARE(x["missing"].toInt(), 4);
        QCOMPARE(x["missing_kinds"]["system"].toInt(), 1);
        QCOMPARE(x["missing_kinds"]["tagged"]["a"].toInt(), 2);
        QCOMPARE(x["missing_kinds"]["tagged"]["b"].toInt(), 1);
        QCOMPARE(x["missing_kinds"]["user"].toInt(), 0);
    }

    // SPSS user-missing values (a discrete code and a range), declared in ReadStat's JSON metadata and written
    // by its converter: missing values under the policy, counted as "user".
    void spssUserMissing()
    {
        RR_STATFILES_READY();
        const QString csv = writeFile(m_dir, "um.csv", "q,r\n1,5\n2,6\n9,99\n9,7\n1,98\n");
        const QString json = writeFile(
            m_dir, "um.json",
            R"({"type": "SPSS", "variables": [
                 {"type": "NUMERIC", "name": "q", "label": "Question", "missing": {"type": "DISCRETE", "values": [9]},
                  "categories": [{"code": 1, "label": "yes"}, {"code": 2, "label": "no"}]},
                 {"type": "NUMERIC", "name": "r", "missing": {"type": "RANGE", "low": 90, "high": 99}}]})");
        const ToolRun rs = runTool(m_readstat, {csv, json, path("um.sav")});
        QVERIFY2(rs.ok, rs.output.constData());
        RR_CLI_OK(r, (QStringList{"describe", "--data", path("um.sav")}));
        const QJsonObject q = attribute(r.json(), "q"), rr = attribute(r.json(), "r");
        QCOMPARE(stringList(q["categories"]), (QStringList{"yes", "no"}));
        QCOMPARE(numberList(q["counts"]), (QList<double>{2, 1}));
        QCOMPARE(q["missing"].toInt(), 2);
        QCOMPARE(q["missing_kinds"]["user"].toInt(), 2);
        QCOMPARE(q["label"].toString(), QString("Question"));
        QCOMPARE(stringList(rr["categories"]), (QStringList{"5", "6", "7"}));
        QCOMPARE(rr["missing_kinds"]["user"].toInt(), 2);
        // the policy drops them: q and r are both complete in records 1, 2 only
        RR_CLI_OK(d, (QStringList{"describe", "--data", path("um.sav"), "--drop-incomplete"}));
        QCOMPARE(d.json()["rows"].toInt(), 2);
    }

    // A release from a .dta (written as CSV): every record, the randomized columns with the labels'
    // categories, the column kept in clear as in the source.
    void randomizeWritesCsvRelease()
    {
        RR_STATFILES_READY();
        const QString out = path("release.csv");
        RR_CLI_OK(r, (QStringList{"randomize", "--data", path("adult.dta"), "--attributes", "workclass,sex", "--p",
                                  "workclass=0.8,sex=0.9", "--keep", "race", "--seed", "5", "--out", out}));
        QCOMPARE(r.json()["rows"].toInt(), 32561);
        RR_CLI_OK(d, (QStringList{"describe", "--data", out}));
        QCOMPARE(d.json()["rows"].toInt(), 32561);
        RR_CLI_OK(src, (QStringList{"describe", "--data", path("adult.csv"), "--attributes", "race"}));
        QVERIFY(countsByCategory(attribute(d.json(), "race")) == countsByCategory(attribute(src.json(), "race")));
        const QStringList sexes = stringList(attribute(d.json(), "sex")["categories"]);
        QVERIFY(sexes.contains("Male") && sexes.contains("Female"));
    }

    // A release written as .dta, .sav or .xpt holds the records of the CSV release of the same seed (our reader
    // and pandas' read_stata count the same categories); a labelled source variable keeps its codes and label
    // set; formats that cannot be written are refused (exit 2) before any work (issue 21).
    void randomizeWritesStatisticalFiles()
    {
        RR_STATFILES_READY();
        const QStringList release{"randomize", "--data", path("adult.dta"), "--attributes", "workclass,marital_status",
                                  "--p", "workclass=0.8,marital_status=0.9", "--keep", "race,age", "--seed", "7"};
        RR_CLI_OK(csv, (release + QStringList{"--out", path("rel.csv")}));
        RR_CLI_OK(d, (QStringList{"describe", "--data", path("rel.csv")}));
        for (const char* f : {"rel.dta", "rel.sav", "rel.xpt"}) {
            RR_CLI_OK(w, (release + QStringList{"--out", path(f)}));
            QCOMPARE(w.json()["rows"].toInt(), 32561);
            RR_CLI_OK(back, (QStringList{"describe", "--data", path(f)}));
            QCOMPARE(back.json()["rows"].toInt(), 32561);
            for (const char* a : {"workclass", "marital_status", "race", "age"}) {
                const QJsonObject x = attribute(d.json(), a), y = attribute(back.json(), a);
                if (QString(f) == "rel.xpt" && QString(a) != "age") {
                    // Transport files have no value labels: the codes, one per category, with the same counts.
                    std::vector<double> cx, cy;
                    for (const auto& c : x["counts"].toArray())
                        cx.push_back(c.toDouble());
                    for (const auto& c : y["counts"].toArray())
                        cy.push_back(c.toDouble());
                    std::sort(cx.begin(), cx.end());
                    std::sort(cy.begin(), cy.end());
                    QVERIFY2(cx == cy, qPrintable(QString(f) + " " + a));
                } else {
                    QVERIFY2(countsByCategory(x) == countsByCategory(y), qPrintable(QString(f) + " " + a));
                }
                QCOMPARE(y["missing"].toDouble(), x["missing"].toDouble());
            }
        }
        // pandas reads the Stata release with its labels; marital_status keeps the source's codes and label set.
        const ToolRun py = runTool(m_python, {"-c", R"PY(
import sys, json
import pandas as pd
rel, src = sys.argv[1], sys.argv[2]
d = pd.read_stata(rel)
codes = pd.read_stata(rel, convert_categoricals=False)
orig = pd.read_stata(src, convert_categoricals=False)
labels = pd.io.stata.StataReader(rel).value_labels()
origLabels = pd.io.stata.StataReader(src).value_labels()
print(json.dumps({
  "workclass": d['workclass'].value_counts().to_dict(),
  "labelsKept": [sorted(v.items()) for k, v in labels.items() if 'marital' in k] ==
                [sorted(v.items()) for k, v in origLabels.items() if k == 'marital_status'],
  "codesKept": sorted(codes['marital_status'].dropna().unique().tolist()) ==
               sorted(orig['marital_status'].dropna().unique().tolist()),
  "varLabel": pd.io.stata.StataReader(rel).variable_labels()['marital_status']}))
)PY", path("rel.dta"), path("adult.dta")});
        QVERIFY2(py.ok, py.output.constData());
        const QJsonObject j = QJsonDocument::fromJson(py.output.trimmed().split('\n').last()).object();
        const Counts expected = countsByCategory(attribute(d.json(), "workclass"));
        Counts got;
        const QJsonObject workclass = j["workclass"].toObject();
        for (auto it = workclass.begin(); it != workclass.end(); ++it)
            got[it.key()] = it.value().toDouble();
        QVERIFY2(got == expected, py.output.constData());
        QVERIFY2(j["labelsKept"].toBool(), py.output.constData());
        QVERIFY2(j["codesKept"].toBool(), py.output.constData());
        QCOMPARE(j["varLabel"].toString(), QString("Marital status"));
        for (const char* f : {"rel.sas7bdat", "rel.por"}) {
            const CliRun bad = runCli(release + QStringList{"--out", path(f)});
            QCOMPARE(bad.exitCode, 2);
            QVERIFY2(bad.err.contains(".sav") && bad.err.contains(".dta"), bad.err.constData());
            QVERIFY(!QFile::exists(path(f)));
        }
    }

    // One draw in several formats (issue 46): --out a.csv --out a.dta --out a.sav hold the same records in the same
    // order (pandas reads the CSV and the .dta row by row; our reader counts the .sav); a failed write or a repeated file leaves none of them.
    void randomizeWritesOneDrawToEveryOut()
    {
        RR_STATFILES_READY();
        const QStringList release{"randomize", "--data", path("adult.dta"), "--attributes", "workclass,marital_status",
                                  "--p", "workclass=0.7,marital_status=0.8", "--keep", "race,age", "--secure"};
        RR_CLI_OK(r, (release + QStringList{"--out", path("one.csv"), "--out", path("one.dta"), "--out",
                                            path("one.sav"), "--note", path("one.json")}));
        QCOMPARE(r.json()["out"].toArray().size(), 3);
        QVERIFY(QFile::exists(path("one.json")));
        const ToolRun py = runTool(m_python, {"-c", R"PY(
import sys, json
import pandas as pd
csv = pd.read_csv(sys.argv[1], dtype=str, keep_default_na=False)
dta = pd.read_stata(sys.argv[2])
def text(v):  # a Stata value as the CSV writes it: missing as "?", whole numbers without ".0"
    if v is None or (isinstance(v, float) and v != v):
        return "?"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)
same = lambda frame: all((frame[c].astype(object).map(text).values == csv[c].values).all() for c in csv.columns)
print(json.dumps({"rows": len(csv), "dta": len(dta) == len(csv) and same(dta),
                  "columns": list(csv.columns)}))
)PY", path("one.csv"), path("one.dta")});
        QVERIFY2(py.ok, py.output.constData());
        const QJsonObject j = QJsonDocument::fromJson(py.output.trimmed().split('\n').last()).object();
        QCOMPARE(j["rows"].toInt(), 32561);
        QVERIFY2(j["dta"].toBool(), py.output.constData());
        // Our reader: the .sav has the CSV's counts.
        RR_CLI_OK(a, (QStringList{"describe", "--data", path("one.csv")}));
        RR_CLI_OK(b, (QStringList{"describe", "--data", path("one.sav")}));
        for (const char* attr : {"workclass", "marital_status", "race"})
            QVERIFY2(countsByCategory(attribute(a.json(), attr)) == countsByCategory(attribute(b.json(), attr)), attr);
        // All or nothing: a write failing in the middle leaves no file of the set (nor the note).
        qputenv("RR_TEST_FAIL_AFTER_ROWS", "20000");
        const CliRun failed =
            runCli(release + QStringList{"--out", path("two.dta"), "--out", path("two.csv"), "--note", path("two.json")});
        qunsetenv("RR_TEST_FAIL_AFTER_ROWS");
        QCOMPARE(failed.exitCode, 1);
        for (const char* f : {"two.dta", "two.csv", "two.json"})
            QVERIFY2(!QFile::exists(path(f)), f);
        QVERIFY(QDir(m_dir.path()).entryList({"*.tmp-*"}, QDir::Files | QDir::Hidden).isEmpty());
        // One file named twice (a link to it, another spelling): refused before any work.
        QVERIFY(QFile::link(path("three.csv"), path("link.csv")));
        for (const QString& other : {m_dir.path() + "/./three.csv", path("link.csv")}) {
            const CliRun twice = runCli(release + QStringList{"--out", path("three.csv"), "--out", other});
            QCOMPARE(twice.exitCode, 2);
            QVERIFY2(twice.err.contains("one file"), twice.err.constData());
            QVERIFY(!QFile::exists(path("three.csv")));
        }
    }

    // anonymize (--out by extension) and anatomy (--out-format) write statistical files holding what their CSV
    // outputs hold: the generalization and the groups follow from the counts, only the record order is random.
    // pandas reads the generalized .dta with its labels; our reader counts the same in the anatomy .sav tables.
    void anonymizeAndAnatomyWriteStatisticalFiles()
    {
        RR_STATFILES_READY();
        const QStringList anonymize{"anonymize", "--data", path("adult.dta"), "--qi", "education,marital_status,sex",
                                    "--sensitive", "workclass", "--model", "distinct", "--l", "2"};
        RR_CLI_OK(csv, (anonymize + QStringList{"--out", path("gen.csv")}));
        RR_CLI_OK(dta, (anonymize + QStringList{"--out", path("gen.dta")}));
        QCOMPARE(dta.json()["rows_written"].toInt(), csv.json()["rows_written"].toInt());
        QVERIFY(dta.json()["node"] == csv.json()["node"]);
        RR_CLI_OK(d, (QStringList{"describe", "--data", path("gen.csv")}));
        const ToolRun py = runTool(m_python, {"-c", R"PY(
import sys, json
import pandas as pd
d = pd.read_stata(sys.argv[1])
print(json.dumps({c: {str(k): v for k, v in d[c].value_counts().to_dict().items()} for c in d.columns}))
)PY", path("gen.dta")});
        QVERIFY2(py.ok, py.output.constData());
        const QJsonObject j = QJsonDocument::fromJson(py.output.trimmed().split('\n').last()).object();
        for (const char* a : {"education", "marital_status", "sex", "workclass"}) {
            Counts got;
            const QJsonObject c = j[a].toObject();
            for (auto it = c.begin(); it != c.end(); ++it)
                got[it.key()] = it.value().toDouble();
            QVERIFY2(got == countsByCategory(attribute(d.json(), a)), qPrintable(QString(a) + ": " + py.output));
        }

        const QStringList anatomy{"anatomy", "--data", path("adult.dta"), "--qi", "education,workclass,sex",
                                  "--sensitive", "marital_status", "--l", "2"};
        RR_CLI_OK(ac, (anatomy + QStringList{"--out", path("anat")}));
        RR_CLI_OK(as, (anatomy + QStringList{"--out", path("anat"), "--out-format", "sav"}));
        QCOMPARE(as.json()["qit"].toString(), path("anat.qit.sav"));
        QCOMPARE(as.json()["groups"].toInt(), ac.json()["groups"].toInt());
        compareDescribe(path("anat.st.csv"), path("anat.st.sav"));
        compareDescribe(path("anat.qit.csv"), path("anat.qit.sav"));
        const CliRun bad = runCli(anatomy + QStringList{"--out", path("anat2"), "--out-format", "sas7bdat"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--out-format"), bad.err.constData());
        QVERIFY(!QFile::exists(path("anat2.qit.sas7bdat")));
    }

    // --format reads a file whatever its extension; CSV options are refused for a statistical file.
    void formatOption()
    {
        RR_STATFILES_READY();
        QFile::copy(path("adult.sav"), path("adult_sav.bin"));
        RR_CLI_OK(r, (QStringList{"describe", "--data", path("adult_sav.bin"), "--format", "sav", "--attributes",
                                  "sex"}));
        QCOMPARE(r.json()["rows"].toInt(), 32561);
        const CliRun bad = runCli({"describe", "--data", path("adult.dta"), "--count-column", "age"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--count-column"), bad.err.constData());
        const CliRun two = runCli({"describe", "--data", path("adult.dta"), "--data", path("coil.dta")});
        QCOMPARE(two.exitCode, 2);
        const CliRun unknown = runCli({"describe", "--data", path("adult.dta"), "--format", "xls"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("xls"), unknown.err.constData());
    }

    // A value-label set past the documented limit (100,000 labels) is refused with the figure, not read.
    // A string that says it is 2 GB long: exit 2 naming the file and what is wrong, in bounded memory.
    void hugeStringRefused()
    {
        RR_STATFILES_READY();
        RR_CLI_OK(ok, (QStringList{"describe", "--data", path("strl.dta")}));
        const CliRun r = runCli({"describe", "--data", path("huge_string.dta")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("huge_string.dta") && r.err.contains("larger than"), r.err.constData());
    }

    void hugeLabelSetRefused()
    {
        RR_STATFILES_READY();
        const CliRun r = runCli({"describe", "--data", path("many_labels.dta")});
        QVERIFY2(r.exitCode == 2, r.diagnostics().constData());
        QVERIFY2(r.err.contains("100000") && r.err.contains("many_labels.dta"), r.err.constData());
    }

    // 30 variables naming one set of 60,000 labels (issue 42: 8.6 s and 298 MB for one of them, the codes
    // inserted one by one into ordered JSON): describe lists each one's codes in the declared order, labels right.
    void sharedLabelSetDescribed()
    {
        RR_STATFILES_READY();
        const QString f = path("shared.dta");
        const ToolRun py = runTool(m_python, {"-c", kSharedLabelSet, f, "60000", "30"});
        QVERIFY2(py.ok, py.output.constData());
        RR_CLI_OK(r, (QStringList{"describe", "--data", f, "--attributes", "v0,v13,v29"}));
        for (const char* name : {"v0", "v13", "v29"}) {
            const QJsonObject a = attribute(r.json(), name);
            const QJsonObject codes = a["codes"].toObject();
            QCOMPARE(codes.size(), 60000);
            QCOMPARE(codes["12345"].toString(), QString("label 12345"));
            QCOMPARE(codes["0"].toString(), QString("label 00000"));
            QCOMPARE(a["categories"].toArray().size(), 60000);
        }
        // In code order (issue 45): 0 first, the unlabelled 60005 last, whatever row each first appears in.
        const QJsonArray v29 = attribute(r.json(), "v29")["categories"].toArray();
        QCOMPARE(v29.first().toString(), QString("label 00000"));
        QCOMPARE(v29.last().toString(), QString("60005"));
        const int first = r.out.indexOf("\"59999\""), second = r.out.indexOf("\"59998\"", first);
        QVERIFY(first > 0 && second > first && r.out.indexOf("\"0\"", first) > second); // the declared order
    }

    // A count a Stata table cannot hold (issue 42): exit 2 naming the file, the table and the field, where
    // ReadStat stopped reading labels without a word (n = 2^31: every variable unlabelled) or took the length.
    void lyingTablesRefused()
    {
        RR_STATFILES_READY();
        const QString dir = m_dir.filePath("lying");
        QVERIFY(QDir().mkpath(dir));
        const ToolRun py = runTool(m_python, {"-c", kLyingTables, dir});
        QVERIFY2(py.ok, py.output.constData());
        const QStringList names = QString::fromUtf8(py.output).trimmed().split(' ');
        QCOMPARE(names.size(), 21);
        for (const char* good : {"labels114.dta", "labels118.dta"}) { // the files before the patch
            RR_CLI_OK(r, (QStringList{"describe", "--data", dir + "/" + good}));
            const QJsonObject g = attribute(r.json(), "g");
            QCOMPARE(stringList(g["categories"]), (QStringList{"a", "b"}));
            QCOMPARE(g["codes"].toObject().size(), 2);
        }
        RR_CLI_OK(strl, (QStringList{"describe", "--data", dir + "/strl.dta"}));
        QCOMPARE(attribute(strl.json(), "s")["missing"].toInt(), 0);
        for (const QString& name : names) {
            const QString field = name.startsWith("strl") ? "strL number 1"
                                  : name.startsWith("txt") ? "txtlen = "
                                  : name.startsWith("len") ? "len = "
                                                           : "n = ";
            for (const char* command : {"describe", "risk"}) {
                QStringList args{command, "--data", dir + "/" + name};
                if (QString(command) == "risk")
                    args << "--qi" << "g" << "--sensitive" << (name.startsWith("strl") ? "s" : "x");
                const CliRun r = runCli(args);
                QVERIFY2(r.exitCode == 2, qPrintable(name + ": " + r.diagnostics()));
                QVERIFY2(r.err.contains(name.toUtf8()) && r.err.contains(field.toUtf8()), qPrintable(name + ": " + r.err));
                if (!name.startsWith("strl"))
                    QVERIFY2(r.err.contains("value-label table 'g'"), qPrintable(name + ": " + r.err));
            }
        }
    }

    // Truncated, empty, wrong magic, a CSV under a statistical extension: exit 2 naming the file and why.
    void badFilesExitTwo()
    {
        RR_STATFILES_READY();
        const QByteArray dta = readAll(path("adult.dta")), sav = readAll(path("adult.sav"));
        const std::vector<std::pair<QString, QByteArray>> files{
            {"truncated.dta", dta.left(5000)},
            {"truncated.sav", sav.left(3000)},
            {"header_only.dta", dta.left(100)},
            {"empty.sav", {}},
            {"empty.dta", {}},
            {"magic.dta", QByteArray("this is not a Stata file, whatever its name says").repeated(20)},
            {"magic.sav", QByteArray("$FL3") + QByteArray(300, '\x7f')},
            {"csv.xpt", readAll(path("adult.csv")).left(4000)},
            {"csv.sas7bdat", readAll(path("adult.csv")).left(4000)},
            {"csv.por", readAll(path("adult.csv")).left(4000)},
        };
        for (const auto& [name, bytes] : files) {
            const QString f = writeFile(m_dir, name, bytes);
            for (const char* command : {"describe", "risk"}) {
                QStringList args{command, "--data", f};
                if (QString(command) == "risk")
                    args << "--qi" << "sex" << "--sensitive" << "race";
                const CliRun r = runCli(args);
                QVERIFY2(r.finished && r.status == QProcess::NormalExit, qPrintable(name));
                QVERIFY2(r.exitCode == 2, qPrintable(name + ": " + r.diagnostics()));
                QVERIFY2(r.err.contains(name.toUtf8()), qPrintable(name + ": " + r.err));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCliStatFiles)
#include "test_cli_statfiles.moc"
