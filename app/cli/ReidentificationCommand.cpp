// `reidentification`: re-identification risk under randomization (issue 22) of every QI cell with records,
// original (ARX's prosecutor risk, 1 / class size) and randomized, with summaries over the records. The options
// become one api::ReidentificationRiskRequest; core/api/Reidentification.h computes and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/ReidentificationJson.h"
#include "app/cli/Requests.h"

#include "core/api/Reidentification.h"

namespace rr::cli {

// Read in the order the checks always ran: --qi, --threshold, the data, then --p and --matrix.
api::ReidentificationRiskRequest reidentificationRequestFrom(const Options& options)
{
    using R = api::ReidentificationRiskRequest;
    R request;
    readOptions<R>(options, request, {listOption("qi", &R::qi, true)});
    request.threshold = reidentificationThresholdFrom(options);
    readOptions<R>(options, request, {flagOption("cells", &R::listCells)});
    request.data = dataRequest(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.distortions = distortionChoiceFrom(options);
    request.threads = cliThreads();
    return request;
}

namespace {

Json runReidentification(const Options& options)
{
    return api::reidentificationJson(
        api::reidentificationOf(reidentificationRequestFrom(options), keepRunningProgress()));
}

} // namespace

Command reidentificationCommand()
{
    Command c;
    c.name = "reidentification";
    c.summary = "re-identification risk of every record under randomization, original and randomized";
    c.description =
        "Re-identification risk under randomization (issue 22): an attacker knows a target's true quasi-identifiers "
        "q and that the target is in the release, and picks uniformly one released record whose released QIs equal "
        "q. Record r is picked with probability R_id(r) = a_r E[1/(1+M)], a_r = prod_i P_i[q_i|q_i], M the number "
        "of other records released as q (independent Bernoulli(prod_i P_i[q_i|c_i])); E[1/(1+M)] is computed "
        "exactly as an integral of M's generating function, per QI cell. Without randomization this is 1 / class "
        "size, ARX's prosecutor risk; the mean over the records is the expected share re-identified (ARX's "
        "marketer risk). Prints max, mean, the share of records above --threshold (default 0.2, ARX's default "
        "highest-risk threshold), sample uniques (records alone in their QI cell) and a histogram (share of "
        "records in [0, 0.1), ..., [0.9, 1]) for the original and the randomized release; with --cells every QI "
        "cell with records. Warner matrices (--p) have no size limit; --matrix sums over every pair of QI cells "
        "and refuses more than 20,000 cells with records.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back(roleOptions().front()); // --qi
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back(reidentificationThresholdOption());
    c.options.push_back({"cells", "", "list every QI cell with records: its values, count and both risks"});
    c.run = runReidentification;
    return c;
}

} // namespace rr::cli
