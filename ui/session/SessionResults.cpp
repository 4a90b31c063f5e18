#include "ui/session/SessionResults.h"

#include "core/analysis/ComparisonRun.h"
#include "core/data/Errors.h"
#include "ui/session/Resources.h"

#include <QJsonArray>
#include <QObject>

#include <cmath>
#include <cstdio>
#include <limits>

namespace rr::ui {
namespace {

// A probability as computed: 1 may come out a rounding step above.
constexpr double kRiskCeiling = 1 + 1e-9;

[[noreturn]] void fail(const QString& message)
{
    throw InputError(message.toStdString());
}

struct Fnv1a {
    std::uint64_t h = 14695981039346656037ull;
    void add(const void* data, std::size_t n)
    {
        const auto* b = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < n; ++i)
            h = (h ^ b[i]) * 1099511628211ull;
    }
    void add(const std::string& s)
    {
        add(s.data(), s.size());
        add("\0", 1); // "ab","c" differs from "a","bc"
    }
};

QJsonArray toArray(const std::vector<std::string>& v)
{
    QJsonArray a;
    for (const auto& s : v)
        a.append(QString::fromStdString(s));
    return a;
}

QJsonArray toArray(const std::vector<double>& v)
{
    QJsonArray a;
    for (double x : v)
        a.append(x);
    return a;
}

// A finite number (JSON null stands for an undefined value where `undefined` allows it, read as infinity:
// what the chart skips).
double number(const QJsonObject& o, const QString& key, const QString& where, double lo, double hi,
              bool undefinedAllowed = false)
{
    const QJsonValue v = o.value(key);
    if (undefinedAllowed && v.isNull())
        return std::numeric_limits<double>::infinity();
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < lo || v.toDouble() > hi)
        fail(QObject::tr("%1.%2 must be a number in [%3, %4]").arg(where, key).arg(lo).arg(hi));
    return v.toDouble();
}

QJsonValue orNull(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue(QJsonValue::Null);
}

std::vector<std::string> names(const QJsonObject& o, const QString& key, const QString& where)
{
    const QJsonValue v = o.value(key);
    if (!v.isArray() || v.toArray().size() > 1000)
        fail(QObject::tr("%1.%2 must be a list of at most 1000 names").arg(where, key));
    std::vector<std::string> out;
    for (const QJsonValue& e : v.toArray()) {
        if (!e.isString())
            fail(QObject::tr("%1.%2 must be a list of names").arg(where, key));
        out.push_back(e.toString().toStdString());
    }
    return out;
}

QString modeKey(RandomizationMode m)
{
    return QString::fromStdString(toString(m));
}

QJsonObject mapToJson(const std::map<std::string, double>& m)
{
    QJsonObject o;
    for (const auto& [key, value] : m)
        o[QString::fromStdString(key)] = orNull(value);
    return o;
}

// Uncertainty coefficients "A|B" for every ordered pair of different attributes (what the heat map reads),
// each in [0, 1].
std::map<std::string, double> coefficients(const QJsonValue& v, const std::vector<std::string>& attributes,
                                           const QString& where)
{
    if (!v.isObject())
        fail(QObject::tr("%1 must map \"A|B\" to uncertainty coefficients").arg(where));
    const QJsonObject o = v.toObject();
    std::map<std::string, double> out;
    for (const std::string& a : attributes)
        for (const std::string& b : attributes) {
            if (a == b)
                continue;
            const QString key = QString::fromStdString(a + "|" + b);
            const QJsonValue x = o.value(key);
            if (!x.isDouble() || !(x.toDouble() >= -1e-9 && x.toDouble() <= 1 + 1e-9))
                fail(QObject::tr("%1[\"%2\"] must be a number in [0, 1]").arg(where, key));
            out[key.toStdString()] = x.toDouble();
        }
    if (o.size() != static_cast<qsizetype>(out.size()))
        fail(QObject::tr("%1 must hold exactly the ordered pairs of the attributes").arg(where));
    return out;
}

DistanceValue distance(const QJsonObject& o, const QString& key, const QString& where)
{
    const QJsonValue v = o.value(key);
    if (v.isNull())
        return DistanceValue{0.0, false, "undefined when computed"};
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
        fail(QObject::tr("%1.%2 must be a non-negative number or null (undefined)").arg(where, key));
    return DistanceValue{v.toDouble(), true, {}};
}

QJsonObject methodToJson(const MethodUtility& u)
{
    QJsonObject o;
    o["available"] = u.available;
    o["note"] = QString::fromStdString(u.note);
    if (!u.available)
        return o;
    o["maxRisk"] = u.maxRisk;
    o["dV"] = u.distances.dV.defined ? orNull(u.distances.dV.value) : QJsonValue();
    o["L2"] = u.distances.L2.defined ? orNull(u.distances.L2.value) : QJsonValue();
    o["KL"] = u.distances.KL.defined ? orNull(u.distances.KL.value) : QJsonValue();
    o["chi2"] = u.distances.chi2.defined ? orNull(u.distances.chi2.value) : QJsonValue();
    o["baseQueries"] = u.baseQueries.averageRelativeError;
    o["cubeQueries"] = u.cubeQueries.averageRelativeError;
    o["uncertainty"] = mapToJson(u.uncertainty);
    return o;
}

MethodUtility methodFromJson(const QJsonValue& v, const std::vector<std::string>& attributes, const QString& where)
{
    if (!v.isObject() || !v.toObject().value("available").isBool())
        fail(QObject::tr("%1 must be an object with 'available'").arg(where));
    const QJsonObject o = v.toObject();
    MethodUtility u;
    u.available = o.value("available").toBool();
    u.note = o.value("note").toString().left(2000).toStdString();
    if (!u.available)
        return u;
    u.maxRisk = number(o, "maxRisk", where, 0, kRiskCeiling);
    u.distances.dV = distance(o, "dV", where);
    u.distances.L2 = distance(o, "L2", where);
    u.distances.KL = distance(o, "KL", where);
    u.distances.chi2 = distance(o, "chi2", where);
    u.baseQueries.averageRelativeError = number(o, "baseQueries", where, 0, 1e300);
    u.cubeQueries.averageRelativeError = number(o, "cubeQueries", where, 0, 1e300);
    u.uncertainty = coefficients(o.value("uncertainty"), attributes, where + ".uncertainty");
    return u;
}

constexpr const char* kMethodKeys[3] = {"lDiversity", "anatomy", "randomization"};

MethodUtility& method(ComparisonResult& r, int k)
{
    return k == 0 ? r.lDiversity : k == 1 ? r.anatomy : r.randomization;
}
const MethodUtility& method(const ComparisonResult& r, int k)
{
    return k == 0 ? r.lDiversity : k == 1 ? r.anatomy : r.randomization;
}

} // namespace

ResultInputs inputsOf(const PreparedAnalysis& a)
{
    ResultInputs in;
    in.quasiIdentifiers = a.spec.quasiIdentifiers;
    in.sensitive = a.spec.sensitive;
    in.policy = a.spec.policy;
    in.records = a.joint.counts().sum();
    Fnv1a h;
    for (std::size_t k = 0; k < a.names.size(); ++k) {
        h.add(a.names[k]);
        for (const std::string& c : a.categories[k])
            h.add(c);
    }
    const auto& counts = a.joint.counts();
    for (Eigen::Index c = 0; c < counts.size(); ++c) {
        const double x = counts[c];
        h.add(&x, sizeof x);
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h.h));
    in.fingerprint = hex;
    return in;
}

QJsonObject inputsToJson(const ResultInputs& in)
{
    QJsonObject o;
    o["quasiIdentifiers"] = toArray(in.quasiIdentifiers);
    o["sensitive"] = QString::fromStdString(in.sensitive);
    o["missingPolicy"] = in.policy == MissingPolicy::DropIncomplete ? "drop-incomplete" : "drop-if-used-missing";
    o["records"] = in.records;
    o["fingerprint"] = QString::fromStdString(in.fingerprint);
    return o;
}

ResultInputs inputsFromJson(const QJsonValue& value, const QString& where)
{
    if (!value.isObject())
        fail(QObject::tr("%1 must be an object naming the roles, policy and records").arg(where));
    const QJsonObject o = value.toObject();
    ResultInputs in;
    in.quasiIdentifiers = names(o, "quasiIdentifiers", where);
    if (!o.value("sensitive").isString())
        fail(QObject::tr("%1.sensitive must be a name").arg(where));
    in.sensitive = o.value("sensitive").toString().toStdString();
    const QString policy = o.value("missingPolicy").toString();
    if (policy != "drop-incomplete" && policy != "drop-if-used-missing")
        fail(QObject::tr("%1.missingPolicy must be \"drop-incomplete\" or \"drop-if-used-missing\"").arg(where));
    in.policy = policy == "drop-incomplete" ? MissingPolicy::DropIncomplete : MissingPolicy::DropIfUsedMissing;
    in.records = number(o, "records", where, 0, 1e18);
    in.fingerprint = o.value("fingerprint").toString().toStdString();
    if (in.fingerprint.size() != 16)
        fail(QObject::tr("%1.fingerprint must be 16 hexadecimal digits").arg(where));
    return in;
}

QJsonObject tradeOffToJson(const SavedTradeOff& s)
{
    QJsonObject o;
    o["inputs"] = inputsToJson(s.inputs);
    o["metric"] = QString::fromStdString(metricKey(s.curve.metric));
    o["lMax"] = s.curve.lMax;
    o["seed"] = QString::number(s.seed);
    o["complete"] = s.curve.complete;
    QJsonArray points;
    for (const TradeOffPoint& p : s.curve.points) {
        QJsonObject q;
        q["mode"] = modeKey(p.mode);
        q["l"] = p.l;
        q["feasible"] = p.feasible;
        if (p.feasible) { // the point drawn and its tooltip
            q["maxRisk"] = p.maxRisk;
            q["utilityLoss"] = orNull(p.utilityLoss);
            q["objective"] = orNull(p.objective);
            q["p"] = toArray(p.p);
        } else { // the status line's note
            q["blockingRecords"] = p.blockingRecords;
            q["lowestMaxRisk"] = p.lowestMaxRisk;
        }
        points.append(q);
    }
    o["points"] = points;
    return o;
}

SavedTradeOff tradeOffFromJson(const QJsonValue& value)
{
    const QString where = "tradeOff";
    if (!value.isObject())
        fail(QObject::tr("'tradeOff' must be an object"));
    const QJsonObject o = value.toObject();
    SavedTradeOff s;
    s.inputs = inputsFromJson(o.value("inputs"), where + ".inputs");
    if (!o.value("metric").isString())
        fail(QObject::tr("tradeOff.metric must be a utility metric key"));
    s.curve.metric = parseMetric(o.value("metric").toString().toStdString());
    s.curve.lMax = static_cast<int>(number(o, "lMax", where, 2, 20));
    bool ok = false;
    s.seed = o.value("seed").toString().toULongLong(&ok);
    if (!ok)
        fail(QObject::tr("tradeOff.seed must be a non-negative integer (as a string)"));
    s.curve.complete = o.value("complete").toBool(true);
    const QJsonValue pv = o.value("points");
    if (!pv.isArray() || pv.toArray().size() > kMaxSavedTradeOffPoints)
        fail(QObject::tr("tradeOff.points must be a list of at most %1 points").arg(kMaxSavedTradeOffPoints));
    const auto attributes = static_cast<qsizetype>(s.inputs.quasiIdentifiers.size() + 1);
    const QJsonArray points = pv.toArray();
    for (qsizetype i = 0; i < points.size(); ++i) {
        const QString at = QStringLiteral("tradeOff.points[%1]").arg(i);
        if (!points[i].isObject())
            fail(QObject::tr("%1 must be an object").arg(at));
        const QJsonObject q = points[i].toObject();
        TradeOffPoint p;
        if (!q.value("mode").isString())
            fail(QObject::tr("%1.mode must be \"qi\", \"s\" or \"both\"").arg(at));
        p.mode = parseMode(q.value("mode").toString().toStdString());
        p.l = static_cast<int>(number(q, "l", at, 2, s.curve.lMax));
        p.tau = 1.0 / p.l;
        if (!q.value("feasible").isBool())
            fail(QObject::tr("%1.feasible must be true or false").arg(at));
        p.feasible = q.value("feasible").toBool();
        if (p.feasible) {
            p.maxRisk = number(q, "maxRisk", at, 0, kRiskCeiling);
            p.utilityLoss = number(q, "utilityLoss", at, 0, 1e300, true);
            p.objective = number(q, "objective", at, 0, 1e300, true);
            const QJsonValue pp = q.value("p");
            if (!pp.isArray() || pp.toArray().size() != attributes)
                fail(QObject::tr("%1.p must list %2 retention probabilities").arg(at).arg(attributes));
            for (const QJsonValue& x : pp.toArray()) {
                if (!x.isDouble() || !(x.toDouble() >= 0 && x.toDouble() <= 1))
                    fail(QObject::tr("%1.p must hold numbers in [0, 1]").arg(at));
                p.p.push_back(x.toDouble());
            }
        } else {
            p.blockingRecords = number(q, "blockingRecords", at, 0, 1e18);
            p.lowestMaxRisk = number(q, "lowestMaxRisk", at, 0, kRiskCeiling);
        }
        s.curve.points.push_back(std::move(p));
    }
    return s;
}

QJsonObject comparisonToJson(const SavedComparison& s)
{
    QJsonObject o;
    o["inputs"] = inputsToJson(s.inputs);
    QJsonObject c;
    c["lMax"] = s.choices.lMax;
    c["model"] = QString::fromStdString(s.choices.model);
    c["c"] = s.choices.c;
    c["metric"] = QString::fromStdString(s.choices.metric);
    c["seed"] = QString::number(s.choices.seed);
    c["hierarchies"] = s.choices.hierarchyFolder.isEmpty() ? QString() : portablePath(s.choices.hierarchyFolder);
    o["choices"] = c;
    o["records"] = s.records;
    o["lMin"] = s.sweep.lMin;
    QJsonArray results;
    for (const ComparisonResult& r : s.sweep.results) {
        QJsonObject q;
        q["l"] = r.l;
        q["attributes"] = toArray(r.attributes);
        q["originalUncertainty"] = mapToJson(r.originalUncertainty);
        q["privacyModel"] = QString::fromStdString(r.privacyModel);
        QJsonObject search;
        search["found"] = r.search.found;
        QJsonArray node;
        for (int level : r.search.node)
            node.append(level);
        search["node"] = node;
        search["metric"] = QString::fromStdString(r.search.metric);
        search["metricValue"] = orNull(r.search.metricValue);
        search["nodesChecked"] = static_cast<double>(r.search.nodesChecked);
        search["latticeSize"] = static_cast<double>(r.search.latticeSize);
        q["search"] = search;
        q["rrP"] = toArray(r.rr.parameters.p);
        QJsonObject methods;
        for (int k = 0; k < 3; ++k)
            methods[kMethodKeys[k]] = methodToJson(method(r, k));
        q["methods"] = methods;
        results.append(q);
    }
    o["results"] = results;
    return o;
}

SavedComparison comparisonFromJson(const QJsonValue& value, const QString& baseDir)
{
    if (!value.isObject())
        fail(QObject::tr("'comparison' must be an object"));
    const QJsonObject o = value.toObject();
    SavedComparison s;
    s.inputs = inputsFromJson(o.value("inputs"), "comparison.inputs");
    const QJsonObject c = o.value("choices").toObject();
    s.choices.lMax = static_cast<int>(number(c, "lMax", "comparison.choices", kMinComparisonL, kMaxComparisonL));
    s.choices.model = c.value("model").toString().toStdString();
    if (s.choices.model != "entropy" && s.choices.model != "distinct" && s.choices.model != "recursive")
        fail(QObject::tr("comparison.choices.model must be \"entropy\", \"distinct\" or \"recursive\""));
    s.choices.c = number(c, "c", "comparison.choices", 0.01, 1000);
    s.choices.metric = c.value("metric").toString().toStdString();
    if (s.choices.metric != "discernibility" && s.choices.metric != "aecs" && s.choices.metric != "height")
        fail(QObject::tr("comparison.choices.metric must be \"discernibility\", \"aecs\" or \"height\""));
    bool ok = false;
    s.choices.seed = c.value("seed").toString().toULongLong(&ok);
    if (!ok || s.choices.seed > 2147483647u)
        fail(QObject::tr("comparison.choices.seed must be an integer in [0, 2147483647] (as a string)"));
    const QString folder = c.value("hierarchies").toString();
    s.choices.hierarchyFolder = folder.isEmpty() ? QString() : resolvePath(folder, baseDir);
    s.records = number(o, "records", "comparison", 1, 1e18);
    s.sweep.lMin = static_cast<int>(number(o, "lMin", "comparison", kMinComparisonL, kMaxComparisonL));
    s.sweep.lMax = s.choices.lMax;
    const QJsonValue rv = o.value("results");
    const auto expected = static_cast<qsizetype>(s.sweep.lMax - s.sweep.lMin + 1);
    if (!rv.isArray() || rv.toArray().size() != expected)
        fail(QObject::tr("comparison.results must hold one result per l = %1..%2").arg(s.sweep.lMin).arg(s.sweep.lMax));
    const QJsonArray results = rv.toArray();
    const auto attributeCount = s.inputs.quasiIdentifiers.size() + 1;
    for (qsizetype i = 0; i < results.size(); ++i) {
        const QString at = QStringLiteral("comparison.results[%1]").arg(i);
        const QJsonObject q = results[i].toObject();
        ComparisonResult r;
        r.l = static_cast<int>(number(q, "l", at, s.sweep.lMin + i, s.sweep.lMin + i));
        r.tau = 1.0 / r.l;
        r.attributes = names(q, "attributes", at);
        std::vector<std::string> roles = s.inputs.quasiIdentifiers;
        roles.push_back(s.inputs.sensitive);
        if (r.attributes != roles || r.attributes.size() > kMaxSavedComparisonAttributes)
            fail(QObject::tr("%1.attributes must name the quasi-identifiers, then the sensitive attribute, of "
                             "comparison.inputs (at most %2)")
                     .arg(at)
                     .arg(kMaxSavedComparisonAttributes));
        r.originalUncertainty = coefficients(q.value("originalUncertainty"), r.attributes, at + ".originalUncertainty");
        r.privacyModel = q.value("privacyModel").toString().left(200).toStdString();
        const QJsonObject search = q.value("search").toObject();
        r.search.found = search.value("found").toBool(false);
        for (const QJsonValue& level : search.value("node").toArray()) {
            if (!level.isDouble() || level.toDouble() < 0 || level.toDouble() > 1000)
                fail(QObject::tr("%1.search.node must list generalization levels").arg(at));
            r.search.node.push_back(level.toInt());
        }
        if (r.search.node.size() > r.attributes.size())
            fail(QObject::tr("%1.search.node has more levels than attributes").arg(at));
        r.search.metric = search.value("metric").toString().left(200).toStdString();
        r.search.metricValue = number(search, "metricValue", at + ".search", 0, 1e300, true);
        r.search.nodesChecked = static_cast<std::size_t>(number(search, "nodesChecked", at + ".search", 0, 1e15));
        r.search.latticeSize = static_cast<std::size_t>(number(search, "latticeSize", at + ".search", 0, 1e15));
        for (const QJsonValue& x : q.value("rrP").toArray()) {
            if (!x.isDouble() || !(x.toDouble() >= 0 && x.toDouble() <= 1))
                fail(QObject::tr("%1.rrP must hold retention probabilities in [0, 1]").arg(at));
            r.rr.parameters.p.push_back(x.toDouble());
        }
        const QJsonObject methods = q.value("methods").toObject();
        for (int k = 0; k < 3; ++k)
            method(r, k) =
                methodFromJson(methods.value(kMethodKeys[k]), r.attributes, at + ".methods." + kMethodKeys[k]);
        if (r.rr.parameters.p.size() > attributeCount ||
            (r.randomization.available && r.rr.parameters.p.size() != attributeCount))
            fail(QObject::tr("%1.rrP must give one p per attribute").arg(at));
        s.sweep.results.push_back(std::move(r));
    }
    return s;
}

} // namespace rr::ui
