// `loglinear`: a hierarchical loglinear model fitted by IPF with its Pearson X2 and G2 (003 Sec. 4.3.1, Tables
// 4.2-4.4), Korn's verdict on whether randomization preserves it (003 Theorem 2), or the model chosen by
// backward elimination. The options become one api::LoglinearRequest; core/api/Loglinear.h fits and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/Requests.h"

#include "core/api/Loglinear.h"

namespace rr::cli {

// Read in the order the checks always ran: --attributes, the choice of --model or --search, the data, --p and
// --matrix, then the search's --alpha and --criterion.
api::LoglinearRequest loglinearRequestFrom(const Options& options)
{
    using R = api::LoglinearRequest;
    R request;
    readOptions<R>(options, request,
                   {listOption("attributes", &R::attributes, true), textOption("model", &R::model),
                    flagOption("search", &R::search)});
    const std::optional<std::string> criterion = options.value("criterion");
    api::checkModelChoice(request.model.has_value(), request.search, options.has("alpha") || criterion);
    readOptions<R>(options, request, {flagOption("randomized", &R::randomized)});
    request.data = dataRequest(options);
    request.dropIncomplete = missingPolicy(options) == MissingPolicy::DropIncomplete;
    request.distortions = distortionChoiceFrom(options);
    if (request.search) {
        request.alpha = alphaFrom(options);
        request.criterion = api::criterionOf(criterion.value_or("fit"));
    }
    return request;
}

namespace {

Json runLoglinear(const Options& options)
{
    return api::loglinearJson(api::loglinearOf(loglinearRequestFrom(options), keepRunningProgress()));
}

} // namespace

Command loglinearCommand()
{
    Command c;
    c.name = "loglinear";
    c.summary = "fit a hierarchical loglinear model (X2, G2, Korn's verdict) or search one by backward elimination";
    c.description =
        "Fits the hierarchical loglinear model --model (generators in attribute letters, e.g. AD,G or [AD][G]) to "
        "the table of --attributes by iterative proportional fitting and tests it: Pearson X2, G2, df and p-values "
        "(003 Sec. 4.3.1, Tables 4.2-4.4). Letters are the attribute names when every name is one distinct letter or "
        "digit, else A, B, ... in --attributes order ('letters' in the output). Four cases: original data (no "
        "--p/--matrix): the original counts, preserved null; original data with --p/--matrix: the expected "
        "randomized counts N (P_1 x ... x P_k) pi (003 eq. 2.1, Table 4.3); --randomized with --p/--matrix: the "
        "randomized data as they are; --randomized alone: the same, p unknown. For randomized tables 'preserved' "
        "is Korn's criterion (003 Theorem 2: no randomized attribute in two generators; sufficient only, false "
        "means not guaranteed), taking every attribute as randomized when p is unknown. --search chooses the "
        "model by backward elimination from the saturated model instead (at most 7 attributes), deleting the "
        "generator with the largest p-value while it is >= alpha, and prints every step.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "the attributes of the table (at most 12)"});
    c.options.push_back({"model", "TERMS", "the model's generators in letters, e.g. AD,G"});
    c.options.push_back({"search", "", "choose the model by backward elimination instead of --model"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"randomized", "", "the data are already randomized (default: original data)"});
    c.options.push_back(alphaOption("with --search: a deletion is accepted when its p-value is >= alpha (default "
                                    "0.05)"));
    c.options.push_back({"criterion", "fit|lr",
                         "with --search: judge a deletion by the smaller model's X2 p-value (fit, default) or by "
                         "the G2 change (lr)"});
    c.run = runLoglinear;
    return c;
}

} // namespace rr::cli
