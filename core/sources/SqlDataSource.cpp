#include "core/sources/SqlDataSource.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <future>

namespace rr::sql {

namespace {

// The DataSource's fraction callback from SqlSource's fetched-rows one: the total is unknown (-1).
SqlProgress rowsProgress(const ProgressFunction& progress)
{
    if (!progress)
        return {};
    return [progress](std::size_t) { return progress(-1.0); };
}

AttributeSummary attributeSummary(SqlAttributeSummary s)
{
    AttributeSummary a;
    a.name = std::move(s.name);
    a.categories = std::move(s.categories);
    a.counts = std::move(s.counts);
    a.missing = static_cast<double>(s.missing);
    return a;
}

// The one-axis marginals of `t`, as summaries.
std::vector<AttributeSummary> marginals(const PreparedTable& t)
{
    std::vector<AttributeSummary> out;
    for (int axis = 0; axis < t.axisCount(); ++axis) {
        AttributeSummary a;
        a.name = t.names[static_cast<std::size_t>(axis)];
        a.categories = t.categories[static_cast<std::size_t>(axis)];
        const ContingencyTable m = t.joint.marginal({axis});
        a.counts.assign(m.counts().data(), m.counts().data() + m.counts().size());
        out.push_back(std::move(a));
    }
    return out;
}

// A chunk of the scan's records as the server sends them: the values one after another in `text`, where each
// field ends in `ends`.
struct ScanBuffer {
    RecordChunk chunk;
    std::string text;              // the chunk's values, one after another
    std::vector<std::size_t> ends; // where each field ends in `text`
};

// Only the columns the scan reads leave the server (all when it names none).
std::vector<bool> wantedColumns(const RecordScan& scan, std::size_t columns)
{
    std::vector<bool> wanted(columns, true);
    if (scan.columns.size() == columns && std::find(scan.columns.begin(), scan.columns.end(), true) != scan.columns.end())
        wanted = scan.columns;
    return wanted;
}

// A row appended to the buffer: the wanted columns' values (a NULL or a missing token is missing), the
// others empty and not missing.
void appendRow(ScanBuffer& b, const SqlRow& row, const std::vector<bool>& wanted,
               const std::vector<std::string>& tokens)
{
    for (std::size_t c = 0, j = 0; c < wanted.size(); ++c) {
        if (!wanted[c]) {
            b.chunk.missing.push_back(0);
            b.ends.push_back(b.text.size());
            continue;
        }
        const auto& v = row[j++];
        const bool missing = !v || std::find(tokens.begin(), tokens.end(), *v) != tokens.end();
        b.chunk.missing.push_back(missing ? 1 : 0);
        if (!missing)
            b.text += *v;
        b.ends.push_back(b.text.size());
    }
}

} // namespace

SqlDataSource::SqlDataSource(SqlSource source, std::vector<std::string> missingTokens)
    : m_source(std::move(source)), m_tokens(std::move(missingTokens))
{}

const SourceSummary& SqlDataSource::summary() const
{
    std::call_once(m_described, [this] {
        SourceSummary s;
        for (auto& a : m_source.describe(m_source.columns(), m_tokens))
            s.attributes.push_back(attributeSummary(std::move(a)));
        // Every record is counted once per attribute: the number of records without a COUNT(*) of its own.
        double rows = s.attributes.front().missing;
        for (const double n : s.attributes.front().counts)
            rows += n;
        std::call_once(m_counted, [&] { m_rows = static_cast<std::size_t>(rows); });
        s.rows = m_rows;
        s.totalWeight = static_cast<double>(s.rows);
        m_summary = std::move(s);
    });
    return m_summary;
}

std::vector<AttributeSummary> SqlDataSource::describeAttributes(const std::vector<std::string>& names,
                                                               const ProgressFunction& progress) const
{
    std::vector<AttributeSummary> out;
    // A release's few randomized columns: one scan for all (a database table is read once, not once per column).
    auto described = names.size() > 1 ? m_source.describeInOneScan(names, m_tokens, rowsProgress(progress))
                                       : m_source.describe(names, m_tokens, rowsProgress(progress));
    for (auto& a : described)
        out.push_back(attributeSummary(std::move(a)));
    if (!out.empty()) { // every record counted once per attribute: the number of records comes with it
        double rows = out.front().missing;
        for (const double n : out.front().counts)
            rows += n;
        std::call_once(m_counted, [&] { m_rows = static_cast<std::size_t>(rows); });
    }
    return out;
}

std::size_t SqlDataSource::recordCount() const
{
    std::call_once(m_counted, [this] { m_rows = m_source.rowCount(); });
    return m_rows;
}

KeptSummary SqlDataSource::summarize(const std::vector<std::string>& chosen, MissingPolicy policy,
                                     const ProgressFunction& progress) const
{
    const std::vector<std::string> names = chosen.empty() ? m_source.columns() : chosen; // empty: every column
    KeptSummary out;
    if (policy == MissingPolicy::DropIncomplete || names.size() == 1) {
        // The kept records do not depend on `names`: one small GROUP BY per attribute (or one statement).
        for (const PreparedTable& t : m_source.aggregateEach(names, policy, m_tokens, rowsProgress(progress))) {
            std::call_once(m_counted, [&] { m_rows = t.loadedRows; });
            out.attributes.push_back(marginals(t).front());
            out.rows = t.keptRows();
            out.droppedRows = t.droppedRows;
            out.records = t.records;
        }
        return out;
    }
    // Kept when complete in every one of `names`: the joint count (bounded by SqlLimits::maxCells).
    const PreparedTable t = aggregate(names, policy, progress);
    out.attributes = marginals(t);
    out.rows = t.keptRows();
    out.droppedRows = t.droppedRows;
    out.records = t.records;
    return out;
}

PreparedTable SqlDataSource::aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                       const ProgressFunction& progress) const
{
    PreparedTable t = m_source.aggregate(names, policy, m_tokens, rowsProgress(progress));
    std::call_once(m_counted, [&] { m_rows = t.loadedRows; }); // every row, kept or dropped: no COUNT(*) later
    return t;
}

Table SqlDataSource::records(std::size_t maxRows, const ProgressFunction& progress) const
{
    const SourceSummary& s = summary();
    for (const auto& a : s.attributes)
        if (a.missing > 0)
            throw InputError("column '" + a.name + "' of " + description() + " has " +
                             std::to_string(static_cast<long long>(a.missing)) +
                             " missing values; this feature reads the records themselves, with their missing "
                             "values, only from a CSV file: export the table and give --data FILE");
    if (s.rows > maxRows)
        throw InputError(description() + " has " + std::to_string(s.rows) + " records, more than the " +
                         std::to_string(maxRows) + " this feature holds in memory");
    return m_source.records(m_source.columns(), MissingPolicy::DropIncomplete, m_tokens, maxRows,
                            rowsProgress(progress));
}

RowPage SqlDataSource::rows(std::size_t first, std::size_t count) const
{
    RowPage page;
    page.first = first;
    if (count == 0)
        return page;
    const SqlPage p = m_source.rows(first, std::min(count, m_source.limits().maxPageRows));
    for (const auto& row : p.rows) {
        std::vector<std::string> values;
        std::vector<bool> missing;
        for (const auto& v : row) {
            const bool isMissing = !v || std::find(m_tokens.begin(), m_tokens.end(), *v) != m_tokens.end();
            missing.push_back(isMissing);
            values.push_back(isMissing ? std::string() : *v);
        }
        page.values.push_back(std::move(values));
        page.missing.push_back(std::move(missing));
    }
    return page;
}

void SqlDataSource::scanRecords(const RecordScan& scan, const ProgressFunction& progress) const
{
    constexpr std::size_t kChunkRows = 4096;
    const std::size_t columns = m_source.columnInfo().size();
    // Two chunks: one filled from the server while a worker maps the other (reading overlaps the work).
    ScanBuffer buffers[2];
    buffers[0].chunk.columns = buffers[1].chunk.columns = columns;
    int filling = 0;
    std::uint64_t nextKey = 0;
    std::future<std::unique_ptr<ChunkResult>> mapped; // the other buffer's map; joined before it is reused
    auto reduceMapped = [&] {
        if (mapped.valid()) {
            std::unique_ptr<ChunkResult> result = mapped.get();
            scan.reduce(*result); // on the calling thread, in source order
        }
    };
    auto hand = [&] {
        ScanBuffer& b = buffers[filling];
        if (b.chunk.rows == 0)
            return;
        b.chunk.fields.clear();
        for (std::size_t f = 0, begin = 0; f < b.ends.size(); begin = b.ends[f++])
            b.chunk.fields.emplace_back(b.text.data() + begin, b.ends[f] - begin);
        b.chunk.key = nextKey++;
        reduceMapped();
        mapped = std::async(std::launch::async, [&scan, &b] { return mapChunk(scan, b.chunk); });
        filling ^= 1;
        ScanBuffer& next = buffers[filling];
        next.chunk.rows = 0;
        next.chunk.missing.clear();
        next.text.clear();
        next.ends.clear();
    };
    // Only the columns the scan reads leave the server; the others are handed empty and not missing.
    const std::vector<bool> wanted = wantedColumns(scan, columns);
    m_source.forEachRow(
        [&](const SqlRow& row) {
            ScanBuffer& b = buffers[filling];
            appendRow(b, row, wanted, m_tokens);
            if (++b.chunk.rows == kChunkRows)
                hand();
        },
        rowsProgress(progress), wanted);
    hand();
    reduceMapped();
}

std::shared_ptr<const SqlDataSource> openSqlDataSource(const std::string& url, const std::string& table,
                                                       const std::string& query,
                                                       const std::vector<std::string>& missingTokens,
                                                       const Credentials& credentials, const CredentialsPrompt& prompt,
                                                       const SqlLimits& limits)
{
    SqlSource s = SqlSource::open(parseSqlLocation(url, table, query), credentials, prompt, limits);
    return std::make_shared<const SqlDataSource>(std::move(s), missingTokens);
}

} // namespace rr::sql
