#pragma once
// The optimizer's second constraint (issue 22): an owner's bound on the re-identification risk R_id of the
// records (core/risk/Reidentification.h), on its maximum, its mean (the expected share re-identified), or both.
// R_id depends on the QIs' p only.
#include "core/contingency/ContingencyTable.h"
#include "core/risk/DisclosureRisk.h"
#include "core/risk/Reidentification.h"

#include <vector>

namespace rr {

struct ReidentificationBound {
    double max = 0;  // max_r R_id(r) <= max; 0: no bound
    double mean = 0; // mean_r R_id(r) <= mean; 0: no bound
    bool any() const { return max > 0 || mean > 0; }
};

// InputError unless each bound given lies in (0, 1].
void checkReidentificationBound(const ReidentificationBound& bound);

// R_id over a table of the QIs, at one p per attribute of the optimizer's p (the QIs first).
class ReidentificationConstraint {
public:
    // Over a QI table whose axes are the first of every p given to at() (a risk model's: every axis but S).
    ReidentificationConstraint(ContingencyTable quasiIdentifiers, ReidentificationBound bound, int threads);

    // The summary at `p`: its first dims().size() entries are the QIs'; the rest are not used.
    ReidentificationSummary at(const std::vector<double>& p);
    bool holds(const ReidentificationSummary& s) const;
    const ReidentificationBound& bound() const { return m_bound; }
    int evaluations() const { return m_evaluations; }
    const std::vector<int>& dims() const { return m_dims; } // of the QIs

private:
    ContingencyTable m_qi;
    std::vector<int> m_dims;
    ReidentificationBound m_bound;
    int m_threads = 1;
    int m_evaluations = 0;
};

} // namespace rr
