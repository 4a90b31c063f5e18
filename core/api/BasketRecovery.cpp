#include "core/api/BasketRecovery.h"

#include "core/data/Errors.h"

#include <cstdlib>
#include <map>

namespace rr::api {
namespace {

// The original must be the data the release was made from, as far as the files can tell.
void checkOriginal(const LoadedRelease& r, LoadedBaskets& original)
{
    const Transactions& rel = r.release.baskets;
    Transactions& orig = original.baskets;
    const std::string& path = original.file.path;
    if (original.file.csv != r.file.csv)
        throw InputError("--original " + path + " and the release " + r.file.path +
                         " are not in the same format (FIMI or CSV)");
    if (orig.size() != rel.size())
        throw InputError("--original " + path + " has " + std::to_string(orig.size()) + " baskets but the release " +
                         r.file.path + " has " + std::to_string(rel.size()) +
                         ": it is not the data the release was made from");
    if (original.file.csv && original.file.itemNames != r.file.itemNames)
        throw InputError("--original " + path + " and the release have different item columns");
    if (orig.itemCount > rel.itemCount)
        throw InputError("--original " + path + " has item ids up to " + std::to_string(orig.itemCount - 1) +
                         ", outside the release's universe of " + std::to_string(rel.itemCount) +
                         " items; give --items N (the original universe)");
    orig.itemCount = rel.itemCount; // the same universe: ids are unchanged
    // The release's baskets are in a random order, so only the number of baskets of each size can agree.
    const auto& sizes = r.release.originalSizes;
    if (!sizes.empty()) {
        std::map<std::uint32_t, long long> balance; // the original's baskets per size minus the file's
        for (std::size_t i = 0; i < orig.size(); ++i) {
            ++balance[orig.basketSize(i)];
            --balance[sizes[i]];
        }
        for (const auto& [m, d] : balance)
            if (d != 0)
                throw InputError("--original " + path + " has " + std::to_string(std::abs(d)) +
                                 (d > 0 ? " more" : " fewer") + " baskets of " + std::to_string(m) + " items than " +
                                 r.sizesPath + " lists: it is not the data the release was made from");
    }
}

} // namespace

RecoveryInput recoveryInputOf(const BasketReleaseRequest& request)
{
    RecoveryInput in;
    in.args = request.op;
    if (request.operatorFromSession)
        in.args.frequentSupport.reset(); // the release's FILE.frequent names its frequent items
    in.itemsGiven = request.data.itemCount.has_value();
    if (in.args.kind == OperatorKind::FrequencyAware && in.args.frequentSupport)
        throw InputError("--frequent-support applies when randomizing; a frequency-aware release's frequent items "
                         "are read from FILE.frequent");
    in.release = loadRelease(request.data, in.args.kind);
    in.op = releaseOperator(in.args, in.release.release, in.release.frequentItems);
    if (request.original) {
        BasketDataRequest original = request.data;
        original.path = *request.original;
        in.original = loadBaskets(original);
        checkOriginal(in.release, *in.original);
    }
    return in;
}

Json releaseJson(const RecoveryInput& in, Notes& notes)
{
    Json j;
    j["data"] = basketFileJson(in.release.file, in.release.release.baskets, notes);
    j["sizes_file"] = in.release.sizesPath.empty() ? Json(nullptr) : Json(in.release.sizesPath);
    if (!in.release.frequentPath.empty())
        j["frequent_file"] = in.release.frequentPath;
    j["operator"] = operatorJson(in.args);
    if (in.op.kind == OperatorKind::Uniform && !in.release.file.csv && !in.itemsGiven)
        notes.add("uniform recovery depends on the item universe n = " +
                  std::to_string(in.release.release.baskets.itemCount) +
                  " (004 Sec. 2); give --items N if the original universe was larger");
    return j;
}

} // namespace rr::api
