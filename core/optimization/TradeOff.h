#pragma once
#include "core/optimization/OptimalParameters.h"

#include <functional>
#include <string>
#include <vector>

namespace rr {

// One optimal point of the privacy-utility trade-off: the optimizer's p for a mode at tau = 1/l.
struct TradeOffPoint {
    RandomizationMode mode = RandomizationMode::QI;
    int l = 2;
    double tau = 0.5;
    bool feasible = false;
    std::vector<double> p;      // one per attribute of the joint table (QIs, then S)
    double maxRisk = 0;         // at p
    double objective = 0;       // prod_i ||P_i^-1||_F^2 (003 eq. 5.18)
    double utilityLoss = 0;     // the caller's utility loss at p (e.g. trace of the covariance)
    std::string reason;         // why infeasible
    double blockingRecords = 0; // records no p in the mode can protect
    double lowestMaxRisk = 0;   // the lowest max risk the mode reaches (Property 1)
    int evaluations = 0;        // risk passes the optimizer used
};

// Utility loss of a parameter vector (one p per attribute of the joint table).
using UtilityLossFunction = std::function<double(const std::vector<double>& p)>;

// l = lMin..lMax spans at most this many values (each is an optimization).
inline constexpr int kMaxTradeOffPoints = 1000;

struct TradeOffOptions {
    std::vector<RandomizationMode> modes{RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both};
    int lMin = 2;
    int lMax = 6;
    int starts = 8;
};

// The optimal points of 003 Problem 1 for every mode and l = lMin..lMax (tau = 1/l), each with the
// caller's utility loss: the trade-off curves of utility loss against max risk.
// `progress(done, total)` after each optimization; returning false stops early (points so far returned).
// Throws InputError for lMin < 2, lMax < lMin or more than kMaxTradeOffPoints values of l.
std::vector<TradeOffPoint> computeTradeOff(DisclosureRiskModel& model, const TradeOffOptions& options,
                                           const UtilityLossFunction& utilityLoss,
                                           const std::function<bool(int, int)>& progress = {});

} // namespace rr
