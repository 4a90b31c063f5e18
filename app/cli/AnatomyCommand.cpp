// `anatomy`: an l-diverse partition published as a QI table and a sensitive table (Xiao and Tao).
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReleaseTargets.h"

#include "core/release/BaselineRelease.h"
#include "core/datasource/BinnedSource.h"
#include "core/release/StreamRelease.h"
#include "core/anonymization/Anatomy.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "core/sources/SqlReleaseTable.h"
#include "core/statfiles/StatFileReleaseTarget.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace rr::cli {
namespace {

// The extension of both tables: --out-format csv (default), sav, dta or xpt.
std::string outExtension(const Options& options)
{
    const std::string f = options.value("out-format").value_or("csv");
    if (f == "csv" || f == "sav" || f == "dta" || f == "xpt")
        return "." + f;
    throw InputError("--out-format takes csv, sav (SPSS), dta (Stata) or xpt (SAS transport), not '" + f + "'");
}

// PREFIX_qit and PREFIX_st for --out-sql-table PREFIX (`schema.prefix` -> `schema.prefix_qit`).
std::string tableWithSuffix(const std::string& prefix, const std::string& suffix)
{
    sql::TableName t = sql::parseTableName(prefix);
    t.parts.back() += suffix;
    return t.display();
}

// Where the two tables go: PREFIX.qit.EXT and PREFIX.st.EXT, or the tables PREFIX_qit and PREFIX_st.
struct AnatomyOutputs {
    bool toTables = false;
    std::string qitPath;
    std::string stPath;
};

// The two tables' names, checked (a folder is no prefix; neither file may be an input).
AnatomyOutputs anatomyOutputs(const Options& options)
{
    checkReleaseTargets(options);
    const std::string prefix = options.value("out").value_or("");
    const std::string tablePrefix = options.value("out-sql-table").value_or("");
    AnatomyOutputs o;
    o.toTables = !tablePrefix.empty();
    if (o.toTables && options.has("out-format"))
        throw InputError("--out-format applies to files (--out PREFIX), not to --out-sql-table");
    const std::string ext = outExtension(options);
    if (o.toTables) {
        o.qitPath = tableWithSuffix(tablePrefix, "_qit");
        o.stPath = tableWithSuffix(tablePrefix, "_st");
        return o;
    }
    // "pfx/" or an existing folder would give the hidden files pfx/.qit.csv and pfx/.st.csv.
    const std::string base = prefix.substr(prefix.find_last_of('/') + 1);
    std::error_code ec;
    if (base.empty() || base == "." || base == ".." || std::filesystem::is_directory(prefix, ec))
        throw InputError("--out '" + prefix + "' names a folder; give a file name prefix (PREFIX.qit" + ext +
                         " and PREFIX.st" + ext + " are written), e.g. '" +
                         (prefix.back() == '/' ? prefix : prefix + "/") + "release'");
    o.qitPath = prefix + ".qit" + ext;
    o.stPath = prefix + ".st" + ext;
    checkOutputsAreNotInputs(options, {o.qitPath, o.stPath});
    return o;
}

// The ST as a statistical file (by its extension; none for CSV), S keeping the source's value labels.
std::unique_ptr<StatTableWriter> statSensitiveTable(const std::string& stPath, const DataSource& source,
                                                    const AnalysisSpec& spec, const AnatomyPlan& plan,
                                                    const std::vector<std::string>& sCategories)
{
    const auto stFormat = statFormatOfPath(stPath);
    if (!stFormat)
        return nullptr;
    const auto* stat = dynamic_cast<const StatFileSource*>(&unbinned(source)); // under any bins
    const std::vector<std::string> binned = binnedAttributeNames(source);
    if (std::find(binned.begin(), binned.end(), spec.sensitive) != binned.end())
        stat = nullptr; // bin labels, not the variable's labelled codes
    auto stTable = std::make_unique<StatTableWriter>(
        stPath, *stFormat, std::vector<std::string>{"group", spec.sensitive, "count"},
        std::vector<const AttributeDetails*>{nullptr, stat ? stat->attributeDetails(spec.sensitive) : nullptr,
                                             nullptr});
    for (std::size_t g = 0; g < plan.groupCount(); ++g)
        for (const int v : plan.valuesOf(g))
            stTable->add({std::to_string(g + 1), sCategories[static_cast<std::size_t>(v)], "1"});
    return stTable;
}

// Both tables in one transaction: the QIT (the source's column types, group an integer), then the ST.
std::unique_ptr<ReleaseTarget> anatomySqlTables(const Options& options, const DataSource& source,
                                                const AnatomyOutputs& o, int l, const AnalysisSpec& spec,
                                                std::size_t sColumn, const AnatomyPlan& plan,
                                                const std::vector<std::string>& sCategories)
{
    auto table = std::make_unique<sql::SqlReleaseTable>(
        releaseDatabase(source), o.qitPath, options.flag("force"),
        [&source, &o, l](const StreamReleaseReport&) {
            return "RR Explorer release: anatomy (l = " + std::to_string(l) + ") of " + source.description() +
                   ", QI table " + o.qitPath + " and sensitive table " + o.stPath;
        },
        binnedAttributeNames(source));
    sql::CompanionTable st;
    st.table = o.stPath;
    st.columns = {{"group", std::nullopt}, {spec.sensitive, sColumn}, {"count", std::nullopt}};
    st.types = {"INTEGER", "", "INTEGER"};
    st.rows = [&plan, &sCategories](const std::function<void(const std::vector<std::string>&)>& row) {
        for (std::size_t g = 0; g < plan.groupCount(); ++g)
            for (const int v : plan.valuesOf(g))
                row({std::to_string(g + 1), sCategories[static_cast<std::size_t>(v)], "1"});
    };
    table->addTable(std::move(st));
    return table;
}

// The source, the roles, and the counts of QI x S the groups are planned from (one streaming pass).
struct AnatomyCounts {
    std::shared_ptr<const DataSource> source;
    AnalysisSpec spec;
    PreparedTable counts;
};

AnatomyCounts anatomyCounts(const Options& options)
{
    AnatomyCounts c;
    c.source = openSource(options);
    if (c.source->isWeighted())
        throw InputError("anatomy groups individual records; the table holds aggregated counts");
    c.spec = rolesFrom(options);
    const std::vector<std::string> analysed = c.spec.analysed();
    for (const std::string& q : c.spec.quasiIdentifiers)
        if (q == "group")
            throw InputError("the QI table adds a column 'group'; rename the attribute 'group' first");
    c.counts = c.source->aggregate(analysed, c.spec.policy, keepRunningProgress());
    return c;
}

// What the command prints: the tables, the groups and the largest risk the release leaves.
Json anatomyJson(const AnatomyOutputs& o, int l, const StreamReleaseReport& written, const PreparedTable& counts,
                 const AnatomyPlan& plan, const AnatomyQitRelease& qitRelease, double seconds)
{
    Json j;
    j[o.toTables ? "qit_table" : "qit"] = o.qitPath;
    j[o.toTables ? "st_table" : "st"] = o.stPath;
    j["l"] = l;
    j["rows"] = written.randomization.rows;
    j["dropped_rows"] = counts.droppedRows;
    j["groups"] = plan.groupCount();
    j["residue_records"] = plan.residueRecords;
    j["max_risk"] = maxPosteriorRisk(counts.joint, qitRelease.estimator->estimate());
    j["order"] = written.randomOrder ? "random" : "source";
    j["seconds"] = seconds;
    return j;
}

Json runAnatomy(const Options& options)
{
    const AnatomyOutputs o = anatomyOutputs(options);
    const int l = wholeLOption(options);

    const auto start = std::chrono::steady_clock::now();
    // The groups are planned from the counts of each sensitive value (one streaming pass); the records are
    // read once more to write the QI table, each record's group following from its rank among the records
    // with its sensitive value (Xiao and Tao's buckets are emptied in table order).
    const AnatomyCounts in = anatomyCounts(options);
    const DataSource& source = *in.source;
    const AnalysisSpec& spec = in.spec;
    const PreparedTable& counts = in.counts;
    const std::size_t m = spec.quasiIdentifiers.size();
    const std::vector<std::string>& sCategories = counts.categories[m];
    const auto planned =
        std::make_shared<const AnatomyPlan>(planAnatomyFromCounts(counts.joint, l, spec.sensitive, sCategories));
    const AnatomyPlan& plan = *planned;

    // QIT: the QI columns and the group; the records in random order unless --keep-order.
    const std::vector<std::string> columns = source.attributeNames();
    AnatomyQitRelease qitRelease = anatomyQitReleasePlan(columns, spec, counts.categories, planned, counts.records);
    ReleasePlan& release = qitRelease.plan;
    release.missingToken = missingToken(options);
    release.keepOrder = options.flag("keep-order");
    const double n = counts.records;
    const auto sColumn = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), spec.sensitive) -
                                                  columns.begin()); // S's column in the source (counted: it is there)
    // ST: group, sensitive value, count (1: a group's values are distinct); with the QIT, both or neither. As a
    // statistical file, S keeps the source's value labels.
    const std::unique_ptr<StatTableWriter> stTable = statSensitiveTable(o.stPath, source, spec, plan, sCategories);
    const StreamWriter stWriter = [&](std::ostream& out) {
        if (stTable) {
            stTable->write(out);
            return;
        }
        writeSensitiveTableCsv(out, plan, spec.sensitive, sCategories);
    };
    RandomSource rng = RandomSource::secure();
    std::unique_ptr<ReleaseTarget> qit;
    std::vector<FileWrite> stFile;
    if (o.toTables) {
        qit = anatomySqlTables(options, source, o, l, spec, sColumn, plan, sCategories);
    } else {
        qit = fileReleaseTarget(source, o.qitPath, release.missingToken);
        stFile.push_back({o.stPath, stWriter});
    }
    const StreamReleaseReport written = streamRelease(
        source, release, rng, *qit,
        [&](const StreamReleaseReport& r) {
            if (r.randomization.rows != static_cast<std::size_t>(n))
                throw InputError("anatomy: the records changed while they were read (" +
                                 std::to_string(r.randomization.rows) + " now, " + std::to_string(n) + " counted)");
        },
        [&](const StreamReleaseReport&) { return stFile; }, keepRunningProgress());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return anatomyJson(o, l, written, counts, plan, qitRelease, seconds);
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
        "'group') and PREFIX.st.csv ('group', the sensitive attribute, 'count'), or both as SPSS, Stata or SAS "
        "transport files (--out-format; value labels kept). Needs individual records and no "
        "sensitive value on more than 1/l of them. The groups are planned from the counts and the QI table is "
        "written streamed, its records in a uniformly random order unless --keep-order. max_risk is "
        "max_r Pr(S_r | QI_r) (003 Definition 7), at most 1/l.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    for (auto& o : roleOptions())
        c.options.push_back(o);
    c.options.push_back({"l", "L", "the number of distinct sensitive values per group, a whole number 2..1000000"});
    c.options.push_back(
        {"keep-order", "", "keep the source's record order in the QI table (a risk: records can be aligned)"});
    c.options.push_back({"out", "PREFIX", "prefix of the two files written (both or neither, atomically)"});
    c.options.push_back({"out-format", "F", "csv (default), sav, dta or xpt: the format of both files"});
    c.options.push_back({"out-sql-table", "PREFIX",
                         "instead of --out: the tables PREFIX_qit and PREFIX_st in the database of --sql-url, created "
                         "and filled in one transaction (both or neither; existing ones replaced only with --force)"});
    c.options.push_back(releaseForceOption());
    c.run = runAnatomy;
    return c;
}

} // namespace rr::cli
