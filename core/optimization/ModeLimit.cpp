#include "core/optimization/ModeLimit.h"

#include "core/data/CountText.h"

#include <sstream>

namespace rr {

bool reachesTau(double risk, double tau)
{
    return risk >= tau * (1 - 1e-12);
}

ModeLimit modeLimit(const DisclosureRiskModel& model, RandomizationMode mode, double tau)
{
    ModeLimit limit;
    const Eigen::VectorXd minimum = model.propertyOneMinimum(mode); // 003 Property 1
    const Eigen::VectorXd& counts = model.joint().counts();
    for (Eigen::Index i : model.presentCells()) {
        limit.lowestMaxRisk = std::max(limit.lowestMaxRisk, minimum[i]);
        if (reachesTau(minimum[i], tau)) {
            limit.blockingRecords += counts[i];
            ++limit.blockingCells;
        }
    }
    if (mode == RandomizationMode::S) {
        const int ds = model.dims().back();
        const Eigen::Index groups = model.piQi().size();
        for (Eigen::Index g = 0; g < groups; ++g) {
            int valuesHeld = 0;
            double records = 0;
            for (int u = 0; u < ds; ++u)
                if (counts[g * ds + u] > 0) {
                    ++valuesHeld;
                    records += counts[g * ds + u];
                }
            if (valuesHeld == 1) {
                ++limit.certainGroups;
                limit.certainRecords += records;
            }
        }
    }
    return limit;
}

std::string infeasibleReason(const ModeLimit& limit, RandomizationMode mode, double tau)
{
    // In the owner's words: the bounds are 003 eq. 5.8 and Property 1 (the Guide and the tooltips cite them).
    std::ostringstream os;
    if (mode == RandomizationMode::S && limit.certainGroups > 0)
        os << "RR-S cannot protect QI groups whose records all share one sensitive value: whoever links a person "
              "to such a group knows the value, whatever p is. "
           << countText(static_cast<double>(limit.certainGroups)) << " such QI groups hold "
           << countText(limit.certainRecords) << " records. ";
    os << modeLabel(mode) << " cannot bring every record's risk down to the target " << tau << ": ";
    switch (mode) {
    case RandomizationMode::S:
        os << "randomizing only the sensitive attribute leaves each record a risk of at least the square of its "
              "QI group's share of its sensitive value";
        break;
    case RandomizationMode::QI:
        os << "randomizing only the quasi-identifiers leaves each record a risk of at least the share of all "
              "records that have its quasi-identifiers and its sensitive value";
        break;
    case RandomizationMode::Both:
        os << "randomizing all attributes leaves each record a risk of at least the share of all records that "
              "have its quasi-identifiers and its sensitive value, times its QI group's share of that value";
        break;
    }
    os << ", so " << countText(limit.blockingRecords) << " records in "
       << countText(static_cast<double>(limit.blockingCells))
       << " cells stay at or above the target for every allowed p. The lowest reachable maximum risk is "
       << limit.lowestMaxRisk << ".";
    return os.str();
}

} // namespace rr
