#pragma once
#include <Eigen/Core>

#include <cstdint>
#include <span>
#include <vector>

namespace rr {

// Subsets of a k-itemset A = (a_0, .., a_{k-1}) are bit masks: bit i set <=> a_i in the subset.
// subsetCounts[mask] = baskets holding every item of the subset (mask 0: all baskets).

// Cumulative supports from partial supports: Sigma_l = sum_{j >= l} C(j, l) s_j (004 Statement 4).
Eigen::VectorXd cumulativeFromPartial(const Eigen::VectorXd& partial);
// Partial supports from cumulative supports: s_l = sum_{j >= l} (-1)^(j-l) C(j, l) Sigma_j (004 Statement 4).
Eigen::VectorXd partialFromCumulative(const Eigen::VectorXd& cumulative);

// Partial support counts N s_l = #{t : |t n A| = l}, l = 0..k (004 Def. 9), exactly in integers:
// the cumulative counts N Sigma_j (sums of subset counts of size j, Def. 11) through Statement 4.
std::vector<std::int64_t> partialCountsFromSubsetCounts(std::span<const std::uint64_t> subsetCounts, int k);

// Pattern counts: pattern[mask] = baskets whose intersection with A is exactly the subset `mask`
// (the 2^k contingency table of A's presence bits), by inclusion-exclusion over supersets.
std::vector<std::int64_t> patternCountsFromSubsetCounts(std::span<const std::uint64_t> subsetCounts, int k);

// Two-set partial support counts N s_{lA, lB} (004 Def. 13) of disjoint A (bits 0..kA-1 of the mask) and
// B (bits kA..kA+kB-1), index lA * (kB + 1) + lB, from the subset counts of A u B.
std::vector<std::int64_t> twoSetCountsFromSubsetCounts(std::span<const std::uint64_t> subsetCounts, int kA, int kB);

} // namespace rr
