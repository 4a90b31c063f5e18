#include "core/analysis/AnalysisMemory.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rr {

double labelBytes(const std::vector<std::string>& labels)
{
    double bytes = 0;
    for (const auto& label : labels)
        bytes += double(kBytesPerLabel) + (label.size() > 15 ? double(kLabelCopies * (label.size() + 1)) : 0.0);
    return bytes;
}

double labelBytes(const std::vector<std::vector<std::string>>& categories)
{
    double bytes = 0;
    for (const auto& labels : categories)
        bytes += labelBytes(labels);
    return bytes;
}

AnalysisMemory analysisMemory(const std::vector<int>& dims, int threads, double labels)
{
    AnalysisMemory m;
    m.labels = labels;
    m.bytes = labels;
    if (dims.empty())
        return m;
    m.cells = 1;
    for (int d : dims)
        m.cells *= std::max(d, 1);
    m.qiCells = m.cells / std::max(dims.back(), 1);
    const double extra = std::max(threads, 1) - 1;
    m.bytes += m.cells * double(kBytesPerCell + kSummaryBytesPerCell + extra * kThreadBytesPerCell) +
               m.qiCells * double(kBytesPerQiCell + extra * kThreadBytesPerQiCell) +
               (dims.size() > 1 ? m.qiCells / std::max(dims.front(), 1) * double((1 + extra) * kWorkBytesPerFirstAxisColumn)
                                : 0.0);
    return m;
}

std::vector<FittingSet> largestFittingSets(const std::vector<std::string>& names, const std::vector<int>& qiDims,
                                           int ds, std::size_t budget, int threads, std::size_t limit, double labels)
{
    const std::size_t n = names.size();
    if (n > 20) // 2^20 subsets: beyond that the search itself is the problem; say nothing
        return {};
    std::vector<FittingSet> fits;
    std::vector<std::uint32_t> masks;
    for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
        std::vector<int> dims;
        for (std::size_t k = 0; k < n; ++k)
            if (mask & (1u << k))
                dims.push_back(qiDims[k]);
        dims.push_back(ds);
        const AnalysisMemory m = analysisMemory(dims, threads, labels);
        if (m.bytes > double(budget))
            continue;
        FittingSet f;
        for (std::size_t k = 0; k < n; ++k)
            if (mask & (1u << k))
                f.quasiIdentifiers.push_back(names[k]);
        f.memory = m;
        fits.push_back(std::move(f));
        masks.push_back(mask);
    }
    // Maximal: no other fitting set holds this one and more.
    std::vector<FittingSet> maximal;
    for (std::size_t i = 0; i < fits.size(); ++i) {
        bool contained = false;
        for (std::size_t j = 0; j < fits.size() && !contained; ++j)
            contained = j != i && (masks[i] & masks[j]) == masks[i];
        if (!contained)
            maximal.push_back(fits[i]);
    }
    std::stable_sort(maximal.begin(), maximal.end(), [](const FittingSet& a, const FittingSet& b) {
        if (a.quasiIdentifiers.size() != b.quasiIdentifiers.size())
            return a.quasiIdentifiers.size() > b.quasiIdentifiers.size();
        return a.memory.cells > b.memory.cells;
    });
    if (maximal.size() > limit)
        maximal.resize(limit);
    return maximal;
}

void checkAnalysisMemory(const std::vector<std::string>& names, const std::vector<int>& dims, std::size_t budget,
                         int threads, double labels)
{
    const AnalysisMemory m = analysisMemory(dims, threads, labels);
    if (m.bytes <= double(budget))
        return;
    std::string list;
    for (const auto& n : names)
        list += (list.empty() ? "" : ", ") + n;
    char cells[64];
    std::snprintf(cells, sizeof cells, "%.4g", m.cells);
    std::string message = "the analysis over " + list + " has " + cells + " cells and needs up to " +
                          formatBytes(m.bytes) + " (" + std::to_string(kBytesPerCell + kSummaryBytesPerCell) +
                          " B per cell" + (labels > 0 ? ", " + formatBytes(labels) + " for the category labels" : "") +
                          "), over the memory budget of " + formatBytes(double(budget));
    if (names.size() >= 2 && names.size() == dims.size()) {
        const std::vector<std::string> qi(names.begin(), names.end() - 1);
        const std::vector<int> qiDims(dims.begin(), dims.end() - 1);
        const auto fits = largestFittingSets(qi, qiDims, dims.back(), budget, threads, 3, labels);
        if (fits.empty()) {
            message += "; no quasi-identifier fits beside '" + names.back() + "'";
        } else {
            message += "; quasi-identifier sets that fit beside '" + names.back() + "':";
            for (const auto& f : fits) {
                std::string set;
                for (const auto& q : f.quasiIdentifiers)
                    set += (set.empty() ? "" : ", ") + q;
                message += " {" + set + "} (" + formatBytes(f.memory.bytes) + ")";
            }
        }
    }
    throw InputError(message);
}

void checkAnalysisMemory(const SourceSummary& summary, const AnalysisSpec& spec, std::size_t budget, int threads)
{
    const std::vector<std::string> names = spec.analysed();
    std::vector<int> dims;
    double labels = 0;
    for (const auto& n : names) {
        const auto& categories = summary.attribute(n).categories;
        dims.push_back(static_cast<int>(std::max<std::size_t>(categories.size(), 1)));
        labels += labelBytes(categories);
    }
    checkAnalysisMemory(names, dims, budget, threads, labels);
}

std::string formatBytes(double bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024 && u < 6) {
        bytes /= 1024;
        ++u;
    }
    char out[64];
    std::snprintf(out, sizeof out, bytes < 10 && u > 0 ? "%.1f %s" : "%.0f %s", bytes, units[u]);
    return out;
}

} // namespace rr
