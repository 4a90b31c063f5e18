#include "core/analysis/AnalysisSpec.h"

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

bool AnalysisSpec::dropsIfMissing(const std::string& column) const
{
    return policy == MissingPolicy::DropIncomplete || column == sensitive ||
           std::find(quasiIdentifiers.begin(), quasiIdentifiers.end(), column) != quasiIdentifiers.end();
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
    auto has = [&](const std::string& n) {
        return std::any_of(attributes.begin(), attributes.end(), [&](const auto& a) { return a.first == n; });
    };
    AnalysisSpec spec;
    const std::vector<std::string> emgrw{"education", "marital-status", "sex", "race"};
    if (std::all_of(emgrw.begin(), emgrw.end(), has) && has("workclass")) {
        spec.quasiIdentifiers = emgrw;
        spec.sensitive = "workclass";
        return spec;
    }
    auto small = [](const auto& a) { return a.second >= 2 && a.second <= 64; };
    for (auto it = attributes.rbegin(); it != attributes.rend(); ++it)
        if (small(*it)) {
            spec.sensitive = it->first;
            break;
        }
    for (const auto& a : attributes)
        if (small(a) && a.first != spec.sensitive && spec.quasiIdentifiers.size() < 4)
            spec.quasiIdentifiers.push_back(a.first);
    return spec;
}

} // namespace rr
