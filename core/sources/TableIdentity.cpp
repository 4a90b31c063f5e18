#include "core/sources/TableIdentity.h"

#include "core/data/Errors.h"
#include "core/sources/EngineConnection.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <regex>

namespace rr::sql {

namespace {

std::string literal(const std::string& v)
{
    return quoteLiteral(v, SqlEngine::PostgreSQL);
}

std::vector<SqlRow> allRows(EngineConnection& c, const std::string& sql)
{
    auto rows = c.exec(sql);
    std::vector<SqlRow> out;
    SqlRow row;
    while (rows->next(row))
        out.push_back(row);
    return out;
}

void collectRelations(const nlohmann::json& node, std::vector<std::pair<std::string, std::string>>& out)
{
    if (node.is_array()) {
        for (const auto& item : node)
            collectRelations(item, out);
        return;
    }
    if (!node.is_object())
        return;
    const auto name = node.find("Relation Name");
    const auto schema = node.find("Schema");
    if (name != node.end() && name->is_string() && schema != node.end() && schema->is_string())
        out.emplace_back(schema->get<std::string>(), name->get<std::string>());
    for (const auto& [key, value] : node.items())
        if (value.is_structured())
            collectRelations(value, out);
}

// A schema name PostgreSQL gives temporary tables (a user cannot create a schema named pg_...), as the server
// reads it: the first 63 bytes.
bool temporarySchema(const std::string& schema)
{
    static const std::regex temp("pg_(toast_)?temp(_[0-9]+)?");
    return std::regex_match(schema.substr(0, 63), temp);
}

} // namespace

bool sameTable(const TableKey& a, const TableKey& b)
{
    return a.name == b.name && (a.schema.empty() || b.schema.empty() || a.schema == b.schema);
}

std::vector<std::pair<std::string, std::string>> explainedRelations(const std::string& json)
{
    std::vector<std::pair<std::string, std::string>> out;
    const nlohmann::json plan = nlohmann::json::parse(json, nullptr, false);
    if (plan.is_discarded())
        throw EngineError(EngineError::Kind::Refused, "", "the server's EXPLAIN output is not JSON");
    collectRelations(plan, out);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<TableKey> postgresTablesRead(EngineConnection& c, const std::string& select)
{
    // EXPLAIN plans without running the query; VERBOSE adds each scanned relation's schema.
    std::string json;
    for (const SqlRow& row : allRows(c, "EXPLAIN (VERBOSE, FORMAT JSON) " + select))
        json += row.empty() || !row[0] ? "" : *row[0];
    const auto relations = explainedRelations(json);
    if (relations.empty())
        return {};
    std::string values;
    for (const auto& [schema, name] : relations)
        values += (values.empty() ? "" : ", ") + std::string("(") + literal(schema) + ", " + literal(name) + ")";
    // A scanned partition stands for the partitioned tables above it too (dropping one drops it).
    const std::string sql =
        "SELECT DISTINCT x.o::oid::text, x.o::regclass::text FROM (SELECT to_regclass(format('%I.%I', v.s, v.n)) AS r "
        "FROM (VALUES " + values + ") AS v(s, n)) AS t, LATERAL (SELECT t.r AS o UNION SELECT a FROM "
        "pg_partition_ancestors(t.r) AS a) AS x WHERE x.o IS NOT NULL";
    std::vector<TableKey> out;
    for (const SqlRow& row : allRows(c, sql))
        if (row.size() == 2 && row[0] && row[1])
            out.push_back({"", *row[0], *row[1]});
    return out;
}

TargetTable postgresTarget(EngineConnection& c, const TableName& name)
{
    TargetTable out;
    if (name.parts.size() >= 2)
        out.temporary = temporarySchema(name.parts[name.parts.size() - 2]);
    // to_regclass reads the name as the server reads any name: quotes, truncation to 63 bytes, search_path, the
    // current database as the catalog. What depends on the table: a view (by its rewrite rule), a foreign key.
    const std::string sql =
        "SELECT c.oid::text, c.relpersistence::text, c.oid::regclass::text, (SELECT string_agg(DISTINCT CASE WHEN "
        "d.classid = 'pg_rewrite'::regclass THEN 'view ' || r.ev_class::regclass::text ELSE "
        "pg_describe_object(d.classid, d.objid, d.objsubid) END, ', ') FROM pg_depend d LEFT JOIN pg_rewrite r ON "
        "d.classid = 'pg_rewrite'::regclass AND r.oid = d.objid WHERE d.refclassid = 'pg_class'::regclass AND "
        "d.refobjid = c.oid AND d.deptype = 'n' AND r.ev_class IS DISTINCT FROM c.oid) FROM pg_class c WHERE c.oid = "
        "to_regclass(" + literal(quoteTableName(name, '"', '"')) + ")";
    const auto rows = allRows(c, sql);
    if (rows.empty() || rows[0].size() != 4 || !rows[0][0])
        return out;
    const SqlRow& row = rows[0];
    out.existing = TableKey{"", *row[0], row[2] ? *row[2] : name.display()};
    out.temporary = out.temporary || (row[1] && *row[1] == "t");
    if (row[3])
        out.dependents = *row[3];
    return out;
}

} // namespace rr::sql
