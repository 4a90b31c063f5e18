#include "core/measures/MultiItemMeasures.h"

#include "core/data/Errors.h"
#include "core/estimation/LinearCovariance.h"
#include "core/estimation/Reconstruction.h"
#include "core/measures/DeltaMethod.h"
#include "core/measures/Domain.h"

#include <cmath>
#include <string>

namespace rr {

namespace {

// "pi_1011": the cell of the 2^k table at index `cell`.
std::string itemCellName(Eigen::Index cell, int k)
{
    std::string s = "pi_";
    for (int j = 0; j < k; ++j)
        s.push_back(((cell >> (k - 1 - j)) & 1) ? '1' : '0');
    return s;
}

// pi^(j)_1 for every item; undefined when a cell is negative (outside the parameter space).
template <class T>
std::vector<T> itemShares(const T* p, int k, Domain& d)
{
    const Eigen::Index cells = Eigen::Index(1) << k;
    std::vector<T> share(k, T(0.0));
    for (Eigen::Index u = 0; u < cells; ++u) {
        if (valueOf(p[u]) < 0.0)
            d.fail(itemCellName(u, k) + " is negative (" + shortNumber(valueOf(p[u])) +
                   "): the estimate lies outside the parameter space");
        for (int j = 0; j < k; ++j)
            if ((u >> (k - 1 - j)) & 1)
                share[j] += p[u];
    }
    return share;
}

// Undefined unless every item's share lies above 0 (and below 1 when `belowOne`): the measure divides by them.
template <class T>
void requireShares(const std::vector<T>& share, bool belowOne, Domain& d)
{
    for (std::size_t j = 0; j < share.size(); ++j) {
        const double s = valueOf(share[j]);
        if (s <= 0.0 || (belowOne && s >= 1.0))
            d.fail("item " + std::to_string(j + 1) + " is present in a share " + shortNumber(s) +
                   " of the records: the measure divides by " + (s <= 0.0 ? "pi^(j)_1" : "pi^(j)_0"));
    }
}

// N sum_u (pi_u - prod_j pi^(j)_{u_j})^2 / prod_j pi^(j)_{u_j}   (003 eq. 3.6)
template <class T>
T itemChiSquare(const T* p, int k, const std::vector<T>& share, double n)
{
    const Eigen::Index cells = Eigen::Index(1) << k;
    T sum(0.0);
    for (Eigen::Index u = 0; u < cells; ++u) {
        T expected(1.0);
        for (int j = 0; j < k; ++j)
            expected *= ((u >> (k - 1 - j)) & 1) ? share[j] : T(1.0 - share[j]);
        const T deviation = p[u] - expected;
        sum += deviation * deviation / expected;
    }
    return n * sum;
}

template <class T>
T itemValue(Measure m, const T* p, int k, double n, Domain& d)
{
    using std::exp;
    using std::log;
    const Eigen::Index last = (Eigen::Index(1) << k) - 1;
    if (m == Measure::Support) { // reads pi_1..1 only, as for two items
        if (valueOf(p[last]) < 0.0)
            d.fail(itemCellName(last, k) + " is negative (" + shortNumber(valueOf(p[last])) +
                   "): the estimate lies outside the parameter space");
        return p[last];
    }
    const std::vector<T> share = itemShares(p, k, d);
    if (!d.defined())
        return T(0.0);
    T independent(1.0);
    for (const T& s : share)
        independent *= s;
    if (m == Measure::ChiSquare || m == Measure::Interest || m == Measure::Cosine)
        requireShares(share, m == Measure::ChiSquare, d);
    if (!d.defined())
        return T(0.0);
    switch (m) {
    case Measure::ChiSquare: return itemChiSquare(p, k, share, n);
    case Measure::Interest: // pi_1..1 / prod_j pi^(j)_1
        return p[last] / independent;
    case Measure::Cosine: // pi_1..1 / (prod_j pi^(j)_1)^(1/k)
        return p[last] / T(exp(log(independent) / double(k)));
    case Measure::PiatetskyShapiro: // pi_1..1 - prod_j pi^(j)_1
        return p[last] - independent;
    case Measure::Jaccard: // pi_1..1 / (1 - pi_0..0)
        return quotient(p[last], T(1.0 - p[0]), d, "1 - pi_0..0 (no record has any item)");
    default: d.fail(std::string(measureInfo(m).key) + " is not defined for k items here"); return T(0.0);
    }
}

int checkedItems(const ItemsInput& in)
{
    const int k = static_cast<int>(in.matrices.size());
    if (k < 2 || k > kMaxMultiItems)
        throw InputError("item measures take 2 to " + std::to_string(kMaxMultiItems) + " items, got " +
                         std::to_string(k));
    for (int j = 0; j < k; ++j)
        if (in.matrices[j].size() != 2)
            throw InputError("item " + std::to_string(j + 1) + " has a " + std::to_string(in.matrices[j].size()) +
                             "-category matrix; items are binary");
    const Eigen::Index cells = Eigen::Index(1) << k;
    const auto check = [cells](const Eigen::VectorXd& c, const char* what) {
        if (c.size() != cells)
            throw InputError(std::string(what) + " has " + std::to_string(c.size()) + " cells; " +
                             std::to_string(cells) + " expected");
        if (!c.allFinite() || (c.array() < 0).any())
            throw InputError(std::string(what) + " must hold finite non-negative counts");
    };
    check(in.randomizedCounts, "the randomized item table");
    if (in.originalCounts)
        check(*in.originalCounts, "the original item table");
    return k;
}

MeasureValue prefixed(MeasureValue v, const char* where)
{
    if (!v.defined)
        v.reason = where + v.reason;
    return v;
}

} // namespace

MeasureValue itemMeasure(Measure measure, const Eigen::VectorXd& proportions, int items, double n)
{
    if (items < 1 || items > kMaxMultiItems || proportions.size() != (Eigen::Index(1) << items))
        throw InputError("an item measure needs 2^k cells for 1 <= k <= " + std::to_string(kMaxMultiItems));
    Domain d;
    const double v = itemValue<double>(measure, proportions.data(), items, n, d);
    return domainValue(v, d);
}

std::vector<MeasureEstimate> estimateItemMeasures(const ItemsInput& in)
{
    const int k = checkedItems(in);
    const double n = in.randomizedCounts.sum();
    if (!(n > 1.0))
        throw InputError("the randomized item table holds " + std::to_string(n) + " records; variances need 2");
    const CriticalValues levels = criticalValues(in.alpha);
    const Eigen::VectorXd lambda = in.randomizedCounts / n;
    // cells within 1e-12 of 0 are the rounding residue of P^-1 (e.g. an empty cell of an expected table)
    const Eigen::VectorXd pi =
        reconstruct(in.matrices, lambda).unaryExpr([](double x) { return std::abs(x) < 1e-12 ? 0.0 : x; });
    std::optional<Eigen::VectorXd> original;
    double nOriginal = 0;
    if (in.originalCounts) {
        nOriginal = in.originalCounts->sum();
        if (!(nOriginal > 0))
            throw InputError("the original item table holds no records");
        original = *in.originalCounts / nOriginal;
    }
    std::vector<MeasureEstimate> out;
    for (Measure m : kMultiItemMeasures) {
        const MeasureInfo& info = measureInfo(m);
        const Linearization lin =
            linearize<Eigen::Dynamic>([m, k, n](const auto* x, Domain& d) { return itemValue(m, x, k, n, d); }, pi);
        // g^T Sigma g as the variance of the linear function g^T pi-hat
        const auto variance = [&](const Eigen::VectorXd& g) {
            return std::max(0.0, linearCovariance(in.matrices, lambda, n, g)(0, 0));
        };
        // PS of k > 2 items can pass 1/4 (k = 3: up to 2 / (3 sqrt 3)); it stays in [-1, 1]
        const bool ps = m == Measure::PiatetskyShapiro;
        MeasureEstimate e = estimateFrom(std::string(info.key), std::string(info.label), lin, variance, levels,
                                         ps ? -1.0 : info.lowest, ps ? 1.0 : info.highest);
        e.randomized = prefixed(itemMeasure(m, lambda, k, n), "randomized table: ");
        if (original)
            e.original = prefixed(itemMeasure(m, *original, k, nOriginal), "original table: ");
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace rr
