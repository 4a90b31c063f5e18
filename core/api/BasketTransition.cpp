#include "core/api/BasketTransition.h"

#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

namespace rr::api {
namespace {

// The sizes are given and the parameters cover m (--sizes of one size, the tables' lines).
void checkSizes(const BasketTransitionRequest& request)
{
    const OperatorParameters& args = request.op;
    if (args.kind == OperatorKind::FrequencyAware)
        throw InputError("frequency-aware distortion is not item-invariant: it has no p[l -> l'] (004 Def. 6, 10); "
                         "each item's bit is kept with fp or nfp by its class (002 Alg. 2)");
    if (!request.m)
        throw InputError("'basket transition' needs --m M, the basket size (0..10000)");
    if (!request.k)
        throw InputError("'basket transition' needs --k K, the itemset size (1..64)");
    const int m = *request.m;
    if (args.sizes && args.sizes->size() != static_cast<std::size_t>(m) + 1)
        throw InputError("--sizes gives " + std::to_string(args.sizes->size()) + " probabilities p_m[0.." +
                         std::to_string(args.sizes->size() - 1) + "], so it is for m = " +
                         std::to_string(args.sizes->size() - 1) + ", not --m " + std::to_string(m));
    const auto mi = static_cast<std::size_t>(m);
    if ((!args.rhoTableFile.empty() && (mi >= args.rhoTable.size() || !args.rhoTable[mi])) ||
        (!args.sizesTableFile.empty() && (mi >= args.sizesTable.size() || !args.sizesTable[mi])))
        throw InputError(
            (args.rhoTableFile.empty() ? "--sizes-table " + args.sizesTableFile : "--rho-table " + args.rhoTableFile) +
            " has no line for basket size m = " + std::to_string(m));
}

// Uniform randomization's universe n, which only it needs (004 Sec. 2).
std::uint32_t universe(const BasketTransitionRequest& request)
{
    if (request.op.kind == OperatorKind::Uniform) {
        if (!request.itemCount)
            throw InputError("uniform randomization's p[l -> l'] depends on the item universe: give --items N "
                             "(004 Sec. 2: replacements come from the n - m items not in the basket)");
        return *request.itemCount;
    }
    if (request.itemCount)
        throw InputError("--items applies to uniform randomization only: the other operators' p[l -> l'] does not "
                         "depend on the item universe");
    return 0;
}

} // namespace

BasketTransitionResult basketTransitionOf(const BasketTransitionRequest& request)
{
    checkSizes(request);
    BasketTransitionResult out;
    out.op = request.op;
    out.m = *request.m;
    out.k = *request.k;
    out.itemCount = universe(request);
    const auto m = static_cast<std::size_t>(out.m);
    std::vector<std::size_t> histogram(m + 1, 0);
    histogram[m] = 1;
    const BasketOperator op = buildOperator(out.op, histogram, out.itemCount);
    out.matrix = transitionMatrix(op, out.m, out.k, out.itemCount); // 004 Statement 2 (Def. 10)
    if (op.kind == OperatorKind::CutAndPaste) {
        const CutAndPasteLevel& level = op.cutAndPaste[m];
        const Eigen::VectorXd pm = cutAndPasteSizeProbabilities(out.m, level.cutoff, level.rho);
        out.sizeProbabilities = std::vector<double>(pm.data(), pm.data() + pm.size());
    } else if (op.kind == OperatorKind::SelectASize) {
        out.sizeProbabilities = op.selectASize[m].sizeProbabilities;
    }
    return out;
}

} // namespace rr::api
