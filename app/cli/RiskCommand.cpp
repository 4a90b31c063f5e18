// `risk`: attribute-disclosure risk Pr(S_r | QI_r) of every record for given p (003 eq. 5.6-5.8).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/analysis/PreparedAnalysis.h"
#include "core/analysis/RiskProfile.h"

#include <optional>

namespace rr::cli {
namespace {

Json runRisk(const Options& options)
{
    const Table raw = loadTable(options);
    const auto a = prepareAnalysis(raw, rolesFrom(options));
    const std::vector<double> p = retentions(options, a->names, a->dims);
    std::optional<double> tau;
    if (auto t = options.value("tau"))
        tau = parseTau(*t);

    DisclosureRiskModel model = a->model;
    const Eigen::VectorXd& risk = model.evaluate(a->qiMatrices(p), a->sensitiveMatrix(p)); // 003 eq. 5.6
    RiskProfileRequest request;
    request.tau = tau.value_or(0.0);
    const RiskSummary s = riskProfile(*a, risk, request).summary;

    Notes notes;
    Json j;
    j["rows"] = a->keptRows();
    j["dropped_rows"] = a->droppedRows;
    j["records"] = countValue(s.records);
    j["cells"] = s.cells;
    j["max_risk"] = s.maxRisk;
    j["mean_risk"] = s.meanRisk;
    j["quantiles"] = {{"p50", s.p50}, {"p90", s.p90}, {"p99", s.p99}};
    j["records_over_tau"] = countValue(s.recordsOverTau);
    j["tau"] = tau ? Json(*tau) : Json(nullptr);
    if (!tau)
        notes.add("no --tau given: records_over_tau is 0 and tau is null");
    j["worst"] = cellValues(*a, static_cast<std::size_t>(s.worstCell));
    j["p"] = attributeValues(a->names, p);
    Json eps = Json::object();
    for (std::size_t k = 0; k < p.size(); ++k) {
        eps[a->names[k]] =
            p[k] >= 1.0 ? Json(nullptr)
                        : finiteOrNull(warnerEpsilon(a->dims[k], p[k]), "epsilon is null where it is infinite", notes);
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
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back(retentionOption());
    c.options.push_back({"tau", "T", "risk threshold in (0, 1]: count the records whose risk exceeds it"});
    c.run = runRisk;
    return c;
}

} // namespace rr::cli
