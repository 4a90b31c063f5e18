#pragma once
// The roles a table gets before its owner sets them (issue 45): the dissertation's EMGRW roles on Adult
// (003 Table 5.2); else a column whose name says it is sensitive; else, as a guess the owner is asked to check,
// the last column with few values. A column with more than kMaxDefaultSensitiveValues values (an identifier,
// a free text, a numeric measurement) is never made sensitive.
#include "core/analysis/AnalysisSpec.h"

#include <string>
#include <utility>
#include <vector>

namespace rr {

inline constexpr int kMaxDefaultSensitiveValues = 50;

// Why the default sensitive attribute is the one it is.
enum class SensitiveReason {
    Published, // Adult's EMGRW roles, as in the dissertation
    Named,     // its name says so ("diagnosis", "income", "sensitive", ...)
    Guessed,   // the last column with 2..kMaxDefaultSensitiveValues values: the owner should check it
    None,      // no column qualifies: the owner sets the roles
};

struct DefaultRoles {
    AnalysisSpec spec;
    SensitiveReason reason = SensitiveReason::None;
};

// Whether a column name names a sensitive kind of value: one of its words (split at non-letters, any case)
// is a word such as "sensitive", "diagnosis", "disease", "health", "income", "salary" or "religion".
bool nameSaysSensitive(const std::string& name);

// From each attribute's name and number of categories (0: not usable yet, e.g. still to bin).
DefaultRoles defaultRoles(const std::vector<std::pair<std::string, int>>& attributes);

} // namespace rr
