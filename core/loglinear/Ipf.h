#pragma once
#include "core/loglinear/HierarchicalModel.h"

#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace rr {

// IPF keeps, per generator, each cell's index into that generator's margin: generators x cells
// entries of 4 bytes. Fits needing more than this many entries (128 MiB) are refused.
inline constexpr std::size_t kMaxIpfIndexEntries = std::size_t(1) << 25;

struct IpfOptions {
    // Stop when every fitted margin of a generator is within tolerance * max(1, N) of the observed one.
    double tolerance = 1e-10;
    int maxIterations = 1000; // full cycles over the generators
    // Asked before every margin's pass; false stops the fit with Cancelled (the Python module's Ctrl+C).
    std::function<bool()> keepRunning;
};

struct IpfFit {
    Eigen::VectorXd fitted; // expected counts m-hat, row-major over the table's cells
    int iterations = 0;     // full cycles done
    bool converged = false;
    double maxDeviation = 0; // largest |fitted margin - observed margin| at the end
};

// Maximum-likelihood fit of a hierarchical loglinear model by iterative proportional fitting
// (Deming-Stephan; 003 Sec. 4.3.1): start from a constant table and scale it in turn to match each
// generator's observed margin, the model's sufficient statistics. `observed`: non-negative counts,
// row-major over `dims` (last axis fastest). Cells whose generator margins are zero stay 0.
// Throws InputError for a negative or non-finite count, a model/table mismatch, or generators x
// cells over kMaxIpfIndexEntries.
IpfFit fitIpf(const Eigen::VectorXd& observed, const std::vector<int>& dims, const HierarchicalModel& model,
              const IpfOptions& options = {});

// For each cell, its index in the margin over `axes` (sorted), row-major; the margin's size in `size`.
std::vector<std::uint32_t> marginIndex(const std::vector<int>& dims, const std::vector<int>& axes, Eigen::Index& size);

} // namespace rr
