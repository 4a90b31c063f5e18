// The one place a `rules` result becomes JSON: the CLI prints it (its keys, their order and the notes as the
// command has always written them).
#include "core/api/MeasureJson.h"
#include "core/api/Rules.h"

#include <algorithm>

namespace rr::api {
namespace {

Json itemNames(const BinaryItems& items, const std::vector<int>& indices)
{
    Json out = Json::array();
    for (int i : indices)
        out.push_back(items.names[static_cast<std::size_t>(i)]);
    return out;
}

Json supportJson(const SupportEstimate& s)
{
    Reasons reasons;
    Json j;
    j["estimate"] = reasons.value(s.estimate, "estimate");
    j["variance"] = reasons.value(s.variance, "variance");
    j["normal"] = clippedRange(s.normal);
    j["chebyshev"] = clippedRange(s.chebyshev);
    j["raw_normal"] = rawRange(s.normal);
    j["raw_chebyshev"] = rawRange(s.chebyshev);
    j["randomized"] = reasons.value(s.randomized, "randomized");
    reasons.writeTo(j);
    return j;
}

Json confidenceJson(const ConfidenceEstimate& c)
{
    Reasons reasons;
    Json j;
    j["estimate"] = reasons.value(c.estimate, "estimate");
    j["expectation"] = reasons.value(c.expectation, "expectation");
    j["variance"] = reasons.value(c.variance, "variance");
    j["normal"] = c.normal ? clippedRange(*c.normal) : Json(nullptr);
    j["chebyshev"] = c.chebyshev ? clippedRange(*c.chebyshev) : Json(nullptr);
    j["raw_normal"] = c.normal ? rawRange(*c.normal) : Json(nullptr);
    j["raw_chebyshev"] = c.chebyshev ? rawRange(*c.chebyshev) : Json(nullptr);
    j["randomized"] = reasons.value(c.randomized, "randomized");
    reasons.writeTo(j);
    return j;
}

const char* certaintyName(RuleCertainty c)
{
    switch (c) {
    case RuleCertainty::Sure: return "sure";
    case RuleCertainty::Uncertain: return "uncertain";
    case RuleCertainty::Excluded: return "excluded";
    }
    return "uncertain";
}

Json ruleJson(const BinaryItems& items, const RuleEstimate& r, const RuleMiningOptions& o)
{
    Json j;
    j["antecedent"] = itemNames(items, r.antecedent);
    j["consequent"] = itemNames(items, r.consequent);
    j["support"] = supportJson(r.support);
    j["confidence"] = confidenceJson(r.confidence);
    j["certainty"] = certaintyName(certaintyOf(r, o.minSupport, o.minConfidence));
    return j;
}

// 003 Table 3.3's metrics in percent, with each one's reason where it has no value.
Json errorsJson(const RuleErrors& e)
{
    Reasons reasons;
    Json j;
    j["actual"] = e.actual;
    j["reconstructed"] = e.reconstructed;
    j["common"] = e.common;
    j["rho"] = reasons.value(e.rho, "rho");
    j["gamma"] = reasons.value(e.gamma, "gamma");
    j["sigma_plus"] = reasons.value(e.sigmaPlus, "sigma_plus");
    j["sigma_minus"] = reasons.value(e.sigmaMinus, "sigma_minus");
    j["sigma_plus_lower"] = reasons.value(e.sigmaPlusLower, "sigma_plus_lower");
    j["sigma_minus_lower"] = reasons.value(e.sigmaMinusLower, "sigma_minus_lower");
    j["sigma_plus_upper"] = reasons.value(e.sigmaPlusUpper, "sigma_plus_upper");
    j["sigma_minus_upper"] = reasons.value(e.sigmaMinusUpper, "sigma_minus_upper");
    j["support_conflicts"] = e.supportConflicts;
    j["confidence_conflicts"] = e.confidenceConflicts;
    reasons.writeTo(j);
    return j;
}

Json ruleStatusJson(const BinaryItems& items, const RuleStatus& s)
{
    Reasons why;
    Json r;
    r["antecedent"] = itemNames(items, s.estimate.antecedent);
    r["consequent"] = itemNames(items, s.estimate.consequent);
    r["original_support"] = s.originalSupport;
    r["original_confidence"] = s.originalConfidence;
    r["support"] = why.value(s.estimate.support.estimate, "support");
    r["confidence"] = why.value(s.estimate.confidence.estimate, "confidence");
    r["in_actual"] = s.inActual;
    r["in_reconstructed"] = s.inReconstructed;
    r["in_lower"] = s.inLower;
    r["in_upper"] = s.inUpper;
    r["certainty"] = certaintyName(s.certainty);
    why.writeTo(r);
    return r;
}

Json comparisonJson(const BinaryItems& items, const RuleComparison& c)
{
    Json j = errorsJson(c.errors);
    Json rules = Json::array();
    for (const RuleStatus& s : c.rules)
        rules.push_back(ruleStatusJson(items, s));
    j["rules"] = rules;
    return j;
}

// The frequent itemsets with their supports and the rules with their estimates.
void addMined(Json& j, const RulesResult& r)
{
    Json itemsets = Json::array();
    for (const EstimatedItemset& f : r.mined.itemsets)
        itemsets.push_back({{"items", itemNames(r.data.items, f.items)}, {"support", supportJson(f.support)}});
    j["itemsets"] = itemsets;
    Json rules = Json::array();
    for (const RuleEstimate& rule : r.mined.rules)
        rules.push_back(ruleJson(r.data.items, rule, r.mining));
    j["rules"] = rules;
}

} // namespace

Json rulesJson(const RulesResult& r)
{
    Notes notes;
    Json j;
    j["items"] = r.items;
    j["rows"] = r.data.rows;
    j["dropped_rows"] = r.data.dropped;
    Json present = Json::object();
    for (std::size_t k = 0; k < r.items.size(); ++k)
        present[r.items[k]] = r.data.labels[k].present;
    j["positive"] = present;
    j["p"] = retentionJson(r.distortions, notes);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, notes);
    j["min_support"] = r.mining.minSupport;
    j["min_confidence"] = r.mining.minConfidence;
    j["decision"] = ruleDecisionName(r.mining.decision);
    j["alpha"] = r.mining.alpha;
    j["candidates_counted"] = r.mined.candidatesCounted;
    addMined(j, r);
    if (r.comparison)
        j["comparison"] = comparisonJson(r.data.items, *r.comparison);
    if (std::any_of(r.mined.itemsets.begin(), r.mined.itemsets.end(),
                    [](const EstimatedItemset& f) { return f.support.estimate < 0 || f.support.estimate > 1; }))
        notes.add("some support estimates lie outside [0, 1]: the unbiased estimate is not a projection (003 Sec. "
                  "3.2.2); the ranges are clipped to [0, 1], raw_* keep the unclipped bounds");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
