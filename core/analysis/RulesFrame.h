#pragma once
// What the GUI's Rules view shows (issue 8, 003 Sec. 3.2, Table 3.3): binary items taken from a table's
// attributes (a chosen "present" category each), one seeded simulated randomized release of them at p,
// the rules mined from it with their ranges against the thresholds, each marked against the rules of the
// original records, and the Table 3.3 error metrics.
#include "core/datasource/DataSource.h"
#include "core/data/Table.h"
#include "core/rules/ItemsetSupport.h"
#include "core/rules/RuleErrorMetrics.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct RuleItem {
    std::string attribute;
    std::string present; // the category that makes the item present ("1" for 0/1 columns)
    // Binarized by a threshold instead: present when the category, read as a number, is >= atLeast.
    std::optional<double> atLeast = std::nullopt;
};

// Items as sessions keep them: "sex=Male", "A=1", or "age>=40" for a threshold.
std::string ruleItemKey(const RuleItem& item);
// Throws InputError naming the key when it has neither '=' nor a number after ">=".
RuleItem ruleItemFromKey(const std::string& key);

struct RulesSimulationRequest {
    std::vector<RuleItem> items;
    double p = 0.9; // retention of every item's attribute (Warner over its categories)
    std::uint64_t seed = 1;
    MissingPolicy policy = MissingPolicy::DropIfUsedMissing; // which records are mined
    RuleMiningOptions options;
};

// Where a rule stands for the view's decision rule.
enum class RuleVerdict {
    Sure,          // found, and its ranges lie wholly above both thresholds
    Uncertain,     // found, a range crosses a threshold
    FalsePositive, // found, but not a rule of the original records
    Missed,        // a rule of the original records that was not found
};
const char* verdictName(RuleVerdict v); // "sure", "uncertain", "false positive", "missed"

struct RuleRow {
    RuleStatus status;
    RuleVerdict verdict = RuleVerdict::Missed;
};

struct RulesFrame {
    std::vector<std::string> itemNames; // "sex=Male", "A" for a 0/1 column
    double p = 1;
    std::uint64_t seed = 1;
    std::size_t records = 0; // mined (kept by the missing-value policy)
    std::size_t dropped = 0; // left out by the policy
    RuleMiningOptions options;
    RuleComparison comparison; // F vs R, R_l, R_u and the Table 3.3 metrics
    std::vector<RuleRow> rows; // the rules of comparison, sure first, then uncertain, false positives, missed
};

// The items of a request read from a source, before mining: the original records' and a seeded simulated
// release's bits, which a change of thresholds or decision rule mines again without reading the source.
struct RulesItems {
    std::vector<std::string> itemNames;
    BinaryItems original;
    RandomizedItems randomized; // the simulated release and each item's (pooled) matrix
    double p = 1;
    std::uint64_t seed = 1;
    std::size_t dropped = 0; // records left out by the missing-value policy
};

// Throws InputError for an unknown attribute or category, fewer than two items, p outside (1/d, 1],
// weighted records, a threshold over categories that are not numbers or that holds for none or all, or no
// record complete in the items. One streaming pass (scanItems); Cancelled when `progress` says so.
RulesItems readRulesItems(const DataSource& source, const RulesSimulationRequest& request,
                          const ProgressFunction& progress = {});
RulesFrame mineRulesFrame(const RulesItems& items, const RuleMiningOptions& options);

// readRulesItems, then mineRulesFrame.
// One streaming pass over the source (scanItems: two bits per item and record, never the records); the
// simulated release is drawn per chunk from streams keyed by the seed. Cancelled when `progress` says so.
RulesFrame computeRulesFrame(const DataSource& source, const RulesSimulationRequest& request,
                             const ProgressFunction& progress = {});
// The same over a table in memory (tests).
RulesFrame computeRulesFrame(const Table& records, const RulesSimulationRequest& request);

} // namespace rr
