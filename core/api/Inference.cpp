#include "core/api/Inference.h"

#include "core/risk/ShareInference.h"

#include <numeric>

namespace rr::api {

GroupValue groupValueOf(const PreparedTable& table, std::size_t group, int value, double holders, double share)
{
    const int s = table.axisCount() - 1;
    std::vector<int> qiAxes(static_cast<std::size_t>(s));
    std::iota(qiAxes.begin(), qiAxes.end(), 0);
    const std::vector<std::string> values = table.cellValues(qiAxes, group);
    GroupValue g;
    for (std::size_t k = 0; k < values.size(); ++k)
        g.qi.emplace_back(table.names[k], values[k]);
    g.sensitive = table.categories[static_cast<std::size_t>(s)][static_cast<std::size_t>(value)];
    g.records = holders;
    g.share = share;
    return g;
}

Inference inferenceOf(const PreparedTable& table, std::optional<double> tau)
{
    const ShareInference inf = shareInference(table.joint, tau.value_or(0.0));
    Inference out;
    out.priorValue = table.categories.back()[static_cast<std::size_t>(inf.priorValue)];
    out.priorShare = inf.priorShare;
    out.groupsMax = inf.groupsMax;
    out.groupsMean = inf.groupsMean;
    out.worstGroup = groupValueOf(table, inf.worst.group, inf.worst.value, inf.worst.holders, inf.worst.share);
    out.worstGroup.groupRecords = inf.worst.records;
    if (!tau)
        return out;
    out.recordsOverTau = inf.recordsOverTau;
    out.groupsOverTau.emplace();
    for (const GroupShare& g : inf.overTau) {
        out.groupsOverTau->push_back(groupValueOf(table, g.group, g.value, g.holders, g.share));
        out.groupsOverTau->back().groupRecords = g.records;
    }
    return out;
}

Json groupValueJson(const GroupValue& g)
{
    Json qi = Json::object();
    for (const auto& [name, value] : g.qi)
        qi[name] = value;
    Json j;
    j["qi"] = std::move(qi);
    j["sensitive"] = g.sensitive;
    j["records"] = countValue(g.records);
    j["share"] = g.share;
    return j;
}

Json inferenceJson(const Inference& inference)
{
    Json j;
    j["prior"] = {{"value", inference.priorValue}, {"share", inference.priorShare}};
    Json groups;
    groups["max"] = inference.groupsMax;
    groups["mean"] = inference.groupsMean;
    groups["records_over_tau"] = inference.recordsOverTau ? countValue(*inference.recordsOverTau) : Json(nullptr);
    j["groups"] = std::move(groups);
    Json worst = groupValueJson(inference.worstGroup);
    worst["group_records"] = countValue(inference.worstGroup.groupRecords);
    j["worst_group"] = std::move(worst);
    if (!inference.groupsOverTau) {
        j["groups_over_tau"] = nullptr;
        return j;
    }
    Json over = Json::array();
    for (const GroupValue& g : *inference.groupsOverTau) {
        Json gj = groupValueJson(g);
        gj["group_records"] = countValue(g.groupRecords);
        over.push_back(std::move(gj));
    }
    j["groups_over_tau"] = std::move(over);
    return j;
}

} // namespace rr::api
