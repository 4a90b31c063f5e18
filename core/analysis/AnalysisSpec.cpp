#include "core/analysis/AnalysisSpec.h"

#include "core/analysis/DefaultRoles.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <set>

namespace rr {

std::vector<std::string> AnalysisSpec::analysed() const
{
    std::vector<std::string> out = quasiIdentifiers;
    out.push_back(sensitive);
    return out;
}

std::vector<SensitiveTarget> AnalysisSpec::targets() const
{
    std::vector<SensitiveTarget> out{{sensitive, {}}};
    out.insert(out.end(), alsoSensitive.begin(), alsoSensitive.end());
    return out;
}

std::vector<std::string> AnalysisSpec::allAttributes() const
{
    return attributesOf(quasiIdentifiers, targets());
}

std::vector<std::string> attributesOf(const std::vector<std::string>& quasiIdentifiers,
                                      const std::vector<SensitiveTarget>& targets)
{
    std::vector<std::string> out = quasiIdentifiers;
    const auto add = [&](const std::string& name) {
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
    };
    for (const SensitiveTarget& t : targets) {
        for (const std::string& k : t.knows)
            add(k);
        add(t.attribute);
    }
    return out;
}

bool AnalysisSpec::dropsIfMissing(const std::string& column) const
{
    if (policy == MissingPolicy::DropIncomplete || column == sensitive ||
        std::find(quasiIdentifiers.begin(), quasiIdentifiers.end(), column) != quasiIdentifiers.end())
        return true;
    const std::vector<std::string> all = allAttributes();
    return std::find(all.begin(), all.end(), column) != all.end();
}

void checkRoles(const AnalysisSpec& spec)
{
    if (spec.quasiIdentifiers.empty())
        throw InputError("choose at least one quasi-identifier (role QI)");
    if (spec.sensitive.empty())
        throw InputError("choose a sensitive attribute (role S)");
    std::set<std::string> seen;
    for (const auto& q : spec.quasiIdentifiers)
        if (q == spec.sensitive)
            throw InputError("attribute '" + q + "' is both a quasi-identifier and the sensitive attribute");
    for (const auto& n : spec.analysed())
        if (!seen.insert(n).second)
            throw InputError("attribute '" + n + "' is listed twice");
    if (!spec.alsoSensitive.empty())
        checkSensitiveTargets(spec.quasiIdentifiers, spec.targets());
}

void checkSensitiveTargets(const std::vector<std::string>& quasiIdentifiers,
                           const std::vector<SensitiveTarget>& targets)
{
    const auto isQi = [&](const std::string& x) {
        return std::find(quasiIdentifiers.begin(), quasiIdentifiers.end(), x) != quasiIdentifiers.end();
    };
    if (targets.empty())
        throw InputError("name at least one sensitive attribute");
    std::set<std::string> named;
    for (const SensitiveTarget& t : targets) {
        if (t.attribute.empty())
            throw InputError("a sensitive attribute has no name");
        if (!named.insert(t.attribute).second)
            throw InputError("sensitive attribute '" + t.attribute + "' is named twice");
        if (isQi(t.attribute))
            throw InputError("'" + t.attribute + "' is both a quasi-identifier and a sensitive attribute");
        std::set<std::string> known;
        for (const std::string& k : t.knows) {
            if (k == t.attribute)
                throw InputError("'" + t.attribute + "' cannot be known to an attacker who targets it");
            if (isQi(k))
                throw InputError("'" + k + "' is a quasi-identifier already: every attacker knows it (drop it from "
                                 "what an attacker targeting '" + t.attribute + "' knows)");
            if (!known.insert(k).second)
                throw InputError("'" + k + "' is named twice among what an attacker targeting '" + t.attribute +
                                 "' knows");
        }
    }
}

AnalysisSpec defaultSpec(const Table& table)
{
    std::vector<std::pair<std::string, int>> attributes;
    for (const auto& a : table.attributes)
        attributes.emplace_back(a.name, a.domainSize());
    return defaultSpec(attributes);
}

AnalysisSpec defaultSpec(const std::vector<std::pair<std::string, int>>& attributes)
{
    return defaultRoles(attributes).spec;
}

} // namespace rr
