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
    std::vector<char> set(static_cast<std::size_t>(d), 0);
    set[static_cast<std::size_t>(present)] = 1;
    return pooledChannel(m, set, attribute);
}

DistortionMatrix pooledChannel(const DistortionMatrix& m, const std::vector<char>& inSet, const std::string& attribute)
{
    const int d = m.size();
    if (static_cast<int>(inSet.size()) != d)
        throw InputError("pooling '" + attribute + "': the present set has " + std::to_string(inSet.size()) +
                         " entries for " + std::to_string(d) + " categories");
    const auto toSet = [&](int w) { // Pr(report in S | original w); any d: no matrix written out
        double s = 0.0;
        for (int u = 0; u < d; ++u)
            if (inSet[static_cast<std::size_t>(u)])
                s += m.entry(u, w);
        return s;
    };
    double keep = -1.0, toPresent = -1.0; // from inside S, from outside S
    for (int w = 0; w < d; ++w) {
        double& shared = inSet[static_cast<std::size_t>(w)] ? keep : toPresent;
        const double x = toSet(w);
        if (shared < 0)
            shared = x;
        else if (std::abs(x - shared) > 1e-12)
            throw InputError("pooling '" + attribute + "' has no exact 2 x 2 channel: Pr(report present | original " +
                             std::to_string(w) + ") is " + std::to_string(x) + ", not " + std::to_string(shared) +
                             " as for the other categories on its side; pool the full estimate instead");
    }
    if (keep < 0 || toPresent < 0)
        throw InputError("pooling '" + attribute + "': the present categories must be some but not all of its " +
                         std::to_string(d));
    Eigen::Matrix2d channel;
    // columns = original (absent, present), rows = reported (absent, present)
    channel << 1.0 - toPresent, 1.0 - keep, toPresent, keep;
    return DistortionMatrix::fromMatrix(channel);
}

} // namespace rr
