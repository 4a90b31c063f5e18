#pragma once
// t-closeness held to a bound on attribute disclosure: which t makes the optimal t-close generalization's
// max_r Pr(S_r | QI_r) (003 Definition 7) at most tau, so that t-closeness is compared with the other methods
// at the same risk (issue 22).
#include "core/anonymization/EarthMoversDistance.h"
#include "core/anonymization/InformationLoss.h"
#include "core/anonymization/LatticeSearch.h"
#include "core/anonymization/PrivacyModel.h"

#include <optional>
#include <string>
#include <vector>

namespace rr {

struct TClosenessAtRisk {
    bool found = false;
    std::string reason;         // why no t reaches tau
    double t = 0;               // the largest t found whose optimum has max risk <= tau
    double maxRisk = 0;         // of that optimum
    std::string model;          // e.g. "0.0123-closeness (equal distance)"
    LatticeSearchResult search; // at t
    int searches = 0;           // lattice searches run
};

// Scans t downward from 1. The t-close nodes at t' < t are a subset of those at t, so the optimum at t stays
// optimal until t drops below its own largest class EMD (of the classes it releases); the scan runs the search
// there, just below, and so visits every optimum in order of decreasing t, stopping at the first whose max
// risk is at most tau. Without suppression this is the largest t whose optimum meets tau; with suppression the
// optimum can also change between the visited t (the suppressed records count in the metric), so it is the
// largest among the visited ones. Not found when even the optimum at a vanishing t misses tau (at t -> 0 only
// classes with the whole table's distribution remain: the risk cannot fall below max_s Pr(s) without
// suppression). `distance` Hierarchical needs `sensitive`.
TClosenessAtRisk tClosenessAtRisk(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                  GroundDistance distance, const std::optional<AttributeGeneralization>& sensitive,
                                  const InformationLossMetric& metric, const LatticeSearchOptions& options, double tau);

// The optimal t-close generalization at a t the owner set, with its max risk (which may exceed any tau): not
// found only when suppression leaves nothing t-close within its limit.
TClosenessAtRisk tClosenessAt(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                              GroundDistance distance, const std::optional<AttributeGeneralization>& sensitive,
                              const InformationLossMetric& metric, const LatticeSearchOptions& options, double t);

} // namespace rr
