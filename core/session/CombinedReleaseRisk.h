#pragma once
// The record-level risk of a release together with the earlier releases of the same values the release log
// holds (issue 46): 003's measure, with each attribute seen through the product of its draws' channels
// (core/risk/CombinedRisk.h), as an attacker who links a person's records across the releases sees it.
#include "core/analysis/PreparedAnalysis.h"
#include "core/release/Release.h"
#include "core/risk/CombinedRisk.h"
#include "core/session/ReleaseLog.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

// {"max_risk", "records_over_tau", "tau", "this_release_max_risk"} over the analysis's QIs and sensitive
// attribute, or {"not_computed": why} (a matrix without a Warner p among the draws, several sensitive
// attributes, outputs past `maxCells`); an empty object without earlier releases. An analysed column the log
// does not hold counts as drawn only by this release (the log records randomized columns, not columns in clear).
nlohmann::json combinedRiskJson(const PreparedAnalysis& analysis, const ReleaseSummary& summary,
                                const std::vector<ReleaseLogEntry>& previous, const ReleaseLogEntry& current,
                                std::size_t maxCells = kCombinedRiskMaxCells);

// The sentence a warning adds for `combined` (combinedRiskJson's object); empty when it is empty.
std::string combinedRiskSentence(const nlohmann::json& combined);

} // namespace rr
