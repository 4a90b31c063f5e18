#pragma once
// "inference": what the published shares reveal (issue 46; core/risk/ShareInference.h), with each group named by
// its values, so a result holds no table and every front end writes the same JSON.
#include "core/datasource/PreparedTable.h"
#include "core/api/JsonValues.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rr::api {

// One QI group and one of its sensitive values.
struct GroupValue {
    std::vector<std::pair<std::string, std::string>> qi; // attribute, category
    std::string sensitive;
    double records = 0;      // n(g, s)
    double share = 0;        // n(g, s) / n(g)
    double groupRecords = 0; // n(g)
};

struct Inference {
    std::string priorValue; // the most common sensitive value over all records
    double priorShare = 0;
    double groupsMax = 0, groupsMean = 0;
    std::optional<double> recordsOverTau; // without tau: none
    GroupValue worstGroup;
    std::optional<std::vector<GroupValue>> groupsOverTau; // without tau: none
};

// Over `table` (its last axis the sensitive attribute); tau: none when not given.
Inference inferenceOf(const PreparedTable& table, std::optional<double> tau);
// One group of `table` and one of its values, named.
GroupValue groupValueOf(const PreparedTable& table, std::size_t group, int value, double holders, double share);

// {"prior": {"value", "share"}, "groups": {"max", "mean", "records_over_tau"}, "worst_group", "groups_over_tau"}.
Json inferenceJson(const Inference& inference);
// {"qi": {attribute: value, ...}, "sensitive": value, "records": n(g, s), "share": n(g, s) / n(g)}.
Json groupValueJson(const GroupValue& g);

} // namespace rr::api
