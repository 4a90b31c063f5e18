#include "core/measures/PairMeasures.h"

#include "core/data/Errors.h"
#include "core/estimation/LinearCovariance.h"
#include "core/estimation/Reconstruction.h"
#include "core/measures/AssociationMeasures.h"
#include "core/measures/BinaryPooling.h"

#include <cmath>
#include <limits>

namespace rr {

namespace {

const std::array<const char*, 4> kCellSuffix{"00", "01", "10", "11"};

// Everything the measures share: proportions, estimates and the pooled covariance.
struct PairContext {
    double n = 0, nOriginal = 0;
    int d1 = 0, d2 = 0;
    CriticalValues levels;
    std::vector<DistortionMatrix> matrices;
    Eigen::VectorXd lambdaFull, piFull;
    std::optional<Eigen::VectorXd> originalFull;
    Eigen::VectorXd lambda2, pi2; // pooled
    std::optional<Eigen::VectorXd> original2;
    Eigen::MatrixXd sigma2;
};

void checkCounts(const Eigen::VectorXd& counts, Eigen::Index cells, const char* what)
{
    if (counts.size() != cells)
        throw InputError(std::string(what) + " has " + std::to_string(counts.size()) +
                         " cells; the two attributes span " + std::to_string(cells));
    for (Eigen::Index i = 0; i < counts.size(); ++i)
        if (!std::isfinite(counts[i]) || counts[i] < 0)
            throw InputError(std::string(what) + ": cell " + std::to_string(i) + " holds " + std::to_string(counts[i]) +
                             "; counts must be finite and non-negative");
}

PairContext prepare(const PairInput& in)
{
    PairContext c;
    c.d1 = in.first.size();
    c.d2 = in.second.size();
    c.levels = criticalValues(in.alpha); // validates alpha before any work
    checkCounts(in.randomizedCounts, Eigen::Index(c.d1) * c.d2, "the randomized table");
    c.n = in.randomizedCounts.sum();
    if (!(c.n > 1.0))
        throw InputError("the randomized table holds " + std::to_string(c.n) + " records; variances need at least 2");
    const Eigen::MatrixXd pool = pairPoolingMatrix(c.d1, in.presentFirst, c.d2, in.presentSecond);
    c.matrices = {in.first, in.second};
    c.lambdaFull = in.randomizedCounts / c.n;
    // cells within 1e-12 of 0 are the rounding residue of P^-1 (e.g. an empty cell of an expected table)
    c.piFull = reconstruct(c.matrices, c.lambdaFull).unaryExpr([](double x) { return std::abs(x) < 1e-12 ? 0.0 : x; });
    c.lambda2 = pool * c.lambdaFull;
    c.pi2 = pool * c.piFull; // equals P2^-1 lambda2 with the pooled channel for Warner matrices
    c.sigma2 = linearCovariance(c.matrices, c.lambdaFull, c.n, pool.transpose());
    if (in.originalCounts) {
        checkCounts(*in.originalCounts, Eigen::Index(c.d1) * c.d2, "the original table");
        c.nOriginal = in.originalCounts->sum();
        if (!(c.nOriginal > 0))
            throw InputError("the original table holds no records");
        c.originalFull = *in.originalCounts / c.nOriginal;
        c.original2 = pool * *c.originalFull;
    }
    return c;
}

MeasureEstimate measureAt(const PairContext& c, Measure m)
{
    const MeasureInfo& info = measureInfo(m);
    const double n = c.n;
    const Linearization lin =
        linearize<4>([m, n](const auto* x, Domain& d) { return associationMeasure(m, x, n, d); }, c.pi2);
    MeasureEstimate e = estimateFrom(std::string(info.key), std::string(info.label), lin, c.sigma2, c.levels,
                                     info.lowest, info.highest);
    Domain dr;
    const double r = associationMeasure<double>(m, c.lambda2.data(), c.n, dr);
    e.randomized = domainValue(r, dr, "randomized table: ");
    if (c.original2) {
        Domain dor;
        const double o = associationMeasure<double>(m, c.original2->data(), c.nOriginal, dor);
        e.original = domainValue(o, dor, "original table: ");
    }
    return e;
}

MeasureEstimate cellAt(const PairContext& c, int k)
{
    MeasureEstimate e;
    e.key = std::string("cell_") + kCellSuffix[k];
    e.label = std::string("pi_") + kCellSuffix[k];
    e.estimate = MeasureValue::of(c.pi2[k]);
    e.variance = MeasureValue::of(c.sigma2(k, k));
    attachRanges(e, c.levels, 0.0, 1.0);
    e.randomized = MeasureValue::of(c.lambda2[k]);
    if (c.original2)
        e.original = MeasureValue::of((*c.original2)[k]);
    return e;
}

MeasureEstimate residualAt(const PairContext& c, int k)
{
    const int i = k / 2, j = k % 2;
    const double n = c.n;
    const auto residual = [i, j](double size) {
        return [i, j, size](const auto* x, Domain& d) { return standardizedResidual(x, 2, 2, size, i, j, d); };
    };
    const Linearization lin = linearize<4>(residual(n), c.pi2);
    const double inf = std::numeric_limits<double>::infinity();
    MeasureEstimate e =
        estimateFrom(std::string("residual_") + kCellSuffix[k],
                     std::string("Standardized residual e_") + kCellSuffix[k], lin, c.sigma2, c.levels, -inf, inf);
    Domain dr;
    e.randomized = domainValue(residual(n)(c.lambda2.data(), dr), dr, "randomized table: ");
    if (c.original2) {
        Domain dor;
        e.original = domainValue(residual(c.nOriginal)(c.original2->data(), dor), dor, "original table: ");
    }
    return e;
}

template <class T>
T twoWayValue(Measure m, const T* p, int r, int c, double n, Domain& d)
{
    switch (m) {
    case Measure::ChiSquare: return pearsonChiSquare(p, r, c, n, d);
    case Measure::LikelihoodRatio: return likelihoodRatio(p, r, c, n, d);
    case Measure::MutualInformation: return normalizedMutualInformation(p, r, c, d);
    case Measure::Concentration: return concentrationCoefficient(p, r, c, d);
    case Measure::Uncertainty: return uncertaintyCoefficient(p, r, c, d);
    default:
        d.fail(std::string(measureInfo(m).key) + " is not defined for many-category attributes (003 Table 4.1)");
        return T(0.0);
    }
}

std::vector<MeasureEstimate> fullTableAt(const PairContext& c)
{
    std::vector<MeasureEstimate> out;
    const int r = c.d1, k = c.d2;
    const double n = c.n;
    for (Measure m : kTwoWayMeasures) {
        const MeasureInfo& info = measureInfo(m);
        const Linearization lin = linearize<Eigen::Dynamic>(
            [m, r, k, n](const auto* x, Domain& d) { return twoWayValue(m, x, r, k, n, d); }, c.piFull);
        // var = g^T Sigma g as the variance of the linear function g^T pi-hat, without the D x D matrix
        const auto variance = [&c](const Eigen::VectorXd& g) {
            return std::max(0.0, linearCovariance(c.matrices, c.lambdaFull, c.n, g)(0, 0));
        };
        MeasureEstimate e = estimateFrom(std::string(info.key), std::string(info.label), lin, variance, c.levels,
                                         info.lowest, info.highest);
        e.randomized = twoWayMeasure(m, c.lambdaFull, r, k, c.n);
        if (!e.randomized.defined)
            e.randomized.reason = "randomized table: " + e.randomized.reason;
        if (c.originalFull) {
            e.original = twoWayMeasure(m, *c.originalFull, r, k, c.nOriginal);
            if (!e.original->defined)
                e.original->reason = "original table: " + e.original->reason;
        }
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace

MeasureValue twoWayMeasure(Measure measure, const Eigen::VectorXd& proportions, int d1, int d2, double n)
{
    if (proportions.size() != Eigen::Index(d1) * d2)
        throw InputError("a two-way measure needs " + std::to_string(d1 * d2) + " cells, got " +
                         std::to_string(proportions.size()));
    Domain d;
    const double v = twoWayValue<double>(measure, proportions.data(), d1, d2, n, d);
    return domainValue(v, d);
}

PairMeasures estimatePairMeasures(const PairInput& input)
{
    const PairContext c = prepare(input);
    PairMeasures out;
    out.n = c.n;
    out.d1 = c.d1;
    out.d2 = c.d2;
    out.estimatedCells = c.pi2;
    out.randomizedCells = c.lambda2;
    if (c.original2)
        out.originalCells = Eigen::Vector4d(*c.original2);
    out.covariance = c.sigma2;
    for (int k = 0; k < 4; ++k) {
        out.cells[k] = cellAt(c, k);
        out.residuals[k] = residualAt(c, k);
    }
    out.measures.reserve(kMeasureCount);
    for (const MeasureInfo& info : measureCatalog())
        out.measures.push_back(measureAt(c, info.measure));
    if (c.d1 > 2 || c.d2 > 2) {
        const Eigen::Index cells = Eigen::Index(c.d1) * c.d2;
        if (cells <= kMaxFullTableCells)
            out.fullTable = fullTableAt(c);
        else
            out.fullTableNote = "the full table has " + std::to_string(cells) +
                                " cells; its measures are computed up to " + std::to_string(kMaxFullTableCells) +
                                " cells (their exact gradients cost cells^2)";
    }
    return out;
}

MeasureEstimate estimatePairMeasure(const PairInput& input, Measure measure)
{
    return measureAt(prepare(input), measure);
}

} // namespace rr
