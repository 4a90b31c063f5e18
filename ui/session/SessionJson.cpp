#include "ui/session/SessionJson.h"

#include "ui/session/DatabaseChoice.h"

#include "core/data/Errors.h"
#include "core/measures/MeasureCatalog.h"
#include "ui/session/Resources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>

#include <cmath>

namespace rr::ui {
namespace {

constexpr const char* kFormat = "rr-explorer-session";
constexpr int kVersion = 1;

[[noreturn]] void fail(const QString& message)
{
    throw InputError(message.toStdString());
}

QString policyKey(MissingPolicy p)
{
    return p == MissingPolicy::DropIncomplete ? "drop-incomplete" : "drop-if-used-missing";
}

QJsonArray toArray(const std::vector<std::string>& v)
{
    QJsonArray a;
    for (const auto& s : v)
        a.append(QString::fromStdString(s));
    return a;
}

// Typed accessors that name the key in their error.
QString text(const QJsonObject& o, const QString& key, const QString& where, bool required = false)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) {
        if (required)
            fail(QObject::tr("%1: '%2' is missing").arg(where, key));
        return {};
    }
    if (!v.isString())
        fail(QObject::tr("%1: '%2' must be a string").arg(where, key));
    return v.toString();
}

std::vector<std::string> strings(const QJsonObject& o, const QString& key, const QString& where)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return {};
    if (!v.isArray())
        fail(QObject::tr("%1: '%2' must be a list of strings").arg(where, key));
    std::vector<std::string> out;
    for (const QJsonValue& e : v.toArray()) {
        if (!e.isString())
            fail(QObject::tr("%1: '%2' must be a list of strings").arg(where, key));
        out.push_back(e.toString().toStdString());
    }
    return out;
}

double number(const QJsonObject& o, const QString& key, const QString& where, double fallback, double lo, double hi)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < lo || v.toDouble() > hi)
        fail(QObject::tr("%1: '%2' must be a number in [%3, %4]").arg(where, key).arg(lo).arg(hi));
    return v.toDouble();
}

// The Measures and Rules views' choices (issue 8); both objects are optional.
void readMeasuresAndRules(const QJsonObject& view, ViewChoices& v)
{
    for (const char* key : {"measures", "rules"})
        if (!view.value(key).isUndefined() && !view.value(key).isObject())
            fail(QObject::tr("view: '%1' must be an object").arg(key));
    const QJsonObject m = view.value("measures").toObject();
    const auto attributes = strings(m, "attributes", "view.measures");
    const auto present = strings(m, "present", "view.measures");
    if (attributes.size() > 2 || present.size() > 2)
        fail(QObject::tr("view.measures: 'attributes' and 'present' hold two names each"));
    if (attributes.size() == 2) {
        v.measuresA = attributes[0];
        v.measuresB = attributes[1];
    }
    if (present.size() == 2) {
        v.measuresPresentA = present[0];
        v.measuresPresentB = present[1];
    }
    const QString sweep = text(m, "sweep", "view.measures");
    if (!sweep.isEmpty()) {
        if (!measureByKey(sweep.toStdString()))
            fail(QObject::tr("view.measures: unknown measure '%1' in 'sweep'").arg(sweep));
        v.measuresSweep = sweep.toStdString();
    }
    const QJsonObject r = view.value("rules").toObject();
    v.rulesItems = strings(r, "items", "view.rules");
    v.rulesMinSupport = number(r, "minSupport", "view.rules", 0.25, 0.0, 1.0);
    v.rulesMinConfidence = number(r, "minConfidence", "view.rules", 0.65, 0.0, 1.0);
    v.rulesP = number(r, "p", "view.rules", 0.9, 0.0, 1.0);
    const QString decision = text(r, "decision", "view.rules");
    if (!decision.isEmpty() && decision != "estimate" && decision != "lower" && decision != "upper")
        fail(QObject::tr("view.rules: 'decision' must be \"estimate\", \"lower\" or \"upper\""));
    if (!decision.isEmpty())
        v.rulesDecision = decision.toStdString();
}

// The import options a session keeps: the header row, the delimiter (empty: detected) and missing tokens.
QJsonObject importToJson(const CsvOptions& o)
{
    QJsonObject out;
    out["header"] = o.hasHeader;
    out["delimiter"] = o.delimiter == 0 ? QString() : QString(QChar(o.delimiter));
    out["missing"] = toArray(o.missingTokens);
    return out;
}

CsvOptions importFromJson(const QJsonValue& value)
{
    if (!value.isObject())
        fail(QObject::tr("'import' must be an object with 'header', 'delimiter' and 'missing'"));
    const QJsonObject o = value.toObject();
    CsvOptions options;
    const QJsonValue header = o.value("header");
    if (!header.isUndefined() && !header.isBool())
        fail(QObject::tr("import: 'header' must be true or false"));
    options.hasHeader = header.toBool(true);
    const QString delimiter = text(o, "delimiter", "import");
    static const QString allowed = QStringLiteral(",;\t |");
    if (delimiter.size() > 1 || (delimiter.size() == 1 && !allowed.contains(delimiter)))
        fail(QObject::tr("import: 'delimiter' must be empty (detect) or one of , ; tab space |"));
    options.delimiter = delimiter.isEmpty() ? char(0) : delimiter.front().toLatin1();
    if (o.contains("missing")) {
        options.missingTokens = strings(o, "missing", "import");
        if (options.missingTokens.size() > 64)
            fail(QObject::tr("import: 'missing' lists %1 tokens, over the limit of 64")
                     .arg(options.missingTokens.size()));
    }
    return options;
}

} // namespace

QByteArray sessionToJson(const SessionData& s)
{
    QJsonObject root;
    root["format"] = kFormat;
    root["version"] = kVersion;
    QJsonArray data;
    if (const auto db = databaseFrom(s.dataPaths)) { // the URL without password, and the table or query
        QJsonObject database;
        database["url"] = db->url;
        database[db->query.isEmpty() ? "table" : "query"] = db->query.isEmpty() ? db->table : db->query;
        root["database"] = database;
    } else {
        for (const QString& p : s.dataPaths)
            data.append(portablePath(p));
    }
    root["data"] = data;
    if (s.import && !databaseFrom(s.dataPaths))
        root["import"] = importToJson(*s.import);
    QJsonObject roles;
    roles["quasiIdentifiers"] = toArray(s.spec.quasiIdentifiers);
    roles["sensitive"] = QString::fromStdString(s.spec.sensitive);
    root["roles"] = roles;
    root["missingPolicy"] = policyKey(s.spec.policy);
    root["mode"] = QString::fromStdString(toString(s.mode));
    QJsonObject p;
    for (const auto& [name, value] : s.p)
        p[QString::fromStdString(name)] = value;
    root["p"] = p;
    root["tau"] = s.tau;
    root["l"] = 1.0 / s.tau;
    const ViewChoices& v = s.view;
    QJsonObject view;
    view["distribution"] =
        toArray(v.distributionB.empty() ? std::vector<std::string>{v.distributionA}
                                        : std::vector<std::string>{v.distributionA, v.distributionB});
    view["seed"] = QString::number(v.seed);
    view["alpha"] = v.alpha;
    view["interval"] = v.kind == IntervalKind::Normal ? "normal" : "chebyshev";
    view["riskDisplay"] = v.riskCdf ? "cdf" : "histogram";
    view["surfaceAxes"] = toArray({v.surfaceX, v.surfaceY});
    view["surfaceTarget"] = v.surfaceSelectedRecord ? "record" : "max";
    view["selectedRecord"] = toArray(v.selectedRecord);
    view["intervalsAttributes"] = toArray(v.intervalsB.empty() ? std::vector<std::string>{v.intervalsA}
                                                               : std::vector<std::string>{v.intervalsA, v.intervalsB});
    view["intervalsVary"] = QString::fromStdString(v.intervalsVary);
    view["intervalsCell"] = toArray(v.intervalsCell);
    view["tradeOffMaxL"] = v.tradeOffMaxL;
    view["utilityMetric"] = QString::fromStdString(metricKey(v.metric));
    view["withoutPAttributes"] = toArray({v.withoutPFirst, v.withoutPSecond});
    view["withoutPPresent"] = toArray({v.withoutPFirstPresent, v.withoutPSecondPresent});
    view["withoutPMeasure"] = QString::fromStdString(v.withoutPMeasure);
    view["currentView"] = QString::fromStdString(v.currentView);
    QJsonObject measures;
    measures["attributes"] = toArray({v.measuresA, v.measuresB});
    measures["present"] = toArray({v.measuresPresentA, v.measuresPresentB});
    measures["sweep"] = QString::fromStdString(v.measuresSweep);
    view["measures"] = measures;
    QJsonObject rules;
    rules["items"] = toArray(v.rulesItems);
    rules["minSupport"] = v.rulesMinSupport;
    rules["minConfidence"] = v.rulesMinConfidence;
    rules["decision"] = QString::fromStdString(v.rulesDecision);
    rules["p"] = v.rulesP;
    view["rules"] = rules;
    root["view"] = view;
    if (s.tradeOff)
        root["tradeOff"] = tradeOffToJson(*s.tradeOff);
    if (s.comparison)
        root["comparison"] = comparisonToJson(*s.comparison);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

SessionData sessionFromJson(const QByteArray& json, const QString& baseDir)
{
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError) {
        const int line = static_cast<int>(json.left(err.offset).count('\n')) + 1;
        fail(QObject::tr("not valid JSON (line %1: %2)").arg(line).arg(err.errorString()));
    }
    if (!doc.isObject())
        fail(QObject::tr("a session must be a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value("format").toString() != kFormat)
        fail(QObject::tr("not an RR Explorer session (\"format\" must be \"%1\")").arg(kFormat));
    if (root.value("version").toInt(-1) != kVersion)
        fail(QObject::tr("unsupported session version (expected %1)").arg(kVersion));

    SessionData s;
    const QJsonValue data = root.value("data");
    if (root.contains("database")) {
        const QJsonObject db = root.value("database").toObject();
        DatabaseChoice c;
        c.url = db.value("url").toString();
        c.table = db.value("table").toString();
        c.query = db.value("query").toString();
        if (c.url.isEmpty() || c.table.isEmpty() == c.query.isEmpty())
            fail(QObject::tr("'database' must give a 'url' and one of 'table' and 'query'"));
        s.dataPaths = databasePaths(c);
    } else if (!data.isArray() || data.toArray().isEmpty())
        fail(QObject::tr("'data' must list at least one CSV file"));
    for (const QJsonValue& d : s.dataPaths.isEmpty() ? data.toArray() : QJsonArray()) {
        if (!d.isString() || d.toString().isEmpty())
            fail(QObject::tr("'data' must list file paths (strings)"));
        s.dataPaths << resolvePath(d.toString(), baseDir);
    }

    if (root.contains("import"))
        s.import = importFromJson(root.value("import"));

    const QJsonValue rolesValue = root.value("roles");
    if (!rolesValue.isObject())
        fail(QObject::tr("'roles' must be an object with 'quasiIdentifiers' and 'sensitive'"));
    const QJsonObject roles = rolesValue.toObject();
    s.spec.quasiIdentifiers = strings(roles, "quasiIdentifiers", "roles");
    s.spec.sensitive = text(roles, "sensitive", "roles", true).toStdString();
    if (s.spec.quasiIdentifiers.empty())
        fail(QObject::tr("roles: 'quasiIdentifiers' must name at least one attribute"));
    if (s.spec.sensitive.empty())
        fail(QObject::tr("roles: 'sensitive' must name an attribute"));

    const QString policy = text(root, "missingPolicy", "session");
    if (policy.isEmpty() || policy == "drop-incomplete")
        s.spec.policy = MissingPolicy::DropIncomplete;
    else if (policy == "drop-if-used-missing")
        s.spec.policy = MissingPolicy::DropIfUsedMissing;
    else
        fail(QObject::tr("'missingPolicy' must be \"drop-incomplete\" or \"drop-if-used-missing\""));

    s.mode = parseMode(text(root, "mode", "session", true).toStdString()); // InputError names the mode

    const QJsonValue pv = root.value("p");
    if (!pv.isUndefined() && !pv.isObject())
        fail(QObject::tr("'p' must map attribute names to retention probabilities"));
    const QJsonObject p = pv.toObject();
    for (auto it = p.begin(); it != p.end(); ++it) {
        const double v = it.value().toDouble(-1);
        if (!it.value().isDouble() || !(v > 0 && v <= 1))
            fail(QObject::tr("p of '%1' must be a number in (0, 1]").arg(it.key()));
        s.p[it.key().toStdString()] = v;
    }

    if (root.contains("tau"))
        s.tau = number(root, "tau", "session", 1.0 / 3.0, 1e-6, 1.0);
    else if (root.contains("l"))
        s.tau = 1.0 / number(root, "l", "session", 3.0, 1.0, 1e6);
    if (!(s.tau > 0 && s.tau <= 1))
        fail(QObject::tr("'tau' must lie in (0, 1]"));

    const QJsonValue vv = root.value("view");
    if (!vv.isUndefined() && !vv.isObject())
        fail(QObject::tr("'view' must be an object"));
    const QJsonObject view = vv.toObject();
    ViewChoices& v = s.view;
    const auto dist = strings(view, "distribution", "view");
    if (!dist.empty())
        v.distributionA = dist[0];
    if (dist.size() > 1)
        v.distributionB = dist[1];
    const QString seed = text(view, "seed", "view");
    if (!seed.isEmpty()) {
        bool ok = false;
        v.seed = seed.toULongLong(&ok);
        if (!ok)
            fail(QObject::tr("view: 'seed' must be a non-negative integer (as a string)"));
    }
    v.alpha = number(view, "alpha", "view", 0.05, 1e-6, 0.5);
    const QString kind = text(view, "interval", "view");
    if (!kind.isEmpty() && kind != "normal" && kind != "chebyshev")
        fail(QObject::tr("view: 'interval' must be \"normal\" or \"chebyshev\""));
    v.kind = kind == "chebyshev" ? IntervalKind::Chebyshev : IntervalKind::Normal;
    v.riskCdf = text(view, "riskDisplay", "view") == "cdf";
    const auto axes = strings(view, "surfaceAxes", "view");
    if (axes.size() == 2) {
        v.surfaceX = axes[0];
        v.surfaceY = axes[1];
    }
    v.surfaceSelectedRecord = text(view, "surfaceTarget", "view") == "record";
    v.selectedRecord = strings(view, "selectedRecord", "view");
    const auto ia = strings(view, "intervalsAttributes", "view");
    if (!ia.empty())
        v.intervalsA = ia[0];
    if (ia.size() > 1)
        v.intervalsB = ia[1];
    v.intervalsVary = text(view, "intervalsVary", "view").toStdString();
    v.intervalsCell = strings(view, "intervalsCell", "view");
    v.tradeOffMaxL = static_cast<int>(number(view, "tradeOffMaxL", "view", 6, 2, 20));
    const QString metric = text(view, "utilityMetric", "view");
    if (!metric.isEmpty())
        v.metric = parseMetric(metric.toStdString());
    const auto withoutP = strings(view, "withoutPAttributes", "view");
    if (withoutP.size() == 2) {
        v.withoutPFirst = withoutP[0];
        v.withoutPSecond = withoutP[1];
    }
    const auto present = strings(view, "withoutPPresent", "view");
    if (present.size() == 2) {
        v.withoutPFirstPresent = present[0];
        v.withoutPSecondPresent = present[1];
    }
    const QString measure = text(view, "withoutPMeasure", "view");
    if (!measure.isEmpty()) {
        if (!measureByKey(measure.toStdString()))
            fail(QObject::tr("view: 'withoutPMeasure' is not a measure key: %1").arg(measure));
        v.withoutPMeasure = measure.toStdString();
    }
    const QString current = text(view, "currentView", "view");
    if (!current.isEmpty())
        v.currentView = current.toStdString();
    readMeasuresAndRules(view, v);
    if (root.contains("tradeOff"))
        s.tradeOff = tradeOffFromJson(root.value("tradeOff"));
    if (root.contains("comparison"))
        s.comparison = comparisonFromJson(root.value("comparison"), baseDir);
    return s;
}

} // namespace rr::ui
