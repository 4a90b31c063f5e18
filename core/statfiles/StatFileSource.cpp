#include "core/statfiles/StatFileSource.h"

#include "core/data/Errors.h"
#include "core/statfiles/StatFileSummary.h"

#include <algorithm>
#include <map>
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

bool dropped(const std::int32_t* codes, std::size_t all, const std::vector<int>& used, MissingPolicy policy)
{
    if (policy == MissingPolicy::DropIncomplete) {
        for (std::size_t i = 0; i < all; ++i)
            if (codes[i] < 0)
                return true;
        return false;
    }
    for (int i : used)
        if (codes[i] < 0)
            return true;
    return false;
}

[[noreturn]] void nothingLeft(std::size_t droppedRows)
{
    throw InputError("every record has a missing value in a used attribute (" + std::to_string(droppedRows) +
                     " dropped); nothing is left to analyse");
}

} // namespace

std::shared_ptr<const StatFileSource> StatFileSource::open(const std::string& path, StatFormat format,
                                                           const ProgressFunction& progress)
{
    StatFileContents contents = readStatFileContents(path, format, progress);
    std::shared_ptr<StatFileSource> s(new StatFileSource());
    s->m_path = path;
    s->m_format = format;
    s->m_summary = std::move(contents.summary);
    s->m_variables = std::move(contents.variables);
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
    std::vector<std::vector<double>> counts(used.size());
    for (std::size_t k = 0; k < used.size(); ++k)
        counts[k].assign(m_summary.attributes[static_cast<std::size_t>(used[k])].categories.size(), 0.0);
    KeptSummary out;
    std::size_t rows = 0;
    eachRow(
        [&](const std::int32_t* codes) {
            ++rows;
            if (dropped(codes, m_variables.size(), used, policy)) {
                ++out.droppedRows;
                return;
            }
            for (std::size_t k = 0; k < used.size(); ++k)
                counts[k][static_cast<std::size_t>(codes[used[k]])] += 1;
        },
        progress);
    out.rows = rows - out.droppedRows;
    out.records = static_cast<double>(out.rows);
    if (out.rows == 0)
        nothingLeft(out.droppedRows);
    for (std::size_t k = 0; k < used.size(); ++k) {
        const AttributeSummary& all = m_summary.attributes[static_cast<std::size_t>(used[k])];
        AttributeSummary a;
        a.name = all.name;
        for (std::size_t c = 0; c < counts[k].size(); ++c)
            if (counts[k][c] > 0) {
                a.categories.push_back(all.categories[c]);
                a.counts.push_back(counts[k][c]);
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
    // Cells counted sparsely by the categories' summary indices; each axis keeps the categories present in
    // the kept records, in file order (first appearance in the whole file), as the CSV path does.
    std::vector<std::vector<int>> local(used.size());
    for (std::size_t k = 0; k < used.size(); ++k)
        local[k].assign(m_summary.attributes[static_cast<std::size_t>(used[k])].categories.size(), -1);
    std::map<std::vector<int>, double> cells;
    std::vector<int> cell(used.size());
    std::size_t rows = 0, droppedRows = 0;
    eachRow(
        [&](const std::int32_t* codes) {
            ++rows;
            if (dropped(codes, m_variables.size(), used, policy)) {
                ++droppedRows;
                return;
            }
            for (std::size_t k = 0; k < used.size(); ++k) {
                cell[k] = codes[used[k]];
                local[k][static_cast<std::size_t>(cell[k])] = 0; // present
            }
            cells[cell] += 1;
        },
        progress);
    if (rows == droppedRows)
        nothingLeft(droppedRows);
    PreparedTable t;
    t.names = names;
    for (std::size_t k = 0; k < used.size(); ++k) {
        const AttributeSummary& all = m_summary.attributes[static_cast<std::size_t>(used[k])];
        std::vector<std::string> cats;
        for (std::size_t c = 0; c < local[k].size(); ++c)
            if (local[k][c] == 0) {
                local[k][c] = static_cast<int>(cats.size());
                cats.push_back(all.categories[c]);
            }
        t.dims.push_back(static_cast<int>(cats.size()));
        t.categories.push_back(std::move(cats));
    }
    t.joint = ContingencyTable(t.dims, names); // DomainError past the cell limit, with the figure
    for (const auto& [codes, n] : cells) {
        for (std::size_t k = 0; k < used.size(); ++k)
            cell[k] = local[k][static_cast<std::size_t>(codes[k])];
        t.joint.counts()[static_cast<Eigen::Index>(t.joint.index(cell))] = n;
    }
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
        std::unique_ptr<ChunkResult> result = scan.map(chunk);
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
