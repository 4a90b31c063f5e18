#include "core/baskets/Discoverability.h"

#include "core/baskets/Combinatorics.h"
#include "core/baskets/SupportRecovery.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <cmath>
#include <functional>
#include <sstream>

namespace rr {

namespace {

Eigen::VectorXd independentPartials(int k, double support)
{
    const double f = std::pow(support, 1.0 / k);
    Eigen::VectorXd s(k + 1);
    for (int l = 0; l <= k; ++l)
        s(l) = choose(k, l) * power(f, l) * power(1.0 - f, k - l);
    return s;
}

// The smallest s in (0, top] with s >= sigmas * sd(s): a log grid, then bisection on the first crossing.
DiscoverabilityValue firstCrossing(const std::function<double(double)>& sd, double sigmas, double top)
{
    DiscoverabilityValue out;
    constexpr int kGrid = 240;
    double below = 0;
    for (int i = 0; i <= kGrid; ++i) {
        const double s = top * std::pow(10.0, -8.0 * (kGrid - i) / kGrid);
        if (s >= sigmas * sd(s)) {
            double lo = below, hi = s;
            for (int it = 0; it < 60 && hi - lo > 1e-12 * hi; ++it) {
                const double mid = 0.5 * (lo + hi);
                (mid >= sigmas * sd(mid) ? hi : lo) = mid;
            }
            out.support = hi;
            return out;
        }
        below = s;
    }
    std::ostringstream os;
    os << "not discoverable at any support: even at support " << top << " the prediction is within " << sigmas
       << " sigmas of zero";
    out.defined = false;
    out.reason = os.str();
    return out;
}

} // namespace

DiscoverabilityValue lowestDiscoverableSupport(const Eigen::MatrixXd& P, double N, double sigmas)
{
    const int k = static_cast<int>(P.rows()) - 1;
    if (P.rows() != P.cols() || k < 1)
        throw InputError("the lowest discoverable support needs a square p[l -> l'] of a k-itemset, k >= 1");
    const PartialRecovery r = partialRecovery(P);
    if (!r.defined)
        return {0, false, r.reason};
    return firstCrossing(
        [&](double s) { return std::sqrt(std::max(0.0, supportVariance(r, independentPartials(k, s), N))); }, sigmas,
        1.0);
}

DiscoverabilityValue lowestDiscoverableSupport(const BasketOperator& op, const std::vector<std::size_t>& histogram,
                                               int k, std::uint32_t itemCount, double sigmas)
{
    if (k < 1)
        throw InputError("the lowest discoverable support needs an itemset size k >= 1");
    double N = 0, holding = 0;
    for (std::size_t m = 0; m < histogram.size(); ++m) {
        N += static_cast<double>(histogram[m]);
        if (static_cast<int>(m) >= k)
            holding += static_cast<double>(histogram[m]);
    }
    if (holding == 0)
        return {0, false, "no basket holds " + std::to_string(k) + " items"};
    const double share = holding / N; // the itemset's support in the sizes that can hold it is S / share
    if (!usesBasketSizes(op)) {
        const Eigen::MatrixXd P = transitionMatrix(op, 0, k, itemCount);
        const PartialRecovery r = partialRecovery(P);
        if (!r.defined)
            return {0, false, r.reason};
        return firstCrossing(
            [&](double S) { return std::sqrt(std::max(0.0, supportVariance(r, independentPartials(k, S), N))); },
            sigmas, 1.0);
    }
    std::vector<PartialRecovery> byM(histogram.size());
    for (std::size_t m = static_cast<std::size_t>(k); m < histogram.size(); ++m)
        if (histogram[m] > 0) {
            byM[m] = partialRecovery(transitionMatrix(op, static_cast<int>(m), k, itemCount));
            if (!byM[m].defined)
                return {0, false, "basket size " + std::to_string(m) + ": " + byM[m].reason};
        }
    return firstCrossing(
        [&](double S) {
            const Eigen::VectorXd s = independentPartials(k, S / share);
            double var = 0;
            for (std::size_t m = static_cast<std::size_t>(k); m < histogram.size(); ++m)
                if (histogram[m] > 0) {
                    const double Nm = static_cast<double>(histogram[m]), w = Nm / N;
                    var += w * w * supportVariance(byM[m], s, Nm); // 004 Remark 4.4
                }
            return std::sqrt(std::max(0.0, var));
        },
        sigmas, share);
}

} // namespace rr
