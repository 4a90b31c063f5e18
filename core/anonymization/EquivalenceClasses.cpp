#include "core/anonymization/EquivalenceClasses.h"

#include "core/data/Errors.h"

#include <string>

namespace rr {

void checkGeneralizations(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi)
{
    if (joint.rank() < 2)
        throw InputError("anonymization needs at least one quasi-identifier and a sensitive attribute");
    if (static_cast<int>(qi.size()) != joint.rank() - 1)
        throw InputError("anonymization needs one hierarchy per quasi-identifier (" + std::to_string(joint.rank() - 1) +
                         "), got " + std::to_string(qi.size()));
    for (std::size_t i = 0; i < qi.size(); ++i) {
        if (qi[i].levelCount() < 1 || static_cast<int>(qi[i].codeAt[0].size()) != joint.dims()[i])
            throw InputError("the hierarchy of '" + qi[i].attribute + "' covers " +
                             std::to_string(qi[i].levelCount() ? qi[i].codeAt[0].size() : 0) +
                             " categories, the table has " + std::to_string(joint.dims()[i]));
    }
}

namespace {

// The generalized domain of each QI at the node's level, its code map, and the strides of the generalized
// cells (last attribute fastest).
void planGeneralizedCells(const std::vector<AttributeGeneralization>& qi, const LatticeNode& node, Partition& p,
                          std::vector<const std::vector<int>*>& map, std::vector<std::size_t>& gStride)
{
    const int m = static_cast<int>(node.size());
    for (int i = m - 1; i >= 0; --i) {
        if (node[i] < 0 || node[i] > qi[i].maxLevel())
            throw InputError("level " + std::to_string(node[i]) + " of '" + qi[i].attribute + "' is outside 0.." +
                             std::to_string(qi[i].maxLevel()));
        p.generalizedDims[i] = qi[i].domainAt(node[i]);
        map[i] = &qi[i].codeAt[node[i]];
        if (i > 0)
            gStride[i - 1] = gStride[i] * static_cast<std::size_t>(p.generalizedDims[i]);
    }
}

// A QI cell's n records and their sensitive counts added to the class of its generalized cell (a new class,
// keyed by the generalized codes at `coord`, when the cell is the first of it).
inline void addToClass(Partition& p, int& c, const std::vector<const std::vector<int>*>& map,
                       const std::vector<int>& coord, const Eigen::VectorXd& counts, Eigen::Index base, int ds,
                       double n)
{
    const int m = static_cast<int>(map.size());
    if (c < 0) {
        c = static_cast<int>(p.classes.size());
        EquivalenceClass e;
        e.key.resize(m);
        for (int i = 0; i < m; ++i)
            e.key[i] = (*map[i])[coord[i]];
        e.sensitive.assign(ds, 0.0);
        p.classes.push_back(std::move(e));
    }
    EquivalenceClass& e = p.classes[c];
    e.size += n;
    for (int s = 0; s < ds; ++s)
        e.sensitive[s] += counts[base + s];
    p.total += n;
}

} // namespace

Partition partitionAt(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                      const LatticeNode& node)
{
    checkGeneralizations(joint, qi); // at least two axes: dims.back() below exists
    const int m = joint.rank() - 1;
    if (static_cast<int>(node.size()) != m)
        throw InputError("a lattice node needs one level per quasi-identifier");
    const std::vector<int>& dims = joint.dims();
    const int ds = dims.back();

    Partition p;
    p.node = node;
    p.generalizedDims.resize(m);
    std::vector<const std::vector<int>*> map(m);
    std::vector<std::size_t> gStride(m, 1);
    planGeneralizedCells(qi, node, p, map, gStride);
    const std::size_t gCells = gStride[0] * static_cast<std::size_t>(p.generalizedDims[0]);
    std::vector<int> classOfGCell(gCells, -1);

    const std::size_t qiCells = joint.cellCount() / static_cast<std::size_t>(ds);
    p.classOfQiCell.assign(qiCells, -1);
    std::vector<std::size_t> gOfQiCell(qiCells);
    const Eigen::VectorXd& counts = joint.counts();
    std::vector<int> coord(m, 0);
    for (std::size_t q = 0; q < qiCells; ++q) {
        std::size_t g = 0;
        for (int i = 0; i < m; ++i)
            g += gStride[i] * static_cast<std::size_t>((*map[i])[coord[i]]);
        gOfQiCell[q] = g;
        const auto base = static_cast<Eigen::Index>(q * static_cast<std::size_t>(ds));
        const double n = counts.segment(base, ds).sum();
        if (n > 0)
            addToClass(p, classOfGCell[g], map, coord, counts, base, ds, n);
        for (int i = m - 1; i >= 0; --i) { // next QI cell, last attribute fastest
            if (++coord[i] < dims[i])
                break;
            coord[i] = 0;
        }
    }
    for (std::size_t q = 0; q < qiCells; ++q)
        p.classOfQiCell[q] = classOfGCell[gOfQiCell[q]];
    return p;
}

} // namespace rr
