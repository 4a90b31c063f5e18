// `randomize`: a randomized copy of the table, each listed attribute through its Warner matrix (003 eq. 5.2) or
// a matrix from a file (003 eq. 2.1), streamed (any number of records) and in a random record order. The options
// become one api::RandomizeRequest; core/api/Randomize.h releases and writes the JSON.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/ReleaseColumns.h"
#include "app/cli/ReleaseGenerator.h"
#include "app/cli/ReleaseLogOptions.h"
#include "app/cli/ReleaseTargets.h"
#include "app/cli/Requests.h"

#include "core/api/Randomize.h"

namespace rr::cli {

// Read in the order the checks always ran: the outputs (checked before anything is read), --attributes, the
// generator, the data; core then checks the names against the source, the distortions, the kept columns. Only the
// syntax of --p, --matrix and --keep items is read here, before the source is opened.
api::RandomizeRequest randomizeRequestFrom(const Options& options)
{
    api::RandomizeRequest request;
    request.outputs = releaseOutputsFrom(options);
    request.outputs.releaseLog = releaseLogPath(options, request.outputs.written());
    request.attributes = splitList(options.required("attributes"), "attributes");
    request.generator = generatorChoiceFrom(options, "randomize");
    request.data = dataRequest(options);
    request.distortions = distortionChoiceFrom(options);
    request.keep = keepListFrom(options);
    readOptions<api::RandomizeRequest>(options, request, {flagOption("keep-order", &api::RandomizeRequest::keepOrder)});
    request.missingToken = missingToken(options);
    return request;
}

Command randomizeCommand()
{
    Command c;
    c.name = "randomize";
    c.summary = "write a randomized copy of the table (Warner or any matrix per attribute), in random order";
    c.description =
        "Randomizes each listed attribute of every record independently with its Warner matrix: the value is kept "
        "with probability p and otherwise replaced by one of the other d-1 categories uniformly (003 eq. 5.2); "
        "an attribute with a --matrix file moves from original v to u with probability P(u | v), drawn from "
        "column v (003 eq. 2.1). "
        "Only the randomized columns and those named in --keep are written (in the source's column order); every "
        "other column is dropped. The records are written in a uniformly random order unless --keep-order is "
        "given; missing values stay missing, written as the first --missing token. Any number of records: the "
        "input is streamed, and the order is drawn through temporary files beside --out (about the size of the "
        "output; they are removed on every exit). "
        "--seed gives a reproducible run for exploration, never for release; use --secure for a table to release "
        "(ChaCha20 streams of libsodium keyed from the operating system's CSPRNG). "
        "With --sql-url, --out-sql-table NAME writes the release into the same database as a new table instead of "
        "--out: created and filled in one transaction (no table is left when anything fails), the source's column "
        "types, missing values as NULL, and this command's output as the table's comment (PostgreSQL); an existing "
        "table is replaced only with --force. --note FILE writes the public release note beside it (what an analyst "
        "needs: each column's p, q or matrix, epsilon, the record order, how to reconstruct; no source, no risk; "
        "the desktop release's format), --audit-note FILE the internal one (this output with the source, who "
        "released and when, and the public note), both after the table is committed or with the files. "
        "A --secure release is checked against the release log and added to it (--release-log; a seeded run is "
        "exploration and is not): when a randomized column has the counts of one released before, the output "
        "lists those releases under previous_releases and gives combined_epsilon, the level of all the draws "
        "of it together (their epsilons add up). --out given several times writes one draw to every file.";
    c.options = dataOptions();
    appendOptions(
        c.options,
        {{"attributes", "A,B,...", "the attributes to randomize"},
         retentionOption(),
         matrixOption(),
         {"keep", "A,B,...", "columns to write in clear beside the randomized ones (default: none)"},
         {"keep-order", "", "keep the source's record order (a risk: records can be aligned with the source)"}});
    appendOptions(c.options, releaseGeneratorOptions());
    c.options.push_back({"out", "FILE",
                         "where to write the release (written atomically): CSV, or SPSS .sav, Stata .dta or SAS "
                         "transport .xpt by the extension, with value labels; given again, the same records in the "
                         "same order go to each file, all files or none (one draw: publishing two draws of the same "
                         "persons lets anyone average them)",
                         true});
    c.options.push_back(outSqlTableOption());
    appendOptions(c.options, releaseNoteOptions());
    c.options.push_back(releaseForceOption());
    appendOptions(c.options, releaseLogOptions());
    c.run = [](const Options& options) {
        return api::randomizeJson(api::randomizeOf(randomizeRequestFrom(options), keepRunningProgress()));
    };
    return c;
}

} // namespace rr::cli
