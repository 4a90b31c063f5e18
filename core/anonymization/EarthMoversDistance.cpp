#include "core/anonymization/EarthMoversDistance.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>

namespace rr {

namespace {

void checkSameLength(const std::vector<double>& p, const std::vector<double>& q)
{
    if (p.size() != q.size())
        throw InputError("the earth mover's distance needs two distributions over the same values (" +
                         std::to_string(p.size()) + " and " + std::to_string(q.size()) + " values)");
}

} // namespace

GroundDistance parseGroundDistance(const std::string& name)
{
    if (name == "equal")
        return GroundDistance::Equal;
    if (name == "hierarchical")
        return GroundDistance::Hierarchical;
    throw InputError("unknown ground distance '" + name + "' (expected equal or hierarchical)");
}

std::string toString(GroundDistance d)
{
    return d == GroundDistance::Equal ? "equal" : "hierarchical";
}

// Li, Li, Venkatasubramanian 2007, Sec. 4.2: EMD with equal ground distance.
double equalDistanceEmd(const std::vector<double>& p, const std::vector<double>& q)
{
    checkSameLength(p, q);
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
        sum += std::abs(p[i] - q[i]);
    return sum / 2;
}

// Li, Li, Venkatasubramanian 2007, Sec. 4.2: EMD with hierarchical ground distance.
double hierarchicalEmd(const std::vector<double>& p, const std::vector<double>& q,
                       const AttributeGeneralization& sensitive)
{
    checkSameLength(p, q);
    if (sensitive.levelCount() < 1 || sensitive.codeAt[0].size() != p.size())
        throw InputError("the hierarchy of '" + sensitive.attribute + "' covers " +
                         std::to_string(sensitive.levelCount() ? sensitive.codeAt[0].size() : 0) +
                         " values, the distributions " + std::to_string(p.size()));
    const int height = sensitive.maxLevel();
    if (height == 0)
        return 0;
    // extra of every node of the level below, starting with the leaves (level 0, the categories).
    std::vector<double> below(static_cast<std::size_t>(sensitive.domainAt(0)), 0.0);
    for (std::size_t i = 0; i < p.size(); ++i)
        below[static_cast<std::size_t>(sensitive.codeAt[0][i])] += p[i] - q[i];
    double emd = 0;
    for (int level = 1; level <= height; ++level) {
        const auto nodes = static_cast<std::size_t>(sensitive.domainAt(level));
        std::vector<double> extra(nodes, 0.0), pos(nodes, 0.0), neg(nodes, 0.0);
        // The parent of a node of the level below: the level's code of any category under it.
        std::vector<int> parent(below.size(), -1);
        for (std::size_t i = 0; i < p.size(); ++i)
            parent[static_cast<std::size_t>(sensitive.codeAt[level - 1][i])] = sensitive.codeAt[level][i];
        for (std::size_t child = 0; child < below.size(); ++child) {
            if (parent[child] < 0)
                continue;
            const auto n = static_cast<std::size_t>(parent[child]);
            extra[n] += below[child];
            (below[child] > 0 ? pos[n] : neg[n]) += std::abs(below[child]);
        }
        for (std::size_t n = 0; n < nodes; ++n)
            emd += static_cast<double>(level) / height * std::min(pos[n], neg[n]);
        below = std::move(extra);
    }
    return emd;
}

} // namespace rr
