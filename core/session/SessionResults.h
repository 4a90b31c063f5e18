#pragma once
// Results saved in a session with the inputs they were computed for (issue 11): restored on load only when
// the loaded records, roles and choices are the same, else dropped (the view says to compute again).
// Compact (the numbers the charts draw) and validated on load: a bad value is an error naming the field.
#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/TradeOffCurve.h"
#include "core/comparison/ComparisonSweep.h"
#include "core/session/SessionPlaces.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

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

// The Comparison view's choices (its controls); the hierarchy folder as given (portable in the file).
struct ComparisonChoices {
    int lMax = 7;
    std::string model = "entropy";         // privacy model key
    double c = 2.0;                        // recursive (c,l)-diversity's c
    std::string metric = "discernibility"; // information-loss key
    std::uint64_t seed = 1;
    double t = 0; // t-closeness's t; 0: the largest t within tau
    std::string hierarchyFolder;
    bool operator==(const ComparisonChoices&) const = default;
};

// A comparison keeps what its charts and summary line show, per l: each method's availability and note,
// max risk, distances, query errors and uncertainty coefficients, the l-diversity node and RR-QI's p. The
// released tables are not kept (Compare builds them again).
struct SavedComparison {
    ResultInputs inputs;
    ComparisonChoices choices;
    double records = 0; // records compared
    ComparisonSweep sweep;
};

// Bounds on what a session's comparison may hold.
inline constexpr int kMaxSavedComparisonAttributes = 32;

nlohmann::json inputsToJson(const ResultInputs& inputs);
ResultInputs inputsFromJson(const nlohmann::json& value, const std::string& where);
nlohmann::json tradeOffToJson(const SavedTradeOff& saved);
// Throws rr::InputError naming the field ("tradeOff.points[3].maxRisk must be ...").
SavedTradeOff tradeOffFromJson(const nlohmann::json& value);
// The hierarchy folder is written "sample:NAME" when it is in places.sampleDir.
nlohmann::json comparisonToJson(const SavedComparison& saved, const SessionPlaces& places);
// A relative hierarchy folder resolves against places.baseDir. Throws rr::InputError naming the field
// ("comparison.results[1].methods.anatomy.maxRisk ...").
SavedComparison comparisonFromJson(const nlohmann::json& value, const SessionPlaces& places);

} // namespace rr
