#include "core/baskets/PrivacyMeasures.h"

#include "core/baskets/Combinatorics.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rr {

namespace {

double ratio(double num, double den)
{
    return den > 0 ? num / den : 0.0; // a term of weight 0 (s = 0 with p = 1, or s = 1 with p = 0)
}

void checkProbability(const char* what, double p)
{
    if (!(p >= 0.0 && p <= 1.0))
        throw InputError(std::string(what) + " must lie in [0, 1], got " + std::to_string(p));
}

BasketEpsilon fromLogRatios(double logMax, double logMin, const std::string& whereZero)
{
    BasketEpsilon e;
    if (!std::isfinite(logMin)) {
        e.bounded = false;
        e.note = whereZero;
        return e;
    }
    e.value = logMax - logMin;
    return e;
}

} // namespace

double reconstructionProbability(double p, double s)
{
    checkProbability("the keep probability", p);
    checkProbability("the support", s);
    // 002 eq. 13-15
    return ratio(s * p * p, s * p + (1 - s) * (1 - p)) + ratio(s * (1 - p) * (1 - p), s * (1 - p) + (1 - s) * p);
}

double reconstructionProbability(double p, const std::vector<double>& supports)
{
    double num = 0, den = 0;
    for (double s : supports) {
        num += s * reconstructionProbability(p, s); // 002 eq. 16
        den += s;
    }
    if (!(den > 0))
        throw InputError("R(p) needs at least one item with a positive support");
    return num / den;
}

double reconstructionProbability(double fp, double nfp, const std::vector<double>& supports,
                                 const std::vector<std::uint8_t>& frequent)
{
    if (frequent.size() != supports.size())
        throw InputError("one frequent/other flag per item is needed");
    double num = 0, den = 0;
    for (std::size_t i = 0; i < supports.size(); ++i) {
        num += supports[i] * reconstructionProbability(frequent[i] ? fp : nfp, supports[i]); // 002 eq. 17
        den += supports[i];
    }
    if (!(den > 0))
        throw InputError("R(fp, nfp) needs at least one item with a positive support");
    return num / den;
}

BasketEpsilon itemBitEpsilon(double p)
{
    checkProbability("the keep probability", p);
    if (p <= 0.5)
        return {std::log((1 - p) / p), p > 0, p > 0 ? "" : "p = 0 inverts every bit: no randomization"};
    if (p >= 1.0)
        return {0, false, "p = 1 keeps every bit: no randomization, no epsilon"};
    return {std::log(p / (1 - p)), true, ""};
}

BasketEpsilon basketEpsilon(const BasketOperator& op, int m, std::uint32_t n)
{
    switch (op.kind) {
    case OperatorKind::ItemBits: {
        BasketEpsilon e = itemBitEpsilon(op.keep);
        e.value *= n; // the n bits are independent: their epsilons add up
        return e;
    }
    case OperatorKind::FrequencyAware: {
        BasketEpsilon total;
        for (std::uint32_t a = 0; a < n && a < op.frequentItems.size(); ++a) {
            const BasketEpsilon e = itemBitEpsilon(op.frequentItems[a] ? op.frequentKeep : op.infrequentKeep);
            if (!e.bounded)
                return e;
            total.value += e.value;
        }
        return total;
    }
    case OperatorKind::Uniform: {
        if (2 * static_cast<std::int64_t>(m) > n)
            throw InputError("the uniform epsilon assumes a universe of at least 2m items");
        double hi = -std::numeric_limits<double>::infinity(), lo = std::numeric_limits<double>::infinity();
        for (int a = 0; a <= m; ++a) {
            const double h = a * std::log(1 - op.replace) + (m - a) * std::log(op.replace) -
                             logChoose(static_cast<double>(n) - m, m - a);
            hi = std::max(hi, h);
            lo = std::min(lo, h);
        }
        return fromLogRatios(hi, lo, "a replacement probability of 0 or 1 makes some output impossible");
    }
    case OperatorKind::SelectASize:
    case OperatorKind::CutAndPaste: {
        const Eigen::MatrixXd P = transitionMatrix(op, m, 0, n); // validates the size's parameters
        (void)P;
        Eigen::VectorXd pm;
        double rho;
        if (op.kind == OperatorKind::CutAndPaste) {
            rho = op.cutAndPaste[static_cast<std::size_t>(m)].rho;
            pm = cutAndPasteSizeProbabilities(m, op.cutAndPaste[static_cast<std::size_t>(m)].cutoff, rho);
        } else {
            rho = op.selectASize[static_cast<std::size_t>(m)].rho;
            pm = Eigen::Map<const Eigen::VectorXd>(op.selectASize[static_cast<std::size_t>(m)].sizeProbabilities.data(),
                                                   m + 1);
        }
        double hi = -std::numeric_limits<double>::infinity(), lo = std::numeric_limits<double>::infinity();
        for (int a = 0; a <= m; ++a) {
            const double h = std::log(pm(a)) - logChoose(m, a) + a * std::log((1 - rho) / rho);
            hi = std::max(hi, h);
            lo = std::min(lo, h);
        }
        return fromLogRatios(hi, lo, "some p_m[a] is 0: an output possible from one basket is impossible from another");
    }
    }
    return {};
}

} // namespace rr
