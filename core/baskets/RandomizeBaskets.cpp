#include "core/baskets/RandomizeBaskets.h"

#include "core/baskets/BasketSamplers.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <sstream>

namespace rr {

namespace {

// Expected kept items and insertion level of a size-m basket under select-a-size / cut-and-paste.
double expectedSelectASize(const Eigen::VectorXd& pm, double rho, double m, double n)
{
    double kept = 0;
    for (Eigen::Index j = 0; j < pm.size(); ++j)
        kept += static_cast<double>(j) * pm(j);
    return kept + rho * (n - m);
}

} // namespace

double expectedReleaseOccurrences(const BasketSummary& s, const BasketOperator& op)
{
    const double n = s.itemCount, N = static_cast<double>(s.baskets), occ = static_cast<double>(s.occurrences);
    switch (op.kind) {
    case OperatorKind::ItemBits: return occ * op.keep + (N * n - occ) * (1.0 - op.keep);
    case OperatorKind::Uniform: return occ;
    case OperatorKind::FrequencyAware: {
        double e = 0;
        for (std::size_t a = 0; a < s.itemCounts.size(); ++a) {
            const double keep = op.frequentItems[a] ? op.frequentKeep : op.infrequentKeep;
            const double c = static_cast<double>(s.itemCounts[a]);
            e += c * keep + (N - c) * (1.0 - keep);
        }
        return e;
    }
    case OperatorKind::SelectASize:
    case OperatorKind::CutAndPaste: {
        double e = 0;
        for (std::size_t m = 0; m < s.sizeHistogram.size(); ++m) {
            if (s.sizeHistogram[m] == 0)
                continue;
            const int mi = static_cast<int>(m);
            Eigen::VectorXd pm;
            double rho;
            if (op.kind == OperatorKind::CutAndPaste) {
                rho = op.cutAndPaste[m].rho;
                pm = cutAndPasteSizeProbabilities(mi, op.cutAndPaste[m].cutoff, rho);
            } else {
                rho = op.selectASize[m].rho;
                pm = Eigen::Map<const Eigen::VectorXd>(op.selectASize[m].sizeProbabilities.data(), mi + 1);
            }
            e += static_cast<double>(s.sizeHistogram[m]) * expectedSelectASize(pm, rho, m, n);
        }
        return e;
    }
    }
    return 0;
}

BasketRelease randomizeBaskets(const Transactions& t, const BasketOperator& op, RandomSource& rng,
                               const RandomizeOptions& options, const BasketProgress& progress)
{
    const BasketSummary summary = summarize(t);
    checkOperator(op, t.itemCount, summary.sizeHistogram);
    const double expected = expectedReleaseOccurrences(summary, op);
    if (expected > options.maxOccurrences) {
        std::ostringstream os;
        os.precision(3);
        os << "the " << operatorName(op.kind) << " release would hold about " << expected << " item occurrences ("
           << expected / std::max<double>(1.0, static_cast<double>(t.size())) << " per basket over " << t.itemCount
           << " items); the limit is " << options.maxOccurrences
           << ". Lower the insertion probability or restrict the baskets to a smaller item catalogue";
        throw DomainError(os.str());
    }
    BasketRelease release;
    release.originalSizes = basketSizes(t);
    Transactions& out = release.baskets;
    out.itemCount = t.itemCount;
    out.labels = t.labels;
    out.offsets.reserve(t.size() + 1);
    out.items.reserve(static_cast<std::size_t>(expected * 1.02 + 1024));

    // per-size cumulative p_m[j] for select-a-size
    std::vector<std::vector<double>> cumulative;
    if (op.kind == OperatorKind::SelectASize) {
        cumulative.resize(op.selectASize.size());
        for (std::size_t m = 0; m < op.selectASize.size(); ++m) {
            double c = 0;
            for (double p : op.selectASize[m].sizeProbabilities)
                cumulative[m].push_back(c += p);
            if (!cumulative[m].empty())
                cumulative[m].back() = 1.0;
        }
    }
    std::vector<std::uint32_t> frequent, infrequent;
    if (op.kind == OperatorKind::FrequencyAware)
        for (std::uint32_t a = 0; a < t.itemCount; ++a)
            (op.frequentItems[a] ? frequent : infrequent).push_back(a);

    std::vector<std::uint32_t> basket;
    reportProgress(progress, 0.0);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const auto in = t.basket(i);
        const std::size_t m = in.size();
        switch (op.kind) {
        case OperatorKind::ItemBits: itemBitsBasket(in, op.keep, t.itemCount, rng, basket); break;
        case OperatorKind::Uniform: uniformBasket(in, op.replace, t.itemCount, rng, basket); break;
        case OperatorKind::SelectASize:
            selectASizeBasket(in, cumulative[m], op.selectASize[m].rho, t.itemCount, rng, basket);
            break;
        case OperatorKind::CutAndPaste:
            cutAndPasteBasket(in, op.cutAndPaste[m].cutoff, op.cutAndPaste[m].rho, t.itemCount, rng, basket);
            break;
        case OperatorKind::FrequencyAware:
            frequencyAwareBasket(in, op.frequentKeep, op.infrequentKeep, op.frequentItems, frequent, infrequent, rng,
                                 basket);
            break;
        }
        out.append(basket);
        if ((i & 4095) == 4095)
            reportProgress(progress, static_cast<double>(i + 1) / static_cast<double>(t.size()));
    }
    reportProgress(progress, 1.0);
    return release;
}

BasketRelease inRandomOrder(const BasketRelease& release, RandomSource& rng)
{
    const Transactions& in = release.baskets;
    const std::size_t n = in.size();
    if (!release.originalSizes.empty() && release.originalSizes.size() != n)
        throw InputError("the release has " + std::to_string(n) + " baskets but " +
                         std::to_string(release.originalSizes.size()) + " original sizes");
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = i;
    for (std::size_t i = n; i > 1; --i) // Fisher-Yates: position i - 1 takes a uniform one of the first i
        std::swap(order[i - 1], order[static_cast<std::size_t>(rng.below(i))]);
    BasketRelease out;
    out.baskets.itemCount = in.itemCount;
    out.baskets.labels = in.labels;
    out.baskets.offsets.reserve(n + 1);
    out.baskets.items.reserve(in.items.size());
    for (const std::size_t i : order)
        out.baskets.append(in.basket(i));
    if (!release.originalSizes.empty()) {
        out.originalSizes.reserve(n);
        for (const std::size_t i : order)
            out.originalSizes.push_back(release.originalSizes[i]);
    }
    return out;
}

} // namespace rr
