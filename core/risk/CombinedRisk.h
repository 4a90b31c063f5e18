#pragma once
// The record-level risk of several releases of the same records (issue 46). Two independent Warner draws of one
// value are one release through the product of their channels: the value v leaves as the pair (u_1, u_2) with
// probability W_1(u_1 | v) W_2(u_2 | v). An attacker who links a person's records across the releases sees the
// person through that channel, so 003's measure (Result 15) is computed with it: a d x d^n matrix per attribute
// instead of d x d.
#include "core/contingency/ContingencyTable.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rr {

struct CombinedRisk {
    double maxRisk = 0;          // max over the records of Pr(S_r | QI_r) through the product channels
    double recordsOverTau = 0;   // records whose risk exceeds tau
    std::size_t outputCells = 0; // the QI outputs the channels reach (the work done)
};

// Largest product of output domains the figure is computed for (2^24 doubles, 128 MiB per buffer).
inline constexpr std::size_t kCombinedRiskMaxCells = std::size_t(1) << 24;

// `joint`: counts over (QI_1, ..., QI_m, S), S last. `draws[k]`: the Warner retentions of axis k, one per release
// of it (1 for a release that kept it in clear; none when never released randomized: then it is in clear too).
// None when the outputs would exceed `maxCells` (said by the caller); InputError for a p outside [1/d, 1] or
// draws of the wrong count. keepRunning: asked between the axes; false throws Cancelled.
std::optional<CombinedRisk> combinedRisk(const ContingencyTable& joint, const std::vector<std::vector<double>>& draws,
                                         double tau, std::size_t maxCells = kCombinedRiskMaxCells,
                                         const std::function<bool()>& keepRunning = {});

} // namespace rr
