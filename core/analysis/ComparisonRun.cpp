#include "core/analysis/ComparisonRun.h"

#include "core/analysis/ComparisonSource.h"
#include "core/anonymization/Anatomy.h"
#include "core/anonymization/Generalization.h"
#include "core/anonymization/TCloseness.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <iterator>

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

// The released tables of each l, from the kept records in memory (their categories coded as the counts').
void addReleasedTables(ComparisonRun& run, const DataSource& source, const ComparisonRequest& request,
                       const PreparedTable& counts)
{
    if (counts.loadedRows > kDefaultMaxRecords) {
        std::string limit = std::to_string(kDefaultMaxRecords); // "5,000,000"
        for (auto i = static_cast<std::ptrdiff_t>(limit.size()) - 3; i > 0; i -= 3)
            limit.insert(static_cast<std::size_t>(i), ",");
        run.tablesNote = "the released tables are built in memory only for at most " + limit +
                         " records; the CLI's anonymize and anatomy write them for any number, streamed";
        run.generalized.assign(run.sweep.results.size(), nullptr);
        run.qit.assign(run.sweep.results.size(), nullptr);
        run.st.assign(run.sweep.results.size(), nullptr);
        return;
    }
    const Table all = source.records(kDefaultMaxRecords);
    const std::vector<int> used = all.attributeIndices(request.spec.analysed());
    run.records = std::make_shared<const Table>(completeRecords(all, used, request.spec.policy));
    const Table& records = *run.records;
    const std::vector<int> qi = records.attributeIndices(request.spec.quasiIdentifiers);
    const int s = records.attributeIndex(request.spec.sensitive);
    for (std::size_t i = 0; i < used.size(); ++i)
        if (records.attributes.at(static_cast<std::size_t>(used[i])).categories != counts.categories[i])
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

} // namespace rr
