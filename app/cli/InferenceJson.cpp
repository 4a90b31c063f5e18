#include "app/cli/InferenceJson.h"

#include <numeric>

namespace rr::cli {

Json groupValueJson(const PreparedTable& table, std::size_t group, int value, double holders, double share)
{
    const int s = table.axisCount() - 1;
    std::vector<int> qiAxes(static_cast<std::size_t>(s));
    std::iota(qiAxes.begin(), qiAxes.end(), 0);
    const std::vector<std::string> values = table.cellValues(qiAxes, group);
    Json qi = Json::object();
    for (std::size_t k = 0; k < values.size(); ++k)
        qi[table.names[k]] = values[k];
    Json j;
    j["qi"] = std::move(qi);
    j["sensitive"] = table.categories[static_cast<std::size_t>(s)][static_cast<std::size_t>(value)];
    j["records"] = countValue(holders);
    j["share"] = share;
    return j;
}

Json inferenceJson(const PreparedTable& table, std::optional<double> tau)
{
    const ShareInference inf = shareInference(table.joint, tau.value_or(0.0));
    const auto& values = table.categories.back();
    Json j;
    j["prior"] = {{"value", values[static_cast<std::size_t>(inf.priorValue)]}, {"share", inf.priorShare}};
    Json groups;
    groups["max"] = inf.groupsMax;
    groups["mean"] = inf.groupsMean;
    groups["records_over_tau"] = tau ? countValue(inf.recordsOverTau) : Json(nullptr);
    j["groups"] = std::move(groups);
    Json worst = groupValueJson(table, inf.worst.group, inf.worst.value, inf.worst.holders, inf.worst.share);
    worst["group_records"] = countValue(inf.worst.records);
    j["worst_group"] = std::move(worst);
    if (tau) {
        Json over = Json::array();
        for (const GroupShare& g : inf.overTau) {
            Json gj = groupValueJson(table, g.group, g.value, g.holders, g.share);
            gj["group_records"] = countValue(g.records);
            over.push_back(std::move(gj));
        }
        j["groups_over_tau"] = std::move(over);
    } else {
        j["groups_over_tau"] = nullptr;
    }
    return j;
}

} // namespace rr::cli
