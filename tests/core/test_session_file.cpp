// Session files (core/session): round trip of every field, portable sample paths, clear errors for bad input,
// and files written by the Qt builds (tests/data/sessions-v1) read unchanged.
#include "core/data/Errors.h"
#include "core/session/AttributeRename.h"
#include "core/session/SessionFile.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace rr;
using Json = nlohmann::json;

namespace {

const std::string kSampleDir = std::filesystem::canonical(RR_RESOURCES_DIR "/data").string();
const std::string kOldSessions = RR_SHARED_DATA_DIR "/sessions-v1";

SessionData sample()
{
    SessionData s;
    s.dataPaths = {kSampleDir + "/adult.data.csv", kSampleDir + "/adult.test.csv"};
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
    s.view.maxReidentification = 0.15;
    s.view.metric = UtilityMetric::VariationalDistance;
    s.view.currentView = "surface";
    return s;
}

SessionPlaces places(const std::string& base = {})
{
    return SessionPlaces{base, kSampleDir};
}

QString errorOf(const std::string& json)
{
    try {
        sessionFromJson(json, places());
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
        const SessionData s = sample();
        const std::string json = sessionToJson(s, places());
        QVERIFY(json.find("\"sample:adult.data.csv\"") != std::string::npos);
        const SessionData back = sessionFromJson(json, places());
        QVERIFY(back.dataPaths == s.dataPaths);
        QVERIFY(back.spec == s.spec);
        QVERIFY(back.mode == s.mode);
        QVERIFY(back.p == s.p); // full precision: the optimizer's p stays exactly on the constraint
        QCOMPARE(back.tau, s.tau);
        QVERIFY(back.view == s.view);
        QCOMPARE(sessionToJson(back, places()), json); // a loaded session saves the same bytes
    }

    // Bins (issue 21): cut points with infinite ends (strings in JSON), equal width and quantiles.
    void binsRoundTrip()
    {
        SessionData s = sample();
        s.bins = {parseBinSpec("age=-inf,0,18,30.5,65,inf"), parseBinSpec("fnlwgt=quantiles:10"),
                  parseBinSpec("hours-per-week=width:4")};
        const std::string json = sessionToJson(s, places());
        const Json o = Json::parse(json);
        QCOMPARE(o["bins"][0]["cuts"][0].get<std::string>(), std::string("-inf"));
        QCOMPARE(o["bins"][0]["cuts"][3].get<double>(), 30.5);
        QCOMPARE(o["bins"][0]["cuts"][5].get<std::string>(), std::string("inf"));
        QCOMPARE(o["bins"][1]["quantiles"].get<int>(), 10);
        QCOMPARE(o["bins"][2]["width"].get<int>(), 4);
        const SessionData back = sessionFromJson(json, places());
        QVERIFY(back.bins == s.bins);
        QCOMPARE(sessionToJson(back, places()), json);
        // A session without bins has no "bins" key (older readers see the same file).
        QVERIFY(!Json::parse(sessionToJson(sample(), places())).contains("bins"));
        QVERIFY(sessionFromJson(sessionToJson(sample(), places()), places()).bins.empty());

        Json bad = o;
        bad["bins"][0]["cuts"] = Json::array({5, 1});
        QVERIFY2(errorOf(bad.dump()).contains("bins[0] age: cut points must be strictly increasing"), qPrintable(errorOf(bad.dump())));
        bad = o;
        bad["bins"][1]["quantiles"] = 1;
        QVERIFY(errorOf(bad.dump()).contains("bins[1]: 'quantiles' must be a whole number in [2, 1000]"));
        bad = o;
        bad["bins"][2]["cuts"] = Json::array({0, 1});
        QVERIFY(errorOf(bad.dump()).contains("bins[2] must have one of"));
        bad = o;
        bad["bins"][0]["cuts"] = Json::array({0, "big"});
        QVERIFY(errorOf(bad.dump()).contains("bins[0]: 'cuts' must hold numbers"));
        bad = o;
        bad["bins"][1]["attribute"] = "age";
        QVERIFY(errorOf(bad.dump()).contains("binned twice"));
        bad = o;
        bad["bins"] = 3;
        QVERIFY(errorOf(bad.dump()).contains("'bins' must be an array"));
    }

    // The owner's column names (issue 20, bug 13) with the dictionary's labels; absent when not used.
    void columnNamesRoundTrip()
    {
        SessionData s = sample();
        s.import = CsvOptions{};
        s.import->hasHeader = false;
        s.import->columnNames = {"MOSTYPE", "CARAVAN"};
        s.import->columnLabels = {"Customer Subtype see L0", ""};
        const std::string json = sessionToJson(s, places());
        const Json o = Json::parse(json);
        QCOMPARE(o["import"]["names"], Json::array({"MOSTYPE", "CARAVAN"}));
        QCOMPARE(o["import"]["labels"][0].get<std::string>(), std::string("Customer Subtype see L0"));
        const SessionData back = sessionFromJson(json, places());
        QVERIFY(back.import);
        QVERIFY(back.import->columnNames == s.import->columnNames);
        QVERIFY(back.import->columnLabels == s.import->columnLabels);
        QVERIFY(!back.import->hasHeader);
        QCOMPARE(sessionToJson(back, places()), json);
        // Names without descriptions keep no labels; no names, no key.
        s.import->columnLabels.clear();
        QVERIFY(!Json::parse(sessionToJson(s, places()))["import"].contains("labels"));
        s.import->columnNames.clear();
        const Json plain = Json::parse(sessionToJson(s, places()));
        QVERIFY(!plain["import"].contains("names"));
        QVERIFY(sessionFromJson(plain.dump(), places()).import->columnNames.empty());

        Json bad = o;
        bad["import"]["names"] = Json::array({"A", "A"});
        bad["import"].erase("labels");
        QVERIFY2(errorOf(bad.dump()).contains("import: 'names' holds 'A' twice"), qPrintable(errorOf(bad.dump())));
        bad["import"]["names"] = Json::array({"A", ""});
        QVERIFY(errorOf(bad.dump()).contains("import: 'names' holds an empty name"));
        bad["import"]["names"] = Json::array({"A", "B"});
        bad["import"]["labels"] = Json::array({"a"});
        QVERIFY(errorOf(bad.dump()).contains("import: 'labels' holds 1 labels for 2 names"));
        bad["import"]["names"] = Json::array({"A", 3});
        QVERIFY(errorOf(bad.dump()).contains("names"));
    }

    // A renamed column: roles, p, bins and the views' choices that named it name the new one; nothing else moves.
    void renameFollows()
    {
        SessionData s = sample();
        s.spec.alsoSensitive = {{"race", {"sex"}}};
        s.view.rulesItems = {"sex=Male", "education=Bachelors", "sexual=x"};
        s.bins = {parseBinSpec("age=0,18,inf"), parseBinSpec("sex=0,1")};
        renameAttribute(s.spec, "sex", "gender");
        renameAttribute(s.p, "sex", "gender");
        renameAttribute(s.view, "sex", "gender");
        renameAttribute(s.bins, "sex", "gender");
        QVERIFY(s.spec.quasiIdentifiers == (std::vector<std::string>{"education", "gender"}));
        QVERIFY(s.spec.alsoSensitive.front().knows == (std::vector<std::string>{"gender"}));
        QCOMPARE(s.p.count("sex"), std::size_t(0));
        QCOMPARE(s.p.at("gender"), 0.9);
        QCOMPARE(s.view.distributionA, std::string("gender"));
        QCOMPARE(s.view.surfaceX, std::string("gender"));
        QVERIFY(s.view.rulesItems == (std::vector<std::string>{"gender=Male", "education=Bachelors", "sexual=x"}));
        QCOMPARE(s.bins[1].attribute, std::string("gender"));
        QCOMPARE(s.bins[0].attribute, std::string("age"));
        renameAttribute(s.spec, "workclass", "job");
        QCOMPARE(s.spec.sensitive, std::string("job"));

        const std::vector<std::string> columns{"a", "b", "c"};
        QVERIFY(renamedColumns(columns, "b", "B") == (std::vector<std::string>{"a", "B", "c"}));
        auto refusal = [&](const std::string& from, const std::string& to) {
            try {
                renamedColumns(columns, from, to);
            } catch (const InputError& e) {
                return QString(e.what());
            }
            return QString();
        };
        QCOMPARE(refusal("b", "c"), QString("'c' already names another column; names must be unique"));
        QCOMPARE(refusal("b", ""), QString("a column needs a name"));
        QCOMPARE(refusal("x", "y"), QString("no column is named 'x'"));
        QVERIFY(refusal("b", " b").contains("cannot begin or end with a space"));
    }

    void databaseRoundTrip()
    {
        SessionData s = sample();
        s.dataPaths.clear();
        s.database = SessionDatabase{"postgresql://reader@db.example/census", "", "SELECT * FROM people"};
        s.import = CsvOptions{}; // not written for a database
        const std::string json = sessionToJson(s, places());
        const Json o = Json::parse(json);
        QCOMPARE(QString::fromStdString(o["database"]["query"].get<std::string>()), QString("SELECT * FROM people"));
        QVERIFY(!o.contains("import"));
        const SessionData back = sessionFromJson(json, places());
        QVERIFY(back.database == s.database);
        QVERIFY(back.dataPaths.empty());
    }

    void fileRoundTripIsAtomic()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        saveSessionFile(sample(), path, kSampleDir);
        QVERIFY(loadSessionFile(path, kSampleDir).view == sample().view);
        QCOMPARE(std::distance(std::filesystem::directory_iterator(dir.path().toStdString()),
                               std::filesystem::directory_iterator()),
                 1); // no temporary left behind
        QVERIFY_THROWS_EXCEPTION(InputError, saveSessionFile(sample(), dir.filePath("no/such/dir/s.json").toStdString(),
                                                             kSampleDir));
        const QString bad = [] {
            try {
                loadSessionFile("/dev/zero", kSampleDir);
            } catch (const InputError& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        }();
        QVERIFY2(bad.contains("/dev/zero"), qPrintable(bad));
    }

    void relativeDataPathsResolveAgainstTheSessionFolder()
    {
        Json o = Json::parse(sessionToJson(sample(), places()));
        o["data"] = Json::array({"data/a.csv"});
        const SessionData s = sessionFromJson(o.dump(), places("/home/u/project"));
        QVERIFY(s.dataPaths == std::vector<std::string>{"/home/u/project/data/a.csv"});
    }

    // Several sensitive attributes (issue 22): "roles.alsoSensitive", absent when there are none (older readers see
    // the same file); bad roles are refused naming the attribute.
    void severalSensitiveRoundTrip()
    {
        SessionData s = sample();
        s.spec.alsoSensitive = {{"class", {"relationship", "occupation"}}, {"native-country", {}}};
        const std::string json = sessionToJson(s, places());
        const Json o = Json::parse(json);
        QCOMPARE(o["roles"]["sensitive"].get<std::string>(), s.spec.sensitive);
        QCOMPARE(o["roles"]["alsoSensitive"][0]["knows"][1].get<std::string>(), std::string("occupation"));
        const SessionData back = sessionFromJson(json, places());
        QVERIFY(back.spec == s.spec);
        QCOMPARE(sessionToJson(back, places()), json);
        QVERIFY(!Json::parse(sessionToJson(sample(), places()))["roles"].contains("alsoSensitive"));

        Json bad = o;
        bad["roles"]["alsoSensitive"][0]["attribute"] = s.spec.quasiIdentifiers.front();
        QVERIFY2(errorOf(bad.dump()).contains("both a quasi-identifier and a sensitive attribute"),
                 qPrintable(errorOf(bad.dump())));
        bad = o;
        bad["roles"]["alsoSensitive"][1]["attribute"] = s.spec.sensitive;
        QVERIFY(errorOf(bad.dump()).contains("named twice"));
        bad = o;
        bad["roles"]["alsoSensitive"][0]["knows"] = Json::array({"class"});
        QVERIFY(errorOf(bad.dump()).contains("cannot be known to an attacker who targets it"));
        bad = o;
        bad["roles"]["alsoSensitive"] = "class";
        QVERIFY(errorOf(bad.dump()).contains("'alsoSensitive' must be a list"));
        bad = o;
        bad["roles"]["alsoSensitive"][0]["knows"] = 3;
        QVERIFY(errorOf(bad.dump()).contains("knows"));
    }

    void errorsNameTheProblem()
    {
        const Json good = Json::parse(sessionToJson(sample(), places()));
        auto with = [&](const std::string& key, const Json& v) {
            Json o = good;
            if (v.is_discarded())
                o.erase(key);
            else
                o[key] = v;
            return o.dump();
        };
        QVERIFY(errorOf("").contains("not valid JSON"));
        QVERIFY(errorOf("{\"format\": \n\"x\",,}").contains("line 2"));
        QVERIFY(errorOf("[42]").contains("JSON object"));
        QVERIFY(!errorOf("42").isEmpty());
        QVERIFY(errorOf(with("format", Json(Json::value_t::discarded))).contains("not an RR Explorer session"));
        QVERIFY(errorOf(with("version", 7)).contains("version"));
        QVERIFY(errorOf(with("data", "a.csv")).contains("'data'"));
        QVERIFY(errorOf(with("data", Json::array({3}))).contains("'data'"));
        QVERIFY(errorOf(with("roles", 5)).contains("'roles'"));
        QVERIFY(errorOf(with("roles", Json{{"sensitive", "x"}})).contains("quasiIdentifiers"));
        QVERIFY(errorOf(with("roles", Json{{"quasiIdentifiers", Json::array({"a"})}})).contains("'sensitive' is missing"));
        QVERIFY(errorOf(with("missingPolicy", "keep-everything")).contains("missingPolicy"));
        QVERIFY(errorOf(with("mode", "sideways")).contains("unknown mode 'sideways'"));
        QVERIFY(errorOf(with("p", Json{{"sex", 0}})).contains("p of 'sex'"));
        QVERIFY(errorOf(with("p", Json{{"sex", "high"}})).contains("p of 'sex'"));
        QVERIFY(errorOf(with("tau", 0)).contains("'tau'"));
        QVERIFY(errorOf(with("tau", 1.5)).contains("'tau'"));
        Json view = good["view"];
        view["alpha"] = 2;
        QCOMPARE(errorOf(with("view", view)), QString("view: 'alpha' must be a number in [1e-06, 0.5]"));
        view = good["view"];
        view["seed"] = "minus one";
        QVERIFY(errorOf(with("view", view)).contains("'seed'"));
        view = good["view"];
        view["utilityMetric"] = "happiness";
        QVERIFY(errorOf(with("view", view)).contains("happiness"));
        // l alone is accepted (tau = 1/l).
        Json lOnly = good;
        lOnly.erase("tau");
        lOnly["l"] = 4;
        QCOMPARE(sessionFromJson(lOnly.dump(), places()).tau, 0.25);
    }

    // Sessions saved by the Qt build before this format moved to core (the GUI's own files, unchanged but for
    // coil.json's data path, made relative so the clone can find it).
    void oldSessionsLoad()
    {
        const SessionData t = loadSessionFile(kOldSessions + "/tradeoff.json", kSampleDir);
        QVERIFY(t.dataPaths == (std::vector<std::string>{kSampleDir + "/adult.data.csv", kSampleDir + "/adult.test.csv"}));
        QVERIFY(t.spec.quasiIdentifiers == (std::vector<std::string>{"education", "marital-status", "sex", "race"}));
        QCOMPARE(QString::fromStdString(t.spec.sensitive), QString("workclass"));
        QVERIFY(t.import && t.import->hasHeader && t.import->missingTokens == (std::vector<std::string>{"?", ""}));
        QVERIFY(t.tradeOff);
        QCOMPARE(t.tradeOff->curve.points.size(), std::size_t(6));
        QCOMPARE(t.tradeOff->inputs.records, 45222.0);
        QCOMPARE(t.tradeOff->inputs.fingerprint.size(), std::size_t(16));

        const SessionData c = loadSessionFile(kOldSessions + "/comparison.json", kSampleDir);
        QVERIFY(c.comparison);
        QCOMPARE(c.comparison->choices.seed, std::uint64_t(5));
        QCOMPARE(c.comparison->choices.lMax, 3);
        QCOMPARE(c.comparison->sweep.results.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(c.comparison->choices.hierarchyFolder), QString::fromStdString(kSampleDir + "/hierarchies"));
        QCOMPARE(c.comparison->records, 45222.0);

        const SessionData r = loadSessionFile(kOldSessions + "/record.json", kSampleDir);
        QVERIFY(r.view.surfaceSelectedRecord);
        QVERIFY(!r.view.selectedRecord.empty());

        const SessionData k = loadSessionFile(kOldSessions + "/coil.json", kSampleDir);
        QCOMPARE(QString::fromStdString(k.dataPaths.at(0)), QString::fromStdString(kOldSessions + "/../coil2000/ticdata2000.txt"));
        QVERIFY(k.import && k.import->delimiter == '\t' && !k.import->hasHeader);
        QCOMPARE(QString::fromStdString(k.spec.sensitive), QString("86"));

        // Every old file saves and reads back to the same session.
        for (const char* name : {"tradeoff.json", "comparison.json", "record.json", "coil.json"}) {
            const SessionData s = loadSessionFile(kOldSessions + "/" + name, kSampleDir);
            const std::string again = sessionToJson(s, places());
            QCOMPARE(sessionToJson(sessionFromJson(again, places()), places()), again);
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionFile)
#include "test_session_file.moc"
