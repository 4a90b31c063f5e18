#include "core/analysis/ComparisonRun.h"

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

void addReleasedTables(ComparisonRun& run, const std::vector<int>& qi, int s)
{
    const Table& records = *run.records;
    for (const ComparisonResult& r : run.sweep.results) {
        run.generalized.push_back(
            r.search.found
                ? std::make_shared<const Table>(
                      generalizeTable(records, qi, run.hierarchies, r.search.partition, r.search.assessment).table)
                : nullptr);
        const bool anatomy = r.anatomy.available;
        run.qit.push_back(anatomy ? std::make_shared<const Table>(quasiIdentifierTable(records, qi, r.anatomyRelease))
                                  : nullptr);
        run.st.push_back(anatomy ? std::make_shared<const Table>(sensitiveTable(records, s, r.anatomyRelease))
                                 : nullptr);
    }
}

} // namespace

ComparisonRun runComparison(const Table& table, const ComparisonRequest& request,
                            const std::function<bool(int done, int total)>& progress)
{
    checkRoles(request.spec);
    if (request.lMin < kMinComparisonL || request.lMax < request.lMin)
        throw InputError("the comparison needs 2 <= l_min <= l_max, got " + std::to_string(request.lMin) + ".." +
                         std::to_string(request.lMax));
    ComparisonRun run;
    std::vector<int> used = table.attributeIndices(request.spec.analysed());
    run.records = std::make_shared<const Table>(completeRecords(table, used, request.spec.policy, &run.droppedRows));
    const Table& records = *run.records;
    const std::vector<int> qi = records.attributeIndices(request.spec.quasiIdentifiers);
    const int s = records.attributeIndex(request.spec.sensitive);
    run.hierarchies = loadGeneralizations(records, qi, request.hierarchyFolder);

    StageProgress stages(request.lMin, request.lMax, progress);
    ComparisonOptions options = request.options;
    options.keepRunning = [&stages] { return stages.keepRunning(); };
    if (options.tCloseness && options.tMeasure == GroundDistance::Hierarchical && !options.sensitiveHierarchy)
        options.sensitiveHierarchy = sensitiveHierarchyFrom(request.hierarchyFolder, records.attributes.at(s));
    run.sweep = compareAcrossL(records, qi, s, run.hierarchies, options, request.lMin, request.lMax,
                               [&stages](int l, const std::string& stage) { return stages.at(l, stage); });
    if (request.releasedTables)
        addReleasedTables(run, qi, s);
    if (!stages.finished())
        throw ComparisonCancelled();
    return run;
}

} // namespace rr
