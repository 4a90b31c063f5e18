#include "ui/session/SessionResults.h"

#include "core/data/Errors.h"

#include <QJsonArray>
#include <QObject>

#include <cmath>
#include <cstdio>
#include <limits>

namespace rr::ui {
namespace {

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
            p.maxRisk = number(q, "maxRisk", at, 0, 1);
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
            p.lowestMaxRisk = number(q, "lowestMaxRisk", at, 0, 1);
        }
        s.curve.points.push_back(std::move(p));
    }
    return s;
}

} // namespace rr::ui
