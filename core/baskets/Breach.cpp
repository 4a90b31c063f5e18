#include "core/baskets/Breach.h"

#include "core/baskets/Combinatorics.h"
#include "core/baskets/PartialSupports.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <sstream>

namespace rr {

BreachPriors worstCasePriors(const std::vector<double>& sMax, int k)
{
    if (k < 1 || static_cast<int>(sMax.size()) < k)
        throw InputError("the worst-case itemset of size " + std::to_string(k) + " needs s_max(1.." +
                         std::to_string(k) + "), got " + std::to_string(sMax.size()) + " values");
    Eigen::VectorXd cumulative(k + 1);
    cumulative(0) = 1.0;
    for (int j = 1; j <= k; ++j)
        cumulative(j) = choose(k, j) * sMax[static_cast<std::size_t>(j - 1)]; // 004 eq. 15: C(k, j) j-subsets
    BreachPriors p;
    p.s = partialFromCumulative(cumulative);
    std::ostringstream note;
    for (int l = 0; l <= k; ++l)
        if (p.s(l) < 0) {
            if (!p.clamped)
                note << "the maximum supports are no distribution for k = " << k << " (";
            else
                note << ", ";
            note << "s_" << l << " = " << p.s(l);
            p.s(l) = 0;
            p.clamped = true;
        }
    if (p.clamped) {
        note << "); set to 0";
        p.note = note.str();
    }
    p.sPlus.resize(k + 1);
    for (int l = 0; l <= k; ++l)
        p.sPlus(l) = static_cast<double>(l) / k * p.s(l); // 004 eq. 16
    return p;
}

BreachValue breachPosterior(const BreachPriors& priors, const Eigen::VectorXd& toWhole)
{
    const Eigen::Index L = toWhole.size() - 1;
    if (priors.s.size() != priors.sPlus.size() || L + 1 > priors.s.size())
        throw InputError("breach priors and p[l -> k] do not fit together");
    for (Eigen::Index l = L + 1; l < priors.s.size(); ++l)
        if (priors.s(l) > 0)
            throw InputError("a basket of this size cannot hold " + std::to_string(l) +
                             " items of the itemset, but the priors give it weight");
    double num = 0, den = 0;
    for (Eigen::Index l = 0; l <= L; ++l) {
        num += priors.sPlus(l) * toWhole(l); // 004 Sec. 4.4: s_0^+ = 0
        den += priors.s(l) * toWhole(l);
    }
    BreachValue v;
    if (!(den > 0)) {
        v.defined = false;
        v.reason = "the itemset never shows in a randomized basket (P[A in t'] = 0)";
        return v;
    }
    v.value = num / den;
    return v;
}

BreachCell worstBreachOfSize(const BasketOperator& op, int m, const std::vector<double>& sMaxRow, int maxItemsetSize,
                             std::uint32_t itemCount)
{
    BreachCell worst;
    worst.breach.defined = false;
    worst.breach.reason = "no itemset size has a defined breach";
    for (int k = 1; k <= maxItemsetSize && k <= static_cast<int>(sMaxRow.size()); ++k) {
        const BreachPriors priors = worstCasePriors(sMaxRow, k);
        const BreachValue b = breachPosterior(priors, toWholeItemset(op, std::max(m, 0), k, itemCount));
        if (b.defined && (!worst.breach.defined || b.value > worst.breach.value)) {
            worst.k = k;
            worst.breach = b;
            worst.priorNote = priors.note;
        }
    }
    return worst;
}

namespace {

SizeBreach sizeBreach(const BasketOperator& op, int m, const std::string& label, const std::vector<double>& row,
                      int maxK, std::uint32_t itemCount)
{
    SizeBreach sb;
    sb.m = m;
    sb.label = label;
    for (int k = 1; k <= maxK && k <= static_cast<int>(row.size()); ++k) {
        BreachCell cell;
        cell.k = k;
        const BreachPriors priors = worstCasePriors(row, k);
        cell.priorNote = priors.note;
        cell.breach = breachPosterior(priors, toWholeItemset(op, std::max(m, 0), k, itemCount));
        if (cell.breach.defined && cell.breach.value > sb.worst) {
            sb.worst = cell.breach.value;
            sb.worstK = k;
        }
        sb.byItemsetSize.push_back(cell);
    }
    return sb;
}

void addSize(BreachReport& r, SizeBreach sb)
{
    if (sb.worstK > 0 && (r.worstK == 0 || sb.worst > r.worst)) {
        r.worst = sb.worst;
        r.worstM = sb.m;
        r.worstK = sb.worstK;
        r.worstLabel = sb.label;
    }
    r.sizes.push_back(std::move(sb));
}

} // namespace

std::vector<double> paddedRow(const MaxSupports& s, int m, int K)
{
    std::vector<double> row;
    for (int k = 1; k <= K; ++k) {
        if (k <= m && k > static_cast<int>(s.bySize[static_cast<std::size_t>(m)].size()))
            break;
        row.push_back(s.at(k, m));
    }
    return row;
}

BreachReport worstCaseBreaches(const BasketOperator& op, const MaxSupports& s, int maxK, std::uint32_t itemCount,
                               const std::vector<std::size_t>& histogram)
{
    if (maxK < 1 || maxK > 64)
        throw InputError("breaches are evaluated for itemset sizes 1..64, got " + std::to_string(maxK));
    BreachReport r;
    if (op.kind == OperatorKind::ItemBits) {
        if (s.all.empty())
            throw InputError("per-item bits ignore the basket size: their breach needs maximum supports over all "
                             "baskets (the '*' line)");
        addSize(r, sizeBreach(op, -1, "all baskets", s.all, maxK, itemCount));
        return r;
    }
    if (op.kind == OperatorKind::FrequencyAware)
        throw InputError("frequency-aware distortion needs maximum supports of frequent and of other items apart "
                         "(frequencyAwareBreaches)");
    for (int m = 1; m < static_cast<int>(s.bySize.size()); ++m) {
        if (!s.hasSize(m) || (!histogram.empty() && (m >= static_cast<int>(histogram.size()) || histogram[m] == 0)))
            continue;
        addSize(r, sizeBreach(op, m, "size " + std::to_string(m), paddedRow(s, m, maxK), maxK, itemCount));
    }
    return r;
}

BreachReport frequencyAwareBreaches(const BasketOperator& op, const std::vector<double>& sMaxFrequent,
                                    const std::vector<double>& sMaxOther, int maxK)
{
    if (op.kind != OperatorKind::FrequencyAware)
        throw InputError("frequencyAwareBreaches needs a frequency-aware operator");
    BreachReport r;
    addSize(r, sizeBreach(itemBitsOperator(op.frequentKeep), -1, "frequent items", sMaxFrequent, maxK, 0));
    addSize(r, sizeBreach(itemBitsOperator(op.infrequentKeep), -1, "other items", sMaxOther, maxK, 0));
    return r;
}

} // namespace rr
