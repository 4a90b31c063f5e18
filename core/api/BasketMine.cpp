#include "core/api/BasketMine.h"

namespace rr::api {

BasketMineResult basketMineOf(const BasketMineRequest& request)
{
    BasketMineResult out;
    out.input = recoveryInputOf(request.release);
    out.mining = request.mining;
    const BasketRelease& release = out.input.release.release;
    if (out.input.original) {
        SupportEstimator estimator(release, out.input.op, out.mining.maxIndexBytes);
        out.run = mineAgainstOriginal(out.input.original->baskets, release, out.input.op, estimator, out.mining);
        out.found = out.run->found;
    } else {
        out.found = mineRelease(release, out.input.op, out.mining); // 004 Sec. 4.5
    }
    return out;
}

} // namespace rr::api
