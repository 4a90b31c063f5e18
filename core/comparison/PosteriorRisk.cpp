#include "core/comparison/PosteriorRisk.h"

#include "core/data/Errors.h"

namespace rr {

double maxPosteriorRisk(const ContingencyTable& joint, const Eigen::VectorXd& estimate)
{
    if (static_cast<std::size_t>(estimate.size()) != joint.cellCount() || joint.rank() < 2)
        throw InputError("posterior risk: the estimate does not match the joint table");
    const int ds = joint.dims().back();
    const Eigen::Index qiCells = estimate.size() / ds;
    double worst = 0;
    for (Eigen::Index q = 0; q < qiCells; ++q) {
        const double qiMass = estimate.segment(q * ds, ds).sum();
        if (qiMass <= 0)
            continue;
        for (int s = 0; s < ds; ++s)
            if (joint.counts()[q * ds + s] > 0)
                worst = std::max(worst, estimate[q * ds + s] / qiMass);
    }
    return worst;
}

} // namespace rr
