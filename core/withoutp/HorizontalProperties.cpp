#include "core/withoutp/HorizontalProperties.h"

#include <algorithm>
#include <cmath>

namespace rr {

namespace {

bool unchanged(const BinaryChannel& c)
{
    return c.p0 == 1.0 && c.p1 == 1.0;
}

// -1, 0 or 1: which strength is larger, ties within a relative 1e-9.
int order(double a, double b)
{
    const double tolerance = 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
    if (a > b + tolerance)
        return 1;
    if (b > a + tolerance)
        return -1;
    return 0;
}

} // namespace

HorizontalVerdict horizontalGuarantee(Measure m, const BinaryChannel& rows, const BinaryChannel& columns)
{
    HorizontalVerdict v;
    v.measure = m;
    v.key = std::string(measureInfo(m).key);
    v.label = std::string(measureInfo(m).label);
    v.form = binaryGuarantee(m, rows, columns).form;
    switch (m) {
    case Measure::PiatetskyShapiro:
        // PS_ran = (p0u + p1u - 1)(p0v + p1v - 1) PS_ori for both pairs   (003 Result 6)
        v.guaranteed = true;
        v.result = "003 Result 6";
        v.reason = "both pairs' PS shrink by the same factor (p0 + p1 - 1)(p0' + p1' - 1)";
        return v;
    case Measure::RiskDifference:
        // D = PS / (pi_+0 pi_+1): the same factor only while the column margins stay   (003 Result 7)
        v.result = "003 Result 7";
        v.guaranteed = unchanged(columns);
        v.reason = v.guaranteed ? "the second attributes are not randomized: D shrinks by p0 + p1 - 1 in both pairs"
                                : "no guarantee: Result 7 needs the second (column) attributes unrandomized";
        return v;
    case Measure::AddedValue:
        // AV = PS / pi_1+: the same factor only while the row margins stay (003 Result 7's AV, with
        // the roles of the attributes as this definition needs them)
        v.result = "003 Result 7";
        v.guaranteed = unchanged(rows);
        v.reason = v.guaranteed ? "the first attributes are not randomized: AV shrinks by p0 + p1 - 1 in both pairs"
                                : "no guarantee: AV = PS / pi_1+ keeps the order only when the first (row) "
                                  "attributes are unrandomized";
        return v;
    default: v.reason = "no guarantee: the order of no other measure is known to survive randomization (003 Table 3.6)"; return v;
    }
}

HorizontalReport horizontalProperties(const Eigen::Vector4d& firstPair, const Eigen::Vector4d& secondPair, double n,
                                      const BinaryChannel& rows, const BinaryChannel& columns)
{
    HorizontalReport r;
    r.firstOriginal = firstPair;
    r.secondOriginal = secondPair;
    r.firstRandomized = randomizedCells(firstPair, rows, columns);
    r.secondRandomized = randomizedCells(secondPair, rows, columns);
    r.rows = rows;
    r.columns = columns;
    for (const MeasureInfo& info : measureCatalog()) {
        HorizontalVerdict v = horizontalGuarantee(info.measure, rows, columns);
        v.firstOriginal = binaryMeasure(info.measure, r.firstOriginal, n);
        v.secondOriginal = binaryMeasure(info.measure, r.secondOriginal, n);
        v.firstRandomized = binaryMeasure(info.measure, r.firstRandomized, n);
        v.secondRandomized = binaryMeasure(info.measure, r.secondRandomized, n);
        if (v.firstOriginal.defined && v.secondOriginal.defined && v.firstRandomized.defined &&
            v.secondRandomized.defined)
            v.orderKept =
                order(boundQuantity(v.form, v.firstOriginal.value), boundQuantity(v.form, v.secondOriginal.value)) ==
                order(boundQuantity(v.form, v.firstRandomized.value), boundQuantity(v.form, v.secondRandomized.value));
        r.verdicts.push_back(std::move(v));
    }
    return r;
}

} // namespace rr
