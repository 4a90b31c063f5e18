// riskJson: the one place a risk result becomes the CLI's JSON (key order and notes are the contract).
#include "core/api/Risk.h"

namespace rr::api {
namespace {

// What max_risk measures, and what it does not, in the owner's words (issue 46).
const char* const kMeasureNote =
    "max_risk and mean_risk measure what linking a person to the released records reveals beyond chance; they are "
    "not the chance of a right guess: inference says what the published shares of each group reveal, which no p "
    "changes";

// A risk profile's figures: records, cells, the largest and mean risk, quantiles, and those over tau.
Json summaryJson(const RiskSummary& s)
{
    Json j;
    j["records"] = countValue(s.records);
    j["cells"] = s.cells;
    j["max_risk"] = s.maxRisk;
    j["mean_risk"] = s.meanRisk;
    j["quantiles"] = {{"p50", s.p50}, {"p90", s.p90}, {"p99", s.p99}};
    j["records_over_tau"] = countValue(s.recordsOverTau);
    return j;
}

Json valuesJson(const std::vector<std::pair<std::string, std::string>>& values)
{
    Json out = Json::object();
    for (const auto& [name, value] : values)
        out[name] = value;
    return out;
}

void addTau(Json& j, const std::optional<double>& tau, Notes& notes)
{
    j["tau"] = tau ? Json(*tau) : Json(nullptr);
    if (!tau)
        notes.add("no --tau given: records_over_tau is 0 and tau is null");
}

// Each attribute's epsilon (null, with the reason, where there is no guarantee).
Json epsilonJson(const RiskResult& r, Notes& notes)
{
    Json eps = Json::object();
    const Distortions& d = r.distortions;
    for (std::size_t k = 0; k < d.matrices.size(); ++k) {
        const EpsilonValue& e = r.epsilon[k];
        eps[d.names[k]] = e.guaranteed ? Json(e.value) : Json(nullptr);
        if (d.matrices[k].isIdentity())
            notes.add("epsilon is null for attributes kept at p = 1: they have no local differential privacy "
                      "guarantee (epsilon is infinite)");
        else if (!e.guaranteed)
            notes.add("epsilon of '" + d.names[k] + "' is null: " + e.reason);
    }
    return eps;
}

Json reidentificationOf(const ReidentificationStep& step, Notes& notes)
{
    if (step.risk)
        return reidentificationJson(*step.risk);
    notes.add("reidentification is null: " + step.unavailable);
    return nullptr;
}

Json severalJson(const RiskResult& r)
{
    Notes notes;
    Json j;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    Json targets = Json::array();
    for (const TargetRisk& t : r.targets) {
        Json tj = summaryJson(t.figures.summary);
        tj["attribute"] = t.attribute;
        tj["knows"] = t.knows;
        tj["worst"] = valuesJson(t.figures.worst);
        tj["records_set"] = countValue(t.recordsSet);
        tj["inference"] = inferenceJson(t.inference);
        targets.push_back(std::move(tj));
    }
    j["sensitive"] = std::move(targets);
    Json overall = summaryJson(r.figures.summary);
    overall["worst"] = valuesJson(r.figures.worst);
    j["overall"] = std::move(overall);
    addTau(j, r.tau, notes);
    j["p"] = retentionJson(r.distortions, notes);
    j["warnings"] = r.warnings;
    notes.add("a record's risk is the largest over the sensitive attributes; records_set counts the records whose "
              "largest risk is that attribute's (ties: the first listed)");
    notes.add(kMeasureNote);
    j["notes"] = notes.toJson();
    return j;
}

} // namespace

Json riskJson(const RiskResult& r)
{
    if (r.several())
        return severalJson(r);
    Notes notes;
    Json j;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j.update(summaryJson(r.figures.summary));
    addTau(j, r.tau, notes);
    j["worst"] = valuesJson(r.figures.worst);
    j["p"] = retentionJson(r.distortions, notes);
    if (r.distortions.anyMatrixFile())
        j["distortion"] = distortionJson(r.distortions, notes);
    j["epsilon"] = epsilonJson(r, notes);
    j["reidentification"] = reidentificationOf(r.reidentification, notes);
    j["inference"] = inferenceJson(r.inference);
    j["warnings"] = r.warnings;
    notes.add(kMeasureNote);
    j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
