#include "core/contingency/LargeVector.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cstdint>

#include <sys/mman.h>

namespace rr {
namespace {

// Resized, not yet touched, so the advice applies to the first faults.
void resizedOnHugePages(Eigen::VectorXd& v, Eigen::Index n)
{
    v.resize(n);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t end = begin + static_cast<std::uintptr_t>(n) * sizeof(double);
    const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1), last = end & ~(huge - 1);
    if (first < last)
        madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
}

} // namespace

void zeroedOnHugePages(Eigen::VectorXd& v, Eigen::Index n, const std::function<bool()>& keepRunning)
{
    resizedOnHugePages(v, n);
    for (Eigen::Index at = 0; at < n; at += kCellsPerQuestion) {
        stopIfAsked(keepRunning);
        v.segment(at, std::min(kCellsPerQuestion, n - at)).setZero();
    }
}

Eigen::VectorXd copiedOnHugePages(const Eigen::VectorXd& from, const std::function<bool()>& keepRunning)
{
    Eigen::VectorXd v;
    const Eigen::Index n = from.size();
    resizedOnHugePages(v, n);
    for (Eigen::Index at = 0; at < n; at += kCellsPerQuestion) {
        stopIfAsked(keepRunning);
        const Eigen::Index k = std::min(kCellsPerQuestion, n - at);
        v.segment(at, k) = from.segment(at, k);
    }
    return v;
}

} // namespace rr
