// `anatomy`: an l-diverse partition published as a QI table and a sensitive table (Xiao and Tao).
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"

#include "core/anonymization/Anatomy.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <chrono>
#include <filesystem>

namespace rr::cli {
namespace {

Json runAnatomy(const Options& options)
{
    const std::string prefix = options.required("out");
    if (prefix.empty())
        throw InputError("option --out needs a file name prefix");
    // "pfx/" or an existing folder would give the hidden files pfx/.qit.csv and pfx/.st.csv.
    const std::string base = prefix.substr(prefix.find_last_of('/') + 1);
    std::error_code ec;
    if (base.empty() || base == "." || base == ".." || std::filesystem::is_directory(prefix, ec))
        throw InputError("--out '" + prefix +
                         "' names a folder; give a file name prefix (PREFIX.qit.csv and PREFIX.st.csv are written), "
                         "e.g. '" +
                         (prefix.back() == '/' ? prefix : prefix + "/") + "release'");
    const std::string qitPath = prefix + ".qit.csv", stPath = prefix + ".st.csv";
    checkOutputsAreNotInputs(options, {qitPath, stPath});
    const int l = wholeLOption(options);

    const auto start = std::chrono::steady_clock::now();
    const Table raw = loadTable(options);
    const BaselineRecords in = baselineRecords(raw, options);
    const std::vector<int>& qi = in.qi;
    const int s = in.sensitive;
    for (int a : qi)
        if (in.records.attributes[a].name == "group")
            throw InputError("the QI table adds a column 'group'; rename the attribute 'group' first");
    const AnatomyRelease rel = anatomize(in.records, s, l);
    // Both tables or neither: a QI table without its sensitive table is half a release.
    const Table qit = quasiIdentifierTable(in.records, qi, rel);
    const Table st = sensitiveTable(in.records, s, rel);
    writeFilesAtomically(
        {{qitPath, csvWriter(qit, missingToken(options))}, {stPath, csvWriter(st, missingToken(options), "count")}});
    const Eigen::VectorXd est = estimateFromAnatomy(in.records, qi, s, rel);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    Json j;
    j["qit"] = qitPath;
    j["st"] = stPath;
    j["l"] = l;
    j["rows"] = in.records.rowCount();
    j["dropped_rows"] = in.droppedRows;
    j["groups"] = rel.groupCount();
    j["residue_records"] = rel.residueRecords;
    j["max_risk"] = maxPosteriorRisk(in.joint, est);
    j["seconds"] = seconds;
    return j;
}

} // namespace

Command anatomyCommand()
{
    Command c;
    c.name = "anatomy";
    c.summary = "write an anatomized release: QI table with group ids and sensitive table with counts";
    c.description =
        "Partitions the records into l-diverse groups with Xiao and Tao's anatomy algorithm (every group holds at "
        "least l records with pairwise distinct sensitive values) and writes PREFIX.qit.csv (the QI columns plus "
        "'group') and PREFIX.st.csv ('group', the sensitive attribute, 'count'). Needs individual records and no "
        "sensitive value on more than 1/l of them. max_risk is max_r Pr(S_r | QI_r) (003 Definition 7), at most 1/l.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back({"l", "L", "the number of distinct sensitive values per group, a whole number 2..1000000"});
    c.options.push_back({"out", "PREFIX", "prefix of the two CSV files written (both or neither, atomically)"});
    c.options.push_back(forceOption());
    c.run = runAnatomy;
    return c;
}

} // namespace rr::cli
