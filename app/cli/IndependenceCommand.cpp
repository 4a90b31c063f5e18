// `independence`: the chi-square test of (conditional) independence of two attributes (003 Sec. 4.2.2) and
// whether, on randomized data, it is a valid test of the original hypothesis (003 Results 9, 10). The options
// become one api::IndependenceRequest; core/api/Independence.h tests and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/Requests.h"

#include "core/api/Independence.h"

namespace rr::cli {

// Read in the order the checks always ran: --attributes, --given, --alpha, the data, then --p and --matrix.
api::IndependenceRequest independenceRequestFrom(const Options& options)
{
    using R = api::IndependenceRequest;
    R request;
    readOptions<R>(options, request, {listOption("attributes", &R::attributes, true)});
    api::checkTestedPair(request.attributes);
    readOptions<R>(options, request, {listOption("given", &R::given)});
    request.alpha = alphaFrom(options);
    readOptions<R>(options, request, {flagOption("randomized", &R::randomized)});
    request.data = dataRequest(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.distortions = distortionChoiceFrom(options);
    return request;
}

namespace {

Json runIndependence(const Options& options)
{
    return api::independenceJson(api::independenceOf(independenceRequestFrom(options), keepRunningProgress()));
}

} // namespace

Command independenceCommand()
{
    Command c;
    c.name = "independence";
    c.summary = "chi-square test of (conditional) independence and its validity on randomized data";
    c.description =
        "Tests whether two attributes are independent, or independent given --given attributes in every stratum "
        "(003 Sec. 4.2.2): Pearson X2 and G2 against the expected counts n_ag n_bg / n_g, df (empty rows, columns "
        "and strata not counted) and p-values; 'rejected' at level alpha. 'valid' says whether the test on "
        "randomized data is a valid alpha-level test of the original hypothesis: always for two attributes, with "
        "lower power (003 Result 9); given G only if no attribute in G is randomized (003 Result 10; Result 11 is "
        "the same condition for partial correlations). Original data with --p/--matrix: the test on the expected "
        "randomized table N (P_1 x ... x P_k) pi beside the original test; --randomized: the data are randomized "
        "(without --p/--matrix every attribute is taken as randomized).";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B", "the two attributes tested"});
    c.options.push_back({"given", "C,...", "the conditioning attributes (default none)"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"randomized", "", "the data are already randomized (default: original data)"});
    c.options.push_back(alphaOption("level of the test, alpha in (0, 1) (default 0.05)"));
    c.run = runIndependence;
    return c;
}

} // namespace rr::cli
