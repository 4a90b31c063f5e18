#include "ui/baskets/BasketsSession.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "ui/session/Resources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

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
    // Select-a-size: the lines of the CLI's --sizes-table, [m, rho_m, p_m[0], .., p_m[m]], for edited sizes.
    QJsonArray sizesTable;
    for (std::size_t m = 0; m < c.selectPerSize.size(); ++m) {
        if (c.selectPerSize[m].sizeProbabilities.empty())
            continue;
        QJsonArray row{static_cast<int>(m), c.selectPerSize[m].rho};
        for (double p : c.selectPerSize[m].sizeProbabilities)
            row.append(p);
        sizesTable.append(row);
    }
    o["sizes_table"] = sizesTable;
    o["select_keep"] = c.selectKeep;
    // Frequency-aware: the CLI's --fp, --nfp and --frequent-support.
    o["fp"] = c.fp;
    o["nfp"] = c.nfp;
    o["frequent_support"] = c.frequentSupport;
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
    const QJsonArray sizesTable = o.value("sizes_table").toArray();
    if (sizesTable.size() > kMaxSizes)
        throw InputError("basket session: \"sizes_table\" has more than " + std::to_string(kMaxSizes) + " sizes");
    for (const QJsonValue& v : sizesTable) {
        const QJsonArray row = v.toArray();
        const double m = row.size() >= 3 ? row[0].toDouble(-1) : -1, rho = row.size() >= 3 ? row[1].toDouble(-1) : -1;
        if (!(m >= 0 && m < kMaxSizes && m == static_cast<int>(m) && row.size() == static_cast<qsizetype>(m) + 3 &&
              rho > 0 && rho < 1))
            throw InputError("basket session: every \"sizes_table\" entry must be [m, rho_m, p_m[0], .., p_m[m]] "
                             "with m an integer in 0.." +
                             std::to_string(kMaxSizes - 1) + " and rho_m in (0, 1)");
        const auto size = static_cast<std::size_t>(m);
        if (c.selectPerSize.size() <= size)
            c.selectPerSize.resize(size + 1);
        if (!c.selectPerSize[size].sizeProbabilities.empty())
            throw InputError("basket session: \"sizes_table\" gives size " + std::to_string(size) + " twice");
        SelectASizeLevel level{rho, {}};
        double sum = 0;
        for (qsizetype j = 2; j < row.size(); ++j) {
            const double p = row[j].toDouble(-1);
            if (!(p >= 0 && p <= 1))
                throw InputError("basket session: \"sizes_table\" size " + std::to_string(size) +
                                 ": every p_m[j] must lie in [0, 1]");
            level.sizeProbabilities.push_back(p);
            sum += p;
        }
        if (std::abs(sum - 1) > 1e-9)
            throw InputError("basket session: \"sizes_table\" size " + std::to_string(size) +
                             ": p_m[0..m] must sum to 1 (004 Def. 7)");
        c.selectPerSize[size] = std::move(level);
    }
    c.selectKeep = number(o, "select_keep", 0, 1, c.selectKeep);
    c.fp = number(o, "fp", 0.5, 1, c.fp, true);
    c.nfp = number(o, "nfp", 0.5, 1, c.nfp, true);
    c.frequentSupport = number(o, "frequent_support", 0, 1, c.frequentSupport, true);
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

std::string readBasketsSessionFile(const QString& path)
{
    return readFileBounded(path.toStdString(), kMaxBasketsSessionBytes, "the basket session");
}

} // namespace rr::ui
