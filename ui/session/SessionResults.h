#pragma once
// Results saved in a session with the inputs they were computed for (issue 11): restored on load only when
// the loaded records, roles and choices are the same, else dropped (the view says to compute again).
// Compact (the numbers the charts draw) and validated on load: a bad value is an error naming the field.
// Qt Core only, like SessionJson.
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/TradeOffCurve.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace rr::ui {

// The records and roles a result belongs to: roles, policy, and a fingerprint of the joint counts (so a
// data file changed on disk since the save is noticed).
struct ResultInputs {
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    MissingPolicy policy = MissingPolicy::DropIncomplete;
    double records = 0;      // records analysed
    std::string fingerprint; // FNV-1a 64 of names, categories and counts, in hex
    bool operator==(const ResultInputs&) const = default;
};
ResultInputs inputsOf(const PreparedAnalysis& analysis);

// Trade-off curves with the seed of a simulated utility loss (metric and l range are in the curve).
struct SavedTradeOff {
    ResultInputs inputs;
    std::uint64_t seed = 1;
    TradeOffCurve curve;
};

// At most this many points are read back (3 modes x l = 2..20 is 57).
inline constexpr int kMaxSavedTradeOffPoints = 3 * 19;

QJsonObject inputsToJson(const ResultInputs& inputs);
ResultInputs inputsFromJson(const QJsonValue& value, const QString& where);
QJsonObject tradeOffToJson(const SavedTradeOff& saved);
// Throws rr::InputError naming the field ("tradeOff.points[3].maxRisk must be ...").
SavedTradeOff tradeOffFromJson(const QJsonValue& value);

} // namespace rr::ui
