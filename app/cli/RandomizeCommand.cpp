// `randomize`: a randomized copy of the table, each listed attribute through its Warner matrix (003 eq. 5.2) or
// a matrix from a file (003 eq. 2.1).
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/ReleaseGenerator.h"

#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "core/randomization/Randomize.h"

#include <map>

namespace rr::cli {
namespace {

Json runRandomize(const Options& options)
{
    const std::string out = options.required("out");
    if (out.empty())
        throw InputError("option --out needs a file name");
    checkOutputsAreNotInputs(options, {out});
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    RandomSource rng = releaseGenerator(options, "randomize");

    // Every record is written back as loaded; missing values stay missing.
    const Table table = loadTable(options);
    const std::vector<int> attributes = table.attributeIndices(names);
    std::vector<std::vector<std::string>> categories;
    for (std::size_t k = 0; k < attributes.size(); ++k) {
        categories.push_back(table.attributes[static_cast<std::size_t>(attributes[k])].categories);
        if (categories.back().empty())
            throw InputError("attribute '" + names[k] + "' has no values (it is missing in every record)");
    }
    const Distortions distortions = distortionsFrom(options, names, categories);
    std::map<int, DistortionMatrix> byAttribute;
    for (std::size_t k = 0; k < attributes.size(); ++k)
        byAttribute.emplace(attributes[k], distortions.matrices[k]);

    RandomizationReport report;
    const Table randomized = randomizeTable(table, byAttribute, rng, &report);
    writeCsv(randomized, out, missingToken(options));

    Notes notes;
    Json j;
    j["rows"] = report.rows;
    j["dropped_rows"] = 0;
    j["changed_values"] = report.changedValues;
    j["generator"] = rng.description();
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["out"] = out;
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command randomizeCommand()
{
    Command c;
    c.name = "randomize";
    c.summary = "write a randomized copy of the table (Warner or any matrix per attribute)";
    c.description =
        "Randomizes each listed attribute of every record independently with its Warner matrix: the value is kept "
        "with probability p and otherwise replaced by one of the other d-1 categories uniformly (003 eq. 5.2); "
        "an attribute with a --matrix file moves from original v to u with probability P(u | v), drawn from "
        "column v (003 eq. 2.1). "
        "All rows and columns are written in their original order, missing values as the first --missing token. "
        "--seed gives a reproducible run for exploration, never for release; use --secure for a table to release.";
    c.options = dataOptions();
    c.options.push_back({"attributes", "A,B,...", "the attributes to randomize"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    for (auto& o : releaseGeneratorOptions())
        c.options.push_back(o);
    c.options.push_back({"out", "FILE", "where to write the randomized CSV (written atomically)"});
    c.options.push_back(forceOption());
    c.run = runRandomize;
    return c;
}

} // namespace rr::cli
