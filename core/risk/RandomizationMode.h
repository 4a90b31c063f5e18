#pragma once
#include <string>

namespace rr {

// Which attributes are randomized (003 Sec. 5.2.3). The mode only says which p may
// differ from 1; risk itself takes any matrices.
enum class RandomizationMode { QI, S, Both };

std::string toString(RandomizationMode mode);         // "qi", "s", "both" (CLI and session keys)
std::string modeLabel(RandomizationMode mode);        // "RR-QI", "RR-S", "RR-Both" (what people read)
RandomizationMode parseMode(const std::string& text); // "qi", "s", "both", "rr-qi", ... (throws InputError)

// Does the mode randomize this axis of a joint table whose axes are the QIs followed by S (the last)?
bool isRandomized(RandomizationMode mode, int axis, int axisCount);

// The tolerance of the risk constraint max_r Pr(S_r|QI_r) <= tau: the optimizer meets tau to it, and
// every front end calls a point feasible within it.
inline constexpr double kRiskTolerance = 1e-9;
inline bool meetsThreshold(double maxRisk, double tau)
{
    return maxRisk <= tau + kRiskTolerance;
}

} // namespace rr
