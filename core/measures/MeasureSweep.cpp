#include "core/measures/MeasureSweep.h"

#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/measures/PairMeasures.h"

namespace rr {

std::vector<SweepPoint> sweepRetention(const SweepInput& in)
{
    if (in.counts.size() != Eigen::Index(in.d1) * in.d2)
        throw InputError("the sweep's table has " + std::to_string(in.counts.size()) + " cells, expected " +
                         std::to_string(in.d1 * in.d2));
    std::vector<SweepPoint> out;
    out.reserve(in.retention.size());
    for (double p : in.retention) {
        SweepPoint point;
        point.pFirst = in.axis == SweepAxis::Second ? in.fixedFirst : p;
        point.pSecond = in.axis == SweepAxis::First ? in.fixedSecond : p;
        checkRetention("the first attribute", in.d1, point.pFirst);
        checkRetention("the second attribute", in.d2, point.pSecond);
        PairInput pair;
        pair.first = DistortionMatrix::warner(in.d1, point.pFirst);
        pair.second = DistortionMatrix::warner(in.d2, point.pSecond);
        // the expected randomized counts N lambda = N (P1 x P2) pi   (003 eq. 2.1)
        pair.randomizedCounts = expectedRandomized({pair.first, pair.second}, in.counts);
        pair.presentFirst = in.presentFirst;
        pair.presentSecond = in.presentSecond;
        pair.originalCounts = in.counts;
        pair.alpha = in.alpha;
        point.estimate = estimatePairMeasure(pair, in.measure);
        out.push_back(std::move(point));
    }
    return out;
}

} // namespace rr
