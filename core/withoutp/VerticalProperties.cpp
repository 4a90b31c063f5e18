#include "core/withoutp/VerticalProperties.h"

#include "core/data/Errors.h"
#include "core/distortion/KroneckerFactor.h"
#include "core/measures/AssociationMeasures.h"
#include "core/measures/BinaryPooling.h"
#include "core/measures/PairMeasures.h"

#include <algorithm>
#include <cmath>

namespace rr {

namespace {

constexpr double kRelativeTolerance = 1e-9;

bool inUpperHalf(const BinaryChannel& c)
{
    return c.p0 >= 0.5 && c.p1 >= 0.5;
}

void checkChannel(const BinaryChannel& c, const char* which)
{
    if (!(c.p0 >= 0.0 && c.p0 <= 1.0 && c.p1 >= 0.0 && c.p1 <= 1.0))
        throw InputError(std::string("the ") + which + " attribute's channel has p0 = " + std::to_string(c.p0) +
                         ", p1 = " + std::to_string(c.p1) + "; both must lie in [0, 1]");
}

BinaryChannel channelOf(const DistortionMatrix& m)
{
    return {m.entry(0, 0), m.entry(1, 1)};
}

DistortionMatrix matrixOf(const BinaryChannel& c)
{
    Eigen::Matrix2d m;
    m << c.p0, 1.0 - c.p1, 1.0 - c.p0, c.p1;
    return DistortionMatrix::fromMatrix(m);
}

MeasureValue compared(BoundForm form, const MeasureValue& v)
{
    return v.defined ? MeasureValue::of(boundQuantity(form, v.value)) : v;
}

bool above(const MeasureValue& randomized, const MeasureValue& original)
{
    if (!randomized.defined || !original.defined)
        return false;
    return randomized.value > original.value + kRelativeTolerance * std::max(1.0, std::abs(original.value));
}

VerticalVerdict verdictOf(Measure m, MeasureValue original, MeasureValue randomized, MeasureGuarantee g)
{
    VerticalVerdict v;
    v.measure = m;
    v.key = std::string(measureInfo(m).key);
    v.label = std::string(measureInfo(m).label);
    v.original = std::move(original);
    v.randomized = std::move(randomized);
    v.guarantee = std::move(g);
    v.originalCompared = compared(v.guarantee.form, v.original);
    v.randomizedCompared = compared(v.guarantee.form, v.randomized);
    v.randomizedAbove = above(v.randomizedCompared, v.originalCompared);
    return v;
}

void checkCounts(const Eigen::VectorXd& counts, Eigen::Index cells)
{
    if (counts.size() != cells)
        throw InputError("the table has " + std::to_string(counts.size()) + " cells; the two attributes span " +
                         std::to_string(cells));
    for (Eigen::Index i = 0; i < counts.size(); ++i)
        if (!std::isfinite(counts[i]) || counts[i] < 0)
            throw InputError("cell " + std::to_string(i) + " of the table holds " + std::to_string(counts[i]) +
                             "; counts must be finite and non-negative");
    if (!(counts.sum() > 0))
        throw InputError("the table holds no records");
}

} // namespace

std::string toString(BoundForm form)
{
    switch (form) {
    case BoundForm::Value: return "value";
    case BoundForm::Magnitude: return "magnitude";
    case BoundForm::DistanceFromOne: return "distance_from_one";
    }
    return "value";
}

double boundQuantity(BoundForm form, double value)
{
    switch (form) {
    case BoundForm::Value: return value;
    case BoundForm::Magnitude: return std::abs(value);
    case BoundForm::DistanceFromOne: return std::abs(value - 1.0);
    }
    return value;
}

MeasureGuarantee binaryGuarantee(Measure m, const BinaryChannel& first, const BinaryChannel& second)
{
    checkChannel(first, "first");
    checkChannel(second, "second");
    MeasureGuarantee g;
    switch (m) {
    case Measure::ChiSquare:
    case Measure::LikelihoodRatio:
    case Measure::MutualInformation:
    case Measure::Concentration:
    case Measure::Uncertainty:
        g.form = BoundForm::Value;
        g.guaranteed = true;
        g.result = "003 Result 4";
        g.reason = "never above the original for any channels: randomization only weakens the association";
        return g;
    case Measure::Phi:
    case Measure::RiskDifference:
    case Measure::PiatetskyShapiro:
        g.form = BoundForm::Magnitude;
        g.guaranteed = true;
        g.result = "003 Result 4";
        g.reason = "|randomized| <= |original| for any channels";
        return g;
    case Measure::Certainty:
    case Measure::AddedValue:
    case Measure::Kappa: g.form = BoundForm::Magnitude; break;
    case Measure::OddsRatio:
    case Measure::Interest:
    case Measure::Conviction:
    case Measure::CollectiveStrength: g.form = BoundForm::DistanceFromOne; break;
    default:
        g.form = BoundForm::Value;
        g.reason = "no monotone relation (003 Result 4: no other Table 3.6 measure has one): the randomized "
                   "value may lie above or below the original";
        return g;
    }
    // 003 Result 5: the bound needs every p0, p1 in [0.5, 1].
    g.result = "003 Result 5";
    const char* quantity =
        g.form == BoundForm::Magnitude ? "|randomized| <= |original|" : "|randomized - 1| <= |original - 1|";
    if (inUpperHalf(first) && inUpperHalf(second)) {
        g.guaranteed = true;
        g.reason = std::string(quantity) + " because every p0, p1 lies in [0.5, 1]";
    } else {
        g.reason = std::string("no guarantee: ") + quantity + " needs every p0, p1 in [0.5, 1]";
    }
    return g;
}

Eigen::VectorXd expectedRandomizedTable(const Eigen::VectorXd& pi, const DistortionMatrix& first,
                                        const DistortionMatrix& second)
{
    if (pi.size() != Eigen::Index(first.size()) * second.size())
        throw InputError("the table has " + std::to_string(pi.size()) + " cells; the matrices span " +
                         std::to_string(first.size()) + " x " + std::to_string(second.size()));
    return kroneckerApply({first.factor(), second.factor()}, pi); // 003 eq. 2.1
}

Eigen::Vector4d randomizedCells(const Eigen::Vector4d& pi, const BinaryChannel& first, const BinaryChannel& second)
{
    checkChannel(first, "first");
    checkChannel(second, "second");
    return expectedRandomizedTable(pi, matrixOf(first), matrixOf(second));
}

MeasureValue binaryMeasure(Measure m, const Eigen::Vector4d& proportions, double n)
{
    Domain d;
    const double v = associationMeasure<double>(m, proportions.data(), n, d);
    if (!d.defined())
        return MeasureValue::undefined(d.undefined);
    if (!std::isfinite(v))
        return MeasureValue::undefined(std::string(measureInfo(m).key) + " is not finite");
    return MeasureValue::of(v);
}

VerticalReport verticalProperties(const Eigen::VectorXd& counts, const DistortionMatrix& first,
                                  const DistortionMatrix& second, int presentFirst, int presentSecond)
{
    VerticalReport r;
    r.d1 = first.size();
    r.d2 = second.size();
    checkCounts(counts, Eigen::Index(r.d1) * r.d2);
    r.n = counts.sum();
    const Eigen::VectorXd pi = counts / r.n;
    const Eigen::VectorXd lambda = expectedRandomizedTable(pi, first, second);
    const Eigen::MatrixXd pool = pairPoolingMatrix(r.d1, presentFirst, r.d2, presentSecond);
    r.original = pool * pi;
    r.randomized = pool * lambda;
    const DistortionMatrix c1 = r.d1 == 2 ? first : pooledChannel(first, presentFirst, "the first attribute");
    const DistortionMatrix c2 = r.d2 == 2 ? second : pooledChannel(second, presentSecond, "the second attribute");
    r.first = channelOf(c1);
    r.second = channelOf(c2);
    if (r.d1 == 2 && presentFirst == 0)
        r.first = {r.first.p1, r.first.p0}; // category 0 is "present": the roles of p0 and p1 swap
    if (r.d2 == 2 && presentSecond == 0)
        r.second = {r.second.p1, r.second.p0};
    r.resultFiveApplies = inUpperHalf(r.first) && inUpperHalf(r.second);
    for (const MeasureInfo& info : measureCatalog())
        r.binary.push_back(verdictOf(info.measure, binaryMeasure(info.measure, r.original, r.n),
                                     binaryMeasure(info.measure, r.randomized, r.n),
                                     binaryGuarantee(info.measure, r.first, r.second)));
    if (r.d1 > 2 || r.d2 > 2) {
        MeasureGuarantee g;
        g.guaranteed = true;
        g.result = "003 Result 8";
        g.reason = "never above the original for any distortion matrices of the two attributes";
        for (Measure m : kTwoWayMeasures)
            r.fullTable.push_back(
                verdictOf(m, twoWayMeasure(m, pi, r.d1, r.d2, r.n), twoWayMeasure(m, lambda, r.d1, r.d2, r.n), g));
    }
    return r;
}

BinaryChannel pooledWarnerChannel(int d, double p)
{
    if (d < 2)
        throw InputError("an attribute needs at least 2 categories to be randomized, not " + std::to_string(d));
    return {1.0 - (1.0 - p) / (d - 1), p};
}

MeasureSurface randomizedMeasureSurface(const Eigen::Vector4d& pi, double n, Measure m, int steps, double low,
                                        double high, int dFirst, int dSecond)
{
    if (steps < 2 || steps > kMaxSurfaceSteps)
        throw InputError("the surface needs 2 to " + std::to_string(kMaxSurfaceSteps) + " points per axis, not " +
                         std::to_string(steps));
    if (!(low >= 0.0 && high <= 1.0 && low < high))
        throw InputError("the retention range [" + std::to_string(low) + ", " + std::to_string(high) +
                         "] must lie in [0, 1] with low < high");
    MeasureSurface s;
    s.measure = m;
    s.form = binaryGuarantee(m, {1, 1}, {1, 1}).form;
    s.original = binaryMeasure(m, pi, n);
    for (int i = 0; i < steps; ++i)
        s.pFirst.push_back(low + (high - low) * i / (steps - 1));
    s.pSecond = s.pFirst;
    s.values.reserve(std::size_t(steps) * steps);
    const MeasureValue originalCompared = compared(s.form, s.original);
    for (double a : s.pFirst)
        for (double b : s.pSecond) {
            const MeasureValue v = binaryMeasure(
                m, randomizedCells(pi, pooledWarnerChannel(dFirst, a), pooledWarnerChannel(dSecond, b)), n);
            const MeasureValue c = compared(s.form, v);
            if (above(c, originalCompared)) {
                ++s.aboveOriginal;
                s.largestExcess = std::max(s.largestExcess, c.value - originalCompared.value);
            }
            s.values.push_back(v);
        }
    return s;
}

} // namespace rr
