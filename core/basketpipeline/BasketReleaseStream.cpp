#include "core/basketpipeline/BasketReleaseStream.h"

#include "core/basketpipeline/BasketsPipeline.h"
#include "core/baskets/RandomizeBaskets.h"
#include "core/baskets/ReleaseFiles.h"
#include "core/data/Errors.h"
#include "core/randomization/ExternalShuffle.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

namespace rr {
namespace {

constexpr std::size_t kMemoryBudget = std::size_t(64) << 20;
// Stream ids: the chunks' values count from 0 (basketChunkStream), their buckets' draws from 2^62, the
// buckets' shuffles from 2^63.
constexpr std::uint64_t kBucketStreams = std::uint64_t(1) << 62;
constexpr std::uint64_t kOrderStreams = std::uint64_t(1) << 63;

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

// Items of `a` also in `b` (both ascending).
std::size_t common(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b)
{
    std::size_t n = 0;
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] < b[j])
            ++i;
        else if (b[j] < a[i])
            ++j;
        else
            ++n, ++i, ++j;
    }
    return n;
}

// The baskets as they are read: each randomized from its chunk's stream and staged, as a record "size\tline",
// for a bucket of the order drawn from the chunk's bucket stream.
struct BasketStager {
    const BasketSummary& summary;
    const BasketRandomizer& randomizer;
    const BasketLineFormat& format;
    const BasketProgress& progress;
    const StreamKey& key;
    ExternalShuffle& order;
    BasketReleaseReport& report;
    std::vector<std::string> staged = std::vector<std::string>(order.buckets());
    std::vector<std::uint32_t> out{};
    std::string record{};
    std::optional<RandomSource> chunk{}, bucketOf{};

    // The staged records appended to their buckets.
    void flush()
    {
        for (std::size_t b = 0; b < staged.size(); ++b)
            if (!staged[b].empty()) {
                order.append(b, staged[b]);
                staged[b].clear();
            }
    }

    void take(std::span<const std::uint32_t> in)
    {
        if (report.baskets == summary.baskets)
            throw InputError("the baskets changed while they were read: more than the " +
                             std::to_string(summary.baskets) + " counted");
        if (report.baskets % kBasketChunk == 0) {
            flush();
            const double total = static_cast<double>(std::max<std::size_t>(1, summary.baskets));
            if (progress && !progress(0.5 * static_cast<double>(report.baskets) / total))
                throw Cancelled();
            const std::uint64_t c = report.baskets / kBasketChunk;
            chunk.emplace(basketChunkStream(key, c));
            bucketOf.emplace(RandomSource::stream(key, kBucketStreams + c));
        }
        randomizer.randomize(in, *chunk, out);
        const std::size_t kept = common(in, out);
        report.kept += kept;
        report.inserted += out.size() - kept;
        report.occurrences += out.size();
        ++report.baskets;
        record = std::to_string(in.size());
        record += '\t';
        format.line(record, out);
        frameRecord(staged[static_cast<std::size_t>(bucketOf->below(staged.size()))], record);
    }
};

// The release in the order's random order, each basket's size set aside in `sizes` (when kept) as it goes.
void writeReleaseLines(std::ostream& o, ExternalShuffle& order, const StreamKey& key, const BasketLineFormat& format,
                       const std::string& path, std::FILE* sizes, const BasketProgress& progress)
{
    o << format.header;
    std::uint64_t nextStream = kOrderStreams;
    const double bytesTotal = static_cast<double>(std::max<std::uint64_t>(1, order.bytes()));
    order.forEachRecord(
        [&](std::string_view r) {
            const std::size_t tab = r.find('\t');
            o.write(r.data() + tab + 1, static_cast<std::streamsize>(r.size() - tab - 1));
            o.put('\n');
            if (sizes && (std::fwrite(r.data(), 1, tab, sizes) != tab || std::fputc('\n', sizes) == EOF))
                throw IoError("writing the basket sizes to a temporary file failed");
        },
        key, true, nextStream,
        [&](std::uint64_t done) { return !progress || progress(0.5 + 0.5 * static_cast<double>(done) / bytesTotal); });
    if (!o)
        throw IoError("writing the randomized baskets to " + path + " failed");
}

// FILE.sizes: the sizes set aside while the release was written, copied from their temporary file.
void copySizes(std::ostream& o, std::FILE* sizes, const std::string& sizesPath)
{
    std::rewind(sizes);
    char buffer[1 << 16];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, sizes)) > 0;)
        o.write(buffer, static_cast<std::streamsize>(got));
    if (std::ferror(sizes) || !o)
        throw IoError("writing " + sizesPath + " failed");
}

} // namespace

BasketLineFormat fimiLines(const Transactions& labels)
{
    BasketLineFormat f;
    f.line = [&labels](std::string& line, std::span<const std::uint32_t> basket) {
        appendFimiLine(line, labels, basket);
    };
    return f;
}

BasketReleaseReport streamBasketRelease(const BasketScan& scan, const BasketSummary& summary, const BasketOperator& op,
                                        RandomSource& rng, const std::string& path, unsigned modeMask,
                                        const BasketLineFormat& format, std::vector<FileWrite> sideFiles,
                                        const BasketProgress& progress)
{
    checkOperator(op, summary.itemCount, summary.sizeHistogram);
    checkReleaseSize(summary, op);
    const std::filesystem::path parent = std::filesystem::path(checkWriteTarget(path)).parent_path();
    const std::string folder = parent.empty() ? "." : parent.string();
    // About 7 bytes an item (id and separator) and 8 a basket (its size and framing): the buckets' plan only.
    const double bytes = expectedReleaseOccurrences(summary, op) * 7 + static_cast<double>(summary.baskets) * 8;
    const std::size_t buckets = ExternalShuffle::bucketsFor(static_cast<std::uint64_t>(bytes), kMemoryBudget);
    ExternalShuffle order(folder, path, buckets, kMemoryBudget);
    const StreamKey key = rng.drawStreamKey();
    const BasketRandomizer randomizer(op, summary.itemCount);

    BasketReleaseReport report;
    report.buckets = buckets;
    BasketStager stager{summary, randomizer, format, progress, key, order, report};
    scan([&](std::span<const std::uint32_t> in) { stager.take(in); });
    stager.flush();
    if (report.baskets != summary.baskets)
        throw InputError("the baskets changed while they were read: " + std::to_string(report.baskets) + " now, " +
                         std::to_string(summary.baskets) + " counted");

    // The release, then FILE.sizes from the sizes set aside (in the release's order) while it was written.
    std::unique_ptr<std::FILE, FileCloser> sizes;
    std::vector<FileWrite> files;
    files.push_back({path, [&](std::ostream& o) { writeReleaseLines(o, order, key, format, path, sizes.get(), progress); }});
    if (usesBasketSizes(op)) {
        sizes.reset(std::tmpfile());
        if (!sizes)
            throw IoError("cannot create a temporary file for the basket sizes");
        report.sizesPath = sizesPathOf(path);
        files.push_back({report.sizesPath, [&](std::ostream& o) { copySizes(o, sizes.get(), report.sizesPath); }});
    }
    for (FileWrite& f : sideFiles)
        files.push_back(std::move(f));
    for (FileWrite& f : files)
        f.modeMask &= modeMask;
    writeFilesAtomically(files);
    return report;
}

} // namespace rr
