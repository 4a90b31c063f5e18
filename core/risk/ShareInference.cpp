#include "core/risk/ShareInference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rr {

namespace {

// The most common value of one group's d_S counts (the first on a tie), with the group's total.
GroupShare largestShare(const Eigen::VectorXd& counts, std::size_t group, int ds)
{
    GroupShare g;
    g.group = group;
    const std::size_t base = group * static_cast<std::size_t>(ds);
    for (int u = 0; u < ds; ++u) {
        const double n = counts[static_cast<Eigen::Index>(base + static_cast<std::size_t>(u))];
        g.records += n;
        if (n > g.holders) {
            g.holders = n;
            g.value = u;
        }
    }
    g.share = g.records > 0 ? g.holders / g.records : 0;
    return g;
}

// The prior: the most common sensitive value over all records.
void setPrior(ShareInference& out, const Eigen::VectorXd& counts, std::size_t groups, int ds, double total)
{
    std::vector<double> byValue(static_cast<std::size_t>(ds), 0.0);
    for (std::size_t g = 0; g < groups; ++g)
        for (int u = 0; u < ds; ++u)
            byValue[static_cast<std::size_t>(u)] +=
                counts[static_cast<Eigen::Index>(g * static_cast<std::size_t>(ds) + static_cast<std::size_t>(u))];
    const auto top = std::max_element(byValue.begin(), byValue.end()); // the first on a tie
    out.priorValue = static_cast<int>(top - byValue.begin());
    out.priorShare = total > 0 ? *top / total : 0;
}

std::string percent(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100 * share);
    return buf;
}

std::string whole(double n)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", n);
    return buf;
}

const std::string& valueName(const std::vector<std::string>& values, int v)
{
    static const std::string unknown = "?";
    return v >= 0 && static_cast<std::size_t>(v) < values.size() ? values[static_cast<std::size_t>(v)] : unknown;
}

} // namespace

ShareInference shareInference(const ContingencyTable& joint, double tau, std::size_t cap)
{
    ShareInference out;
    if (joint.rank() == 0 || joint.cellCount() == 0)
        return out;
    const int ds = joint.dims().back();
    const std::size_t groups = joint.cellCount() / static_cast<std::size_t>(ds);
    const Eigen::VectorXd& counts = joint.counts();
    double total = 0;
    double guessedRight = 0;
    for (std::size_t g = 0; g < groups; ++g) {
        const GroupShare s = largestShare(counts, g, ds);
        if (!(s.records > 0))
            continue;
        total += s.records;
        guessedRight += s.holders;
        if (s.share > out.groupsMax || (s.share == out.groupsMax && s.records > out.worst.records)) {
            out.groupsMax = s.share;
            out.worst = s;
        }
        if (tau > 0 && s.share > tau) {
            out.recordsOverTau += s.records;
            out.overTau.push_back(s);
        }
    }
    out.groupsMean = total > 0 ? guessedRight / total : 0;
    setPrior(out, counts, groups, ds, total);
    std::stable_sort(out.overTau.begin(), out.overTau.end(),
                     [](const GroupShare& a, const GroupShare& b) { return a.records > b.records; });
    if (out.overTau.size() > cap)
        out.overTau.resize(cap);
    return out;
}

std::string shareInferenceSentence(const ShareInference& inference, const std::string& sensitive,
                                   const std::vector<std::string>& values)
{
    const GroupShare& w = inference.worst;
    return "What the published shares reveal: the release keeps each group's shares of " + sensitive +
           " (that is what makes it useful), so whoever knows a person's quasi-identifiers and picks their "
           "group's most common " + sensitive + " is right for " + percent(inference.groupsMean) +
           " of the persons (guessing " + valueName(values, inference.priorValue) + " for everyone: " +
           percent(inference.priorShare) + "). In the most telling group " + whole(w.holders) + " of " +
           whole(w.records) + " have " + valueName(values, w.value) + " (" + percent(w.share) +
           "); no randomization changes this.";
}

} // namespace rr
