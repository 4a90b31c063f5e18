#pragma once
// The QI group of a record: every record sharing its quasi-identifier values, by sensitive value, with the
// risk Pr(S_r | QI_r) of each (what an attacker who knows the QI values guesses right after randomization).
// For the Risk view's "show the group of this record".
#include "core/analysis/PreparedAnalysis.h"

#include <string>
#include <vector>

namespace rr {

struct GroupCell {
    std::string sensitiveValue;
    double records = 0; // records with the group's QI values and this S value
    double share = 0;   // records / the group's records (the S distribution in the group)
    double risk = 0;    // Pr(S_r | QI_r) of these records at p
    bool defined = true;
    std::string reason; // why the risk is undefined (no record has these values)
};

struct RecordGroup {
    std::vector<std::string> qiNames, qiValues;
    std::string sensitiveName;
    double records = 0;           // records in the group
    int selected = -1;            // index in `cells` of the record asked about
    std::vector<GroupCell> cells; // one per sensitive category, in the analysis's order
};

// `cell`: a joint cell of `analysis` (QIs, then S); `p`: one retention probability per axis; `model`: the
// caller's copy of analysis.model (scratch). Throws InputError for a cell outside the table or a p vector
// that analysis.matrices refuses.
RecordGroup recordGroup(const PreparedAnalysis& analysis, DisclosureRiskModel& model, const std::vector<double>& p,
                        Eigen::Index cell);

} // namespace rr
