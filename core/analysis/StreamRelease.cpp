#include "core/analysis/StreamRelease.h"

#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "core/randomization/ExternalShuffle.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string_view>
#include <unordered_map>

namespace rr {
namespace {

// Stream ids: chunks use the source's keys (below 2^63); the order's buckets count from here.
constexpr std::uint64_t kOrderStreams = std::uint64_t(1) << 63;

// A randomized column: its categories as written (quoted once), the code of each text, the sampler.
struct RandomizedColumn {
    std::vector<std::string> written;
    std::unordered_map<std::string_view, int> code; // views into the plan's categories
    ColumnSampler sampler;
};

struct ReleasedChunk : ChunkResult {
    std::vector<std::string> buckets; // framed CSV lines
    RandomizationReport report;
    std::size_t dropped = 0;
};

std::string folderOf(const std::string& path)
{
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

} // namespace

std::string releaseOrderText(bool randomOrder)
{
    if (randomOrder)
        return "random: the records are in a uniformly random order drawn from the same generator as the values, "
               "so a record's position says nothing about which source record it is";
    return "the source's order (kept on request): anyone who knows how the source is sorted can align released "
           "records with persons, which the risk figures do not account for";
}

StreamReleaseReport streamRelease(const DataSource& source, const ReleasePlan& plan, RandomSource& rng,
                                  const std::string& tablePath,
                                  const std::function<void(const StreamReleaseReport&)>& check,
                                  const std::function<std::vector<FileWrite>(const StreamReleaseReport&)>& sideFiles,
                                  const ProgressFunction& progress)
{
    if (source.isWeighted())
        throw InputError("this source holds aggregated counts (a count column); randomized response randomizes "
                         "individual records, so it needs one row per record");
    const std::vector<std::string> names = source.attributeNames(); // no counting pass for files
    if (plan.columns.size() != names.size())
        throw InputError("release: the plan has " + std::to_string(plan.columns.size()) + " columns, the source " +
                         std::to_string(names.size()));
    std::vector<std::size_t> released;
    std::vector<std::unique_ptr<RandomizedColumn>> randomized(plan.columns.size());
    std::string header;
    for (std::size_t c = 0; c < plan.columns.size(); ++c) {
        const ColumnRelease& col = plan.columns[c];
        if (col.action == ColumnRelease::Action::Drop)
            continue;
        if (!released.empty())
            header += ',';
        appendCsvField(header, names[c]);
        released.push_back(c);
        if (col.action != ColumnRelease::Action::Randomize)
            continue;
        if (!col.matrix || col.matrix->size() != static_cast<int>(col.categories.size()) || col.categories.empty())
            throw InputError("release: column '" + names[c] +
                             "' is randomized without a matrix of its categories");
        auto r = std::make_unique<RandomizedColumn>(RandomizedColumn{{}, {}, ColumnSampler(*col.matrix)});
        for (std::size_t k = 0; k < col.categories.size(); ++k) {
            std::string w;
            appendCsvField(w, col.categories[k]);
            r->written.push_back(std::move(w));
            r->code.emplace(col.categories[k], static_cast<int>(k));
        }
        randomized[c] = std::move(r);
    }
    if (released.empty())
        throw InputError("release: every column is dropped; keep or randomize at least one");
    header += '\n';
    std::string missing;
    appendCsvField(missing, plan.missingToken);

    // The target is checked first (a folder, a device, no such folder: refused before any work), and the
    // temporary space is on its disk.
    const std::string folder = folderOf(checkWriteTarget(tablePath));
    // The buckets are planned from the file size (or the records times 16 bytes a field); a bucket that grows
    // past the budget all the same is split again when written.
    const std::uint64_t estimate =
        source.byteSize() > 0 ? source.byteSize() : source.summary().rows * 16 * released.size();
    const std::size_t buckets = plan.keepOrder ? 1 : ExternalShuffle::bucketsFor(estimate, plan.memoryBudget);
    ExternalShuffle order(folder, tablePath, buckets, plan.memoryBudget);
    const StreamKey key = rng.drawStreamKey();
    StreamReleaseReport report;
    report.randomOrder = !plan.keepOrder;
    report.buckets = buckets;
    report.generator = RandomSource::stream(key, 0).description();

    RecordScan scan;
    scan.map = [&](const RecordChunk& chunk) -> std::unique_ptr<ChunkResult> {
        if (chunk.key >= kOrderStreams)
            throw InputError("release: a chunk of the source has no stream of its own");
        auto out = std::make_unique<ReleasedChunk>();
        out->buckets.resize(buckets);
        RandomSource stream = RandomSource::stream(key, chunk.key);
        std::string line;
        for (std::size_t r = 0; r < chunk.rows; ++r) {
            bool keep = true;
            for (std::size_t c = 0; c < plan.columns.size() && keep; ++c)
                keep = !(plan.columns[c].dropIfMissing && chunk.isMissing(r, c));
            if (!keep) {
                ++out->dropped;
                continue;
            }
            line.clear();
            for (std::size_t k = 0; k < released.size(); ++k) {
                const std::size_t c = released[k];
                if (k)
                    line += ',';
                if (chunk.isMissing(r, c)) {
                    line += missing;
                    continue;
                }
                const std::string_view value = chunk.field(r, c);
                const RandomizedColumn* rc = randomized[c].get();
                if (!rc) {
                    appendCsvField(line, value);
                    continue;
                }
                const auto found = rc->code.find(value);
                if (found == rc->code.end())
                    throw InputError("release: the value '" + std::string(value) + "' of '" +
                                     names[c] +
                                     "' is not among the categories the release was planned for; the source "
                                     "changed since: review the release again");
                const int u = rc->sampler.draw(found->second, stream); // 003 eq. 2.1
                out->report.changedValues += u != found->second ? 1 : 0;
                line += rc->written[static_cast<std::size_t>(u)];
            }
            line += '\n';
            const std::size_t b = buckets == 1 ? 0 : static_cast<std::size_t>(stream.below(buckets));
            frameRecord(out->buckets[b], line);
            ++out->report.rows;
        }
        return out;
    };
    scan.reduce = [&](ChunkResult& result) {
        auto& chunk = static_cast<ReleasedChunk&>(result);
        for (std::size_t b = 0; b < buckets; ++b)
            order.append(b, chunk.buckets[b]);
        report.randomization.rows += chunk.report.rows;
        report.randomization.changedValues += chunk.report.changedValues;
        report.droppedRows += chunk.dropped;
    };
    // Reading and randomizing is the first half of the job, writing in order the second.
    source.scanRecords(scan, [&](double f) { return !progress || progress(f < 0 ? -1 : f / 2); });
    if (check)
        check(report);
    std::vector<FileWrite> files{{tablePath, [&](std::ostream& o) {
                                      o << header;
                                      std::uint64_t nextStream = kOrderStreams;
                                      const double total = static_cast<double>(std::max<std::uint64_t>(1, order.bytes()));
                                      order.writeTo(o, key, !plan.keepOrder, nextStream, [&](std::uint64_t done) {
                                          return !progress || progress(0.5 + 0.5 * static_cast<double>(done) / total);
                                      });
                                  }}};
    if (sideFiles)
        for (FileWrite& f : sideFiles(report))
            files.push_back(std::move(f));
    // New files are never more readable than the input they were made from.
    const unsigned mask = inputModeMask(source.inputFiles());
    for (FileWrite& f : files)
        f.modeMask &= mask;
    writeFilesAtomically(files);
    return report;
}

} // namespace rr
