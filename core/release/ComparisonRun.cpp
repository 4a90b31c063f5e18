#include "core/release/ComparisonRun.h"

#include "core/release/BaselineRelease.h"
#include "core/release/ComparisonSource.h"
#include "core/release/StreamRelease.h"
#include "core/anonymization/Anatomy.h"
#include "core/anonymization/Generalization.h"
#include "core/anonymization/TCloseness.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <iterator>
#include <unistd.h>

namespace rr {
namespace {

constexpr int kStagesPerL = static_cast<int>(std::size(kComparisonStages));

int stageIndex(const std::string& stage)
{
    for (int i = 0; i < kStagesPerL; ++i)
        if (stage == kComparisonStages[i])
            return i;
    return 0;
}

// Stage counts for a progress bar: the stage about to start, never past the total.
class StageProgress {
public:
    StageProgress(int lMin, int lMax, const std::function<bool(int, int)>& report)
        : m_lMin(lMin), m_total((lMax - lMin + 1) * kStagesPerL), m_report(report)
    {}
    bool at(int l, const std::string& stage)
    {
        m_done = std::max(m_done, std::min(m_total, (l - m_lMin) * kStagesPerL + stageIndex(stage)));
        return !m_report || m_report(m_done, m_total);
    }
    bool finished() { return !m_report || m_report(m_total, m_total); }
    bool keepRunning() const { return !m_report || m_report(m_done, m_total); }

private:
    int m_lMin, m_total, m_done = 0;
    const std::function<bool(int, int)>& m_report;
};

// The released tables of each l to show, from the kept records in memory (their categories coded as the counts').
void addReleasedTables(ComparisonRun& run, const DataSource& source, const ComparisonRequest& request,
                       const PreparedTable& counts)
{
    if (counts.loadedRows > kDefaultMaxRecords) {
        std::string limit = std::to_string(kDefaultMaxRecords); // "5,000,000"
        for (auto i = static_cast<std::ptrdiff_t>(limit.size()) - 3; i > 0; i -= 3)
            limit.insert(static_cast<std::size_t>(i), ",");
        run.tablesNote = "the released tables are shown for at most " + limit +
                         " records; Export tables writes them for any number, streamed from the data";
        run.generalized.assign(run.sweep.results.size(), nullptr);
        run.qit.assign(run.sweep.results.size(), nullptr);
        run.st.assign(run.sweep.results.size(), nullptr);
        return;
    }
    const Table all = source.records(kDefaultMaxRecords);
    std::vector<int> used = all.attributeIndices(request.spec.analysed());
    // Only the QIs and S, in the source's order: what the export writes (no other column in clear).
    Table complete = completeRecords(all, used, request.spec.policy);
    std::sort(used.begin(), used.end());
    Table shown;
    shown.weights = std::move(complete.weights);
    for (const int a : used)
        shown.attributes.push_back(std::move(complete.attributes[static_cast<std::size_t>(a)]));
    run.records = std::make_shared<const Table>(std::move(shown));
    const Table& records = *run.records;
    const std::vector<int> qi = records.attributeIndices(request.spec.quasiIdentifiers);
    const int s = records.attributeIndex(request.spec.sensitive);
    for (std::size_t i = 0; i < counts.names.size(); ++i)
        if (records.attributes.at(static_cast<std::size_t>(records.attributeIndex(counts.names[i]))).categories !=
            counts.categories[i])
            throw InputError("the comparison: the records changed while they were read ('" + counts.names[i] +
                             "' has other categories now)");
    for (const ComparisonResult& r : run.sweep.results) {
        run.generalized.push_back(
            r.search.found
                ? std::make_shared<const Table>(
                      generalizeTable(records, qi, run.hierarchies, r.search.partition, r.search.assessment).table)
                : nullptr);
        if (!r.anatomy.available) {
            run.qit.push_back(nullptr);
            run.st.push_back(nullptr);
            continue;
        }
        const AnatomyRelease release = anatomize(records, s, r.l);
        run.qit.push_back(std::make_shared<const Table>(quasiIdentifierTable(records, qi, release)));
        run.st.push_back(std::make_shared<const Table>(sensitiveTable(records, s, release)));
    }
}

} // namespace

ComparisonRun runComparison(const DataSource& source, const ComparisonRequest& request,
                            const std::function<bool(int done, int total)>& progress)
{
    checkRoles(request.spec);
    if (request.lMin < kMinComparisonL || request.lMax < request.lMin)
        throw InputError("the comparison needs 2 <= l_min <= l_max, got " + std::to_string(request.lMin) + ".." +
                         std::to_string(request.lMax));
    StageProgress stages(request.lMin, request.lMax, progress);
    const std::vector<std::string> analysed = request.spec.analysed();
    // Counts over QI x S: every method but anatomy needs only these (an equivalence class is a set of cells).
    const PreparedTable counts = [&] {
        try {
            return source.aggregate(analysed, request.spec.policy, [&](double) { return stages.keepRunning(); });
        } catch (const Cancelled&) {
            throw ComparisonCancelled();
        }
    }();
    ComparisonRun run;
    run.rows = counts.keptRows();
    run.droppedRows = counts.droppedRows;
    run.spec = request.spec;
    run.counts = std::make_shared<const PreparedTable>(counts);
    const std::size_t m = request.spec.quasiIdentifiers.size();
    Table domains; // the attributes' categories, to bind their hierarchies
    std::vector<int> qi;
    for (std::size_t i = 0; i < analysed.size(); ++i) {
        domains.attributes.push_back(Attribute{analysed[i], counts.categories[i], {}});
        if (i < m)
            qi.push_back(static_cast<int>(i));
    }
    run.hierarchies = loadGeneralizations(domains, qi, request.hierarchyFolder);

    ComparisonOptions options = request.options;
    options.keepRunning = [&stages] { return stages.keepRunning(); };
    if (options.tCloseness && options.tMeasure == GroundDistance::Hierarchical && !options.sensitiveHierarchy)
        options.sensitiveHierarchy = sensitiveHierarchyFrom(request.hierarchyFolder, domains.attributes.back());
    const ComparisonRecords records = comparisonRecords(source, request.spec, counts);
    run.sweep = compareAcrossL(records, run.hierarchies, options, request.lMin, request.lMax,
                               [&stages](int l, const std::string& stage) { return stages.at(l, stage); });
    if (request.releasedTables)
        addReleasedTables(run, source, request, counts);
    if (!stages.finished())
        throw ComparisonCancelled();
    return run;
}

std::vector<std::string> exportComparisonTables(const DataSource& source, const ComparisonRun& run, int l,
                                                const std::string& prefix, const ProgressFunction& progress)
{
    const auto i = static_cast<std::size_t>(l - run.sweep.lMin);
    if (l < run.sweep.lMin || i >= run.sweep.results.size())
        throw InputError("no comparison at l = " + std::to_string(l));
    if (!run.counts)
        throw InputError("the released tables are not saved in sessions: press Compare to build them again");
    const ComparisonResult& r = run.sweep.results[i];
    const bool generalized = r.search.found, anatomy = r.anatomy.available;
    if (!generalized && !anatomy)
        throw InputError("no release to export at this l (neither l-diversity nor anatomy gave one)");
    const PreparedTable& counts = *run.counts;
    const std::vector<std::string> columns = source.attributeNames();
    RandomSource rng = RandomSource::secure();
    const double share = generalized && anatomy ? 0.5 : 1.0;
    std::vector<std::string> written;
    const std::string generalizedPath = prefix + ".generalized.csv";
    const bool existed = ::access(generalizedPath.c_str(), F_OK) == 0;
    if (generalized) {
        const ReleasePlan plan =
            generalizationReleasePlan(columns, run.spec, counts.categories, run.hierarchies, r.search, {});
        streamRelease(source, plan, rng, generalizedPath, {}, {},
                      [&](double f) { return !progress || progress(f < 0 ? f : f * share); });
        written.push_back(generalizedPath);
    }
    if (!anatomy)
        return written;
    try {
        const std::size_t m = run.spec.quasiIdentifiers.size();
        const std::vector<std::string>& sCategories = counts.categories[m];
        const auto planned = std::make_shared<const AnatomyPlan>(
            planAnatomyFromCounts(counts.joint, l, run.spec.sensitive, sCategories));
        const AnatomyQitRelease qit = anatomyQitReleasePlan(columns, run.spec, counts.categories, planned, counts.records);
        const std::string stPath = prefix + ".st.csv";
        const StreamWriter st = [&](std::ostream& o) { writeSensitiveTableCsv(o, *planned, run.spec.sensitive, sCategories); };
        streamRelease(
            source, qit.plan, rng, prefix + ".qit.csv",
            [&](const StreamReleaseReport& report) {
                if (static_cast<double>(report.randomization.rows) != counts.records)
                    throw InputError("anatomy: the records changed since they were compared (" +
                                     std::to_string(report.randomization.rows) + " now); press Compare again");
            },
            [&](const StreamReleaseReport&) { return std::vector<FileWrite>{{stPath, st}}; },
            [&](double f) { return !progress || progress(f < 0 ? f : 1 - share + f * share); });
        written.push_back(prefix + ".qit.csv");
        written.push_back(stPath);
    } catch (...) {
        if (generalized && !existed) // the tables are one set: not the first without the others
            ::unlink(generalizedPath.c_str());
        throw;
    }
    return written;
}

} // namespace rr
