#pragma once
#include "core/risk/DisclosureRisk.h"

#include <Eigen/Core>

#include <functional>
#include <optional>
#include <vector>

namespace rr {

// Attribute-disclosure risk over a grid of two retention probabilities with every other
// p fixed: 003 Fig. 5.2 for any two attributes of the joint table (QIs, then S).
// Grid points per axis of the risk surface views (41 x 41, 0.025 apart on [1/d, 1] for d = 2..).
inline constexpr int kSurfaceSteps = 41;

struct RiskSurfaceOptions {
    int xAttribute = 0;               // axis of the joint table varied along x
    int yAttribute = 1;               // axis varied along y
    int steps = kSurfaceSteps;        // grid points per axis (>= 2)
    std::optional<Eigen::Index> cell; // risk of this joint cell; max over records when empty
    int threads = 1;                  // rows split between threads (a model copy each); the same numbers
};

struct RiskSurface {
    int xAttribute = 0, yAttribute = 1;
    std::vector<double> px, py; // grid values, 1/d (Property 1 minimum) .. 1
    Eigen::MatrixXd risk;       // risk(iy, ix)
    bool complete = false;      // false when cancelled before the last row
    double minRisk() const { return risk.size() ? risk.minCoeff() : 0.0; }
    double maxRisk() const { return risk.size() ? risk.maxCoeff() : 0.0; }
};

// `steps` retention probabilities evenly spaced from 1/d to 1 (both included).
std::vector<double> retentionGrid(int d, int steps);

// Risk at every grid point (003 eq. 5.6 via DisclosureRiskModel). `p` holds one retention
// probability per axis of the model's joint table; the two grid axes override theirs.
// `progress(rowsDone, rows)` is called after each row (on the calling thread); returning false cancels.
// Throws InputError for equal axes, axes out of range, fewer than 2 steps, a bad cell or p.
RiskSurface computeRiskSurface(DisclosureRiskModel& model, const std::vector<double>& p,
                               const RiskSurfaceOptions& options, const std::function<bool(int, int)>& progress = {});

} // namespace rr
