#pragma once
// Buffers of tens of millions of cells: faulted in on huge pages and in chunks, so that work over them
// can stop between two chunks (a 60M-cell buffer takes half a second to fault in, a chunk about a tenth).
#include <Eigen/Core>

#include <functional>

namespace rr {

// Cells handled between two questions to keepRunning.
constexpr Eigen::Index kCellsPerQuestion = Eigen::Index(1) << 23;

// `v` resized to n zeros; throws Cancelled when keepRunning says stop between two chunks.
void zeroedOnHugePages(Eigen::VectorXd& v, Eigen::Index n, const std::function<bool()>& keepRunning = {});

// A copy of `from`, made the same way.
Eigen::VectorXd copiedOnHugePages(const Eigen::VectorXd& from, const std::function<bool()>& keepRunning = {});

} // namespace rr
