// `anonymize`: the optimal full-domain generalization under k-anonymity, an l-diversity variant or t-closeness.
// The options become one api::AnonymizeRequest; core/api/Anonymize.h searches, releases and writes the JSON.
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReidentificationJson.h"
#include "app/cli/ReleaseColumns.h"
#include "app/cli/ReleaseTargets.h"
#include "app/cli/Requests.h"

#include "core/api/Anonymize.h"

namespace rr::cli {

// Read in the order the checks always ran: the output, t-closeness's --t, --metric, --suppression, the data, the
// roles, the model's numbers; core checks each model's rules once the counts and hierarchies are known.
api::AnonymizeRequest anonymizeRequestFrom(const Options& options)
{
    api::AnonymizeRequest request;
    const ModelOptionTexts model = modelOptionTexts(options);
    request.outputs = releaseOutputsFrom(options);
    if (model.model.value_or("") == "t-closeness") { // a bad --t fails before the data is read
        tOption(model);
        tMeasureOption(model);
    }
    request.metric = metricOption(model);
    request.suppression = suppressionOption(model);
    request.data = dataRequest(options);
    request.roles = rolesFrom(options);
    request.hierarchies = model.hierarchies.value_or("");
    request.model = privacyModelFrom(model);
    request.threshold = reidentificationThresholdFrom(options);
    request.keep = keepListFrom(options);
    readOptions<api::AnonymizeRequest>(options, request, {flagOption("keep-order", &api::AnonymizeRequest::keepOrder)});
    request.missingToken = missingToken(options);
    return request;
}

Command anonymizeCommand()
{
    Command c;
    c.name = "anonymize";
    c.summary = "write the optimal full-domain generalization under k-anonymity, l-diversity or t-closeness";
    c.description =
        "Searches the full-domain generalization lattice of the quasi-identifiers (hierarchies in ARX's format) for "
        "the node that satisfies the privacy model with the least information loss (height = sum of levels, aecs = "
        "records / equivalence classes, discernibility = sum of squared class sizes plus the table size per "
        "suppressed record), pruning by monotonicity, over the counts of QI x S (one streaming pass). Writes the "
        "generalized table in a second pass: the QIs as the hierarchy spells them at the chosen levels, the "
        "sensitive attribute and the --keep columns as they are, every other column dropped; suppressed records "
        "removed (and counted); the records in a uniformly random order unless --keep-order. max_risk is "
        "max_r Pr(S_r | QI_r) in the release (003 Definition 7). t-closeness (Li, Li and Venkatasubramanian 2007) "
        "compares each class's sensitive distribution with the whole table's (suppressed records included) by the "
        "earth mover's distance, every two values at distance 1 (--t-measure equal) or at the level of their lowest "
        "common ancestor over the height of the sensitive attribute's hierarchy (hierarchical).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    appendOptions(c.options, roleOptions());
    c.options.push_back({"model", "entropy|distinct|recursive|t-closeness|k", "the privacy model"});
    c.options.push_back(
        {"l", "L", "l of the l-diversity models, 2 <= l <= 1000000 (whole for distinct and recursive)"});
    c.options.push_back({"k", "K", "k of k-anonymity (with an l-diversity model: required in addition)"});
    c.options.push_back({"c", "C", "c of recursive (c,l)-diversity"});
    c.options.push_back({"t", "T",
                         "t of t-closeness, in (0, 1]: every class's earth mover's distance to the whole table's "
                         "sensitive distribution is at most t"});
    c.options.push_back({"t-measure", "equal|hierarchical",
                         "t-closeness's ground distance (default equal); hierarchical needs the sensitive "
                         "attribute's hierarchy in --hierarchies"});
    c.options.push_back(
        {"metric", "height|aecs|discernibility", "information loss to minimize (default discernibility)"});
    c.options.push_back({"suppression", "FRACTION", "records that may be suppressed, in [0, 1) (default 0)"});
    c.options.push_back(hierarchiesOption());
    c.options.push_back(reidentificationThresholdOption());
    c.options.push_back({"keep", "A,B,...", "columns to write in clear beside the QIs and S (default: none)"});
    c.options.push_back(
        {"keep-order", "", "keep the source's record order (a risk: records can be aligned with the source)"});
    c.options.push_back({"out", "FILE",
                         "where to write the generalized release (atomically): .csv, or SPSS .sav, Stata .dta or SAS "
                         "transport .xpt by the extension, value labels kept"});
    c.options.push_back(outSqlTableOption());
    c.options.push_back(releaseForceOption());
    c.run = [](const Options& options) {
        return api::anonymizeJson(api::anonymizeOf(anonymizeRequestFrom(options), keepRunningProgress()));
    };
    return c;
}

} // namespace rr::cli
