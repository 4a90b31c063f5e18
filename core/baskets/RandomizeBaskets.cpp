#include "core/baskets/RandomizeBaskets.h"

#include "core/baskets/BasketSamplers.h"
#include "core/baskets/Transition.h"
#include "core/data/Errors.h"

#include <optional>
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

RandomSource basketChunkStream(const StreamKey& key, std::uint64_t chunk)
{
    return RandomSource::stream(key, chunk);
}

void checkReleaseSize(const BasketSummary& summary, const BasketOperator& op, const RandomizeOptions& options)
{
    const double expected = expectedReleaseOccurrences(summary, op);
    if (expected > options.maxOccurrences) {
        std::ostringstream os;
        os.precision(3);
        os << "the " << operatorName(op.kind) << " release would hold about " << expected << " item occurrences ("
           << expected / std::max<double>(1.0, static_cast<double>(summary.baskets)) << " per basket over "
           << summary.itemCount << " items); the limit is " << options.maxOccurrences
           << ". Lower the insertion probability or restrict the baskets to a smaller item catalogue";
        throw DomainError(os.str());
    }
}

BasketRandomizer::BasketRandomizer(const BasketOperator& op, std::uint32_t itemCount) : m_op(op), m_itemCount(itemCount)
{
    if (op.kind == OperatorKind::SelectASize) { // per-size cumulative p_m[j]
        m_cumulative.resize(op.selectASize.size());
        for (std::size_t m = 0; m < op.selectASize.size(); ++m) {
            double c = 0;
            for (double p : op.selectASize[m].sizeProbabilities)
                m_cumulative[m].push_back(c += p);
            if (!m_cumulative[m].empty())
                m_cumulative[m].back() = 1.0;
        }
    }
    if (op.kind == OperatorKind::FrequencyAware)
        for (std::uint32_t a = 0; a < itemCount; ++a)
            (op.frequentItems[a] ? m_frequent : m_infrequent).push_back(a);
}

void BasketRandomizer::randomize(std::span<const std::uint32_t> in, RandomSource& rng,
                                 std::vector<std::uint32_t>& out) const
{
    const std::size_t m = in.size();
    const BasketOperator& op = m_op;
    switch (op.kind) {
    case OperatorKind::ItemBits: itemBitsBasket(in, op.keep, m_itemCount, rng, out); break;
    case OperatorKind::Uniform: uniformBasket(in, op.replace, m_itemCount, rng, out); break;
    case OperatorKind::SelectASize:
        selectASizeBasket(in, m_cumulative.at(m), op.selectASize[m].rho, m_itemCount, rng, out);
        break;
    case OperatorKind::CutAndPaste:
        cutAndPasteBasket(in, op.cutAndPaste.at(m).cutoff, op.cutAndPaste[m].rho, m_itemCount, rng, out);
        break;
    case OperatorKind::FrequencyAware:
        frequencyAwareBasket(in, op.frequentKeep, op.infrequentKeep, op.frequentItems, m_frequent, m_infrequent, rng,
                             out);
        break;
    }
}

BasketRelease randomizeBaskets(const Transactions& t, const BasketOperator& op, RandomSource& rng,
                               const RandomizeOptions& options, const BasketProgress& progress)
{
    const BasketSummary summary = summarize(t);
    checkOperator(op, t.itemCount, summary.sizeHistogram);
    checkReleaseSize(summary, op, options);
    BasketRelease release;
    release.originalSizes = basketSizes(t);
    Transactions& out = release.baskets;
    out.itemCount = t.itemCount;
    out.labels = t.labels;
    out.offsets.reserve(t.size() + 1);
    out.items.reserve(static_cast<std::size_t>(expectedReleaseOccurrences(summary, op) * 1.02 + 1024));

    const BasketRandomizer randomizer(op, t.itemCount);
    const StreamKey key = rng.drawStreamKey();
    std::optional<RandomSource> chunk;
    std::vector<std::uint32_t> basket;
    reportProgress(progress, 0.0);
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (i % kBasketChunk == 0)
            chunk.emplace(basketChunkStream(key, i / kBasketChunk));
        randomizer.randomize(t.basket(i), *chunk, basket);
        out.append(basket);
        if ((i & 4095) == 4095)
            reportProgress(progress, static_cast<double>(i + 1) / static_cast<double>(t.size()));
    }
    reportProgress(progress, 1.0);
    return release;
}

} // namespace rr
