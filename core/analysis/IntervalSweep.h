#pragma once
// The interquantile ranges of one cell's estimate as one retention probability varies from just
// above 1/d to 1 (003 Fig. 3.2, 3.3), and one simulated estimate at the current p.
#include "core/datasource/PreparedTable.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/estimation/Intervals.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rr {

struct IntervalSweep {
    std::string cellLabel;
    std::string varyName;
    std::vector<std::string> attributes;
    std::vector<double> p, estimate, normalLo, normalHi, chebyshevLo, chebyshevHi;
    double original = 0;
    double currentP = 1;
    double simulated = 0; // one simulated estimate at the current p (seeded)
    Interval simulatedNormal, simulatedChebyshev;
    double alpha = 0.05;
    std::uint64_t seed = 0;
};

struct IntervalSweepRequest {
    std::vector<int> axes{0}; // one attribute or a pair
    std::size_t cell = 0;     // a cell of their marginal
    int varyAxis = 0;         // a joint axis among `axes`
    int steps = 80;
    double alpha = 0.05;
    std::uint64_t seed = 1;
};

// `matrices`: one per axis of `table` (PreparedAnalysis::matrices); the current p is the varied axis's.
IntervalSweep sweepIntervals(const PreparedTable& table, const std::vector<DistortionMatrix>& matrices,
                             const IntervalSweepRequest& request);

} // namespace rr
