#include "core/api/BasketBreach.h"

#include "core/data/Errors.h"

namespace rr::api {
namespace {

// The given operator's worst-case breaches (004 eq. 15-16; frequency-aware per class, 002 Alg. 2).
BreachReport givenBreaches(const OperatorParameters& args, const BreachSource& src, int K)
{
    if (args.kind == OperatorKind::FrequencyAware) {
        const FrequencyClasses classes = breachFrequencyClasses(src, *args.frequentSupport, K);
        const BasketOperator op = buildOperator(args, src.histogram, src.itemCount, classes.frequent);
        return frequencyAwareBreaches(op, classes.frequentRow, classes.otherRow, K);
    }
    const BasketOperator op = buildOperator(args, src.histogram, src.itemCount);
    return worstCaseBreaches(op, src.maxSupports, K, src.itemCount, src.histogram);
}

// What the operator's search needs, refused before the data is read.
void checkOperator(const BasketBreachRequest& request)
{
    const OperatorParameters& args = request.op;
    if (args.kind == OperatorKind::SelectASize && !args.sizes && args.sizesTableFile.empty())
        throw InputError("select-a-size's breach needs the size probabilities p_m[j] (--sizes or --sizes-table): "
                         "the search finds rho_m for them (004 Def. 7)");
    if (args.kind == OperatorKind::FrequencyAware && !args.frequentSupport)
        throw InputError("frequency-aware needs --frequent-support S: items in at least a fraction S of the baskets "
                         "are frequent (002 Sec. 3.3)");
}

} // namespace

BasketBreachResult basketBreachOf(const BasketBreachRequest& request)
{
    checkOperator(request);
    BasketBreachResult out;
    out.op = request.op;
    out.target = request.target;
    out.rhoTableFile = request.rhoTableFile;
    out.source = breachSourceOf(request);
    BreachSource& src = out.source;
    if (out.op.kind == OperatorKind::SelectASize && out.op.sizes) { // --sizes is one size's p_m[j]
        out.onlySize = out.op.sizes->size() - 1;
        for (std::size_t s = 0; s < src.histogram.size(); ++s)
            if (s != *out.onlySize)
                src.histogram[s] = 0;
    }
    if (out.op.hasParameters())
        out.breaches = givenBreaches(out.op, src, out.target.maxItemsetSize);
    out.search = breachSearchOf(request, src); // 004 Sec. 4.4
    return out;
}

} // namespace rr::api
