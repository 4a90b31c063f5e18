#include "core/api/BasketPrivacy.h"

#include "core/data/Errors.h"

namespace rr::api {

BasketPrivacyResult basketPrivacyOf(const BasketPrivacyRequest& request)
{
    const OperatorParameters& args = request.op;
    if (args.kind == OperatorKind::FrequencyAware && !args.frequentSupport)
        throw InputError("frequency-aware needs --frequent-support S: items in at least a fraction S of the baskets "
                         "are frequent (002 Sec. 3.3)");
    BasketPrivacyResult out;
    out.op = args;
    out.supports = request.supports;
    out.data = loadBaskets(request.data);
    BasketSummary summary = summarize(out.data.baskets);
    if (args.kind == OperatorKind::SelectASize && args.sizes) { // --sizes is one size's p_m[j]
        out.onlySize = args.sizes->size() - 1;
        for (std::size_t s = 0; s < summary.sizeHistogram.size(); ++s)
            if (s != *out.onlySize)
                summary.sizeHistogram[s] = 0;
    }
    std::vector<std::uint8_t> frequent;
    if (args.kind == OperatorKind::FrequencyAware)
        frequent = frequentItemFlags(summary.itemCounts, summary.baskets, *args.frequentSupport);
    const BasketOperator op = buildOperator(args, summary.sizeHistogram, summary.itemCount, std::move(frequent));
    out.reconstruction = reconstructionReadout(op, summary); // 002 eq. 13-17
    out.epsilon = epsilonReadout(op, summary);
    return out;
}

} // namespace rr::api
