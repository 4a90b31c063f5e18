#pragma once
#include <cstddef>
#include <vector>

namespace rr {

// A node of the full-domain generalization lattice: the level of every quasi-identifier.
using LatticeNode = std::vector<int>;

// The lattice of generalization levels (0..maxLevel_i per QI), ordered component-wise
// (Samarati; LeFevre et al., Incognito). Nodes are numbered in mixed radix, last QI fastest.
class GeneralizationLattice {
public:
    // Refuses lattices over kMaxNodes nodes (DomainError naming the size).
    static constexpr std::size_t kMaxNodes = std::size_t(1) << 22;

    explicit GeneralizationLattice(std::vector<int> maxLevels);

    std::size_t size() const { return m_size; }
    int dimensions() const { return static_cast<int>(m_maxLevels.size()); }
    const std::vector<int>& maxLevels() const { return m_maxLevels; }
    std::size_t index(const LatticeNode& node) const;
    LatticeNode node(std::size_t index) const;
    // Sum of levels (generalization steps).
    int height(std::size_t index) const;
    int maxHeight() const;
    // Direct generalizations (one level up in one attribute) and specializations.
    std::vector<std::size_t> successors(std::size_t index) const;
    std::vector<std::size_t> predecessors(std::size_t index) const;
    // Every node, by height, then by index.
    std::vector<std::size_t> byHeight() const;

private:
    std::vector<int> m_maxLevels;
    std::vector<std::size_t> m_strides;
    std::size_t m_size = 1;
};

// True when `a` generalizes `b` (every level of a >= that of b).
bool generalizes(const LatticeNode& a, const LatticeNode& b);

} // namespace rr
