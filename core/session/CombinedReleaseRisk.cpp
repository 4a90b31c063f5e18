#include "core/session/CombinedReleaseRisk.h"

#include "core/data/CountText.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cstdio>

namespace rr {

namespace {

const ReleaseColumn* columnNamed(const ReleaseSummary& summary, const std::string& name)
{
    for (const ReleaseColumn& c : summary.columns)
        if (c.name == name)
            return &c;
    return nullptr;
}

const ReleasedAttribute* attributeNamed(const ReleaseLogEntry& entry, const std::string& name)
{
    for (const ReleasedAttribute& a : entry.attributes)
        if (a.name == name)
            return &a;
    return nullptr;
}

std::string rounded(double x)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", x);
    return text;
}

} // namespace

nlohmann::json combinedRiskJson(const PreparedAnalysis& analysis, const ReleaseSummary& summary,
                                const std::vector<ReleaseLogEntry>& previous, const ReleaseLogEntry& current,
                                std::size_t maxCells)
{
    if (previous.empty())
        return nlohmann::json::object();
    const auto notComputed = [](const std::string& why) { return nlohmann::json{{"not_computed", why}}; };
    if (summary.several)
        return notComputed("several sensitive attributes: the combined figure is computed for one");
    // Each axis's draws: this release's p (1 when it leaves in clear or is dropped, as the summary counts it),
    // then every earlier draw of the same values.
    std::vector<std::vector<double>> draws;
    for (const std::string& name : analysis.names) {
        const ReleaseColumn* c = columnNamed(summary, name);
        if (!c || c->action != ReleaseAction::Randomize) {
            draws.push_back({1.0});
            continue;
        }
        std::vector<double> axis{c->p};
        const ReleasedAttribute* mine = attributeNamed(current, name);
        for (const ReleaseLogEntry& e : previous)
            for (const ReleasedAttribute& a : e.attributes) {
                if (!mine || a.fingerprint != mine->fingerprint)
                    continue;
                if (!a.p)
                    return notComputed("an earlier release of '" + name + "' used a matrix from a file");
                axis.push_back(*a.p);
            }
        draws.push_back(std::move(axis));
    }
    std::optional<CombinedRisk> r;
    try {
        r = combinedRisk(analysis.joint, draws, summary.tau, maxCells);
    } catch (const InputError& e) { // a log another program wrote, say
        return notComputed(e.what());
    }
    if (!r)
        return notComputed("the releases' outputs together exceed " + std::to_string(maxCells) + " cells");
    return {{"max_risk", r->maxRisk},
            {"records_over_tau", r->recordsOverTau},
            {"tau", summary.tau},
            {"this_release_max_risk", summary.risk.maxRisk}};
}

std::string combinedRiskSentence(const nlohmann::json& combined)
{
    if (combined.empty())
        return {};
    if (combined.contains("not_computed"))
        return "What linking a person's records across the releases reveals is not computed (" +
               combined["not_computed"].get<std::string>() + ")";
    const double together = combined["max_risk"].get<double>(), alone = combined["this_release_max_risk"].get<double>();
    const double over = combined["records_over_tau"].get<double>();
    std::string s = "Linking a person's records across the releases reveals up to " + rounded(together) +
                    " (this release alone: " + rounded(alone) + ", target " + rounded(combined["tau"].get<double>()) +
                    ")";
    if (over > 0)
        s += "; " + countText(over) + " records are above the target together";
    return s;
}

} // namespace rr
