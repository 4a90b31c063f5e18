#pragma once
// Horizontal association variation (003 Sec. 4.2.1, Results 6 and 7): two pairs of binary attributes
// randomized alike (the first attributes of both pairs by one channel, the second by another); does
// the order of their association strengths survive on the randomized tables?
#include "core/withoutp/VerticalProperties.h"

#include <string>
#include <vector>

namespace rr {

struct HorizontalVerdict {
    Measure measure = Measure::Support;
    std::string key, label;
    BoundForm form = BoundForm::Value; // strength compared: x, |x| or |x - 1| (as the vertical verdicts)
    MeasureValue firstOriginal, secondOriginal, firstRandomized, secondRandomized;
    bool guaranteed = false; // 003 guarantees the order for these channels
    std::string result;      // "003 Result 6" / "003 Result 7", empty when none applies
    std::string reason;
    // The order of the strengths (first stronger / tie / second stronger) is the same before and
    // after; false when any value is undefined. Ties within a relative 1e-9 count as ties.
    bool orderKept = false;
};

struct HorizontalReport {
    Eigen::Vector4d firstOriginal, secondOriginal, firstRandomized, secondRandomized; // proportions
    BinaryChannel rows, columns;             // the channel of both pairs' first and second attributes
    std::vector<HorizontalVerdict> verdicts; // the 21 measures of measureCatalog()
};

// The guarantee for the order of a measure: PS for any channels (Result 6); risk difference when the
// second (column) attributes are not randomized and added value when the first (row) attributes are
// not (Result 7: each is PS over margins that must stay unchanged).
HorizontalVerdict horizontalGuarantee(Measure m, const BinaryChannel& rows, const BinaryChannel& columns);

// Both pairs as 2 x 2 proportions (00, 01, 10, 11), n records each (chi-square, G2, Laplace).
HorizontalReport horizontalProperties(const Eigen::Vector4d& firstPair, const Eigen::Vector4d& secondPair, double n,
                                      const BinaryChannel& rows, const BinaryChannel& columns);

} // namespace rr
