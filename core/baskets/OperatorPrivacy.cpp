#include "core/baskets/OperatorPrivacy.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {

ReconstructionReadout reconstructionReadout(const BasketOperator& op, const BasketSummary& summary)
{
    ReconstructionReadout r;
    if (op.kind != OperatorKind::ItemBits && op.kind != OperatorKind::FrequencyAware) {
        r.reason = "R(p, s) is 002's measure for operators that keep each item's bit with one probability p and "
                   "flip it otherwise; " +
                   operatorName(op.kind) + " replaces and inserts items per basket instead";
        return r;
    }
    if (summary.baskets == 0) {
        r.reason = "no basket: the items have no support";
        return r;
    }
    std::vector<double> supports(summary.itemCounts.size());
    for (std::size_t i = 0; i < supports.size(); ++i)
        supports[i] = static_cast<double>(summary.itemCounts[i]) / static_cast<double>(summary.baskets);
    try {
        if (op.kind == OperatorKind::ItemBits) {
            r.classes.push_back({"all items", op.keep, supports.size()});
            r.overall = reconstructionProbability(op.keep, supports); // 002 eq. 16
            r.equation = "002 eq. 16";
        } else {
            std::size_t frequent = 0;
            for (std::uint8_t f : op.frequentItems)
                frequent += f != 0;
            r.classes.push_back({"frequent items", op.frequentKeep, frequent});
            r.classes.push_back({"other items", op.infrequentKeep, op.frequentItems.size() - frequent});
            r.overall = reconstructionProbability(op.frequentKeep, op.infrequentKeep, supports, op.frequentItems);
            r.equation = "002 eq. 17";
        }
    } catch (const InputError& e) {
        r.classes.clear();
        r.reason = e.what();
        return r;
    }
    r.defined = true;
    return r;
}

EpsilonReadout epsilonReadout(const BasketOperator& op, const BasketSummary& summary)
{
    EpsilonReadout r;
    const auto add = [&](int m, std::size_t baskets) {
        SizeEpsilon s{m, baskets, {}};
        try {
            s.epsilon = basketEpsilon(op, std::max(m, 0), summary.itemCount);
        } catch (const InputError& e) {
            s.epsilon = {0, false, e.what()};
        }
        r.bySize.push_back(s);
    };
    if (usesBasketSizes(op)) {
        for (std::size_t m = 0; m < summary.sizeHistogram.size(); ++m)
            if (summary.sizeHistogram[m] > 0)
                add(static_cast<int>(m), summary.sizeHistogram[m]);
    } else {
        add(-1, summary.baskets);
    }
    r.ldp = !r.bySize.empty();
    bool first = true;
    for (const SizeEpsilon& s : r.bySize) {
        if (!s.epsilon.bounded) {
            if (r.ldp)
                r.note = (s.m >= 0 ? "baskets of size " + std::to_string(s.m) + ": " : std::string()) + s.epsilon.note;
            r.ldp = false;
            continue;
        }
        if (first || s.epsilon.value > r.value) {
            r.value = s.epsilon.value;
            r.worstM = s.m;
            first = false;
        }
    }
    if (r.bySize.empty())
        r.note = "no basket";
    else if (r.ldp)
        r.note = usesBasketSizes(op) ? "among baskets of one size; the release tells each basket's size, so baskets "
                                       "of different sizes are not covered"
                                     : "the whole basket: the items' epsilons add up";
    return r;
}

} // namespace rr
