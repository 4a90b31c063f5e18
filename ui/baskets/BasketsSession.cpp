#include "ui/baskets/BasketsSession.h"

#include "core/data/Errors.h"
#include "ui/session/Resources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rr::ui {
namespace {

constexpr int kMaxSizes = 100'000;
constexpr int kMaxMinSupports = 50;

double number(const QJsonObject& o, const char* key, double lo, double hi, double fallback, bool openLo = false,
              bool openHi = false)
{
    if (!o.contains(key))
        return fallback;
    const QJsonValue v = o.value(key);
    const double x = v.toDouble(-1e300);
    const bool ok = v.isDouble() && (openLo ? x > lo : x >= lo) && (openHi ? x < hi : x <= hi);
    if (!ok)
        throw InputError(std::string("basket session: \"") + key + "\" must be a number in " + (openLo ? "(" : "[") +
                         std::to_string(lo) + ", " + std::to_string(hi) + (openHi ? ")" : "]"));
    return x;
}

int integer(const QJsonObject& o, const char* key, int lo, int hi, int fallback)
{
    const double x = number(o, key, lo, hi, fallback);
    if (x != static_cast<double>(static_cast<int>(x)))
        throw InputError(std::string("basket session: \"") + key + "\" must be an integer");
    return static_cast<int>(x);
}

} // namespace

QByteArray basketsSessionToJson(const BasketsSession& session)
{
    const BasketsChoice& c = session.choice;
    QJsonObject o;
    o["kind"] = "rr-explorer baskets session";
    o["version"] = 1;
    o["data"] = portablePath(session.dataPath);
    o["operator"] = QString::fromStdString(operatorName(c.kind));
    o["keep"] = c.keep;
    o["replace"] = c.replace;
    o["cutoff"] = c.cutoff;
    o["rho"] = c.rho;
    QJsonArray perSize;
    for (const CutAndPasteLevel& l : c.perSize)
        perSize.append(QJsonArray{l.cutoff, l.rho});
    o["per_size"] = perSize;
    o["level"] = c.level;
    o["breach_itemsets"] = c.breachItemsets;
    o["seed"] = QString::number(c.seed);
    o["top_itemsets"] = c.topItemsets;
    o["mining_max_size"] = c.miningMaxSize;
    QJsonArray smin;
    for (double s : c.minSupports)
        smin.append(s);
    o["min_supports"] = smin;
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        throw InputError("basket session: not a JSON object (" + error.errorString().toStdString() + " at offset " +
                         std::to_string(error.offset) + ")");
    const QJsonObject o = doc.object();
    if (o.value("kind").toString() != "rr-explorer baskets session")
        throw InputError("basket session: \"kind\" must be \"rr-explorer baskets session\"");
    BasketsSession s;
    if (!o.value("data").isString() || o.value("data").toString().isEmpty())
        throw InputError("basket session: \"data\" must name the .dat file");
    s.dataPath = resolvePath(o.value("data").toString(), baseDir);
    BasketsChoice& c = s.choice;
    c.kind = parseOperatorKind(o.value("operator").toString("cut-and-paste").toStdString());
    if (c.kind == OperatorKind::SelectASize || c.kind == OperatorKind::FrequencyAware)
        throw InputError("basket session: the Baskets workspace offers cut-and-paste, uniform and item-bits, not " +
                         operatorName(c.kind));
    c.keep = number(o, "keep", 0.5, 1, c.keep, true);
    c.replace = number(o, "replace", 0, 1, c.replace, false, true);
    c.cutoff = integer(o, "cutoff", 1, 1000, c.cutoff);
    c.rho = number(o, "rho", 0, 1, c.rho, true, true);
    const QJsonArray perSize = o.value("per_size").toArray();
    if (perSize.size() > kMaxSizes)
        throw InputError("basket session: \"per_size\" has more than " + std::to_string(kMaxSizes) + " sizes");
    for (qsizetype m = 0; m < perSize.size(); ++m) {
        const QJsonArray row = perSize[m].toArray();
        const double K = row.size() == 2 ? row[0].toDouble(-1) : -1, rho = row.size() == 2 ? row[1].toDouble(-1) : -1;
        if (!(K >= 1 && K <= 1000 && K == static_cast<int>(K) && rho > 0 && rho < 1))
            throw InputError("basket session: \"per_size\" entry for size " + std::to_string(m) +
                             " must be [K, rho] with K an integer >= 1 and rho in (0, 1)");
        c.perSize.push_back({static_cast<int>(K), rho});
    }
    c.level = number(o, "level", 0, 1, c.level, true, true);
    c.breachItemsets = integer(o, "breach_itemsets", 1, 7, c.breachItemsets);
    if (o.contains("seed")) {
        bool ok = false;
        c.seed = o.value("seed").toString().toULongLong(&ok);
        if (!ok)
            throw InputError("basket session: \"seed\" must be a non-negative integer in a string");
    }
    c.topItemsets = integer(o, "top_itemsets", 1, 40, c.topItemsets);
    c.miningMaxSize = integer(o, "mining_max_size", 1, 6, c.miningMaxSize);
    if (o.contains("min_supports")) {
        const QJsonArray smin = o.value("min_supports").toArray();
        if (smin.isEmpty() || smin.size() > kMaxMinSupports)
            throw InputError("basket session: \"min_supports\" needs 1.." + std::to_string(kMaxMinSupports) +
                             " values");
        c.minSupports.clear();
        for (const QJsonValue& v : smin) {
            const double x = v.toDouble(-1);
            if (!(x > 0 && x < 1))
                throw InputError("basket session: every \"min_supports\" value must lie in (0, 1)");
            c.minSupports.push_back(x);
        }
    }
    return s;
}

} // namespace rr::ui
