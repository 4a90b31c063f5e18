#include "core/sources/SqlSource.h"

#include "core/data/Errors.h"
#include "core/data/MissingTokens.h"
#include "core/sources/SqlConnection.h"

#include <algorithm>

namespace rr::sql {

namespace {

constexpr std::size_t kProgressEvery = 1024;

// Calls the progress callback; cancels when it says so.
void report(const SqlProgress& progress, std::size_t rows)
{
    if (progress && !progress(rows))
        throw SqlCancelled();
}

bool isMissing(const SqlQuery& q, std::size_t i, const MissingTokens& tokens)
{
    return q.isNull(i) || tokens.contains(q.text(i));
}

Credentials merged(const Credentials& url, const Credentials& given)
{
    Credentials out = url;
    if (!given.user.empty())
        out.user = given.user;
    if (!given.password.empty())
        out.password = given.password;
    return out;
}

} // namespace

SqlSource SqlSource::open(const SqlLocation& location, const Credentials& credentials, const CredentialsPrompt& prompt,
                          const SqlLimits& limits)
{
    SqlSource s;
    s.m_location = location;
    s.m_location.credentials.password.clear(); // kept in m_credentials only
    s.m_credentials = merged(location.credentials, credentials);
    s.m_location.credentials.user = s.m_credentials.user; // messages name the login, never the password
    s.m_limits = limits;
    for (int attempt = 0;; ++attempt) {
        try {
            SqlConnection c(s.m_location, s.m_credentials, Access::ReadOnly, limits.statementTimeoutSeconds);
            const std::string what = "reading " + (location.isQuery() ? std::string("the query's columns")
                                                                       : "table " + location.table.display());
            const std::string probe = probeStatement(c.dialect(), s.m_location);
            std::vector<SqlColumn> columns;
            try { // where the engine allows, described without being run: a query runs once per job, not here
                columns = c.engine().describeColumns(probe);
            } catch (const EngineError& e) {
                c.fail(e, SqlConnection::Phase::Check, what);
            }
            if (!location.isQuery()) { // a table's SELECT privilege is checked only when a statement runs
                SqlQuery q = c.exec(probe, SqlConnection::Phase::Check, what);
                while (q.next()) {
                }
            }
            for (SqlColumn& col : columns) {
                for (const auto& other : s.m_columns)
                    if (other.name == col.name)
                        throw InputError("the source has two columns named '" + col.name +
                                         "'; give them distinct names (SELECT ... AS ...)");
                s.m_columns.push_back(std::move(col));
            }
            if (s.m_columns.empty())
                throw InputError(location.description() + " has no columns");
            if (const std::string w = c.engine().readOnlyWarning(); !w.empty())
                s.m_warnings.push_back(s.m_location.server() + ": " + w);
            break;
        } catch (const LoginRefused& e) {
            if (!prompt || attempt >= 3)
                throw;
            auto given = prompt(s.m_location.server(), e.what());
            if (!given && s.m_credentials.password.empty()) // nothing was refused: nothing was given
                throw InputError("no password given for " + s.m_location.server() +
                                 " (set RR_SQL_PASSWORD, or enter it when asked)");
            if (!given) // the server refused the password it was given: say so, in its words
                throw;
            s.m_credentials = merged(s.m_credentials, *given);
            if (!given->user.empty())
                s.m_location.credentials.user = given->user;
        }
    }
    return s;
}

std::optional<std::vector<TableKey>> SqlSource::tablesRead() const
{
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    try {
        auto read = c.engine().tablesRead(selectStatement(c.dialect(), m_location, m_columns));
        if (read && !m_location.isQuery()) // the table itself too, when it is a view over the tables read
            if (const auto self = c.engine().resolveTable(m_location.table); self && self->existing)
                read->push_back(*self->existing);
        return read;
    } catch (const EngineError& e) {
        c.fail(e, SqlConnection::Phase::Check, "finding the tables the source reads");
    }
}

std::unique_ptr<SqlConnection> SqlSource::connectForWriting() const
{
    return std::make_unique<SqlConnection>(m_location, m_credentials, Access::Write,
                                           m_limits.statementTimeoutSeconds);
}

std::vector<std::string> SqlSource::columns() const
{
    std::vector<std::string> out;
    for (const auto& c : m_columns)
        out.push_back(c.name);
    return out;
}

std::vector<SqlColumn> SqlSource::usedColumns(const std::vector<std::string>& names) const
{
    if (names.empty())
        throw InputError("choose at least one attribute");
    std::vector<SqlColumn> out;
    for (const auto& n : names) {
        const auto it =
            std::find_if(m_columns.begin(), m_columns.end(), [&](const SqlColumn& c) { return c.name == n; });
        if (it == m_columns.end()) {
            std::string known;
            for (const auto& c : m_columns)
                known += (known.empty() ? "" : ", ") + c.name;
            throw InputError("unknown attribute '" + n + "' (the source has: " + known + ")");
        }
        for (const auto& u : out)
            if (u.name == n)
                throw InputError("attribute '" + n + "' is listed twice");
        out.push_back(*it);
    }
    return out;
}

std::vector<SqlColumn> SqlSource::checkedColumns(const std::vector<SqlColumn>& used, MissingPolicy policy) const
{
    return policy == MissingPolicy::DropIncomplete ? m_columns : used;
}

std::size_t SqlSource::rowCount() const
{
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    SqlQuery q = c.exec(countStatement(c.dialect(), m_location), SqlConnection::Phase::Run, "counting the rows");
    if (!q.next())
        throw IoError("the database returned no count of the rows");
    return q.count(0);
}

namespace {

// One attribute's values counted as groups arrive (NULL or a token: missing), then sorted.
class ValueTally {
public:
    ValueTally(const std::string& name, std::size_t maxCategories) : m_codes(name, maxCategories) { m_s.name = name; }

    void add(const SqlQuery& q, std::size_t column, std::size_t n, const MissingTokens& tokens)
    {
        if (isMissing(q, column, tokens)) {
            m_s.missing += n;
            return;
        }
        const auto code = static_cast<std::size_t>(m_codes.code(q.text(column)));
        m_counts.resize(std::max(m_counts.size(), code + 1), 0.0);
        m_counts[code] += static_cast<double>(n);
    }

    SqlAttributeSummary finish()
    {
        std::vector<std::int32_t> remap;
        m_s.categories = m_codes.sorted(remap);
        m_s.counts.assign(m_s.categories.size(), 0.0);
        for (std::size_t k = 0; k < remap.size(); ++k)
            m_s.counts[static_cast<std::size_t>(remap[k])] = m_counts[k];
        return std::move(m_s);
    }

private:
    SqlAttributeSummary m_s;
    CategoryCodes m_codes;
    std::vector<double> m_counts;
};

} // namespace

std::vector<SqlAttributeSummary> SqlSource::describe(const std::vector<std::string>& names,
                                                     const std::vector<std::string>& missingTokens,
                                                     const SqlProgress& progress) const
{
    const MissingTokens tokens(missingTokens);
    const auto used = usedColumns(names);
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    std::vector<SqlAttributeSummary> out;
    std::size_t fetched = 0;
    report(progress, fetched);
    if (c.dialect().engine == SqlEngine::PostgreSQL && used.size() > 1) {
        // One statement with a grouping set per column: the source (a query) runs once, not once per column.
        SqlQuery q = c.exec(groupingSetsStatement(c.dialect(), m_location, used), SqlConnection::Phase::Run,
                            "counting the values of " + std::to_string(used.size()) + " attributes");
        std::vector<ValueTally> tallies;
        for (const auto& col : used)
            tallies.emplace_back(col.name, m_limits.maxCategories);
        while (q.next()) {
            std::size_t k = 0; // the set of this row: the one column whose GROUPING() is 0
            while (k < used.size() && q.text(k) != "0")
                ++k;
            if (k == used.size())
                throw IoError("the database returned a group of no grouping set");
            tallies[k].add(q, used.size() + k, q.count(2 * used.size()), tokens);
            if (++fetched % kProgressEvery == 0)
                report(progress, fetched);
        }
        report(progress, fetched);
        for (auto& t : tallies)
            out.push_back(t.finish());
        return out;
    }
    for (const auto& col : used) {
        const std::string what = "counting the values of '" + col.name + "'";
        SqlQuery q = c.exec(distinctStatement(c.dialect(), m_location, col), SqlConnection::Phase::Run, what);
        ValueTally tally(col.name, m_limits.maxCategories);
        while (q.next()) {
            tally.add(q, 0, q.count(1), tokens);
            if (++fetched % kProgressEvery == 0)
                report(progress, fetched);
        }
        out.push_back(tally.finish());
    }
    report(progress, fetched);
    return out;
}

std::vector<SqlAttributeSummary> SqlSource::describeInOneScan(const std::vector<std::string>& names,
                                                              const std::vector<std::string>& missingTokens,
                                                              const SqlProgress& progress) const
{
    const MissingTokens tokens(missingTokens);
    const auto used = usedColumns(names);
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    std::vector<ValueTally> tallies;
    for (const auto& col : used)
        tallies.emplace_back(col.name, m_limits.maxCategories);
    std::size_t fetched = 0;
    report(progress, fetched);
    // The same statement as the joint counts, every row kept: its groups are the distinct combinations.
    SqlQuery q = c.exec(aggregateStatement(c.dialect(), m_location, used, "1 = 1"), SqlConnection::Phase::Run,
                        "counting the values of " + std::to_string(used.size()) + " attributes");
    while (q.next()) {
        const std::size_t n = q.count(used.size() + 1);
        for (std::size_t k = 0; k < used.size(); ++k)
            tallies[k].add(q, k + 1, n, tokens);
        if (++fetched % kProgressEvery == 0)
            report(progress, fetched);
    }
    report(progress, fetched);
    std::vector<SqlAttributeSummary> out;
    for (auto& t : tallies)
        out.push_back(t.finish());
    return out;
}

PreparedTable SqlSource::aggregate(const std::vector<std::string>& names, MissingPolicy policy,
                                   const std::vector<std::string>& missingTokens, const SqlProgress& progress) const
{
    const auto used = usedColumns(names);
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    const std::string condition = completeCondition(c.dialect(), checkedColumns(used, policy), missingTokens);
    const std::string what = "counting the records over " + std::to_string(used.size()) + " attribute(s)";
    report(progress, 0);
    SqlQuery q = c.exec(aggregateStatement(c.dialect(), m_location, used, condition), SqlConnection::Phase::Run, what);
    GroupCounts groups(names, m_limits);
    std::vector<std::string> values(used.size());
    std::size_t fetched = 0;
    while (q.next()) {
        const bool kept = q.text(0) == "1";
        const auto n = static_cast<double>(q.count(used.size() + 1));
        if (kept) {
            for (std::size_t k = 0; k < used.size(); ++k)
                values[k] = q.text(k + 1);
            groups.addKept(values, n);
        } else {
            groups.addDropped(n);
        }
        if (++fetched % kProgressEvery == 0)
            report(progress, fetched);
    }
    report(progress, fetched);
    return groups.finish();
}

std::vector<PreparedTable> SqlSource::aggregateEach(const std::vector<std::string>& names, MissingPolicy policy,
                                                   const std::vector<std::string>& missingTokens,
                                                   const SqlProgress& progress) const
{
    const auto used = usedColumns(names);
    std::vector<PreparedTable> out;
    if (m_location.engine != SqlEngine::PostgreSQL || used.size() == 1 || policy != MissingPolicy::DropIncomplete) {
        for (const auto& n : names)
            out.push_back(aggregate({n}, policy, missingTokens, progress));
        return out;
    }
    // One statement, a grouping set (kept, column) per column: the source runs once, not once per column.
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    const std::string condition = completeCondition(c.dialect(), m_columns, missingTokens);
    report(progress, 0);
    SqlQuery q = c.exec(groupingSetsStatement(c.dialect(), m_location, used, condition), SqlConnection::Phase::Run,
                        "counting the records of " + std::to_string(used.size()) + " attributes");
    std::vector<GroupCounts> groups;
    for (const auto& n : names)
        groups.emplace_back(std::vector<std::string>{n}, m_limits);
    std::size_t fetched = 0;
    while (q.next()) {
        std::size_t k = 0; // the one column whose GROUPING() is 0
        while (k < used.size() && q.text(k) != "0")
            ++k;
        if (k == used.size())
            throw IoError("the database returned a group of no grouping set");
        const auto n = static_cast<double>(q.count(2 * used.size() + 1));
        if (q.text(used.size()) == "1")
            groups[k].addKept({q.text(used.size() + 1 + k)}, n);
        else
            groups[k].addDropped(n);
        if (++fetched % kProgressEvery == 0)
            report(progress, fetched);
    }
    report(progress, fetched);
    for (const GroupCounts& g : groups)
        out.push_back(g.finish());
    return out;
}

SqlPage SqlSource::rows(std::size_t offset, std::size_t limit, const std::vector<std::string>& orderBy) const
{
    if (limit == 0 || limit > m_limits.maxPageRows)
        throw InputError("a page holds 1 to " + std::to_string(m_limits.maxPageRows) + " rows, not " +
                         std::to_string(limit));
    const std::vector<SqlColumn> order = orderBy.empty() ? std::vector<SqlColumn>{} : usedColumns(orderBy);
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    if (order.empty())
        c.useStorageOrder();
    SqlDialect d = c.dialect();
    const std::string what = "reading rows " + std::to_string(offset + 1) + " to " + std::to_string(offset + limit);
    std::unique_ptr<EngineRows> result;
    try {
        result = c.engine().exec(pageStatement(d, m_location, m_columns, offset, limit, order));
    } catch (const EngineError& e) {
        if (d.engine != SqlEngine::Odbc || d.standardPaging)
            c.fail(e, SqlConnection::Phase::Run, what);
        d.standardPaging = true; // engines without LIMIT ... OFFSET take the standard OFFSET ... FETCH
    }
    SqlQuery q = result ? SqlQuery(c, std::move(result), what)
                        : c.exec(pageStatement(d, m_location, m_columns, offset, limit, order),
                                 SqlConnection::Phase::Run, what);
    SqlPage page;
    page.offset = offset;
    page.columns = columns();
    while (q.next())
        page.rows.push_back(q.row());
    page.last = page.rows.size() < limit;
    return page;
}

Table SqlSource::records(const std::vector<std::string>& names, MissingPolicy policy,
                         const std::vector<std::string>& missingTokens, std::size_t maxRows,
                         const SqlProgress& progress) const
{
    const auto used = usedColumns(names);
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    const std::string condition = completeCondition(c.dialect(), checkedColumns(used, policy), missingTokens);
    report(progress, 0);
    std::size_t kept = 0;
    {
        SqlQuery q = c.exec(countStatement(c.dialect(), m_location, condition), SqlConnection::Phase::Run,
                            "counting the kept records");
        if (!q.next())
            throw IoError("the database returned no count of the kept records");
        kept = q.count(0);
    }
    if (kept > maxRows)
        throw InputError("the source keeps " + std::to_string(kept) + " records, over the limit of " +
                         std::to_string(maxRows) + " records that can be read row by row");
    const std::string what = "reading the kept records";
    SqlQuery q = c.exec(selectStatement(c.dialect(), m_location, used, condition), SqlConnection::Phase::Run, what);
    RecordRows rows(names, m_limits);
    std::vector<std::string> values(used.size());
    while (q.next()) {
        if (rows.rows() >= maxRows)
            throw InputError("the source keeps more than " + std::to_string(maxRows) +
                             " records (it grew while being read), over the limit for reading row by row");
        for (std::size_t k = 0; k < used.size(); ++k)
            values[k] = q.text(k);
        rows.add(values);
        if (rows.rows() % kProgressEvery == 0)
            report(progress, rows.rows());
    }
    report(progress, rows.rows());
    if (rows.rows() == 0)
        throw InputError("every record has a missing value in a used attribute; nothing is left to read");
    return rows.finish();
}

void SqlSource::forEachRow(const std::function<void(const SqlRow&)>& row, const SqlProgress& progress,
                           const std::vector<bool>& wanted) const
{
    std::vector<SqlColumn> read;
    for (std::size_t k = 0; k < m_columns.size(); ++k)
        if (wanted.empty() || (k < wanted.size() && wanted[k]))
            read.push_back(m_columns[k]);
    if (read.empty())
        read.push_back(m_columns.front()); // a SELECT needs a column; the count of rows is what is wanted
    SqlConnection c(m_location, m_credentials, Access::ReadOnly, m_limits.statementTimeoutSeconds);
    c.useStorageOrder();
    report(progress, 0);
    SqlQuery q = c.execBulk(selectStatement(c.dialect(), m_location, read), "reading the records");
    std::size_t fetched = 0;
    while (q.next()) {
        row(q.row());
        if (++fetched % kProgressEvery == 0)
            report(progress, fetched);
    }
    report(progress, fetched);
}

} // namespace rr::sql
