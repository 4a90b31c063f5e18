#pragma once
// The 21 association measures of two binary attributes (003 Table 3.6, 000 Table 2), templated on the
// scalar so forward-mode AutoDiff differentiates them exactly for the delta method (003 Sec. 3.3.1).
// Cells are (pi_00, pi_01, pi_10, pi_11): rows = first attribute (predictor), columns = second (response),
// 1 = present. Definitions as printed in 003 Table 3.6 except where the print is garbled:
//   phi       = (pi_11 pi_00 - pi_01 pi_10) / sqrt(pi_1+ pi_+1 pi_0+ pi_+0)   (as 000 Table 2 prints it)
//   certainty = (pi_11 / pi_1+ - pi_+1) / (1 - pi_+1)
//   J-measure = pi_11 log(pi_11 / (pi_1+ pi_+1)) + pi_10 log(pi_10 / (pi_1+ pi_+0))   (003's, not 000's)
#include "core/measures/Domain.h"
#include "core/measures/MeasureCatalog.h"
#include "core/measures/TwoWayMeasures.h"

#include <string>
#include <utility>

namespace rr {

template <class T>
struct BinaryCells {
    T p00, p01, p10, p11;
    T r0, r1, c0, c1; // pi_0+, pi_1+, pi_+0, pi_+1

    explicit BinaryCells(const T* p)
        : p00(p[0]), p01(p[1]), p10(p[2]), p11(p[3]), r0(p[0] + p[1]), r1(p[2] + p[3]), c0(p[0] + p[2]), c1(p[1] + p[3])
    {}
};

// A measure reads pi_11 (support), pi_10 and pi_11 (confidence, Laplace) or the whole table; a negative
// cell among them (the unbiased estimate outside the parameter space) leaves it undefined.
template <class T>
void requireCells(Measure m, const BinaryCells<T>& c, Domain& d)
{
    const auto check = [&d](const T& x, const char* name) {
        if (valueOf(x) < 0.0)
            d.fail(std::string(name) + " is negative (" + shortNumber(valueOf(x)) +
                   "): the estimate lies outside the parameter space");
    };
    check(c.p11, "pi_11");
    if (m == Measure::Support)
        return;
    check(c.p10, "pi_10");
    if (m == Measure::Confidence || m == Measure::Laplace)
        return;
    check(c.p00, "pi_00");
    check(c.p01, "pi_01");
}

// pi_11 / pi_1+   (003 Result 2)
template <class T>
T confidenceOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(c.p11, c.r1, d, "pi_1+ (no record has the first attribute)");
}

// (pi_11 pi_00 - pi_01 pi_10) / sqrt(pi_1+ pi_+1 pi_0+ pi_+0)   (000 Table 2)
template <class T>
T phiOf(const BinaryCells<T>& c, Domain& d)
{
    const T product = c.r1 * c.c1 * c.r0 * c.c0;
    const std::pair<const T*, const char*> margins[] = {
        {&c.r0, "pi_0+"}, {&c.r1, "pi_1+"}, {&c.c0, "pi_+0"}, {&c.c1, "pi_+1"}};
    for (const auto& [margin, name] : margins)
        if (valueOf(*margin) <= 0.0) {
            d.fail(std::string(name) + " is 0: phi divides by sqrt(pi_1+ pi_+1 pi_0+ pi_+0)");
            return T(0.0);
        }
    return quotient(T(c.p11 * c.p00 - c.p01 * c.p10), root(product, d, "pi_1+ pi_+1 pi_0+ pi_+0"), d,
                    "sqrt(pi_1+ pi_+1 pi_0+ pi_+0)");
}

// pi_11 pi_00 / (pi_10 pi_01)   (003 Table 3.6)
template <class T>
T oddsRatioOf(const BinaryCells<T>& c, Domain& d)
{
    if (valueOf(c.p10) == 0.0)
        d.fail("pi_10 is 0: the odds ratio divides by pi_10 pi_01");
    if (valueOf(c.p01) == 0.0)
        d.fail("pi_01 is 0: the odds ratio divides by pi_10 pi_01");
    return quotient(T(c.p11 * c.p00), T(c.p10 * c.p01), d, "pi_10 pi_01");
}

// (pi_11 + pi_00 - pi_1+ pi_+1 - pi_0+ pi_+0) / (1 - pi_1+ pi_+1 - pi_0+ pi_+0)   (003 Table 3.6)
template <class T>
T kappaOf(const BinaryCells<T>& c, Domain& d)
{
    const T chance = c.r1 * c.c1 + c.r0 * c.c0;
    return quotient(T(c.p11 + c.p00 - chance), T(1.0 - chance), d, "1 - pi_1+ pi_+1 - pi_0+ pi_+0");
}

// pi_11 log(pi_11 / (pi_1+ pi_+1)) + pi_10 log(pi_10 / (pi_1+ pi_+0))   (003 Table 3.6)
template <class T>
T jMeasureOf(const BinaryCells<T>& c, Domain& d)
{
    const T present = xLogRatio(
        c.p11, T(c.r1 * c.c1), d, [] { return std::string("pi_11"); }, "pi_1+ pi_+1");
    const T absent = xLogRatio(
        c.p10, T(c.r1 * c.c0), d, [] { return std::string("pi_10"); }, "pi_1+ pi_+0");
    return present + absent;
}

// pi_00 / pi_+0 - pi_01 / pi_+1   (003 Table 3.6)
template <class T>
T riskDifferenceOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(c.p00, c.c0, d, "pi_+0") - quotient(c.p01, c.c1, d, "pi_+1");
}

// (pi_11 + pi_00) / (pi_1+ pi_+1 + pi_0+ pi_+0) x (1 - pi_1+ pi_+1 - pi_0+ pi_+0) / (1 - pi_11 - pi_00)
// (003 Table 3.6)
template <class T>
T collectiveStrengthOf(const BinaryCells<T>& c, Domain& d)
{
    const T chance = c.r1 * c.c1 + c.r0 * c.c0;
    const T agree = c.p11 + c.p00;
    return quotient(agree, chance, d, "pi_1+ pi_+1 + pi_0+ pi_+0") *
           quotient(T(1.0 - chance), T(1.0 - agree), d, "1 - pi_11 - pi_00 (no disagreeing record)");
}

// pi_11 / sqrt(pi_1+ pi_+1)   (003 Table 3.6)
template <class T>
T cosineOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(c.p11, root(T(c.r1 * c.c1), d, "pi_1+ pi_+1"), d, "sqrt(pi_1+ pi_+1)");
}

// pi_11 / (pi_1+ pi_+1)   (003 Table 3.6)
template <class T>
T interestOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(c.p11, T(c.r1 * c.c1), d, "pi_1+ pi_+1");
}

// pi_11 / (pi_1+ + pi_+1 - pi_11)   (003 Table 3.6)
template <class T>
T jaccardOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(c.p11, T(c.r1 + c.c1 - c.p11), d, "pi_1+ + pi_+1 - pi_11 (neither attribute present anywhere)");
}

// pi_1+ pi_+0 / pi_10   (003 Table 3.6)
template <class T>
T convictionOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(T(c.r1 * c.c0), c.p10, d, "pi_10 (the rule has no counter-example)");
}

// pi_11 / pi_1+ - pi_+1   (003 Table 3.6)
template <class T>
T addedValueOf(const BinaryCells<T>& c, Domain& d)
{
    return confidenceOf(c, d) - c.c1;
}

// (pi_11 / pi_1+ - pi_+1) / (1 - pi_+1)   (003 Table 3.6, garbled there)
template <class T>
T certaintyOf(const BinaryCells<T>& c, Domain& d)
{
    return quotient(addedValueOf(c, d), T(1.0 - c.c1), d, "1 - pi_+1 (the second attribute is always present)");
}

// (N pi_11 + 1) / (N pi_1+ + 2)   (003 Table 3.6)
template <class T>
T laplaceOf(const BinaryCells<T>& c, double n, Domain& d)
{
    return quotient(T(n * c.p11 + 1.0), T(n * c.r1 + 2.0), d, "N pi_1+ + 2");
}

// Any measure of the catalog at cells (pi_00, pi_01, pi_10, pi_11); n = number of records.
template <class T>
T associationMeasure(Measure m, const T* cells, double n, Domain& d)
{
    const BinaryCells<T> c(cells);
    requireCells(m, c, d);
    if (!d.defined())
        return T(0.0);
    switch (m) {
    case Measure::Support: return c.p11;
    case Measure::Confidence: return confidenceOf(c, d);
    case Measure::Phi: return phiOf(c, d);
    case Measure::OddsRatio: return oddsRatioOf(c, d);
    case Measure::Kappa: return kappaOf(c, d);
    case Measure::MutualInformation: return normalizedMutualInformation(cells, 2, 2, d);
    case Measure::JMeasure: return jMeasureOf(c, d);
    case Measure::ChiSquare: return pearsonChiSquare(cells, 2, 2, n, d);
    case Measure::LikelihoodRatio: return likelihoodRatio(cells, 2, 2, n, d);
    case Measure::RiskDifference: return riskDifferenceOf(c, d);
    case Measure::CollectiveStrength: return collectiveStrengthOf(c, d);
    case Measure::Cosine: return cosineOf(c, d);
    case Measure::Interest: return interestOf(c, d);
    case Measure::Jaccard: return jaccardOf(c, d);
    case Measure::PiatetskyShapiro: return c.p11 - c.r1 * c.c1; // 003 Table 3.6
    case Measure::Conviction: return convictionOf(c, d);
    case Measure::Certainty: return certaintyOf(c, d);
    case Measure::AddedValue: return addedValueOf(c, d);
    case Measure::Laplace: return laplaceOf(c, n, d);
    case Measure::Concentration: return concentrationCoefficient(cells, 2, 2, d);
    case Measure::Uncertainty: return uncertaintyCoefficient(cells, 2, 2, d);
    }
    d.fail("unknown measure");
    return T(0.0);
}

} // namespace rr
