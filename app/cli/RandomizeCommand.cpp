// `randomize`: a randomized copy of the table, each listed attribute through its Warner matrix (003 eq. 5.2) or
// a matrix from a file (003 eq. 2.1), streamed (any number of records) and in a random record order.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/ReleaseColumns.h"
#include "app/cli/ReleaseGenerator.h"

#include "core/analysis/StreamRelease.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <set>

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

    const std::shared_ptr<const DataSource> source = openSource(options);
    const std::vector<std::string> columns = source->attributeNames(); // a file's header; nothing counted yet
    auto known = [&](const std::string& name) {
        if (std::find(columns.begin(), columns.end(), name) == columns.end())
            throw InputError("unknown attribute '" + name + "' (the table has: " + joinNames(columns) + ")");
    };
    for (const std::string& name : names)
        known(name);
    const std::vector<std::string> keep = keepColumns(options, *source, names);
    // One pass over the randomized columns only: their categories are the matrices' rows and columns.
    std::vector<std::vector<std::string>> categories;
    for (AttributeSummary& a : source->describeAttributes(names)) {
        if (a.categories.empty())
            throw InputError("attribute '" + a.name + "' has no values (it is missing in every record)");
        categories.push_back(std::move(a.categories));
    }
    const Distortions distortions = distortionsFrom(options, names, categories);

    // Every record leaves (missing values stay missing); listed columns randomized, --keep in clear, the
    // rest dropped: a column nobody chose never leaves in clear.
    ReleasePlan plan;
    plan.missingToken = missingToken(options);
    plan.keepOrder = options.flag("keep-order");
    for (const std::string& column : columns) {
        ColumnRelease c;
        const auto listed = std::find(names.begin(), names.end(), column);
        if (listed != names.end()) {
            const auto k = static_cast<std::size_t>(listed - names.begin());
            c.action = ColumnRelease::Action::Randomize;
            c.categories = categories[k];
            c.matrix = distortions.matrices[k];
        } else if (std::find(keep.begin(), keep.end(), column) != keep.end()) {
            c.action = ColumnRelease::Action::Clear;
        }
        plan.columns.push_back(std::move(c));
    }
    const StreamReleaseReport report = streamRelease(*source, plan, rng, out, {}, {});

    Notes notes;
    Json j;
    j["rows"] = report.randomization.rows;
    j["dropped_rows"] = report.droppedRows;
    j["changed_values"] = report.randomization.changedValues;
    j["generator"] = report.generator;
    j["order"] = report.randomOrder ? "random" : "source";
    j["columns"] = releaseColumnsJson(columns, plan);
    j["p"] = retentionJson(distortions, notes);
    if (distortions.anyMatrixFile())
        j["distortion"] = distortionJson(distortions, notes);
    j["out"] = out;
    if (!report.randomOrder)
        notes.add("the records keep the source's order (--keep-order): anyone who knows how the source is sorted "
                  "can align released records with persons");
    if (!keep.empty())
        notes.add("columns kept in clear (--keep) leave as they are; the risk of the release depends on them");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

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
        "(ChaCha20 streams of libsodium keyed from the operating system's CSPRNG).";
    c.options = dataOptions();
    c.options.push_back({"attributes", "A,B,...", "the attributes to randomize"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"keep", "A,B,...", "columns to write in clear beside the randomized ones (default: none)"});
    c.options.push_back(
        {"keep-order", "", "keep the source's record order (a risk: records can be aligned with the source)"});
    for (auto& o : releaseGeneratorOptions())
        c.options.push_back(o);
    c.options.push_back({"out", "FILE", "where to write the randomized CSV (written atomically)"});
    c.options.push_back(forceOption());
    c.run = runRandomize;
    return c;
}

} // namespace rr::cli
