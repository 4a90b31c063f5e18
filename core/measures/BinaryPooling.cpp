#include "core/measures/BinaryPooling.h"

#include "core/data/Errors.h"

#include <cmath>

namespace rr {

namespace {

void checkPresent(int d, int present, const std::string& what)
{
    if (d < 2)
        throw InputError(what + " has " + std::to_string(d) + " category; pooling needs at least 2");
    if (present < 0 || present >= d)
        throw InputError(what + ": the present category is index " + std::to_string(present) + ", allowed 0.." +
                         std::to_string(d - 1));
}

} // namespace

Eigen::MatrixXd poolingMatrix(int d, int present)
{
    checkPresent(d, present, "the attribute");
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(2, d);
    for (int v = 0; v < d; ++v)
        a(v == present ? 1 : 0, v) = 1.0;
    return a;
}

Eigen::MatrixXd pairPoolingMatrix(int d1, int present1, int d2, int present2)
{
    checkPresent(d1, present1, "the first attribute");
    checkPresent(d2, present2, "the second attribute");
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(4, d1 * d2);
    for (int i = 0; i < d1; ++i)
        for (int j = 0; j < d2; ++j)
            a(2 * (i == present1 ? 1 : 0) + (j == present2 ? 1 : 0), i * d2 + j) = 1.0;
    return a;
}

DistortionMatrix pooledChannel(const DistortionMatrix& m, int present, const std::string& attribute)
{
    const int d = m.size();
    checkPresent(d, present, "'" + attribute + "'");
    const auto p = [&m](int u, int v) { return m.entry(u, v); }; // any d: no matrix written out
    const double keep = p(present, present);
    double toPresent = -1.0; // Pr(report present | original w), w != present
    for (int w = 0; w < d; ++w) {
        if (w == present)
            continue;
        if (toPresent < 0)
            toPresent = p(present, w);
        else if (std::abs(p(present, w) - toPresent) > 1e-12)
            throw InputError("pooling '" + attribute + "' has no exact 2 x 2 channel: Pr(report category " +
                             std::to_string(present) + " | original w) differs across the other categories (" +
                             std::to_string(toPresent) + " vs " + std::to_string(p(present, w)) +
                             "); pool the full estimate instead");
    }
    Eigen::Matrix2d channel;
    // columns = original (absent, present), rows = reported (absent, present)
    channel << 1.0 - toPresent, 1.0 - keep, toPresent, keep;
    return DistortionMatrix::fromMatrix(channel);
}

} // namespace rr
