#pragma once
#include "core/risk/DisclosureRisk.h"

#include <cstddef>
#include <string>

namespace rr {

// What a randomization mode can achieve at best (003 Property 1): every record's risk falls
// to its Property-1 minimum only at p = 1/d, which the constraint p in (1/d, 1] excludes.
struct ModeLimit {
    double lowestMaxRisk = 0; // max over records of the Property-1 minimum
    // Records (and their cells) whose minimum is at or above tau: no allowed p brings them
    // below tau, so tau is out of reach when there is any.
    double blockingRecords = 0;
    std::size_t blockingCells = 0;
    // QI groups whose records all share one sensitive value, and their records: under RR-S
    // their risk is 1 for every p_s (posterior = prior = certain, 003 eq. 5.8).
    std::size_t certainGroups = 0;
    double certainRecords = 0;
};

ModeLimit modeLimit(const DisclosureRiskModel& model, RandomizationMode mode, double tau);

// risk >= tau up to rounding (a minimum of exactly tau, such as (1/2)^2 at tau = 1/4, may
// come out of the proportions a few ulps low).
bool reachesTau(double risk, double tau);

// Plain-English explanation of why tau cannot be reached in this mode.
std::string infeasibleReason(const ModeLimit& limit, RandomizationMode mode, double tau);

} // namespace rr
