#include "ui/session/ViewResolution.h"

#include "core/analysis/Retention.h"

#include <algorithm>

namespace rr::ui {

ResolvedView resolveView(const PreparedAnalysis& a, const ViewChoices& v)
{
    ResolvedView r;
    auto axis = [&](const std::string& name, int fallback) {
        const int ax = name.empty() ? -1 : a.axisOf(name);
        return ax >= 0 ? ax : fallback;
    };
    auto pair = [&](const std::string& first, const std::string& second) {
        std::vector<int> axes{axis(first, 0)};
        const int b = second.empty() ? -1 : a.axisOf(second);
        if (b >= 0 && b != axes[0])
            axes.push_back(b);
        return axes;
    };
    r.distributionAxes = pair(v.distributionA, v.distributionB);
    r.intervalAxes = pair(v.intervalsA, v.intervalsB);
    const int vary = a.axisOf(v.intervalsVary);
    r.intervalVaryAxis = std::find(r.intervalAxes.begin(), r.intervalAxes.end(), vary) != r.intervalAxes.end()
                             ? vary
                             : r.intervalAxes.front();
    const long long cell = a.cellIndex(r.intervalAxes, v.intervalsCell);
    if (cell >= 0) {
        r.intervalCell = static_cast<std::size_t>(cell);
    } else { // default: the largest cell of the marginal
        const Eigen::VectorXd counts = a.joint.marginal(r.intervalAxes).counts();
        Eigen::Index best = 0;
        counts.maxCoeff(&best);
        r.intervalCell = static_cast<std::size_t>(best);
    }
    r.surfaceX = axis(v.surfaceX, 0);
    r.surfaceY = axis(v.surfaceY, a.sensitiveAxis());
    if (r.surfaceY == r.surfaceX)
        r.surfaceY = r.surfaceX == a.sensitiveAxis() ? 0 : a.sensitiveAxis();
    if (v.surfaceSelectedRecord) {
        std::vector<int> all(static_cast<std::size_t>(a.axisCount()));
        for (int i = 0; i < a.axisCount(); ++i)
            all[static_cast<std::size_t>(i)] = i;
        const long long c = a.cellIndex(all, v.selectedRecord);
        if (c >= 0 && a.joint.counts()[static_cast<Eigen::Index>(c)] > 0)
            r.surfaceCell = static_cast<Eigen::Index>(c);
    }
    return r;
}

ViewChoices shownChoices(const PreparedAnalysis& a, const ViewChoices& view)
{
    ViewChoices v = view;
    const ResolvedView r = resolveView(a, view);
    v.surfaceX = a.names[static_cast<std::size_t>(r.surfaceX)];
    v.surfaceY = a.names[static_cast<std::size_t>(r.surfaceY)];
    std::vector<int> all(static_cast<std::size_t>(a.axisCount()));
    for (int i = 0; i < a.axisCount(); ++i)
        all[static_cast<std::size_t>(i)] = i;
    const long long cell = v.selectedRecord.empty() ? -1 : a.cellIndex(all, v.selectedRecord);
    if (cell < 0 || a.joint.counts()[static_cast<Eigen::Index>(cell)] <= 0) {
        v.selectedRecord.clear();
        v.surfaceSelectedRecord = false;
    }
    return v;
}

std::map<std::string, double> retentionsInUse(const AnalysisSpec& spec, const std::map<std::string, double>& p)
{
    std::map<std::string, double> out;
    for (const std::string& name : spec.allAttributes())
        if (const auto it = p.find(name); it != p.end())
            out.emplace(*it);
    return out;
}

std::vector<double> effectiveRetentions(const PreparedAnalysis& a, const AnalysisState& state)
{
    return retentionsInMode(a, state.mode(), state.retentions());
}

FrameRequest buildFrameRequest(const PreparedAnalysis& a, const AnalysisState& state, std::uint64_t generation)
{
    const ResolvedView v = resolveView(a, state.view());
    const ViewChoices& view = state.view();
    FrameRequest r;
    r.generation = generation;
    r.p = effectiveRetentions(a, state);
    r.metric = view.metric;
    r.risk.tau = state.tau();
    r.distribution.axes = v.distributionAxes;
    r.distribution.seed = view.seed;
    r.distribution.alpha = view.alpha;
    r.distribution.kind = view.kind;
    r.distribution.firstRank = std::max(0, view.distributionFirstRank);
    r.intervals.axes = v.intervalAxes;
    r.intervals.cell = v.intervalCell;
    r.intervals.varyAxis = v.intervalVaryAxis;
    r.intervals.alpha = view.alpha;
    r.intervals.seed = view.seed;
    return r;
}

} // namespace rr::ui
