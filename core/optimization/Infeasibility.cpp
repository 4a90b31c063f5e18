#include "core/optimization/Infeasibility.h"

#include "core/data/CountText.h"

#include "core/optimization/ModeLimit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rr {

std::vector<BlockingGroup> blockingGroups(const DisclosureRiskModel& model, RandomizationMode mode, double tau,
                                          std::size_t cap)
{
    const Eigen::VectorXd minimum = model.propertyOneMinimum(mode); // 003 Property 1
    const Eigen::VectorXd& counts = model.joint().counts();
    const auto ds = static_cast<std::size_t>(model.dims().back());
    std::vector<BlockingGroup> out;
    for (Eigen::Index i : model.presentCells()) {
        if (!reachesTau(minimum[i], tau))
            continue;
        BlockingGroup b;
        b.cell = static_cast<std::size_t>(i);
        b.records = counts[i];
        const std::size_t first = (b.cell / ds) * ds;
        for (std::size_t u = 0; u < ds; ++u)
            b.groupRecords += counts[static_cast<Eigen::Index>(first + u)];
        b.share = b.groupRecords > 0 ? b.records / b.groupRecords : 0;
        out.push_back(b);
    }
    std::stable_sort(out.begin(), out.end(), [](const BlockingGroup& a, const BlockingGroup& b) {
        return a.records > b.records || (a.records == b.records && a.share > b.share);
    });
    if (out.size() > cap)
        out.resize(cap);
    return out;
}

int bestWholeL(const DisclosureRiskModel& model, RandomizationMode mode, const OptimizationOptions& options)
{
    const int ds = model.dims().back();
    const Eigen::VectorXd minimum = model.propertyOneMinimum(mode);
    double lowest = 0;
    for (Eigen::Index i : model.presentCells())
        lowest = std::max(lowest, minimum[i]);
    int l = ds;
    while (l >= 2 && reachesTau(lowest, 1.0 / l)) // Property 1: no p in the mode meets 1/l
        --l;
    OptimizationOptions o = options;
    o.mode = mode;
    o.warmDirection.clear();
    o.objective = nullptr;
    DisclosureRiskModel copy = model;
    for (; l >= 2; --l) { // the search itself decides near the edge
        o.tau = 1.0 / l;
        if (optimizeParameters(copy, o).feasible)
            return l;
    }
    return 1;
}

std::vector<ReachableL> bestWholeLPerMode(const DisclosureRiskModel& model, const OptimizationOptions& options)
{
    std::vector<ReachableL> out;
    for (RandomizationMode m : {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both})
        out.push_back({m, bestWholeL(model, m, options)});
    return out;
}

bool bothReaches(const std::vector<ReachableL>& reach, RandomizationMode mode, double targetL)
{
    if (mode == RandomizationMode::Both)
        return false;
    for (const ReachableL& r : reach)
        if (r.mode == RandomizationMode::Both)
            return r.l >= targetL;
    return false;
}

std::string reachableLSentence(const std::vector<ReachableL>& reach, RandomizationMode mode, double targetL)
{
    std::string inMode;
    std::string others;
    for (const ReachableL& r : reach) {
        const std::string meets = r.l >= 2 ? "reaches l = " + std::to_string(r.l) : "cannot go beyond l = 1";
        if (r.mode == mode)
            inMode = modeLabel(r.mode) + " " + meets;
        else
            others += (others.empty() ? "" : ", ") + modeLabel(r.mode) + " " + meets;
    }
    std::string out = inMode + " on these data (" + others + ").";
    if (bothReaches(reach, mode, targetL))
        out += " Switching to RR-Both meets the target.";
    return out;
}

namespace {

// "sex = Male, race = White: 670 of 862 have Private (77.7%)".
std::string groupSentence(const BlockingGroup& b, const std::vector<std::string>& names,
                          const std::vector<std::vector<std::string>>& categories)
{
    std::vector<std::string> values(names.size());
    std::size_t cell = b.cell;
    for (std::size_t k = names.size(); k-- > 0;) {
        const std::size_t d = std::max<std::size_t>(categories[k].size(), 1);
        values[k] = categories[k].empty() ? std::string() : categories[k][cell % d];
        cell /= d;
    }
    std::string out;
    for (std::size_t k = 0; k + 1 < names.size(); ++k)
        out += (k ? ", " : "") + names[k] + " = " + values[k];
    char share[32];
    std::snprintf(share, sizeof share, "%.1f%%", 100 * b.share);
    return out + ": " + countText(b.records) + " of " + countText(b.groupRecords) + " have " + values.back() + " (" +
           share + ")";
}

} // namespace

std::string infeasibleExplanation(const DisclosureRiskModel& model, const std::vector<std::string>& names,
                                  const std::vector<std::vector<std::string>>& categories,
                                  const OptimizationOptions& options, const std::vector<ReachableL>& reach)
{
    std::string out;
    const std::vector<BlockingGroup> groups = blockingGroups(model, options.mode, options.tau, 3);
    for (const BlockingGroup& b : groups)
        out += (out.empty() ? "" : "; ") + groupSentence(b, names, categories);
    if (!out.empty())
        out = "These groups keep the target out of reach: " + out + ". ";
    out += reachableLSentence(reach, options.mode, 1.0 / options.tau);
    out += " Merging categories of the quasi-identifiers or dropping one makes groups larger and their shares less "
           "telling; a smaller l is met as said.";
    return out;
}

} // namespace rr
