// What `basket breach` works on: the maximum supports s_max(k, m) (004 Sec. 4.4, step 1) from the original
// baskets (public items left out) or from a file.
#include "core/api/BasketBreach.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <fstream>

namespace rr::api {
namespace {

Transactions withoutLongBaskets(const Transactions& t, std::uint32_t maxSize, std::size_t& withheld)
{
    Transactions out;
    out.itemCount = t.itemCount;
    out.labels = t.labels;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t.basketSize(i) > maxSize) {
            ++withheld;
            continue;
        }
        out.append(t.basket(i));
    }
    return out;
}

// The maximum supports as given, basketsPerSize baskets of each size listed, the universe for uniform.
BreachSource fromMaxSupportsFile(const BasketBreachRequest& request, const std::string& smaxPath)
{
    BreachSource src;
    src.maxSupportsFile = smaxPath;
    const OperatorKind kind = request.op.kind;
    if (kind == OperatorKind::FrequencyAware)
        throw InputError("frequency-aware distortion needs the maximum supports of frequent and of other items "
                         "apart: give --data ORIGINAL and --frequent-support S");
    checkInputFile(smaxPath, "--max-supports");
    std::ifstream in(smaxPath, std::ios::binary);
    if (!in)
        throw InputError("cannot open the maximum supports file " + smaxPath);
    src.maxSupports = parseMaxSupports(in, smaxPath);
    if (!request.basketsPerSize && kind == OperatorKind::CutAndPaste)
        throw InputError("with --max-supports, cut-and-paste's choice of cutoff needs --baskets N, the number of "
                         "baskets of each size (the lowest discoverable support depends on it, 004 Sec. 5.1)");
    const std::size_t perSize = request.basketsPerSize.value_or(1);
    src.histogram.assign(src.maxSupports.bySize.size(), 0);
    for (std::size_t m = 1; m < src.maxSupports.bySize.size(); ++m)
        if (!src.maxSupports.bySize[m].empty())
            src.histogram[m] = perSize;
    if (kind == OperatorKind::Uniform) {
        if (request.universe == 0)
            throw InputError("uniform randomization's breach depends on the item universe: give --items N");
        src.itemCount = request.universe;
    }
    return src;
}

// The baskets (without those over maxBasketSize), the public items, and the maximum supports computed from
// them (004 Sec. 4.4, step 1; frequency-aware computes its own per class).
BreachSource fromBaskets(const BasketBreachRequest& request, const BasketDataRequest& dataRequest)
{
    BreachSource src;
    LoadedBaskets data = loadBaskets(dataRequest);
    if (request.maxBasketSize) {
        src.basketsWithheld = true;
        data.baskets = withoutLongBaskets(data.baskets, static_cast<std::uint32_t>(*request.maxBasketSize),
                                          src.withheldBaskets);
    }
    const Transactions& t = data.baskets;
    src.itemCount = t.itemCount;
    src.publicItems.assign(t.itemCount, 0);
    for (const std::string& item : request.publicItems)
        src.publicItems[parseItem(data.file, t, item, "--public")] = 1;
    src.histogram = summarize(t).sizeHistogram;
    if (request.op.kind != OperatorKind::FrequencyAware) {
        MaxSupportOptions o;
        o.maxItemsetSize = request.target.maxItemsetSize;
        o.excludedItems = src.publicItems;
        src.maxSupports = computeMaxSupports(t, o); // 004 Sec. 4.4, step 1
    }
    src.data = std::move(data);
    return src;
}

} // namespace

BreachSource breachSourceOf(const BasketBreachRequest& request)
{
    if (request.data.has_value() == request.maxSupportsFile.has_value())
        throw InputError("'basket breach' needs exactly one of --data ORIGINAL (maximum supports computed from the "
                         "baskets) and --max-supports FILE");
    if (request.maxSupportsFile)
        return fromMaxSupportsFile(request, *request.maxSupportsFile);
    return fromBaskets(request, *request.data);
}

FrequencyClasses breachFrequencyClasses(const BreachSource& src, double frequentSupport, int K)
{
    const Transactions& t = src.data->baskets;
    return frequencyClasses(t, summarize(t), src.publicItems, frequentSupport, K);
}

} // namespace rr::api
