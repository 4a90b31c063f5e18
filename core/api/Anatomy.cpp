#include "core/api/Anatomy.h"

#include "core/anonymization/Anatomy.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "core/datasource/BinnedSource.h"
#include "core/datasource/PreparedTable.h"
#include "core/release/BaselineRelease.h"
#include "core/sources/SqlReleaseTable.h"
#include "core/statfiles/StatFileReleaseTarget.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace rr::api {
namespace {

// PREFIX_qit and PREFIX_st for the table prefix PREFIX (`schema.prefix` -> `schema.prefix_qit`).
std::string tableWithSuffix(const std::string& prefix, const std::string& suffix)
{
    sql::TableName t = sql::parseTableName(prefix);
    t.parts.back() += suffix;
    return t.display();
}

// The source, the roles, and the counts of QI x S the groups are planned from (one streaming pass).
struct AnatomyCounts {
    std::shared_ptr<const DataSource> source;
    PreparedTable counts;
};

AnatomyCounts anatomyCounts(const AnatomyRequest& request, const ProgressFunction& progress)
{
    AnatomyCounts c;
    c.source = openData(request.data);
    if (c.source->isWeighted())
        throw InputError("anatomy groups individual records; the table holds aggregated counts");
    checkRoles(request.roles);
    for (const std::string& q : request.roles.quasiIdentifiers)
        if (q == "group")
            throw InputError("the QI table adds a column 'group'; rename the attribute 'group' first");
    c.counts = c.source->aggregate(request.roles.analysed(), request.roles.policy, progress);
    return c;
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
std::unique_ptr<ReleaseTarget> anatomySqlTables(const DataSource& source, const AnatomyOutputs& o, int l,
                                                const AnalysisSpec& spec, std::size_t sColumn, const AnatomyPlan& plan,
                                                const std::vector<std::string>& sCategories)
{
    auto table = std::make_unique<sql::SqlReleaseTable>(
        releaseDatabase(source), o.qitPath, o.force,
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

// What the groups are planned from and written with.
struct PlannedAnatomy {
    std::shared_ptr<const AnatomyPlan> plan;
    AnatomyQitRelease qit;
    std::size_t sColumn = 0; // S's column in the source (counted: it is there)
};

PlannedAnatomy planned(const AnatomyRequest& request, const DataSource& source, const PreparedTable& counts)
{
    const AnalysisSpec& spec = request.roles;
    const std::vector<std::string>& sCategories = counts.categories[spec.quasiIdentifiers.size()];
    PlannedAnatomy p;
    p.plan = std::make_shared<const AnatomyPlan>(
        planAnatomyFromCounts(counts.joint, request.l, spec.sensitive, sCategories));
    // QIT: the QI columns and the group; the records in random order unless keepOrder.
    const std::vector<std::string> columns = source.attributeNames();
    p.qit = anatomyQitReleasePlan(columns, spec, counts.categories, p.plan, counts.records);
    p.qit.plan.missingToken = request.missingToken;
    p.qit.plan.keepOrder = request.keepOrder;
    p.sColumn = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), spec.sensitive) - columns.begin());
    return p;
}

// Both tables written, the ST with the QIT (both or neither); the records counted again as they are read.
StreamReleaseReport writeAnatomy(const AnatomyRequest& request, const DataSource& source, const PreparedTable& counts,
                                 const PlannedAnatomy& p, const ProgressFunction& progress)
{
    const AnalysisSpec& spec = request.roles;
    const AnatomyOutputs& o = request.outputs;
    const AnatomyPlan& plan = *p.plan;
    const std::vector<std::string>& sCategories = counts.categories[spec.quasiIdentifiers.size()];
    // ST: group, sensitive value, count (1: a group's values are distinct). As a statistical file, S keeps the
    // source's value labels.
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
        qit = anatomySqlTables(source, o, request.l, spec, p.sColumn, plan, sCategories);
    } else {
        qit = fileReleaseTarget(source, o.qitPath, p.qit.plan.missingToken);
        stFile.push_back({o.stPath, stWriter});
    }
    const double n = counts.records;
    const auto sameRecords = [n](const StreamReleaseReport& r) {
        if (r.randomization.rows != static_cast<std::size_t>(n))
            throw InputError("anatomy: the records changed while they were read (" +
                             std::to_string(r.randomization.rows) + " now, " + std::to_string(n) + " counted)");
    };
    return streamRelease(
        source, p.qit.plan, rng, *qit, sameRecords, [&](const StreamReleaseReport&) { return stFile; }, progress);
}

} // namespace

AnatomyOutputs anatomyOutputsOf(const std::string& prefix, bool toTables, const std::string& ext)
{
    AnatomyOutputs o;
    o.toTables = toTables;
    if (toTables) {
        o.qitPath = tableWithSuffix(prefix, "_qit");
        o.stPath = tableWithSuffix(prefix, "_st");
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
    return o;
}

AnatomyResult anatomyOf(const AnatomyRequest& request, const ProgressFunction& progress)
{
    std::vector<InputFile> inputs;
    for (const std::string& file : request.data.source.files)
        inputs.emplace_back("--data", file);
    if (!request.outputs.toTables)
        checkOutputsAreNotInputs({request.outputs.qitPath, request.outputs.stPath}, inputs);
    const auto start = std::chrono::steady_clock::now();
    // The groups are planned from the counts of each sensitive value (one streaming pass); the records are
    // read once more to write the QI table, each record's group following from its rank among the records
    // with its sensitive value (Xiao and Tao's buckets are emptied in table order).
    const AnatomyCounts in = anatomyCounts(request, progress);
    const PlannedAnatomy p = planned(request, *in.source, in.counts);
    AnatomyResult r;
    r.outputs = request.outputs;
    r.l = request.l;
    r.written = writeAnatomy(request, *in.source, in.counts, p, progress);
    r.droppedRows = in.counts.droppedRows;
    r.groups = p.plan->groupCount();
    r.residueRecords = p.plan->residueRecords;
    r.maxRisk = maxPosteriorRisk(in.counts.joint, p.qit.estimator->estimate());
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

Json anatomyJson(const AnatomyResult& r)
{
    const AnatomyOutputs& o = r.outputs;
    Json j;
    j[o.toTables ? "qit_table" : "qit"] = o.qitPath;
    j[o.toTables ? "st_table" : "st"] = o.stPath;
    j["l"] = r.l;
    j["rows"] = r.written.randomization.rows;
    j["dropped_rows"] = r.droppedRows;
    j["groups"] = r.groups;
    j["residue_records"] = r.residueRecords;
    j["max_risk"] = r.maxRisk;
    j["order"] = r.written.randomOrder ? "random" : "source";
    j["seconds"] = r.seconds;
    return j;
}

} // namespace rr::api
