#include "core/basketpipeline/BasketsPipeline.h"

#include "core/basketpipeline/BasketFileLoad.h"
#include "core/basketpipeline/BasketReleaseStream.h"
#include "core/basketpipeline/ParameterSearch.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/data/Errors.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rr {
namespace {

// A preview is re-drawn on every change: beyond 30 million items (~0.5 GB with its index, and seconds of
// mining) the choice is refused with the expected size, so that dragging a value never stalls the machine.
constexpr double kMaxPreviewOccurrences = 30e6;

// Progress of one stage of a computation as a slice [from, to) of the whole.
BasketProgress slice(const BasketProgress& progress, double from, double to)
{
    if (!progress)
        return {};
    return [progress, from, to](double f) { return progress(from + (to - from) * f); };
}

// The top `count` itemsets of the original by support, sizes 1..maxSize taken in turn (so that pairs and
// triples show beside the dominant single items).
std::vector<BasketItemset> topItemsets(const BasketMiningResult& truth, int count, int maxSize)
{
    std::vector<std::vector<BasketItemset>> bySize(static_cast<std::size_t>(maxSize) + 1);
    for (const BasketItemset& m : truth.frequent)
        if (static_cast<int>(m.items.size()) <= maxSize)
            bySize[m.items.size()].push_back(m);
    for (auto& v : bySize)
        std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.support > b.support; });
    std::vector<BasketItemset> out;
    for (std::size_t rank = 0; static_cast<int>(out.size()) < count; ++rank) {
        bool any = false;
        for (std::size_t k = 1; k < bySize.size() && static_cast<int>(out.size()) < count; ++k)
            if (rank < bySize[k].size()) {
                out.push_back(bySize[k][rank]);
                any = true;
            }
        if (!any)
            break;
    }
    return out;
}

} // namespace

std::shared_ptr<const BasketsData> loadBasketsData(const std::string& path, const BasketProgress& progress)
{
    LoadedBaskets read = loadBasketFile({path, {}, {}}, slice(progress, 0, 0.9)); // FIMI, or 0/1 columns
    auto data = std::make_shared<BasketsData>();
    data->path = path;
    data->baskets = std::move(read.baskets);
    data->report = read.file.report;
    data->itemNames = std::move(read.file.itemNames);
    data->summary = summarize(data->baskets);
    if (data->baskets.size() == 0)
        throw InputError(path + " holds no basket");
    return data;
}

std::shared_ptr<const PrivacyBasis> computePrivacyBasis(const BasketsData& data, double level, int maxItemsetSize,
                                                        const BasketProgress& progress)
{
    auto basis = std::make_shared<PrivacyBasis>();
    basis->level = level;
    basis->maxItemsetSize = maxItemsetSize;
    basis->publicFlags = unprotectableItems(data.baskets, level);
    for (std::uint32_t a = 0; a < basis->publicFlags.size(); ++a)
        if (basis->publicFlags[a])
            basis->publicItems.push_back(a);
    MaxSupportOptions options;
    options.maxItemsetSize = maxItemsetSize;
    options.excludedItems = basis->publicFlags;
    basis->maxSupports = computeMaxSupports(data.baskets, options, progress); // 004 Sec. 4.4, step 1
    return basis;
}

std::shared_ptr<const PrivacyBasis> withFrequencyClasses(const BasketsData& data, const PrivacyBasis& basis,
                                                         double frequentSupport, const BasketProgress& progress)
{
    auto b = std::make_shared<PrivacyBasis>(basis);
    FrequencyClasses classes = frequencyClasses(data.baskets, data.summary, basis.publicFlags, frequentSupport,
                                                basis.maxItemsetSize, progress);
    b->frequentRow = std::move(classes.frequentRow);
    b->otherRow = std::move(classes.otherRow);
    b->frequentSupport = frequentSupport;
    return b;
}

namespace {

// 002's R(p, s) at log-spaced supports from one basket's share to 1, per keep class.
std::vector<ReconstructionCurve> reconstructionCurves(const ReconstructionReadout& r, std::size_t baskets)
{
    std::vector<ReconstructionCurve> curves;
    if (!r.defined)
        return curves;
    const double lo = std::log10(1.0 / static_cast<double>(std::max<std::size_t>(baskets, 2)));
    constexpr int kPoints = 121;
    for (const KeepClass& c : r.classes) {
        ReconstructionCurve curve{c, {}, {}};
        for (int i = 0; i < kPoints; ++i) {
            const double s = std::pow(10.0, lo + (0 - lo) * i / (kPoints - 1));
            curve.supports.push_back(s);
            curve.values.push_back(reconstructionProbability(c.keep, s)); // 002 eq. 13
        }
        curves.push_back(std::move(curve));
    }
    return curves;
}

// The worst-case breaches and lowest discoverable supports of the operator (frequency-aware: frequent items
// and the others apart; mixed itemsets are not modelled).
void addPrivacyReadouts(BasketsFrame& frame, const BasketsData& data, const PrivacyBasis& basis,
                        const BasketsChoice& choice)
{
    const std::uint32_t n = data.baskets.itemCount;
    const auto& histogram = data.summary.sizeHistogram;
    if (frame.op.kind == OperatorKind::FrequencyAware) {
        if (basis.frequentSupport != choice.frequentSupport)
            throw InputError("the frequency classes were computed for another frequent support");
        // Mixed itemsets are not modelled: itemsets of frequent items (fp) and of other items (nfp) apart.
        frame.breach = frequencyAwareBreaches(frame.op, basis.frequentRow, basis.otherRow, basis.maxItemsetSize);
        for (int k = 1; k <= 3; ++k) {
            frame.lowestDiscoverable.push_back(lowestDiscoverableSupport(itemBitsOperator(choice.fp), histogram, k, n));
            frame.lowestDiscoverableOther.push_back(
                lowestDiscoverableSupport(itemBitsOperator(choice.nfp), histogram, k, n));
        }
    } else {
        frame.breach = worstCaseBreaches(frame.op, basis.maxSupports, basis.maxItemsetSize, n, histogram);
        for (int k = 1; k <= 3; ++k)
            frame.lowestDiscoverable.push_back(lowestDiscoverableSupport(frame.op, histogram, k, n));
    }
}

// No preview when the randomized baskets would hold more items than its limit: false, with the reason said.
bool previewFits(BasketsFrame& frame, const BasketsData& data, const RandomizeOptions& preview)
{
    if (const double expected = expectedReleaseOccurrences(data.summary, frame.op); expected > preview.maxOccurrences) {
        frame.previewDefined = false;
        std::ostringstream os;
        os.precision(3);
        os << "no preview: the randomized baskets would hold about " << expected << " items ("
           << expected / static_cast<double>(data.summary.baskets) << " a basket over " << data.baskets.itemCount
           << " items), above the preview's limit of " << preview.maxOccurrences
           << "; lower the insertion probability or restrict the baskets to a smaller item catalogue";
        frame.previewReason = os.str();
        return false;
    }
    return true;
}

// The preview mined at each minimum support against the original (precision and recall), and the original's
// top itemsets recovered at the lowest one.
void mineAtLevels(BasketsFrame& frame, const BasketsData& data, const BasketRelease& release,
                  SupportEstimator& estimator, const BasketsChoice& choice, const BasketProgress& progress)
{
    std::vector<double> minSupports = choice.minSupports;
    std::sort(minSupports.begin(), minSupports.end());
    const double levels = static_cast<double>(choice.minSupports.size());
    for (std::size_t i = 0; i < minSupports.size(); ++i) {
        BasketMiningOptions options;
        options.minSupport = minSupports[i];
        options.maxItemsetSize = choice.miningMaxSize;
        const double from = 0.2 + 0.75 * static_cast<double>(i) / levels,
                     to = 0.2 + 0.75 * static_cast<double>(i + 1) / levels;
        const MiningRun run = mineAgainstOriginal(data.baskets, release, frame.op, estimator, options,
                                                  slice(progress, from, to));
        frame.precisionRecall.push_back({minSupports[i], run.comparison});
        if (i == 0) { // the top itemsets of the original: recovered supports with ranges
            std::vector<std::vector<std::uint32_t>> itemsets;
            std::vector<double> supports;
            for (const BasketItemset& m : topItemsets(run.truth, choice.topItemsets, choice.miningMaxSize)) {
                itemsets.push_back(m.items);
                supports.push_back(m.support);
            }
            frame.recovered = recoverItemsets(estimator, itemsets, supports, 0.05);
        }
    }
}

} // namespace

BasketsFrame computeBasketsFrame(const BasketsData& data, const PrivacyBasis& basis, const BasketsChoice& choice,
                                 const BasketProgress& progress)
{
    BasketsFrame frame;
    frame.choice = choice;
    frame.op = basketsOperator(choice, data.summary);
    addPrivacyReadouts(frame, data, basis, choice);
    frame.reconstruction = reconstructionReadout(frame.op, data.summary);
    frame.reconstructionCurves = reconstructionCurves(frame.reconstruction, data.summary.baskets);
    frame.epsilon = epsilonReadout(frame.op, data.summary);
    reportProgress(progress, 0.05);

    RandomSource rng = RandomSource::seeded(choice.seed);
    RandomizeOptions preview;
    preview.maxOccurrences = kMaxPreviewOccurrences; // refused with the expected size stated
    if (!previewFits(frame, data, preview))
        return frame;
    const BasketRelease release = randomizeBaskets(data.baskets, frame.op, rng, preview, slice(progress, 0.05, 0.15));
    frame.releaseOccurrences = release.baskets.occurrences();
    SupportEstimator estimator(release, frame.op);
    mineAtLevels(frame, data, release, estimator, choice, progress);
    reportProgress(progress, 1.0);
    return frame;
}

CutAndPasteSuggestion suggestCutAndPaste(const BasketsData& data, const PrivacyBasis& basis, CutAndPasteLevel fallback,
                                         const BasketProgress& progress)
{
    CutAndPasteSuggestion s;
    BreachTarget target;
    target.level = basis.level;
    target.maxItemsetSize = basis.maxItemsetSize;
    s.choices = chooseCutAndPaste(basis.maxSupports, data.summary.sizeHistogram, target, {}, progress);
    s.table = cutAndPasteTable(s.choices, data.summary.maxSize, fallback);
    for (const SizeChoice& c : s.choices)
        s.infeasibleSizes += !c.feasible;
    return s;
}

SelectASizeSuggestion suggestSelectASize(const BasketsData& data, const PrivacyBasis& basis,
                                         const BasketsChoice& choice, const BasketProgress& progress)
{
    SelectASizeSuggestion s;
    s.table = fullSelectASizeTable(choice, data.summary.maxSize);
    BreachTarget target;
    target.level = basis.level;
    target.maxItemsetSize = basis.maxItemsetSize;
    const auto pm = [&](std::size_t m) { return &s.table[m].sizeProbabilities; };
    for (const SizeParameter& p : smallestRhoPerSize(basis.maxSupports, data.summary.sizeHistogram, target, pm,
                                                     progress)) { // 004 Sec. 4.4
        if (!p.notSearched.empty())
            continue;
        if (p.choice.feasible)
            s.table[static_cast<std::size_t>(p.m)].rho = p.choice.value;
        else
            ++s.infeasibleSizes;
        s.sizes.push_back(p.m);
    }
    return s;
}

std::string sizesPathOf(const std::string& release)
{
    return release + ".sizes";
}

std::string frequentPathOf(const std::string& release)
{
    return release + ".frequent";
}

BasketReleaseSummary writeBasketsRelease(const BasketsData& data, const BasketOperator& op, RandomSource& rng,
                                         const std::string& path, const BasketProgress& progress)
{
    const Transactions& t = data.baskets;
    const BasketScan scan = [&t](const FimiBasketSink& basket) {
        for (std::size_t i = 0; i < t.size(); ++i)
            basket(t.basket(i));
    };
    const BasketReleaseReport r = streamBasketRelease(scan, data.summary, op, rng, path, inputModeMask({data.path}),
                                                      fimiLines(t), {}, progress);
    BasketReleaseSummary summary;
    summary.path = path;
    summary.baskets = r.baskets;
    summary.occurrences = r.occurrences;
    summary.generator = rng.description();
    summary.secure = rng.isSecure();
    summary.sizesPath = r.sizesPath;
    return summary;
}

std::string itemsetLabel(const Transactions& baskets, const std::vector<std::uint32_t>& items)
{
    std::ostringstream os;
    os << '{';
    for (std::size_t i = 0; i < items.size(); ++i)
        os << (i ? ", " : "") << baskets.label(items[i]);
    os << '}';
    return os.str();
}

} // namespace rr
