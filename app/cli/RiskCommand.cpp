// `risk`: attribute-disclosure risk Pr(S_r | QI_r) of every record for given p (003 eq. 5.6-5.8). The options
// become one api::RiskRequest; core/api/Risk.h computes and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/Requests.h"
#include "app/cli/ReidentificationJson.h"
#include "app/cli/SensitiveTargets.h"

#include "core/api/Risk.h"

namespace rr::cli {

// Read in the order the checks always ran: --sensitive, the data, --qi, then the distortions and thresholds.
api::RiskRequest riskRequestFrom(const Options& options)
{
    using R = api::RiskRequest;
    R request;
    readOptions<R>(options, request, {listOption("sensitive", &R::sensitive, true)});
    request.data = dataRequest(options);
    readOptions<R>(options, request, {listOption("qi", &R::qi, true)});
    request.knows = knowsFrom(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.distortions = distortionChoiceFrom(options);
    readOptions<R>(options, request, {parsedOption("tau", &R::tau, [](const std::string& t) { return parseTau(t); })});
    request.threshold = reidentificationThresholdFrom(options);
    request.threads = cliThreads();
    return request;
}

namespace {

Json runRisk(const Options& options)
{
    return api::riskJson(api::riskOf(riskRequestFrom(options), keepRunningProgress()));
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
