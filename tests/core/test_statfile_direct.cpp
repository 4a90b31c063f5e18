// Stata records read directly (DtaLayout, DtaScan) against ReadStat reading the same file: summary, details,
// summarize and aggregate equal bitwise. Files: Adult (categorical and string columns) and COIL written by
// pandas as releases 114, 117, 118 and 119; and files written here byte by byte (releases 114 and 118,
// both byte orders) with every type, negative zero, stored NaNs, system and extended missing values at
// and around Stata's limits, padded and NUL-cut strings. Files only ReadStat reads alike (text beyond
// ASCII before 118, strL) fall back to it; lying headers are InputError. Skips without pandas unless
// RR_REQUIRE_STATFILES is set.
#include "cli/CoilCsv.h"
#include "cli/StatFileTools.h"

#include "core/data/Errors.h"
#include "core/statfiles/DtaLayout.h"
#include "core/statfiles/StatFileSource.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace rr;

namespace {

const char* kWrite = R"PY(
import sys, struct, random
import numpy as np
import pandas as pd
d, adult, coil = sys.argv[1], sys.argv[2], sys.argv[3]
df = pd.read_csv(adult, na_values=['?'], keep_default_na=False)
df = df.rename(columns={'class': 'income'})
df.columns = [c.replace('-', '_') for c in df.columns]
strings = df.copy()
for c in df.columns:
    if df[c].dtype == object:
        strings[c] = strings[c].fillna('')
        df[c] = df[c].astype('category')
co = pd.read_csv(coil)
for v in (114, 117, 118, 119):
    df.to_stata('%s/adult_%d.dta' % (d, v), write_index=False, version=v)
    strings.to_stata('%s/strings_%d.dta' % (d, v), write_index=False, version=v)
    co.to_stata('%s/coil_%d.dta' % (d, v), write_index=False, version=v)
strings.head(500).to_stata(d + '/strl_117.dta', write_index=False, version=117, convert_strl=['workclass'])

# Files written byte by byte: Stata's dta documentation (114: fixed header; 118: tags and a map).
def write(path, release, big, cols, rows):
    e = '>' if big else '<'
    k, n = len(cols), len(rows)
    codes = {'b': (251, 65530), 'h': (252, 65529), 'l': (253, 65528), 'f': (254, 65527), 'd': (255, 65526)}
    def typ(t):
        if isinstance(t, int):
            return t
        return codes[t][0 if release < 117 else 1]
    def cell(t, v):
        if isinstance(t, int):
            return v.ljust(t, b'\0')[:t]
        if t in ('f', 'd') and isinstance(v, int):  # raw bits
            return struct.pack(e + ('I' if t == 'f' else 'Q'), v)
        return struct.pack(e + t, v)
    data = b''.join(b''.join(cell(t, v) for (nm, t), v in zip(cols, r)) for r in rows)
    names = [nm.encode() for nm, t in cols]
    if release == 114:
        out = struct.pack(e + 'BBBBHI', 114, 1 if big else 2, 1, 0, k, n) + b'\0' * 81 + b' 1 Jan 2020 00:00\0'
        out += bytes(typ(t) for nm, t in cols)
        out += b''.join(x.ljust(33, b'\0') for x in names) + b'\0' * 2 * (k + 1)
        out += b''.join(b'%9.0g'.ljust(49, b'\0') for x in names) + b'\0' * 33 * k + b'\0' * 81 * k
        out += b'\0' * 5 + data
        open(path, 'wb').write(out)
        return
    head = b'<stata_dta><header><release>118</release><byteorder>' + (b'MSF' if big else b'LSF') + b'</byteorder>'
    head += b'<K>' + struct.pack(e + 'H', k) + b'</K><N>' + struct.pack(e + 'Q', n) + b'</N>'
    head += b'<label>' + struct.pack(e + 'H', 0) + b'</label><timestamp>\0</timestamp></header>'
    parts = [b'<variable_types>' + b''.join(struct.pack(e + 'H', typ(t)) for nm, t in cols) + b'</variable_types>',
             b'<varnames>' + b''.join(x.ljust(129, b'\0') for x in names) + b'</varnames>',
             b'<sortlist>' + b'\0' * 2 * (k + 1) + b'</sortlist>',
             b'<formats>' + b''.join(b'%9.0g'.ljust(57, b'\0') for x in names) + b'</formats>',
             b'<value_label_names>' + b'\0' * 129 * k + b'</value_label_names>',
             b'<variable_labels>' + b'\0' * 321 * k + b'</variable_labels>',
             b'<characteristics></characteristics>', b'<data>' + data + b'</data>', b'<strls></strls>',
             b'<value_labels></value_labels>', b'</stata_dta>']
    at = len(head) + 5 + 14 * 8 + 6
    offsets = [0, len(head)]
    for p in parts:
        offsets.append(at)
        at += len(p)
    offsets.append(at)
    assert len(offsets) == 14
    out = head + b'<map>' + b''.join(struct.pack(e + 'Q', o) for o in offsets) + b'</map>' + b''.join(parts)
    open(path, 'wb').write(out)

# Stored values at and around each type's limits (release 113 and later): present, '.', .a, .b, .z, and
# float/double codes between '.' and .a; -0, NaN with the sign bit set, padded and NUL-cut strings.
values = {
    'b': [-127, -5, 0, 1, 100, 101, 102, 103, 127],
    'h': [-32767, -300, 0, 7, 32740, 32741, 32742, 32767],
    'l': [-2147483647, -70000, 3, 2147483620, 2147483621, 2147483622, 2147483647],
    'f': [1.5, -2.25, 0x80000000, 0, 0x7effffff, 0x7f000000, 0x7f000800, 0x7f001000, 0x7f000001, 0x7fffffff, 0xffc00000],
    'd': [2.25, -1e300, 0x8000000000000000, 0, 0x7fdfffffffffffff, 0x7fe0000000000000, 0x7fe0010000000000,
          0x7fe0020000000000, 0x7fe0000000000001, 0x7fffffffffffffff, 0xfff8000000000000],
    6: [b'ab', b'ab  ', b'', b'   ', b'x\0yz', b' lead', b'ABCDEF'],
}
cols = [('vb', 'b'), ('vh', 'h'), ('vl', 'l'), ('vf', 'f'), ('vd', 'd'), ('vs', 6)]
rnd = random.Random(7)
rows = [[rnd.choice(values[t]) for nm, t in cols] for i in range(200000)]
for release in (114, 118):
    for big in (False, True):
        write('%s/types_%d_%s.dta' % (d, release, 'be' if big else 'le'), release, big, cols, rows)
utf = [r[:5] + [rnd.choice([b'caf\xc3\xa9', b'ab', b''])] for r in rows[:1000]]
write(d + '/utf8_118_le.dta', 118, False, cols, utf)
latin = [r[:5] + [rnd.choice([b'caf\xe9', b'ab'])] for r in rows[:1000]]
write(d + '/latin_114_le.dta', 114, False, cols, latin)

# Lying headers: more records than the file holds (114, 118), a data offset past the end (118),
# a variable count far beyond the header (118), a file cut inside its records (114).
b = bytearray(open(d + '/types_114_le.dta', 'rb').read())
struct.pack_into('<I', b, 6, 0xFFFFFFFF)
open(d + '/lie_nobs_114.dta', 'wb').write(b)
open(d + '/cut_114.dta', 'wb').write(open(d + '/types_114_le.dta', 'rb').read()[:100000])
b = bytearray(open(d + '/types_118_le.dta', 'rb').read())
at = b.find(b'<N>') + 3
struct.pack_into('<Q', b, at, 1 << 60)
open(d + '/lie_nobs_118.dta', 'wb').write(b)
b = bytearray(open(d + '/types_118_le.dta', 'rb').read())
m = b.find(b'<map>') + 5
struct.pack_into('<Q', b, m + 9 * 8, len(b) + 1000)
open(d + '/lie_data_118.dta', 'wb').write(b)
b = bytearray(open(d + '/types_118_le.dta', 'rb').read())
at = b.find(b'<K>') + 3
struct.pack_into('<H', b, at, 65535)
open(d + '/lie_nvar_118.dta', 'wb').write(b)
)PY";

void compareSummaries(const StatFileSource& a, const StatFileSource& b)
{
    const SourceSummary &x = a.summary(), &y = b.summary();
    QCOMPARE(x.rows, y.rows);
    QCOMPARE(x.totalWeight, y.totalWeight);
    QCOMPARE(x.attributes.size(), y.attributes.size());
    for (std::size_t i = 0; i < x.attributes.size(); ++i) {
        const AttributeSummary &p = x.attributes[i], &q = y.attributes[i];
        QCOMPARE(p.name, q.name);
        QCOMPARE(p.categories, q.categories);
        QCOMPARE(p.counts, q.counts);
        QCOMPARE(p.missing, q.missing);
        const AttributeDetails *dp = a.attributeDetails(p.name), *dq = b.attributeDetails(q.name);
        QVERIFY(dp && dq);
        QCOMPARE(dp->label, dq->label);
        QCOMPARE(dp->codes, dq->codes);
        QCOMPARE(dp->systemMissing, dq->systemMissing);
        QCOMPARE(dp->userMissing, dq->userMissing);
        QCOMPARE(dp->taggedMissing, dq->taggedMissing);
    }
}

void compareTables(const PreparedTable& a, const PreparedTable& b)
{
    QCOMPARE(a.names, b.names);
    QCOMPARE(a.dims, b.dims);
    QCOMPARE(a.categories, b.categories);
    QCOMPARE(a.records, b.records);
    QCOMPARE(a.loadedRows, b.loadedRows);
    QCOMPARE(a.droppedRows, b.droppedRows);
    QCOMPARE(a.joint.counts().size(), b.joint.counts().size());
    for (Eigen::Index i = 0; i < a.joint.counts().size(); ++i)
        QCOMPARE(a.joint.counts()[i], b.joint.counts()[i]);
}

void compareKept(const KeptSummary& a, const KeptSummary& b)
{
    QCOMPARE(a.rows, b.rows);
    QCOMPARE(a.droppedRows, b.droppedRows);
    QCOMPARE(a.records, b.records);
    QCOMPARE(a.attributes.size(), b.attributes.size());
    for (std::size_t i = 0; i < a.attributes.size(); ++i) {
        QCOMPARE(a.attributes[i].name, b.attributes[i].name);
        QCOMPARE(a.attributes[i].categories, b.attributes[i].categories);
        QCOMPARE(a.attributes[i].counts, b.attributes[i].counts);
    }
}

} // namespace

class TestStatFileDirect : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    bool m_ready = false;

    std::string path(const QString& name) const { return m_dir.filePath(name).toStdString(); }

    // Opens `file` both ways and compares everything the counting passes give, over `names` (all when
    // empty) under both missing-value policies. `direct`: whether the direct path must take the file.
    void compareBothWays(const QString& file, std::vector<std::string> names, bool direct)
    {
        const auto fast = StatFileSource::open(path(file), StatFormat::Dta);
        const auto slow = StatFileSource::open(path(file), StatFormat::Dta, {}, StatFileReading::ReadStatOnly);
        QCOMPARE(fast->readsDirectly(), direct);
        QVERIFY(!slow->readsDirectly());
        compareSummaries(*fast, *slow);
        if (names.empty())
            for (const auto& a : slow->summary().attributes)
                names.push_back(a.name);
        for (MissingPolicy policy : {MissingPolicy::DropIfUsedMissing, MissingPolicy::DropIncomplete}) {
            compareTables(fast->aggregate(names, policy), slow->aggregate(names, policy));
            compareKept(fast->summarize({}, policy), slow->summarize({}, policy));
            compareKept(fast->summarize(names, policy), slow->summarize(names, policy));
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString python = testcli::pythonWithPandas();
        if (python.isEmpty()) {
            if (testcli::statFilesRequired())
                QFAIL("RR_REQUIRE_STATFILES is set but python3 with pandas (Debian python3-pandas) is missing");
            QSKIP("python3 with pandas (Debian python3-pandas) is missing: statistical files are not tested");
        }
        const QString coil = testcli::writeCoilCsv(m_dir, "coil.csv", "ABCDEFGH");
        const testcli::ToolRun r = testcli::runTool(python, {"-c", kWrite, m_dir.path(), testcli::adultTrain(), coil});
        QVERIFY2(r.ok, r.output.constData());
        m_ready = true;
    }

    void pandasFilesEqualReadStat_data()
    {
        QTest::addColumn<QString>("file");
        for (int v : {114, 117, 118, 119})
            for (const char* kind : {"adult", "strings", "coil"}) {
                const QString f = QString("%1_%2.dta").arg(kind).arg(v);
                QTest::newRow(qPrintable(f)) << f;
            }
    }
    void pandasFilesEqualReadStat()
    {
        QVERIFY(m_ready);
        QFETCH(QString, file);
        const bool coil = file.startsWith("coil");
        compareBothWays(file, coil ? std::vector<std::string>{"A", "B", "C", "D", "E"}
                                   : std::vector<std::string>{"education", "marital_status", "sex", "race",
                                                              "workclass"},
                        true);
    }

    void everyTypeAndMissingCode_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : {"types_114_le.dta", "types_114_be.dta", "types_118_le.dta", "types_118_be.dta",
                              "utf8_118_le.dta"})
            QTest::newRow(f) << QString(f);
    }
    void everyTypeAndMissingCode()
    {
        QVERIFY(m_ready);
        QFETCH(QString, file);
        compareBothWays(file, {}, true);
        if (!file.startsWith("types"))
            return;
        // What the comparison stands on, from the values written: 200,000 rows, two threads' worth; .a .b .z
        // and the odd codes between '.' and .a as ReadStat tags them.
        const auto s = StatFileSource::open(path(file), StatFormat::Dta);
        QCOMPARE(s->summary().rows, std::size_t(200000));
        const AttributeDetails* b = s->attributeDetails("vb");
        QVERIFY(b);
        QCOMPARE(b->taggedMissing.size(), std::size_t(3));
        QVERIFY(b->taggedMissing.count('a') && b->taggedMissing.count('b') && b->taggedMissing.count('z'));
        const AttributeDetails* f = s->attributeDetails("vf");
        QVERIFY(f->taggedMissing.count('`')); // 0x7f000001: below .a, tagged one before 'a' by ReadStat
        QVERIFY(f->systemMissing > 0);        // '.' and a NaN with the sign bit set
        QCOMPARE(s->summary().attribute("vf").categories.size(), std::size_t(4)); // 1.5 -2.25 0 (-0 too) max
        std::vector<std::string> texts = s->summary().attribute("vs").categories; // first appearance: random
        std::sort(texts.begin(), texts.end());
        QCOMPARE(texts, (std::vector<std::string>{" lead", "ABCDEF", "ab", "x"}));
    }

    void textReadStatConvertsFallsBack()
    {
        QVERIFY(m_ready);
        compareBothWays("latin_114_le.dta", {}, false); // Windows-1252 text before 118: ReadStat's
        compareBothWays("strl_117.dta", {"workclass", "sex"}, false); // strL
    }

    void lyingHeadersAreInputErrors()
    {
        QVERIFY(m_ready);
        for (const char* f : {"lie_nobs_114.dta", "lie_nobs_118.dta", "lie_data_118.dta", "lie_nvar_118.dta",
                              "cut_114.dta"})
            QVERIFY_THROWS_EXCEPTION(InputError, StatFileSource::open(path(f), StatFormat::Dta));
        // This project's header reader alone: records that cannot fit are refused; a header it cannot
        // follow gives no layout (ReadStat then says why).
        for (const char* f : {"lie_nobs_114.dta", "lie_nobs_118.dta", "cut_114.dta"})
            QVERIFY_THROWS_EXCEPTION(InputError, readDtaLayout(path(f)));
        QVERIFY(!readDtaLayout(path("lie_data_118.dta")));
        QVERIFY(!readDtaLayout(path("lie_nvar_118.dta")));
        QVERIFY(readDtaLayout(path("types_114_be.dta")));
        // Named in the message.
        try {
            (void)readDtaLayout(path("lie_nobs_118.dta"));
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("lie_nobs_118.dta") != std::string::npos);
        }
    }

    void cancelledAndChanged()
    {
        QVERIFY(m_ready);
        const auto s = StatFileSource::open(path("types_118_le.dta"), StatFormat::Dta);
        QVERIFY(s->readsDirectly());
        QVERIFY_THROWS_EXCEPTION(Cancelled, s->aggregate({"vb", "vs"}, MissingPolicy::DropIfUsedMissing,
                                                         [](double) { return false; }));
        // A file that changed after opening: refused, not miscounted.
        const std::string copy = path("changed.dta");
        QVERIFY(QFile::copy(QString::fromStdString(path("types_118_le.dta")), QString::fromStdString(copy)));
        const auto c = StatFileSource::open(copy, StatFormat::Dta);
        QFile f(QString::fromStdString(copy));
        QVERIFY(f.open(QIODevice::Append));
        f.write("x");
        f.close();
        QVERIFY_THROWS_EXCEPTION(InputError, c->aggregate({"vb"}, MissingPolicy::DropIfUsedMissing));
    }
};

QTEST_GUILESS_MAIN(TestStatFileDirect)
#include "test_statfile_direct.moc"
