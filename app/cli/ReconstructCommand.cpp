// `reconstruct`: estimates of the original proportions from a randomized table (003 eq. 5.15, 5.16)
// with interquantile ranges (003 Sec. 3.2); or the maximum-likelihood shares on the simplex (issue 44). The options
// become one api::ReconstructRequest; core/api/Reconstruct.h estimates and writes the JSON, which is streamed here.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/Requests.h"

#include "core/api/Reconstruct.h"

#include <memory>

namespace rr::cli {

// Read in the order the checks always ran: --attributes, --alpha, --estimator, the data, then --p and --matrix.
api::ReconstructRequest reconstructRequestFrom(const Options& options)
{
    using R = api::ReconstructRequest;
    R request;
    readOptions<R>(options, request, {listOption("attributes", &R::attributes, true)});
    request.alpha = alphaFrom(options);
    request.estimator = api::estimatorOf("moment");
    readOptions<R>(options, request,
                   {flagOption("covariance", &R::covariance), parsedOption("estimator", &R::estimator, api::estimatorOf)});
    request.data = dataRequest(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.distortions = distortionChoiceFrom(options);
    return request;
}

namespace {

// The cells are written as they are made (about 2.5 KB of JSON each: 24M cells held as one Json needed about
// 60 GB): what is held is the table and its D-sized vectors, never the output.
StreamedJson runReconstruct(const Options& options)
{
    const auto result = std::make_shared<const api::ReconstructResult>(
        api::reconstructOf(reconstructRequestFrom(options), keepRunningProgress()));
    Notes notes;
    StreamedJson out;
    out.head = api::reconstructHead(*result, notes);
    out.arrayKey = "cells";
    out.arraySize = result->cellCount();
    out.element = [result](std::size_t i) { return api::reconstructCell(*result, i); };
    out.tail = api::reconstructTail(*result, notes);
    return out;
}

} // namespace

Command reconstructCommand()
{
    Command c;
    c.name = "reconstruct";
    c.summary = "estimate the original proportions from a randomized table, with intervals";
    c.description =
        "The data is a randomized table. For the listed attributes and their retention p (Warner, 003 eq. 5.2) or "
        "any column-stochastic matrix from a --matrix file (003 Sec. 2.2), estimates the original proportions pi-hat = "
        "P^-1 lambda-hat (003 eq. 5.15) of every cell (row-major, last attribute fastest), "
        "their variances (N-1)^-1 [(P^-1 o P^-1) lambda-hat - pi-hat o pi-hat] (003 eq. 5.16) and interquantile "
        "ranges at level 1 - alpha: normal (z_{alpha/2}) and Chebyshev (1/sqrt(alpha)), clipped to [0, 1]. "
        "--estimator mle gives instead the shares that maximize the likelihood sum n log (P pi) on the simplex (EM, "
        "never negative; \"fit\" reports its iterations and how close to the maximum it is), with variances from "
        "the observed information of the cells not at 0 (\"at_zero\" cells have none); --estimator projected sets "
        "the moment estimate's negative cells to 0 and rescales the rest.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "the attributes of the estimated table"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back(alphaOption());
    c.options.push_back({"covariance", "", "also print the full covariance matrix (tables of at most 4,096 cells)"});
    c.options.push_back({"estimator", "moment|mle|projected",
                         "moment (default): pi-hat = P^-1 lambda-hat, unbiased, cells may be negative; mle: the "
                         "maximum-likelihood shares on the simplex (EM), >= 0 and summing to 1, variances from the "
                         "observed information (none for cells at 0); projected: the moment estimate's negative "
                         "cells set to 0 and the rest rescaled"});
    c.runStreamed = runReconstruct;
    return c;
}

} // namespace rr::cli
