#include "core/comparison/TClosenessAtRisk.h"

#include "core/anonymization/TCloseness.h"
#include "core/comparison/GeneralizationEstimate.h"
#include "core/comparison/PosteriorRisk.h"

#include <algorithm>
#include <sstream>

namespace rr {

TClosenessAtRisk tClosenessAtRisk(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                                  GroundDistance distance, const std::optional<AttributeGeneralization>& sensitive,
                                  const InformationLossMetric& metric, const LatticeSearchOptions& options, double tau)
{
    TClosenessAtRisk out;
    const std::vector<double> overall = sensitiveDistribution(joint);
    const int ds = joint.dims().back();
    double t = 1;
    // A node's classes are at most this far apart in EMD from the threshold they were tested against.
    constexpr double kStep = 1e-9;
    while (t > 0) {
        const TCloseness model(t, distance, overall, sensitive);
        LatticeSearchResult r = findOptimalNode(joint, qi, {&model}, metric, options);
        ++out.searches;
        if (!r.found) // suppression only: nothing is t-close within the limit any more
            break;
        const Eigen::VectorXd est = estimateFromGeneralization(r.partition, r.assessment, qi, ds);
        const double risk = maxPosteriorRisk(joint, est);
        if (risk <= tau + 1e-12) {
            out.found = true;
            out.t = t;
            out.maxRisk = risk;
            out.model = model.name();
            out.search = std::move(r);
            return out;
        }
        double worst = 0; // the largest EMD among the released classes: the optimum holds down to there
        for (std::size_t c = 0; c < r.partition.classes.size(); ++c)
            if (c >= r.assessment.suppressed.size() || !r.assessment.suppressed[c])
                worst = std::max(worst, model.distance(r.partition.classes[c]));
        t = std::min(t, worst) - kStep;
    }
    std::ostringstream os;
    os << "no t gives a t-close generalization with max Pr(S | QI) <= " << tau << " (the sensitive attribute's most "
       << "frequent value has share " << *std::max_element(overall.begin(), overall.end())
       << " of the table, a bound on the risk at any t without suppression)";
    out.reason = os.str();
    return out;
}

TClosenessAtRisk tClosenessAt(const ContingencyTable& joint, const std::vector<AttributeGeneralization>& qi,
                              GroundDistance distance, const std::optional<AttributeGeneralization>& sensitive,
                              const InformationLossMetric& metric, const LatticeSearchOptions& options, double t)
{
    TClosenessAtRisk out;
    const TCloseness model(t, distance, sensitiveDistribution(joint), sensitive);
    LatticeSearchResult r = findOptimalNode(joint, qi, {&model}, metric, options);
    out.searches = 1;
    if (!r.found) {
        std::ostringstream os;
        os << "no generalization is " << t << "-close within the suppression limit";
        out.reason = os.str();
        return out;
    }
    out.found = true;
    out.t = t;
    out.maxRisk = maxPosteriorRisk(joint, estimateFromGeneralization(r.partition, r.assessment, qi, joint.dims().back()));
    out.model = model.name();
    out.search = std::move(r);
    return out;
}

} // namespace rr
