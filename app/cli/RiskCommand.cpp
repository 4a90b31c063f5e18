// `risk`: attribute-disclosure risk Pr(S_r | QI_r) of every record for given p (003 eq. 5.6-5.8).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/InferenceJson.h"
#include "app/cli/ReidentificationJson.h"
#include "app/cli/SensitiveTargets.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/ReidentificationStep.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/analysis/RiskProfile.h"
#include "core/data/Errors.h"
#include "core/distortion/Epsilon.h"
#include "core/risk/Reidentification.h"
#include "core/risk/TargetMeaning.h"

#include <algorithm>
#include <optional>

namespace rr::cli {
namespace {

// Re-identification risk under randomization (issue 22); null with a note when the direct sum (a --matrix QI)
// is refused for its size, so `risk` keeps working on any table.
Json reidentificationOf(const PreparedAnalysis& a, const std::vector<DistortionMatrix>& axes, double threshold,
                        Notes& notes)
{
    ReidentificationRequest request;
    request.threshold = threshold;
    request.threads = cliThreads();
    request.progress = keepRunningProgress();
    const ReidentificationStep step = reidentificationStep(a, axes, request);
    if (!step.risk) {
        notes.add("reidentification is null: " + step.unavailable);
        return nullptr;
    }
    return reidentificationJson(*step.risk);
}

// What max_risk measures, and what it does not, in the owner's words (issue 46).
const char* const kMeasureNote =
    "max_risk and mean_risk measure what linking a person to the released records reveals beyond chance; they are "
    "not the chance of a right guess: inference says what the published shares of each group reveal, which no p "
    "changes";

// Sensitive attributes left at p = 1 while some other attribute is randomized (issue 46).
Json sensitiveInClearWarnings(const std::vector<std::string>& names, const std::vector<double>& p,
                              const SeveralSensitiveSpec& spec)
{
    Json out = Json::array();
    const bool anyRandomized = std::any_of(p.begin(), p.end(), [](double x) { return x < 1; });
    for (const SensitiveTarget& t : spec.targets) {
        const auto at = std::find(names.begin(), names.end(), t.attribute);
        if (anyRandomized && at != names.end() && p[static_cast<std::size_t>(at - names.begin())] >= 1)
            out.push_back(sensitiveInClearWarning(t.attribute));
    }
    return out;
}

// Several sensitive attributes (issue 22): each one's risk over the table of its known attributes and itself, and
// each record's largest.
// A risk profile's figures: records, cells, the largest and mean risk, quantiles, and those over tau.
Json riskSummaryJson(const RiskSummary& s)
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

Json runSeveralSensitive(const Options& options)
{
    if (options.has("matrix"))
        throw InputError("several sensitive attributes take --p (Warner matrices), not --matrix");
    const SeveralSensitiveSpec spec = severalSensitiveFrom(options);
    std::optional<double> tau;
    if (auto t = options.value("tau"))
        tau = parseTau(*t);
    const auto source = openSource(options);
    const SeveralSensitiveAnalysis a = prepareSeveralSensitive(*source, spec);
    const Distortions distortions = distortionsFrom(options, a.all.names, a.all.categories);
    std::vector<double> p;
    for (const DistortionMatrix& m : distortions.matrices)
        p.push_back(m.retention());
    const SeveralSensitiveRisk r = severalSensitiveRisk(a, p, tau.value_or(0.0), cliThreads());

    Notes notes;
    Json j;
    j["rows"] = a.all.keptRows();
    j["dropped_rows"] = a.all.droppedRows;
    Json targets = Json::array();
    for (std::size_t k = 0; k < a.perTarget.size(); ++k) {
        Json t = riskSummaryJson(r.perTarget[k]);
        t["attribute"] = spec.targets[k].attribute;
        t["knows"] = spec.targets[k].knows;
        t["worst"] = cellValues(*a.perTarget[k], static_cast<std::size_t>(r.perTarget[k].worstCell));
        t["records_set"] = countValue(r.recordsSetBy[k]);
        t["inference"] = inferenceJson(*a.perTarget[k], tau);
        targets.push_back(std::move(t));
    }
    j["sensitive"] = std::move(targets);
    Json overall = riskSummaryJson(r.overall);
    overall["worst"] = cellValues(a.all, static_cast<std::size_t>(r.overall.worstCell));
    j["overall"] = std::move(overall);
    j["tau"] = tau ? Json(*tau) : Json(nullptr);
    if (!tau)
        notes.add("no --tau given: records_over_tau is 0 and tau is null");
    j["p"] = retentionJson(distortions, notes);
    j["warnings"] = sensitiveInClearWarnings(a.all.names, p, spec);
    notes.add("a record's risk is the largest over the sensitive attributes; records_set counts the records whose "
              "largest risk is that attribute's (ties: the first listed)");
    notes.add(kMeasureNote);
    j["notes"] = notes.toJson();
    return j;
}

// Each attribute's epsilon (null, with the reason, where there is no guarantee).
Json epsilonJson(const Distortions& distortions, const std::vector<std::string>& names, Notes& notes)
{
    Json eps = Json::object();
    for (std::size_t k = 0; k < distortions.matrices.size(); ++k) {
        const DistortionMatrix& m = distortions.matrices[k];
        const EpsilonValue e = epsilon(m);
        eps[names[k]] = e.guaranteed ? Json(e.value) : Json(nullptr);
        if (m.isIdentity())
            notes.add("epsilon is null for attributes kept at p = 1: they have no local differential privacy "
                      "guarantee (epsilon is infinite)");
        else if (!e.guaranteed)
            notes.add("epsilon of '" + names[k] + "' is null: " + e.reason);
    }
    return eps;
}

// The risk profile's figures and the tau they were counted against.
void addSummaryJson(Json& j, const RiskSummary& summary, const std::optional<double>& tau, Notes& notes)
{
    j.update(riskSummaryJson(summary));
    j["tau"] = tau ? Json(*tau) : Json(nullptr);
    if (!tau)
        notes.add("no --tau given: records_over_tau is 0 and tau is null");
}

Json runRisk(const Options& options)
{
    if (wantsSeveralSensitive(options))
        return runSeveralSensitive(options);
    const auto source = openSource(options);
    const auto a = prepareAnalysis(*source, rolesFrom(options), keepRunningProgress());
    const Distortions distortions = distortionsFrom(options, a->names, a->categories);
    std::optional<double> tau;
    if (auto t = options.value("tau"))
        tau = parseTau(*t);

    DisclosureRiskModel model(a->model, keepRunning()); // its own scratch, faulted in stoppably
    model.setThreads(cliThreads()); // bitwise the same numbers on any count
    model.setKeepRunning(keepRunning());
    std::vector<DistortionMatrix> qi = distortions.matrices;
    const DistortionMatrix s = qi.back();
    qi.pop_back();
    const Eigen::VectorXd& risk = model.evaluate(qi, s); // 003 eq. 5.6-5.8, any matrices
    RiskProfileRequest request;
    request.tau = tau.value_or(0.0);
    const RiskSummary summary = riskProfile(*a, risk, request).summary;

    Notes notes;
    Json j;
    j["rows"] = a->keptRows();
    j["dropped_rows"] = a->droppedRows;
    addSummaryJson(j, summary, tau, notes);
    j["worst"] = cellValues(*a, static_cast<std::size_t>(summary.worstCell));
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["epsilon"] = epsilonJson(distortions, a->names, notes);
    j["reidentification"] = reidentificationOf(*a, qi, reidentificationThresholdFrom(options), notes);
    j["inference"] = inferenceJson(*a, tau);
    j["warnings"] = Json::array();
    const bool qiRandomized =
        std::any_of(qi.begin(), qi.end(), [](const DistortionMatrix& m) { return !m.isIdentity(); });
    if (s.isIdentity() && qiRandomized)
        j["warnings"].push_back(sensitiveInClearWarning(a->names.back()));
    notes.add(kMeasureNote);
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command riskCommand()
{
    Command c;
    c.name = "risk";
    c.summary = "attribute-disclosure risk Pr(S_r | QI_r) over the records for given p";
    c.description =
        "Computes every record's attribute-disclosure risk Pr(S_r | QI_r) (003 eq. 5.6-5.8) on the joint table "
        "of the quasi-identifiers and the sensitive attribute, with Warner matrices of retention p per attribute "
        "(003 eq. 5.2) or any column-stochastic matrix from a --matrix file, and summarizes it over the records: "
        "maximum, mean, quantiles, records over tau, the worst cell. epsilon is the local differential privacy of "
        "each attribute's matrix, ln max_u max_v P(u|v) / min_v P(u|v) (ln(p (d-1) / (1-p)) for Warner); null "
        "when a row holds a zero beside a positive entry (no guarantee). \"reidentification\" gives the "
        "re-identification risk under randomization of the QIs (see `reidentification --help`) for the original "
        "and the randomized table, with the share of records above --threshold (default 0.2). With several "
        "sensitive attributes (--sensitive S1,S2 and --knows S2=A,...), each one's risk is computed over the table "
        "of the QIs, what the attacker targeting it knows, and itself; \"overall\" summarizes each record's "
        "largest risk and \"records_set\" says which attribute sets it.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"tau", "T", "risk threshold in (0, 1]: count the records whose risk exceeds it"});
    c.options.push_back(reidentificationThresholdOption());
    c.options.push_back(knowsOption());
    c.run = runRisk;
    return c;
}

} // namespace rr::cli
