#include "core/analysis/MeasuresFrame.h"

#include "core/data/Errors.h"
#include "core/randomization/Randomize.h"

#include <algorithm>
#include <cmath>

namespace rr {
namespace {

int axisNamed(const PreparedAnalysis& a, const std::string& name)
{
    const int axis = a.axisOf(name);
    if (axis < 0)
        throw InputError("measures: '" + name + "' is not an attribute of the analysis");
    return axis;
}

void checkPresent(int present, int d, const std::string& name)
{
    if (present < 0 || present >= d)
        throw InputError("measures: present category " + std::to_string(present) + " of '" + name + "' is outside 0.." +
                         std::to_string(d - 1));
}

Interval relative(const Interval& r, double original)
{
    const double scale = std::abs(original);
    Interval out;
    out.lo = out.rawLo = (r.lo - original) / scale;
    out.hi = out.rawHi = (r.hi - original) / scale;
    return out;
}

} // namespace

std::vector<double> sweepGrid(int d1, int d2, int points)
{
    if (points < 2 || points > 1000)
        throw InputError("measures: a sweep needs 2..1000 points, not " + std::to_string(points));
    // Just above 1/d, where P is singular and every variance diverges.
    const double lo = std::max(1.0 / d1, 1.0 / d2) + 0.05;
    std::vector<double> grid(static_cast<std::size_t>(points));
    for (int i = 0; i < points; ++i)
        grid[static_cast<std::size_t>(i)] = lo + (1.0 - lo) * i / (points - 1);
    grid.back() = 1.0; // exactly: the sum above may round past 1
    return grid;
}

MeasuresFrame computeMeasuresFrame(const PreparedAnalysis& analysis, const MeasuresRequest& request)
{
    const int a = axisNamed(analysis, request.first);
    const int b = axisNamed(analysis, request.second);
    if (a == b)
        throw InputError("measures: choose two different attributes (both are '" + request.first + "')");
    const std::vector<DistortionMatrix> matrices = analysis.matrices(request.p);
    const int d1 = analysis.dims[static_cast<std::size_t>(a)];
    const int d2 = analysis.dims[static_cast<std::size_t>(b)];
    checkPresent(request.presentFirst, d1, request.first);
    checkPresent(request.presentSecond, d2, request.second);

    MeasuresFrame f;
    f.first = request.first;
    f.second = request.second;
    f.categoriesFirst = analysis.categories[static_cast<std::size_t>(a)];
    f.categoriesSecond = analysis.categories[static_cast<std::size_t>(b)];
    f.presentFirst = request.presentFirst;
    f.presentSecond = request.presentSecond;
    f.pFirst = request.p[static_cast<std::size_t>(a)];
    f.pSecond = request.p[static_cast<std::size_t>(b)];
    f.seed = request.seed;
    f.originalCounts = analysis.joint.marginal({a, b}).counts();

    const DistortionMatrix& m1 = matrices[static_cast<std::size_t>(a)];
    const DistortionMatrix& m2 = matrices[static_cast<std::size_t>(b)];
    RandomSource rng = RandomSource::seeded(request.seed);
    f.randomizedCounts = randomizeCounts(f.originalCounts, {d1, d2}, {m1, m2}, rng);

    PairInput in;
    in.randomizedCounts = f.randomizedCounts;
    in.first = m1;
    in.second = m2;
    in.presentFirst = request.presentFirst;
    in.presentSecond = request.presentSecond;
    in.originalCounts = f.originalCounts;
    in.alpha = request.alpha;
    f.measures = estimatePairMeasures(in);

    if (request.sweepMeasure) {
        f.sweepMeasure = request.sweepMeasure;
        f.sweepAlpha = request.alpha;
        SweepInput s;
        s.counts = f.originalCounts;
        s.d1 = d1;
        s.d2 = d2;
        s.presentFirst = request.presentFirst;
        s.presentSecond = request.presentSecond;
        s.measure = *request.sweepMeasure;
        s.retention = sweepGrid(d1, d2, request.sweepPoints);
        s.axis = SweepAxis::Both;
        s.alpha = request.alpha;
        f.sweep = sweepRetention(s);
    }
    return f;
}

RelativeEstimate relativeToOriginal(const MeasureEstimate& e)
{
    RelativeEstimate r;
    if (!e.original) {
        r.reason = "no original value";
        return r;
    }
    if (!e.original->defined) {
        r.reason = "original undefined: " + e.original->reason;
        return r;
    }
    if (e.original->value == 0.0) {
        r.reason = "original is 0: no relative scale";
        return r;
    }
    if (!e.estimate.defined) {
        r.reason = "estimate undefined: " + e.estimate.reason;
        return r;
    }
    const double o = e.original->value;
    r.defined = true;
    r.estimate = (e.estimate.value - o) / std::abs(o);
    if (e.normal)
        r.normal = relative(*e.normal, o);
    if (e.chebyshev)
        r.chebyshev = relative(*e.chebyshev, o);
    return r;
}

} // namespace rr
