// `randomize`: a randomized copy of the table, each listed attribute through its Warner matrix (003 eq. 2.1, 5.2).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "core/randomization/Randomize.h"

#include <map>

namespace rr::cli {
namespace {

RandomSource randomSource(const Options& options)
{
    const auto seed = options.value("seed");
    const bool secure = options.flag("secure");
    if (seed.has_value() == secure)
        throw InputError("'randomize' needs exactly one of --seed N (reproducible, not for release) and --secure "
                         "(the operating system's CSPRNG, for release)");
    if (secure)
        return RandomSource::secure();
    return RandomSource::seeded(parseUnsigned(*seed, "--seed"));
}

Json runRandomize(const Options& options)
{
    const std::string out = options.required("out");
    if (out.empty())
        throw InputError("option --out needs a file name");
    checkOutputsAreNotInputs(options, {out});
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    RandomSource rng = randomSource(options);

    // Every record is written back as loaded; missing values stay missing.
    const Table table = loadTable(options);
    const std::vector<int> attributes = table.attributeIndices(names);
    std::vector<int> dims;
    for (int a : attributes)
        dims.push_back(table.attributes[static_cast<std::size_t>(a)].domainSize());
    const std::vector<double> p = retentions(options, names, dims);
    std::map<int, DistortionMatrix> byAttribute;
    for (std::size_t k = 0; k < attributes.size(); ++k) {
        if (dims[k] < 1)
            throw InputError("attribute '" + names[k] + "' has no values (it is missing in every record)");
        byAttribute.emplace(attributes[k], DistortionMatrix::warner(dims[k], p[k]));
    }

    RandomizationReport report;
    const Table randomized = randomizeTable(table, byAttribute, rng, &report);
    writeCsv(randomized, out, missingToken(options));

    Json j;
    j["rows"] = report.rows;
    j["dropped_rows"] = 0;
    j["changed_values"] = report.changedValues;
    j["generator"] = rng.description();
    j["p"] = attributeValues(names, p);
    j["out"] = out;
    return j;
}

} // namespace

Command randomizeCommand()
{
    Command c;
    c.name = "randomize";
    c.summary = "write a randomized copy of the table (Warner randomized response per attribute)";
    c.description =
        "Randomizes each listed attribute of every record independently with its Warner matrix: the value is kept "
        "with probability p and otherwise replaced by one of the other d-1 categories uniformly (003 eq. 5.2). "
        "All rows and columns are written in their original order, missing values as the first --missing token. "
        "--seed gives a reproducible run for exploration, never for release; use --secure for a table to release.";
    c.options = dataOptions();
    c.options.push_back({"attributes", "A,B,...", "the attributes to randomize"});
    c.options.push_back(retentionOption());
    c.options.push_back({"seed", "N", "seed of a reproducible generator (exploration only, not for release)"});
    c.options.push_back({"secure", "", "use the operating system's CSPRNG (for release)"});
    c.options.push_back({"out", "FILE", "where to write the randomized CSV (written atomically)"});
    c.options.push_back(forceOption());
    c.run = runRandomize;
    return c;
}

} // namespace rr::cli
