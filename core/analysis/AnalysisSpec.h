#pragma once
// Which attributes an analysis uses and which records it keeps: the roles a data owner sets.
#include "core/data/Table.h"

#include <string>
#include <vector>

namespace rr {

// A sensitive attribute and what an attacker targeting it knows besides the QIs (issue 22).
struct SensitiveTarget {
    std::string attribute;
    std::vector<std::string> knows;
    bool operator==(const SensitiveTarget&) const = default;
};

struct AnalysisSpec {
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    MissingPolicy policy = MissingPolicy::DropIncomplete;
    // Further sensitive attributes (issue 22), each with what its attacker knows. The views of one attribute
    // show `sensitive`; risk, optimizer and release judge every one (core/analysis/SeveralSensitive.h).
    std::vector<SensitiveTarget> alsoSensitive;

    // QIs then S: the axes of the joint table.
    std::vector<std::string> analysed() const;
    // analysed(), then each further sensitive attribute's known attributes and itself, each once.
    std::vector<std::string> allAttributes() const;
    // `sensitive` (its attacker knows the QIs alone), then alsoSensitive.
    std::vector<SensitiveTarget> targets() const;
    // Whether a record missing a value of `column` is left out under the policy (every column for
    // DropIncomplete, allAttributes() otherwise): the one rule the analysis and the releases share.
    bool dropsIfMissing(const std::string& column) const;
    bool operator==(const AnalysisSpec&) const = default;
};

// Every attribute named, once: the QIs, then each target's known attributes and the target.
std::vector<std::string> attributesOf(const std::vector<std::string>& quasiIdentifiers,
                                      const std::vector<SensitiveTarget>& targets);

// Throws InputError naming the problem: no QI, no S, an attribute with two roles, a further sensitive attribute
// that is a QI, named twice or known to its own attacker (checkSensitiveTargets).
void checkRoles(const AnalysisSpec& spec);
// The targets' rules: at least one; none unnamed, twice, a QI or among what its own attacker knows; a known
// attribute neither a QI (every attacker knows those) nor named twice for one target.
void checkSensitiveTargets(const std::vector<std::string>& quasiIdentifiers,
                           const std::vector<SensitiveTarget>& targets);

// The dissertation's EMGRW roles on Adult (003 Table 5.2), or a plain default for other tables
// (core/analysis/DefaultRoles.h: a column named as sensitive, else the last with 2..50 values, as S; up to
// four other small attributes as QIs).
AnalysisSpec defaultSpec(const Table& table);
// The same from each attribute's name and number of categories.
AnalysisSpec defaultSpec(const std::vector<std::pair<std::string, int>>& attributes);

} // namespace rr
