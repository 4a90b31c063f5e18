// `describe`: rows, dropped rows and each attribute's categories with their (weighted) counts. The options become
// one api::DescribeRequest; core/api/Describe.h counts and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"

#include "core/api/Describe.h"

namespace rr::cli {

// The data first, then --attributes, as the checks always ran.
api::DescribeRequest describeRequestFrom(const Options& options)
{
    using R = api::DescribeRequest;
    R request;
    request.data = dataRequest(options);
    readOptions<R>(options, request,
                   {listOption("attributes", &R::attributes), flagOption("drop-incomplete", &R::dropIncomplete)});
    return request;
}

namespace {

Json runDescribe(const Options& options)
{
    return api::describeJson(api::describeOf(describeRequestFrom(options), keepRunningProgress()));
}

} // namespace

Command describeCommand()
{
    Command c;
    c.name = "describe";
    c.summary = "rows, dropped rows, and every attribute's categories with their counts";
    c.description =
        "Lists each attribute's categories in order of first appearance with their counts (weighted by the count "
        "column if one is given). Without --drop-incomplete every record is kept and each attribute also reports "
        "its number of missing values. Each attribute says whether it is numeric, its distinct values and whether it needs "
        "binning (numeric with more than 50 distinct values: --bin NAME=SPEC); a binned one gives its cuts and the "
        "records whose value was not a number or lay outside the cuts (missing once binned).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "describe only these attributes (default: all)"});
    c.run = runDescribe;
    return c;
}

} // namespace rr::cli
