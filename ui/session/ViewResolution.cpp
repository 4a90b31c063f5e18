#include "ui/session/ViewResolution.h"

#include <algorithm>

namespace rr::ui {

long long cellIndexOf(const PreparedAnalysis& a, const std::vector<int>& axes, const std::vector<std::string>& values)
{
    if (values.size() != axes.size())
        return -1;
    long long index = 0;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const auto& cats = a.categories[static_cast<std::size_t>(axes[k])];
        const auto it = std::find(cats.begin(), cats.end(), values[k]);
        if (it == cats.end())
            return -1;
        index = index * static_cast<long long>(cats.size()) + (it - cats.begin());
    }
    return index;
}

std::vector<std::string> cellValuesOf(const PreparedAnalysis& a, const std::vector<int>& axes, std::size_t cell)
{
    std::vector<std::string> out(axes.size());
    for (std::size_t k = axes.size(); k-- > 0;) {
        const auto& cats = a.categories[static_cast<std::size_t>(axes[k])];
        out[k] = cats[cell % cats.size()];
        cell /= cats.size();
    }
    return out;
}

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
    const long long cell = cellIndexOf(a, r.intervalAxes, v.intervalsCell);
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
        const long long c = cellIndexOf(a, all, v.selectedRecord);
        if (c >= 0 && a.joint.counts()[static_cast<Eigen::Index>(c)] > 0)
            r.surfaceCell = static_cast<Eigen::Index>(c);
    }
    return r;
}

std::vector<double> effectiveRetentions(const PreparedAnalysis& a, const AnalysisState& state)
{
    std::vector<double> p(static_cast<std::size_t>(a.axisCount()), 1.0);
    for (int i = 0; i < a.axisCount(); ++i)
        if (axisInMode(state.mode(), i, a.axisCount()))
            p[static_cast<std::size_t>(i)] = clampRetention(a.dims[static_cast<std::size_t>(i)],
                                                            state.retention(a.names[static_cast<std::size_t>(i)]));
    return p;
}

LiveRequest buildLiveRequest(const PreparedAnalysis& a, const AnalysisState& state, std::uint64_t generation)
{
    const ResolvedView v = resolveView(a, state.view());
    LiveRequest r;
    r.generation = generation;
    r.p = effectiveRetentions(a, state);
    r.tau = state.tau();
    r.metric = state.view().metric;
    r.distributionAxes = v.distributionAxes;
    r.seed = state.view().seed;
    r.alpha = state.view().alpha;
    r.kind = state.view().kind;
    r.intervalAxes = v.intervalAxes;
    r.intervalCell = v.intervalCell;
    r.intervalVaryAxis = v.intervalVaryAxis;
    return r;
}

} // namespace rr::ui
