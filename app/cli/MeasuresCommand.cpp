// `measures`: the 21 association measures of two attributes estimated from their randomized table, with
// delta-method variances and ranges (003 Sec. 3.3, Table 3.6; 000 Sec. 3), the pooled cells, the
// standardized residuals and, for many-category attributes, the whole-table measures (003 Table 4.1). The options
// become one api::PairMeasuresRequest; core/api/Measures.h estimates and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/PresentCategory.h"
#include "app/cli/Requests.h"

#include "core/api/Measures.h"
#include "core/measures/MeasureCatalog.h"

namespace rr::cli {

// Read in the order the checks always ran: --attributes, --alpha, --positive, the data, then --p and --matrix.
api::PairMeasuresRequest measuresRequestFrom(const Options& options)
{
    using R = api::PairMeasuresRequest;
    R request;
    readOptions<R>(options, request, {listOption("attributes", &R::attributes, true)});
    api::checkMeasuredPair(request.attributes);
    request.alpha = alphaFrom(options);
    request.positive = positiveValues(options, request.attributes);
    request.data = dataRequest(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.distortions = distortionChoiceFrom(options);
    return request;
}

namespace {

Json runMeasures(const Options& options)
{
    return api::measuresJson(api::measuresOf(measuresRequestFrom(options), keepRunningProgress()));
}

std::string measureKeys()
{
    std::string keys;
    for (const MeasureInfo& info : measureCatalog())
        keys += (keys.empty() ? "" : ", ") + std::string(info.key);
    return keys;
}

} // namespace

Command measuresCommand()
{
    Command c;
    c.name = "measures";
    c.summary = "association measures of two attributes estimated from their randomized table, with ranges";
    c.description =
        "The data is a randomized table. For two attributes (rows, columns) with their retention p (Warner, 003 "
        "eq. 5.2) or --matrix files, estimates the original table pi-hat = P^-1 lambda-hat (003 eq. 3.3), pools "
        "each attribute to present (--positive) / absent, and gives the 21 measures of 003 Table 3.6 and 000 "
        "Table 2 (" +
        measureKeys() +
        ") with delta-method variances from the covariance of pi-hat (003 Sec. 3.3.1, eq. 5.16) and normal and "
        "Chebyshev ranges at level 1 - alpha (003 Results 1, 3); 'randomized' is the measure on the randomized "
        "table itself (what an analyst gets without p). Also the pooled cells, the standardized residuals and, "
        "when an attribute has more than two categories, the whole-table measures of 003 Table 4.1 under "
        "'table'. Undefined values are null with a reason.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B", "the two attributes: rows (predictor), then columns (response)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back(positiveOption("the category counted as present per attribute (default: '1' of a 0/1 "
                                       "attribute, else the second category in file order; required for more "
                                       "than two categories)"));
    c.options.push_back(alphaOption());
    c.run = runMeasures;
    return c;
}

} // namespace rr::cli
