#pragma once
// "inference": what the published shares reveal (issue 46; core/risk/ShareInference.h) as the CLI writes it.
#include "app/cli/Json.h"

#include "core/datasource/PreparedTable.h"
#include "core/risk/ShareInference.h"

#include <optional>

namespace rr::cli {

// {"prior": {"value", "share"}, "groups": {"max", "mean", "records_over_tau"}, "worst_group", "groups_over_tau"}
// over `table` (its last axis the sensitive attribute); records_over_tau and groups_over_tau are null without tau.
Json inferenceJson(const PreparedTable& table, std::optional<double> tau);

// {"qi": {attribute: value, ...}, "sensitive": value, "records": n(g, s), "share": n(g, s) / n(g)}: one group of
// `table` (its last axis the sensitive attribute) and one of its values.
Json groupValueJson(const PreparedTable& table, std::size_t group, int value, double holders, double share);

} // namespace rr::cli
