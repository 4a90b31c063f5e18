// `risk`: attribute-disclosure risk Pr(S_r | QI_r) of every record for given p (003 eq. 5.6-5.8).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/RiskInputs.h"

#include "core/risk/DisclosureRisk.h"

#include <optional>

namespace rr::cli {
namespace {

Json runRisk(const Options& options)
{
    const Table raw = loadTable(options);
    const RiskInputs in = riskInputs(raw, options);
    const std::vector<double> p = retentions(options, in.records.table, in.records.attributes);
    std::optional<double> tau;
    if (auto t = options.value("tau"))
        tau = parseTau(*t);

    DisclosureRiskModel model(in.joint);
    const auto matrices = warnerMatrices(in.records.table, in.records.attributes, p);
    const std::vector<DistortionMatrix> qi(matrices.begin(), matrices.end() - 1);
    const Eigen::VectorXd& risk = model.evaluate(qi, matrices.back());
    const RiskSummary s = summarizeRisk(risk, in.joint, tau.value_or(0.0));

    Notes notes;
    Json j;
    j["rows"] = in.records.table.rowCount();
    j["dropped_rows"] = in.records.droppedRows;
    j["records"] = countValue(s.records);
    j["cells"] = s.cells;
    j["max_risk"] = s.maxRisk;
    j["mean_risk"] = s.meanRisk;
    j["quantiles"] = {{"p50", s.p50}, {"p90", s.p90}, {"p99", s.p99}};
    j["records_over_tau"] = countValue(s.recordsOverTau);
    j["tau"] = tau ? Json(*tau) : Json(nullptr);
    if (!tau)
        notes.add("no --tau given: records_over_tau is 0 and tau is null");
    j["worst"] = cellValues(in.records.table, in.records.attributes, in.joint, static_cast<std::size_t>(s.worstCell));
    j["p"] = attributeValues(in.records.table, in.records.attributes, p);
    Json eps = Json::object();
    for (std::size_t k = 0; k < p.size(); ++k) {
        const Attribute& attr = in.records.table.attributes[in.records.attributes[k]];
        eps[attr.name] = p[k] >= 1.0 ? Json(nullptr)
                                     : finiteOrNull(warnerEpsilon(attr.domainSize(), p[k]),
                                                    "epsilon is null where it is infinite", notes);
        if (p[k] >= 1.0)
            notes.add("epsilon is null for attributes kept at p = 1: they have no local differential privacy "
                      "guarantee (epsilon is infinite)");
    }
    j["epsilon"] = eps;
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
        "of the quasi-identifiers and the sensitive attribute, with Warner matrices of retention p per attribute, "
        "and summarizes it over the records: maximum, mean, quantiles, records over tau, the worst cell. epsilon is "
        "the local differential privacy of each attribute's matrix, ln(p (d-1) / (1-p)).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : riskTableOptions())
        c.options.push_back(o);
    c.options.push_back(retentionOption());
    c.options.push_back({"tau", "T", "risk threshold in (0, 1]: count the records whose risk exceeds it"});
    c.run = runRisk;
    return c;
}

} // namespace rr::cli
