#include "core/anonymization/Lattice.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace rr {

GeneralizationLattice::GeneralizationLattice(std::vector<int> maxLevels) : m_maxLevels(std::move(maxLevels))
{
    if (m_maxLevels.empty())
        throw InputError("the generalization lattice needs at least one quasi-identifier");
    m_strides.assign(m_maxLevels.size(), 1);
    long double size = 1;
    for (int i = static_cast<int>(m_maxLevels.size()) - 1; i >= 0; --i) {
        if (m_maxLevels[i] < 0)
            throw InputError("a generalization hierarchy has no levels");
        m_strides[i] = static_cast<std::size_t>(size);
        size *= m_maxLevels[i] + 1;
        if (size > static_cast<long double>(kMaxNodes))
            throw DomainError("the generalization lattice would have over " + std::to_string(kMaxNodes) +
                              " nodes; use fewer quasi-identifiers or shallower hierarchies");
    }
    m_size = static_cast<std::size_t>(size);
}

std::size_t GeneralizationLattice::index(const LatticeNode& node) const
{
    if (node.size() != m_maxLevels.size())
        throw InputError("a lattice node needs one level per quasi-identifier");
    std::size_t idx = 0;
    for (std::size_t i = 0; i < node.size(); ++i) {
        if (node[i] < 0 || node[i] > m_maxLevels[i])
            throw InputError("level " + std::to_string(node[i]) + " is outside 0.." + std::to_string(m_maxLevels[i]));
        idx += m_strides[i] * static_cast<std::size_t>(node[i]);
    }
    return idx;
}

LatticeNode GeneralizationLattice::node(std::size_t index) const
{
    LatticeNode n(m_maxLevels.size());
    for (std::size_t i = 0; i < n.size(); ++i) {
        n[i] = static_cast<int>(index / m_strides[i]);
        index %= m_strides[i];
    }
    return n;
}

int GeneralizationLattice::height(std::size_t index) const
{
    const LatticeNode n = node(index);
    return std::accumulate(n.begin(), n.end(), 0);
}

int GeneralizationLattice::maxHeight() const
{
    return std::accumulate(m_maxLevels.begin(), m_maxLevels.end(), 0);
}

std::vector<std::size_t> GeneralizationLattice::successors(std::size_t index) const
{
    std::vector<std::size_t> out;
    const LatticeNode n = node(index);
    for (std::size_t i = 0; i < n.size(); ++i)
        if (n[i] < m_maxLevels[i])
            out.push_back(index + m_strides[i]);
    return out;
}

std::vector<std::size_t> GeneralizationLattice::predecessors(std::size_t index) const
{
    std::vector<std::size_t> out;
    const LatticeNode n = node(index);
    for (std::size_t i = 0; i < n.size(); ++i)
        if (n[i] > 0)
            out.push_back(index - m_strides[i]);
    return out;
}

std::vector<std::size_t> GeneralizationLattice::byHeight() const
{
    std::vector<std::size_t> order(m_size);
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> h(m_size);
    for (std::size_t i = 0; i < m_size; ++i)
        h[i] = height(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return h[a] < h[b]; });
    return order;
}

bool generalizes(const LatticeNode& a, const LatticeNode& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] < b[i])
            return false;
    return true;
}

} // namespace rr
