#include "core/datasource/CsvSource.h"

#include "core/data/CsvScan.h"
#include "core/data/Errors.h"
#include "core/data/MissingTokens.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rr {
namespace {

std::vector<std::string> fileNames(const std::vector<std::string>& paths)
{
    std::vector<std::string> out;
    for (const auto& p : paths) {
        const auto slash = p.find_last_of('/');
        out.push_back(slash == std::string::npos ? p : p.substr(slash + 1));
    }
    return out;
}

// Collects rows of a block for a viewer: skips the first `skip`, keeps up to `want`.
class PageCollector : public csv::RecordHandler {
public:
    PageCollector(RowPage& page, std::size_t skip, std::size_t want, int countColumn,
                  const std::vector<std::string>& missing)
        : m_page(page), m_skip(skip), m_want(want), m_countColumn(countColumn), m_missing(missing)
    {}
    bool done() const { return m_page.values.size() >= m_want; }
    bool record(const std::string_view* fields, std::size_t count, std::size_t) override
    {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        std::vector<std::string> values;
        std::vector<bool> missing;
        for (std::size_t i = 0; i < count; ++i) {
            if (static_cast<int>(i) == m_countColumn) {
                double w = 0;
                std::from_chars(fields[i].data(), fields[i].data() + fields[i].size(), w);
                m_page.weights.push_back(w);
                continue;
            }
            const bool isMissing = m_missing.contains(fields[i]);
            missing.push_back(isMissing);
            values.emplace_back(isMissing ? std::string_view() : fields[i]);
        }
        m_page.values.push_back(std::move(values));
        m_page.missing.push_back(std::move(missing));
        return !done();
    }

private:
    RowPage& m_page;
    std::size_t m_skip, m_want;
    int m_countColumn;
    const MissingTokens m_missing;
};

// A block's records as a chunk: the fields copied into one buffer (the parser's views last only one
// record), then mapped on the worker thread that parsed them.
class ChunkSink : public CsvBlockSink {
public:
    ChunkSink(const RecordScan& scan, std::size_t columns, int countColumn, const MissingTokens& missing)
        : m_scan(scan), m_columns(columns), m_countColumn(countColumn), m_missing(missing)
    {
        // The columns the map reads get a slot each, the others share one that stays empty.
        const std::size_t attributes = columns - (countColumn >= 0 ? 1 : 0);
        if (!scan.columns.empty() && scan.columns.size() == attributes &&
            std::count(scan.columns.begin(), scan.columns.end(), true) < static_cast<std::ptrdiff_t>(attributes)) {
            std::uint32_t next = 0;
            for (std::size_t a = 0; a < attributes; ++a)
                m_slots.push_back(scan.columns[a] ? next++ : UINT32_MAX);
            for (auto& s : m_slots)
                if (s == UINT32_MAX)
                    s = next;
            m_stride = next + 1;
        }
    }

    bool record(const std::string_view* fields, std::size_t count, std::size_t) override
    {
        if (!checkWidth(count, m_columns))
            return false;
        if (m_scan.mapper)
            return mapRecord(fields, count);
        for (std::size_t i = 0; i < count; ++i) {
            const std::string_view v = fields[i];
            if (static_cast<int>(i) == m_countColumn) {
                double w = 0;
                const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), w);
                if (ec != std::errc() || ptr != v.data() + v.size() || !(w >= 0) || w > 1e300)
                    return fail(": count '" + std::string(v) + "' is not a non-negative number");
                m_weights.push_back(w);
                continue;
            }
            const std::size_t a = m_countColumn >= 0 && static_cast<int>(i) > m_countColumn ? i - 1 : i;
            if (!m_scan.columns.empty() && !m_scan.columns[a]) { // a column the map does not read
                if (m_slots.empty()) {
                    m_flags.push_back(0);
                    m_ends.push_back(static_cast<std::uint32_t>(m_text.size()));
                }
                continue;
            }
            const bool missing = m_missing.contains(v);
            m_flags.push_back(missing ? 1 : 0);
            if (!missing)
                m_text.append(v);
            if (m_text.size() > UINT32_MAX) // a block holds a few MiB and one record of at most its limit
                return fail(": the block's text exceeds 4 GiB");
            m_ends.push_back(static_cast<std::uint32_t>(m_text.size()));
        }
        if (!m_slots.empty()) { // the shared empty slot
            m_flags.push_back(0);
            m_ends.push_back(static_cast<std::uint32_t>(m_text.size()));
        }
        ++m_record;
        return true;
    }

    void finish() override
    {
        if (m_scan.mapper) {
            result = mapper().finish();
            return;
        }
        RecordChunk chunk;
        chunk.key = chunkKey();
        chunk.columns = m_columns - (m_countColumn >= 0 ? 1 : 0);
        chunk.rows = m_record;
        chunk.stride = m_stride;
        chunk.columnSlot = m_slots;
        chunk.fields.reserve(m_flags.size());
        std::uint32_t start = 0; // a field starts where the one before it ends
        for (const std::uint32_t end : m_ends) {
            chunk.fields.emplace_back(m_text.data() + start, end - start);
            start = end;
        }
        m_ends = std::vector<std::uint32_t>(); // the fields hold the same now
        chunk.missing = std::move(m_flags);
        chunk.weights = std::move(m_weights);
        result = mapChunk(m_scan, chunk);
        m_text = std::string();
    }

    std::unique_ptr<ChunkResult> result;

private:
    RecordMapper& mapper()
    {
        if (!m_mapper) { // the block's place is known from its first record on
            m_mapper = m_scan.mapper(chunkKey());
            const std::size_t attributes = m_columns - (m_countColumn >= 0 ? 1 : 0);
            m_values.assign(attributes, std::string_view());
            m_valueMissing.assign(attributes, 0);
        }
        return *m_mapper;
    }

    std::uint64_t chunkKey() const { return (static_cast<std::uint64_t>(fileIndex) << 44) ^ byteOffset; } // files below 16 TiB

    // The record straight from the parser's fields (no copy): only the columns the scan reads are looked at.
    bool mapRecord(const std::string_view* fields, std::size_t count)
    {
        RecordMapper& m = mapper();
        for (std::size_t i = 0; i < count; ++i) {
            if (static_cast<int>(i) == m_countColumn)
                return fail(": a count column's records are aggregated counts, which this scan cannot take");
            if (!m_scan.columns.empty() && !m_scan.columns[i])
                continue;
            const std::string_view v = fields[i];
            const bool missing = m_missing.contains(v);
            m_values[i] = missing ? std::string_view() : v;
            m_valueMissing[i] = missing ? 1 : 0;
        }
        m.record(m_values.data(), m_valueMissing.data());
        ++m_record;
        return true;
    }

    const RecordScan& m_scan;
    std::unique_ptr<RecordMapper> m_mapper; // with the scan's mapper: this block's
    std::vector<std::string_view> m_values;
    std::vector<std::uint8_t> m_valueMissing;
    std::size_t m_columns;
    int m_countColumn;
    std::vector<std::uint32_t> m_slots; // per attribute, when the map reads only some
    std::size_t m_stride = 0;
    const MissingTokens& m_missing;
    std::string m_text;
    std::vector<std::uint32_t> m_ends; // of each field in m_text
    std::vector<std::uint8_t> m_flags;
    std::vector<double> m_weights;
};

} // namespace

std::shared_ptr<const CsvSource> CsvSource::deferred(std::vector<std::string> paths, CsvOptions options)
{
    std::shared_ptr<CsvSource> s(new CsvSource());
    s->m_paths = std::move(paths);
    s->m_options = std::move(options);
    return s;
}

std::shared_ptr<const CsvSource> CsvSource::open(std::vector<std::string> paths, CsvOptions options,
                                                 const ProgressFunction& progress)
{
    auto s = deferred(std::move(paths), std::move(options));
    std::call_once(s->m_scanned, [&] { s->scan(progress); });
    return s;
}

void CsvSource::scan(const ProgressFunction& progress) const
{
    CsvAggregateRequest request;
    request.joint = false;
    request.rowIndex = true;
    CsvAggregate a = aggregateCsv(m_paths, m_options, request, progress);
    m_summary.rows = a.rows;
    m_summary.weighted = a.countColumn >= 0;
    for (auto& c : a.columns) {
        AttributeSummary as;
        as.name = c.name;
        as.categories = std::move(c.categories);
        as.counts = std::move(c.counts);
        as.missing = c.missing;
        m_summary.attributes.push_back(std::move(as));
    }
    if (!m_summary.attributes.empty()) { // any one attribute counts every record once
        const auto& first = m_summary.attributes.front();
        m_summary.totalWeight = first.missing;
        for (double c : first.counts)
            m_summary.totalWeight += c;
    }
    m_index = std::move(a.rowIndex);
    m_header = std::move(a.header);
    m_countColumn = a.countColumn;
    m_delimiters = std::move(a.delimiters);
    m_dataStart = std::move(a.dataStart);
}

const SourceSummary& CsvSource::summary() const
{
    return countSummary({});
}

const SourceSummary& CsvSource::countSummary(const ProgressFunction& progress) const
{
    std::call_once(m_scanned, [&] { scan(progress); }); // an exception leaves it to the next call
    return m_summary;
}

KeptSummary CsvSource::summarize(const std::vector<std::string>& names, MissingPolicy policy,
                                 const ProgressFunction& progress) const
{
    CsvAggregateRequest request;
    request.attributes = names;
    request.policy = policy;
    request.joint = false;
    request.summariesOverKept = true;
    CsvAggregate a = aggregateCsv(m_paths, m_options, request, progress);
    KeptSummary out;
    out.droppedRows = a.droppedRows;
    out.rows = a.rows - a.droppedRows;
    out.records = a.records;
    if (out.rows == 0)
        throw InputError("every record has a missing value in a used attribute (" + std::to_string(a.droppedRows) +
                         " dropped); nothing is left to analyse");
    for (auto& c : a.columns)
        out.attributes.push_back(AttributeSummary{c.name, std::move(c.categories), std::move(c.counts), c.missing});
    return out;
}

std::string CsvSource::attributeLabel(const std::string& name) const
{
    const auto& names = m_options.columnNames;
    const auto it = std::find(names.begin(), names.end(), name);
    const auto i = static_cast<std::size_t>(it - names.begin());
    return i < m_options.columnLabels.size() ? m_options.columnLabels[i] : std::string();
}

std::string CsvSource::description() const
{
    std::string out;
    for (const auto& n : fileNames(m_paths))
        out += (out.empty() ? "" : " + ") + n;
    return out;
}

PreparedTable CsvSource::aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                   const ProgressFunction& progress) const
{
    CsvAggregateRequest request;
    request.attributes = names;
    request.policy = policy;
    CsvAggregate a = aggregateCsv(m_paths, m_options, request, progress);
    PreparedTable t;
    t.names = names;
    t.categories = std::move(a.categories);
    for (const auto& c : t.categories)
        t.dims.push_back(static_cast<int>(c.size()));
    t.joint = std::move(a.joint);
    t.records = a.records;
    t.loadedRows = a.rows;
    t.droppedRows = a.droppedRows;
    return t;
}

Table CsvSource::records(std::size_t maxRows, const ProgressFunction&) const
{
    if (summary().rows > maxRows)
        throw InputError(description() + " has " + std::to_string(m_summary.rows) + " records, more than the " +
                         std::to_string(maxRows) + " this feature holds in memory");
    return readCsv(m_paths, m_options);
}

RowPage CsvSource::rows(std::size_t first, std::size_t count) const
{
    summary(); // the row index
    RowPage page;
    page.first = first;
    if (first >= m_summary.rows || count == 0 || m_index.empty())
        return page;
    count = std::min(count, m_summary.rows - first);
    const std::size_t entry = std::min(first / kRowIndexStride, m_index.size() - 1);
    PageCollector collect(page, first - entry * kRowIndexStride, count, m_countColumn, m_options.missingTokens);
    std::size_t file = m_index[entry].file;
    std::uint64_t offset = m_index[entry].offset;
    std::string buf;
    constexpr std::size_t kChunk = std::size_t(1) << 18;
    while (!collect.done() && file < m_paths.size()) {
        const int fd = ::open(m_paths[file].c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            throw IoError("cannot read '" + m_paths[file] + "' again: " + std::strerror(errno));
        csv::BlockParser parser(m_delimiters[file], m_options.limits);
        parser.setColumns(m_header.size());
        buf.clear();
        bool eof = false;
        while (!collect.done()) {
            const std::size_t old = buf.size();
            buf.resize(old + kChunk);
            const ssize_t n = ::pread(fd, buf.data() + old, kChunk, static_cast<off_t>(offset + old));
            buf.resize(old + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
            eof = n <= 0;
            const std::size_t cut = eof ? buf.size() : csv::lastRecordEnd(buf);
            if (cut == std::string::npos)
                continue; // a record longer than a chunk: read on
            std::optional<csv::BlockError> error;
            parser.parse(std::string_view(buf.data(), cut), collect, error);
            offset += cut;
            buf.erase(0, cut);
            if (eof)
                break;
        }
        ::close(fd);
        if (++file < m_paths.size())
            offset = m_dataStart[file];
    }
    return page;
}

const CsvSource::HeaderColumns& CsvSource::headerColumns() const
{
    std::call_once(m_headerRead, [this] {
        struct HeaderOnly {};
        CsvScanCallbacks callbacks;
        callbacks.header = [this](const CsvHeader& header) {
            m_headerColumns.all = header.columns;
            throw HeaderOnly{}; // nothing more is read
        };
        callbacks.newSink = [] { return std::unique_ptr<CsvBlockSink>(); };
        callbacks.merge = [](CsvBlockSink&, const CsvBlockPosition&) {};
        try {
            scanCsv(m_paths, m_options, callbacks);
        } catch (const HeaderOnly&) {
        }
        if (m_options.countColumn) {
            const auto& all = m_headerColumns.all;
            const auto it = std::find(all.begin(), all.end(), *m_options.countColumn);
            if (it == all.end())
                throw InputError("'" + m_paths.front() + "': count column '" + *m_options.countColumn +
                                 "' is not in the header");
            m_headerColumns.countColumn = static_cast<int>(it - all.begin());
        }
    });
    return m_headerColumns;
}

std::vector<std::string> CsvSource::attributeNames() const
{
    const HeaderColumns& h = headerColumns();
    std::vector<std::string> out;
    for (std::size_t i = 0; i < h.all.size(); ++i)
        if (static_cast<int>(i) != h.countColumn)
            out.push_back(h.all[i]);
    return out;
}

std::vector<AttributeSummary> CsvSource::describeAttributes(const std::vector<std::string>& names,
                                                            const ProgressFunction& progress) const
{
    CsvAggregateRequest request;
    request.attributes = names;
    request.joint = false;
    request.policy = MissingPolicy::DropIfUsedMissing; // the column summaries count every record
    CsvAggregate a = aggregateCsv(m_paths, m_options, request, progress);
    std::vector<AttributeSummary> out;
    for (auto& c : a.columns)
        out.push_back(AttributeSummary{c.name, std::move(c.categories), std::move(c.counts), c.missing});
    return out;
}

void CsvSource::scanRecords(const RecordScan& scan, const ProgressFunction& progress) const
{
    const HeaderColumns& header = headerColumns();
    const MissingTokens missing(m_options.missingTokens); // one set for every block
    CsvScanCallbacks callbacks;
    callbacks.newSink = [&]() {
        return std::make_unique<ChunkSink>(scan, header.all.size(), header.countColumn, missing);
    };
    callbacks.merge = [&](CsvBlockSink& sink, const CsvBlockPosition&) {
        auto& chunk = static_cast<ChunkSink&>(sink);
        if (chunk.result)
            scan.reduce(*chunk.result);
    };
    scanCsv(m_paths, m_options, callbacks, progress);
}

std::uint64_t CsvSource::byteSize() const
{
    std::uint64_t total = 0;
    for (const auto& p : m_paths) {
        struct stat st {};
        if (::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode))
            total += static_cast<std::uint64_t>(st.st_size);
    }
    return total;
}

} // namespace rr
