#pragma once
// Which attributes an analysis uses and which records it keeps: the roles a data owner sets.
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr {

struct AnalysisSpec {
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    MissingPolicy policy = MissingPolicy::DropIncomplete;

    // QIs then S: the axes of the joint table.
    std::vector<std::string> analysed() const;
    // Whether a record missing a value of `column` is left out under the policy (every column for
    // DropIncomplete, the analysed ones otherwise): the one rule the analysis and the releases share.
    bool dropsIfMissing(const std::string& column) const;
    bool operator==(const AnalysisSpec&) const = default;
};

// Throws InputError naming the problem: no QI, no S, an attribute with two roles.
void checkRoles(const AnalysisSpec& spec);

// The dissertation's EMGRW roles on Adult (003 Table 5.2), or a plain default for other tables:
// the last attribute with 2..64 categories as S, up to four other small attributes as QIs.
AnalysisSpec defaultSpec(const Table& table);
// The same from each attribute's name and number of categories.
AnalysisSpec defaultSpec(const std::vector<std::pair<std::string, int>>& attributes);

} // namespace rr
