// `basket randomize`: a randomized release of the baskets (004 Def. 5: every basket independently), written
// all or nothing with the files recovery needs beside it: FILE.sizes (004 Sec. 4.4) and FILE.frequent.
// The options become one api::BasketRandomizeRequest; core/api/BasketRandomize.h writes the release and its JSON.
#include "app/cli/BasketCommands.h"
#include "app/cli/BasketFiles.h"
#include "app/cli/BasketOperatorOptions.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReleaseGenerator.h"

#include "core/api/BasketRandomize.h"
#include "core/basketpipeline/BasketsPipeline.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// Read in the order the checks always ran: --out (the outputs checked before anything is read), the operator,
// the generator, the data (read by core).
api::BasketRandomizeRequest randomizeRequestFrom(const Options& options)
{
    using R = api::BasketRandomizeRequest;
    R request;
    readOptions<R>(options, request, {{"out", [](R& r, const std::string& out) {
                                           if (out.empty())
                                               throw InputError("option --out needs a file name");
                                           r.out = out;
                                       }, true}});
    // The release and its side files may replace none of the inputs (--data, --rho-table, --sizes-table).
    checkOutputsAreNotInputs(options, {request.out, sizesPathOf(request.out), frequentPathOf(request.out)});
    request.op = operatorArgs(options);
    request.generator = generatorChoiceFrom(options, "basket randomize");
    request.data = basketDataRequest(options);
    return request;
}

Json runRandomize(const Options& options)
{
    return api::basketRandomizeJson(api::basketRandomizeOf(randomizeRequestFrom(options)));
}

} // namespace

Command basketRandomizeCommand()
{
    Command c;
    c.name = "randomize";
    c.summary = "write a randomized release of the baskets (with FILE.sizes for recovery)";
    c.description =
        "Randomizes every basket independently with the operator (004 Def. 5) and writes the release to --out: a "
        "FIMI file (or 0/1 columns for a CSV input), one basket a line, items ascending, the baskets in a uniformly "
        "random order (a line's position says nothing about which original basket it is). The size-driven operators "
        "(uniform, select-a-size, cut-and-paste) also write FILE.sizes, line i the original size of line i's basket, "
        "which their recovery needs (004 Sec. 4.4: the server knows m); frequency-aware distortion writes "
        "FILE.frequent, its frequent items. The files are one release, written all or nothing. --seed gives a "
        "reproducible run for exploration, never for release; use --secure (the operating system's CSPRNG) for a "
        "release.";
    c.options = basketDataOptions("the original baskets: FIMI, or a CSV of 0/1 columns if the name ends in .csv");
    for (auto& o : operatorOptions())
        c.options.push_back(o);
    for (auto& o : releaseGeneratorOptions())
        c.options.push_back(o);
    c.options.push_back({"out", "FILE", "where to write the release (FILE.sizes, FILE.frequent beside it)"});
    c.run = runRandomize;
    return c;
}

} // namespace rr::cli
