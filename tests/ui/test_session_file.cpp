// Session JSON: round trip of every field, portable sample paths, clear errors for bad input.
#include "core/data/Errors.h"
#include "ui/session/Resources.h"
#include "ui/session/SessionFile.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace rr;
using namespace rr::ui;

namespace {
SessionData sample()
{
    SessionData s;
    s.dataPaths = bundledSample();
    s.spec.quasiIdentifiers = {"education", "sex"};
    s.spec.sensitive = "workclass";
    s.spec.policy = MissingPolicy::DropIfUsedMissing;
    s.mode = RandomizationMode::Both;
    s.p = {{"education", 0.5731234567891}, {"sex", 0.9}, {"workclass", 0.955}};
    s.tau = 0.2;
    s.view.distributionA = "sex";
    s.view.distributionB = "education";
    s.view.seed = 18446744073709551615ull; // the largest seed survives (stored as text)
    s.view.alpha = 0.01;
    s.view.kind = IntervalKind::Chebyshev;
    s.view.riskCdf = true;
    s.view.surfaceX = "sex";
    s.view.surfaceY = "workclass";
    s.view.surfaceSelectedRecord = true;
    s.view.selectedRecord = {"Bachelors", "Male", "Private"};
    s.view.intervalsA = "education";
    s.view.intervalsVary = "education";
    s.view.intervalsCell = {"HS-grad"};
    s.view.tradeOffMaxL = 9;
    s.view.metric = UtilityMetric::VariationalDistance;
    s.view.currentView = "surface";
    return s;
}

QString errorOf(const QByteArray& json)
{
    try {
        sessionFromJson(json);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}
} // namespace

class TestSessionFile : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        QVERIFY(!bundledSample().isEmpty());
        const SessionData s = sample();
        const QByteArray json = sessionToJson(s);
        QVERIFY(json.contains("sample:adult.data.csv"));
        const SessionData back = sessionFromJson(json);
        QCOMPARE(back.dataPaths, s.dataPaths);
        QVERIFY(back.spec == s.spec);
        QVERIFY(back.mode == s.mode);
        QVERIFY(back.p == s.p); // full precision: the optimizer's p stays exactly on the constraint
        QCOMPARE(back.tau, s.tau);
        QVERIFY(back.view == s.view);
    }

    void fileRoundTripIsAtomic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.json");
        saveSessionFile(sample(), path);
        QVERIFY(loadSessionFile(path).view == sample().view);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left behind
        QVERIFY_THROWS_EXCEPTION(InputError, saveSessionFile(sample(), dir.filePath("no/such/dir/s.json")));
    }

    void relativeDataPathsResolveAgainstTheSessionFolder()
    {
        QJsonObject o = QJsonDocument::fromJson(sessionToJson(sample())).object();
        o["data"] = QJsonArray{"data/a.csv"};
        const SessionData s = sessionFromJson(QJsonDocument(o).toJson(), "/home/u/project");
        QCOMPARE(s.dataPaths, QStringList{"/home/u/project/data/a.csv"});
    }

    void errorsNameTheProblem()
    {
        QJsonObject good = QJsonDocument::fromJson(sessionToJson(sample())).object();
        auto with = [&](const QString& key, const QJsonValue& v) {
            QJsonObject o = good;
            if (v.isUndefined())
                o.remove(key);
            else
                o[key] = v;
            return QJsonDocument(o).toJson();
        };
        QVERIFY(errorOf("").contains("not valid JSON"));
        QVERIFY(errorOf("{\"format\": \n\"x\",,}").contains("line 2"));
        QVERIFY(errorOf("[42]").contains("JSON object"));
        QVERIFY(!errorOf("42").isEmpty());
        QVERIFY(errorOf(with("format", QJsonValue())).contains("not an RR Explorer session"));
        QVERIFY(errorOf(with("version", 7)).contains("version"));
        QVERIFY(errorOf(with("data", "a.csv")).contains("'data'"));
        QVERIFY(errorOf(with("data", QJsonArray{3})).contains("'data'"));
        QVERIFY(errorOf(with("roles", 5)).contains("'roles'"));
        QVERIFY(errorOf(with("roles", QJsonObject{{"sensitive", "x"}})).contains("quasiIdentifiers"));
        QVERIFY(errorOf(with("roles", QJsonObject{{"quasiIdentifiers", QJsonArray{"a"}}}))
                    .contains("'sensitive' is missing"));
        QVERIFY(errorOf(with("missingPolicy", "keep-everything")).contains("missingPolicy"));
        QVERIFY(errorOf(with("mode", "sideways")).contains("unknown mode 'sideways'"));
        QVERIFY(errorOf(with("p", QJsonObject{{"sex", 0}})).contains("p of 'sex'"));
        QVERIFY(errorOf(with("p", QJsonObject{{"sex", "high"}})).contains("p of 'sex'"));
        QVERIFY(errorOf(with("tau", 0)).contains("'tau'"));
        QVERIFY(errorOf(with("tau", 1.5)).contains("'tau'"));
        QJsonObject view = good["view"].toObject();
        view["alpha"] = 2;
        QVERIFY(errorOf(with("view", view)).contains("'alpha'"));
        view = good["view"].toObject();
        view["seed"] = "minus one";
        QVERIFY(errorOf(with("view", view)).contains("'seed'"));
        view = good["view"].toObject();
        view["utilityMetric"] = "happiness";
        QVERIFY(errorOf(with("view", view)).contains("happiness"));
        // l alone is accepted (tau = 1/l).
        QJsonObject lOnly = good;
        lOnly.remove("tau");
        lOnly["l"] = 4;
        QCOMPARE(sessionFromJson(QJsonDocument(lOnly).toJson()).tau, 0.25);
    }
};

QTEST_GUILESS_MAIN(TestSessionFile)
#include "test_session_file.moc"
