#pragma once
#include "core/data/Errors.h"

#include <functional>
#include <stdexcept>

namespace rr {

// Progress of a long basket computation: called with the fraction done in [0, 1];
// returning false cancels the computation, which then throws BasketsCancelled.
using BasketProgress = std::function<bool(double fraction)>;

class BasketsCancelled : public Cancelled {
public:
    BasketsCancelled() : Cancelled("the basket computation was cancelled") {}
};

// Reports `fraction` and throws BasketsCancelled when the callback asks to stop.
inline void reportProgress(const BasketProgress& progress, double fraction)
{
    if (progress && !progress(fraction))
        throw BasketsCancelled();
}

} // namespace rr
