#include "core/statfiles/StatFileSource.h"

#include "core/data/Errors.h"
#include "core/statfiles/DtaScan.h"
#include "core/statfiles/StatFileSummary.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <sys/stat.h>
#include <unordered_set>

namespace rr {
namespace {

// Values into rows of categories: a row is complete when the next one starts (or the pass ends).
class RowPass : public StatFileHandler {
public:
    RowPass(const std::string& path, const std::vector<StatFileSource::Variable>& variables,
            const std::function<void(const std::int32_t*)>& row)
        : m_path(path), m_variables(variables), m_row(row), m_codes(variables.size(), -1)
    {}

    void value(long row, int variable, const StatFileValue& v) override
    {
        if (row != m_current) {
            flush();
            m_current = row;
        }
        const auto i = static_cast<std::size_t>(variable);
        if (i >= m_codes.size())
            throw InputError("'" + m_path + "' changed since it was opened (a variable more)");
        if (v.kind != StatFileValue::Kind::Present)
            return;
        const std::int32_t* category = m_variables[i].categoryOfKey.find(v.key, m_variables[i].info.isString);
        if (!category)
            throw InputError("'" + m_path + "' changed since it was opened (a value of '" +
                             m_variables[i].info.name + "' not seen before)");
        m_codes[i] = *category;
    }
    void flush()
    {
        if (m_current < 0)
            return;
        m_row(m_codes.data());
        std::fill(m_codes.begin(), m_codes.end(), -1);
        m_current = -1;
    }

private:
    const std::string& m_path;
    const std::vector<StatFileSource::Variable>& m_variables;
    const std::function<void(const std::int32_t*)>& m_row;
    std::vector<std::int32_t> m_codes;
    long m_current = -1;
};

std::string fileName(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A row of the variables read is dropped when one is missing: every variable under DropIncomplete, only
// the used ones otherwise (then only those are read).
bool dropped(const std::int32_t* codes, std::size_t read)
{
    for (std::size_t i = 0; i < read; ++i)
        if (codes[i] < 0)
            return true;
    return false;
}

// Counts of the cells of a cross-classification by one flat mixed-radix key (axis k's radix: its number
// of categories in the summary): a dense array when the cells are few, a hash map otherwise, and a key of
// the codes' bytes when the product of the radices does not fit 64 bits.
class CellCounter {
public:
    explicit CellCounter(const std::vector<std::size_t>& radices) : m_radices(radices)
    {
        std::uint64_t product = 1;
        for (std::size_t r : radices) {
            const std::uint64_t radix = std::max<std::uint64_t>(1, r);
            m_strides.push_back(product);
            if (product > std::numeric_limits<std::uint64_t>::max() / radix) {
                m_wide = true;
                return;
            }
            product *= radix;
        }
        if (product <= kDenseCells)
            m_dense.assign(static_cast<std::size_t>(product), 0.0);
    }

    // One record of the cell `codes[pos[k]]` per axis k.
    void add(const std::int32_t* codes, const std::vector<std::size_t>& pos)
    {
        if (m_wide) {
            std::string key(pos.size() * sizeof(std::int32_t), '\0');
            for (std::size_t k = 0; k < pos.size(); ++k)
                std::memcpy(key.data() + k * sizeof(std::int32_t), &codes[pos[k]], sizeof(std::int32_t));
            m_byBytes[key] += 1;
            return;
        }
        std::uint64_t key = 0;
        for (std::size_t k = 0; k < pos.size(); ++k)
            key += static_cast<std::uint64_t>(codes[pos[k]]) * m_strides[k];
        if (!m_dense.empty())
            m_dense[static_cast<std::size_t>(key)] += 1;
        else
            m_byKey[key] += 1;
    }
    void merge(const CellCounter& other)
    {
        for (std::size_t i = 0; i < other.m_dense.size(); ++i)
            m_dense[i] += other.m_dense[i];
        for (const auto& [key, n] : other.m_byKey)
            m_byKey[key] += n;
        for (const auto& [key, n] : other.m_byBytes)
            m_byBytes[key] += n;
    }
    // f(cell, count) for every cell counted, the cell's summary index per axis.
    template <class F>
    void each(F f) const
    {
        std::vector<int> cell(m_radices.size());
        auto decode = [&](std::uint64_t key) {
            for (std::size_t k = 0; k < cell.size(); ++k)
                cell[k] = static_cast<int>((key / m_strides[k]) % std::max<std::uint64_t>(1, m_radices[k]));
        };
        for (std::size_t i = 0; i < m_dense.size(); ++i)
            if (m_dense[i] > 0) {
                decode(i);
                f(cell, m_dense[i]);
            }
        for (const auto& [key, n] : m_byKey) {
            decode(key);
            f(cell, n);
        }
        for (const auto& [key, n] : m_byBytes) {
            for (std::size_t k = 0; k < cell.size(); ++k) {
                std::int32_t c = 0;
                std::memcpy(&c, key.data() + k * sizeof c, sizeof c);
                cell[k] = c;
            }
            f(cell, n);
        }
    }

private:
    static constexpr std::uint64_t kDenseCells = std::uint64_t(1) << 18;
    std::vector<std::size_t> m_radices;
    std::vector<std::uint64_t> m_strides;
    bool m_wide = false;
    std::vector<double> m_dense;
    std::unordered_map<std::uint64_t, double> m_byKey;
    std::unordered_map<std::string, double> m_byBytes;
};

// The variables a pass reads: the used ones, or all under DropIncomplete.
std::vector<int> readFor(const std::vector<int>& used, MissingPolicy policy, std::size_t all)
{
    if (policy != MissingPolicy::DropIncomplete)
        return used;
    std::vector<int> read(all);
    for (std::size_t i = 0; i < all; ++i)
        read[i] = static_cast<int>(i);
    return read;
}

// Where each used variable is among those read.
std::vector<std::size_t> positionsIn(const std::vector<int>& read, const std::vector<int>& used)
{
    std::vector<std::size_t> pos;
    for (int u : used)
        pos.push_back(static_cast<std::size_t>(std::find(read.begin(), read.end(), u) - read.begin()));
    return pos;
}

[[noreturn]] void nothingLeft(std::size_t droppedRows)
{
    throw InputError("every record has a missing value in a used attribute (" + std::to_string(droppedRows) +
                     " dropped); nothing is left to analyse");
}

// What one thread's blocks of aggregate add up: the cells, the categories present per used variable, the rows
// read and dropped.
struct ThreadCells {
    explicit ThreadCells(const std::vector<std::size_t>& radices) : cells(radices), present(radices.size())
    {
        for (std::size_t k = 0; k < radices.size(); ++k)
            present[k].assign(radices[k], 0);
    }
    CellCounter cells;
    std::vector<std::vector<char>> present;
    std::size_t rows = 0, dropped = 0;
};

// A block of records (`read.size()` codes each) into one thread's cells, those with a missing value dropped.
void countBlock(ThreadCells& mine, const std::int32_t* codes, std::size_t n, const std::vector<int>& read,
                const std::vector<std::size_t>& pos)
{
    mine.rows += n;
    for (std::size_t r = 0; r < n; ++r, codes += read.size()) {
        if (dropped(codes, read.size())) {
            ++mine.dropped;
            continue;
        }
        for (std::size_t k = 0; k < pos.size(); ++k)
            mine.present[k][static_cast<std::size_t>(codes[pos[k]])] = 1;
        mine.cells.add(codes, pos);
    }
}

// The categories present in any thread's records, per used variable in summary order, into `t`; each
// summary index's position among them (-1 absent).
std::vector<std::vector<int>> presentCategories(const std::vector<AttributeSummary>& summary,
                                                const std::vector<int>& used, const std::vector<std::size_t>& radices,
                                                const std::vector<ThreadCells>& perThread, PreparedTable& t)
{
    std::vector<std::vector<int>> local(used.size());
    for (std::size_t k = 0; k < used.size(); ++k) {
        const AttributeSummary& all = summary[static_cast<std::size_t>(used[k])];
        std::vector<std::string> cats;
        local[k].assign(radices[k], -1);
        for (std::size_t c = 0; c < radices[k]; ++c) {
            bool any = false;
            for (std::size_t th = 0; th < perThread.size(); ++th)
                any = any || perThread[th].present[k][c];
            if (any) {
                local[k][c] = static_cast<int>(cats.size());
                cats.push_back(all.categories[c]);
            }
        }
        t.dims.push_back(static_cast<int>(cats.size()));
        t.categories.push_back(std::move(cats));
    }
    return local;
}

} // namespace

std::shared_ptr<const StatFileSource> StatFileSource::open(const std::string& path, StatFormat format,
                                                           const ProgressFunction& progress, StatFileReading reading)
{
    StatFileContents contents = readStatFileContents(path, format, progress, reading);
    std::shared_ptr<StatFileSource> s(new StatFileSource());
    s->m_path = path;
    s->m_format = format;
    s->m_summary = std::move(contents.summary);
    s->m_variables = std::move(contents.variables);
    s->m_dta = std::move(contents.dta);
    return s;
}

std::string StatFileSource::description() const
{
    return fileName(m_path);
}

const AttributeDetails* StatFileSource::attributeDetails(const std::string& name) const
{
    for (const auto& v : m_variables)
        if (v.info.name == name)
            return &v.details;
    return nullptr;
}

std::string StatFileSource::attributeLabel(const std::string& name) const
{
    const AttributeDetails* d = attributeDetails(name);
    return d ? d->label : std::string();
}

void StatFileSource::eachRow(const std::function<void(const std::int32_t*)>& row, const ProgressFunction& progress,
                             long first, long count) const
{
    RowPass pass(m_path, m_variables, row);
    readStatFile(m_path, m_format, pass, first, count, progress);
    pass.flush();
}

int StatFileSource::threadsOf() const
{
    return m_dta ? dtaThreads(*m_dta) : 1;
}

void StatFileSource::eachBlock(const std::vector<int>& read, const CodesBlock& block,
                               const ProgressFunction& progress) const
{
    if (m_dta) {
        std::vector<DtaCodedColumn> columns;
        for (int i : read) {
            const Variable& v = m_variables[static_cast<std::size_t>(i)];
            columns.push_back({i, &v.categoryOfKey, v.info.name});
        }
        if (!dtaScanCodes(m_path, *m_dta, columns, threadsOf(), progress, block)) // text the opening took
            throw InputError("'" + m_path + "' changed since it was opened (its text)");
        return;
    }
    constexpr std::size_t kBlockRows = 4096;
    std::vector<std::int32_t> codes;
    codes.reserve(kBlockRows * read.size());
    std::size_t rows = 0;
    eachRow(
        [&](const std::int32_t* all) {
            for (int i : read)
                codes.push_back(all[i]);
            if (++rows == kBlockRows) {
                block(0, codes.data(), rows);
                codes.clear();
                rows = 0;
            }
        },
        progress);
    if (rows > 0)
        block(0, codes.data(), rows);
}

std::vector<int> StatFileSource::indicesOf(const std::vector<std::string>& names) const
{
    std::vector<int> out;
    std::unordered_set<std::string> seen;
    for (const auto& n : names) {
        if (!seen.insert(n).second)
            throw InputError("attribute '" + n + "' is listed twice");
        const AttributeSummary& a = m_summary.attribute(n); // InputError naming it if unknown
        out.push_back(static_cast<int>(&a - m_summary.attributes.data()));
    }
    return out;
}

KeptSummary StatFileSource::summarize(const std::vector<std::string>& names, MissingPolicy policy,
                                      const ProgressFunction& progress) const
{
    std::vector<int> used = indicesOf(names);
    if (names.empty())
        for (std::size_t i = 0; i < m_summary.attributes.size(); ++i)
            used.push_back(static_cast<int>(i));
    const std::vector<int> read = readFor(used, policy, m_variables.size());
    const std::vector<std::size_t> pos = positionsIn(read, used);
    const auto threads = static_cast<std::size_t>(threadsOf());
    // Per thread: counts per used variable and category, rows, dropped rows.
    std::vector<std::vector<std::vector<double>>> counts(threads, std::vector<std::vector<double>>(used.size()));
    for (auto& perThread : counts)
        for (std::size_t k = 0; k < used.size(); ++k)
            perThread[k].assign(m_summary.attributes[static_cast<std::size_t>(used[k])].categories.size(), 0.0);
    std::vector<std::size_t> rows(threads, 0), droppedRows(threads, 0);
    eachBlock(
        read,
        [&](int t, const std::int32_t* codes, std::size_t n) {
            const auto ti = static_cast<std::size_t>(t);
            auto& mine = counts[ti];
            rows[ti] += n;
            for (std::size_t r = 0; r < n; ++r, codes += read.size()) {
                if (dropped(codes, read.size())) {
                    ++droppedRows[ti];
                    continue;
                }
                for (std::size_t k = 0; k < used.size(); ++k)
                    mine[k][static_cast<std::size_t>(codes[pos[k]])] += 1;
            }
        },
        progress);
    KeptSummary out;
    std::size_t allRows = 0;
    for (std::size_t t = 0; t < threads; ++t) {
        allRows += rows[t];
        out.droppedRows += droppedRows[t];
    }
    out.rows = allRows - out.droppedRows;
    out.records = static_cast<double>(out.rows);
    if (out.rows == 0)
        nothingLeft(out.droppedRows);
    for (std::size_t k = 0; k < used.size(); ++k) {
        const AttributeSummary& all = m_summary.attributes[static_cast<std::size_t>(used[k])];
        AttributeSummary a;
        a.name = all.name;
        for (std::size_t c = 0; c < all.categories.size(); ++c) {
            double n = 0;
            for (std::size_t t = 0; t < threads; ++t)
                n += counts[t][k][c];
            if (n > 0) {
                a.categories.push_back(all.categories[c]);
                a.counts.push_back(n);
            }
        }
        out.attributes.push_back(std::move(a));
    }
    return out;
}

PreparedTable StatFileSource::aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                        const ProgressFunction& progress) const
{
    if (names.empty())
        throw InputError("choose at least one attribute");
    const std::vector<int> used = indicesOf(names);
    const std::vector<int> read = readFor(used, policy, m_variables.size());
    const std::vector<std::size_t> pos = positionsIn(read, used);
    // Cells counted by the categories' summary indices; each axis keeps the categories present in the kept
    // records, in file order (first appearance in the whole file), as the CSV path does.
    std::vector<std::size_t> radices;
    for (int i : used)
        radices.push_back(m_summary.attributes[static_cast<std::size_t>(i)].categories.size());
    const auto threads = static_cast<std::size_t>(threadsOf());
    std::vector<ThreadCells> perThread(threads, ThreadCells(radices));
    eachBlock(
        read,
        [&](int t, const std::int32_t* codes, std::size_t n) {
            countBlock(perThread[static_cast<std::size_t>(t)], codes, n, read, pos);
        },
        progress);
    std::size_t rows = 0, droppedRows = 0;
    for (std::size_t t = 0; t < threads; ++t) {
        rows += perThread[t].rows;
        droppedRows += perThread[t].dropped;
        if (t > 0) {
            perThread[0].cells.merge(perThread[t].cells);
            perThread[t].cells = CellCounter({});
        }
    }
    if (rows == droppedRows)
        nothingLeft(droppedRows);
    PreparedTable t;
    t.names = names;
    const std::vector<std::vector<int>> local = presentCategories(m_summary.attributes, used, radices, perThread, t);
    t.joint = ContingencyTable(t.dims, names); // DomainError past the cell limit, with the figure
    std::vector<int> cell(used.size());
    perThread[0].cells.each([&](const std::vector<int>& codes, double n) {
        for (std::size_t k = 0; k < used.size(); ++k)
            cell[k] = local[k][static_cast<std::size_t>(codes[k])];
        t.joint.counts()[static_cast<Eigen::Index>(t.joint.index(cell))] = n;
    });
    t.records = static_cast<double>(rows - droppedRows);
    t.loadedRows = rows;
    t.droppedRows = droppedRows;
    return t;
}

Table StatFileSource::records(std::size_t maxRows, const ProgressFunction& progress) const
{
    if (m_summary.rows > maxRows)
        throw InputError(description() + " has " + std::to_string(m_summary.rows) + " records, more than the " +
                         std::to_string(maxRows) + " this feature holds in memory");
    Table table;
    for (const auto& a : m_summary.attributes) {
        Attribute attribute;
        attribute.name = a.name;
        attribute.categories = a.categories;
        attribute.codes.reserve(m_summary.rows);
        table.attributes.push_back(std::move(attribute));
    }
    eachRow(
        [&](const std::int32_t* codes) {
            if (table.rowCount() >= maxRows)
                throw InputError(description() + " changed since it was opened (more records)");
            for (std::size_t i = 0; i < table.attributes.size(); ++i)
                table.attributes[i].codes.push_back(codes[i]);
        },
        progress);
    return table;
}

RowPage StatFileSource::rows(std::size_t first, std::size_t count) const
{
    RowPage page;
    page.first = first;
    if (first >= m_summary.rows || count == 0)
        return page;
    count = std::min(count, m_summary.rows - first);
    eachRow(
        [&](const std::int32_t* codes) {
            if (page.values.size() >= count)
                return;
            std::vector<std::string> values;
            std::vector<bool> missing;
            for (std::size_t i = 0; i < m_summary.attributes.size(); ++i) {
                missing.push_back(codes[i] < 0);
                values.push_back(codes[i] < 0 ? std::string()
                                              : m_summary.attributes[i].categories[static_cast<std::size_t>(codes[i])]);
            }
            page.values.push_back(std::move(values));
            page.missing.push_back(std::move(missing));
        },
        {}, static_cast<long>(first), static_cast<long>(count));
    return page;
}

void StatFileSource::scanRecords(const RecordScan& scan, const ProgressFunction& progress) const
{
    constexpr std::size_t kChunkRows = std::size_t(1) << 14;
    const std::size_t columns = m_summary.attributes.size();
    RecordChunk chunk;
    chunk.columns = columns;
    auto emit = [&] {
        if (chunk.rows == 0)
            return;
        std::unique_ptr<ChunkResult> result = mapChunk(scan, chunk);
        if (result)
            scan.reduce(*result);
        ++chunk.key;
        chunk.rows = 0;
        chunk.fields.clear();
        chunk.missing.clear();
    };
    eachRow(
        [&](const std::int32_t* codes) {
            for (std::size_t i = 0; i < columns; ++i) {
                const bool missing = codes[i] < 0 || (!scan.columns.empty() && !scan.columns[i]);
                chunk.missing.push_back(codes[i] < 0 ? 1 : 0);
                chunk.fields.emplace_back(
                    missing ? std::string_view()
                            : std::string_view(m_summary.attributes[i].categories[static_cast<std::size_t>(codes[i])]));
            }
            if (++chunk.rows == kChunkRows)
                emit();
        },
        [&](double f) {
            if (progress && !progress(f))
                throw Cancelled("reading was cancelled");
            return true;
        });
    emit();
}

std::uint64_t StatFileSource::byteSize() const
{
    struct stat st {};
    if (::stat(m_path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        return static_cast<std::uint64_t>(st.st_size);
    return 0;
}

} // namespace rr
