#pragma once
// An attribute with a chosen "present" category, the others pooled into "absent" (003 Sec. 3.2 treats
// binary items; any attribute becomes one this way).
#include "core/distortion/DistortionMatrix.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace rr {

// 2 x d aggregation: row 0 (absent) sums every category but `present`, row 1 is `present`.
Eigen::MatrixXd poolingMatrix(int d, int present);

// 4 x (d1 d2) aggregation of a row-major two-way table into the 2 x 2 table (00, 01, 10, 11).
Eigen::MatrixXd pairPoolingMatrix(int d1, int present1, int d2, int present2);

// The exact 2 x 2 channel of the pooled attribute, which exists when Pr(report v | w) is the same for every
// w != v: for a Warner matrix, Pr(report v | v) = p and Pr(report v | not v) = (1-p)/(d-1). Pooling the full
// estimate then equals estimating the pooled table with this channel. Throws InputError (naming the
// attribute) when the probabilities differ, where only pooling the full estimate is valid.
DistortionMatrix pooledChannel(const DistortionMatrix& m, int present, const std::string& attribute);
// The same for a set S of present categories (inSet[w] != 0): exact when Pr(report in S | w) is one value for
// every w in S and one for every w outside it, as for any Warner matrix.
DistortionMatrix pooledChannel(const DistortionMatrix& m, const std::vector<char>& inSet, const std::string& attribute);

} // namespace rr
