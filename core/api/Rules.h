#pragma once
// `rules` of the typed layer (issue 43): frequent itemsets and association rules mined from randomized binary
// items, with estimated supports and confidences and their ranges (003 Sec. 3.2, eq. 3.3-3.5, Results 1-3);
// with the same records before randomization, how well they match its rules (003 Table 3.3). One request, one
// function, one result; rulesJson is the one place the result becomes JSON (the CLI prints it).
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/data/CsvReader.h"
#include "core/rules/Apriori.h"
#include "core/rules/RuleErrorMetrics.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rr::api {

// What `original` is: the same records before randomization, a CSV file read with `csv`.
struct OriginalItems {
    std::string file;
    CsvOptions csv;
};

struct RulesRequest {
    DataRequest data;                            // the randomized items
    std::vector<std::string> items;              // 0/1 columns, or two-valued ones named in `positive`
    std::map<std::string, std::string> positive; // the value counted as present, per item
    bool dropIncomplete = false;
    DistortionChoice distortions;
    RuleMiningOptions mining; // thresholds (shares), the decision, alpha
    std::optional<OriginalItems> original;
};

// An item's two labels: (absent, present).
struct ItemLabels {
    std::string absent, present;
};

// The records complete in the items, as two bits each (never the records).
struct LoadedItems {
    BinaryItems items;
    std::vector<ItemLabels> labels;
    std::size_t rows = 0, dropped = 0;
};

struct RulesResult {
    std::vector<std::string> items;
    LoadedItems data;
    Distortions distortions;
    RuleMiningOptions mining;
    RuleMiningResult mined;
    std::optional<RuleComparison> comparison; // with the original records
};

// Returning false stops the reading (Cancelled). InputError (in the CLI's words) for items that are not 0/1 or
// two-valued, aggregated counts, no complete record, p or matrices that do not fit, and an original that is not
// the same records.
RulesResult rulesOf(const RulesRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys; the notes that explain its nulls included).
Json rulesJson(const RulesResult& result);

// "estimate", "lower", "upper" (InputError in the CLI's words otherwise), and back.
RuleDecision ruleDecisionOf(const std::string& text);
const char* ruleDecisionName(RuleDecision decision);

} // namespace rr::api
